/**
 * A card's code as staff see it after issuing: only its last four characters, as Shopify
 * shows them. The dots are hidden from screen readers, which hear "ending ABCD".
 */
export function MaskedCode({ last4 }: { last4: string }) {
  return (
    <code className="gift-cards__code">
      <span aria-hidden="true">•••• </span>
      <span className="visually-hidden">ending </span>
      {last4}
    </code>
  );
}
