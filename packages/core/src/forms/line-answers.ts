/**
 * The shopper's answers to a product's additional-fields form, as an order line keeps
 * them (a JSON object of label → answer), in the order given, for every page that shows
 * the line. Text that is not such an object (older lines) is shown as written.
 */
export function lineAnswers(text: string | null): { label: string; value: string }[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      return Object.entries(value).map(([label, answer]) => ({
        label,
        value: typeof answer === 'string' ? answer : JSON.stringify(answer),
      }));
    }
  } catch {
    // Not JSON: below.
  }
  return [{ label: 'Details', value: text }];
}
