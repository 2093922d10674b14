/** The 'current / max' counter under a text area (SPEC §4, §5). */

/** A non-number reads as 0 and negatives clamp to 0; 0 means the field has no counter. */
export const parseMaxLength = (attribute: string | number | null | undefined): number => {
  const parsed = Number.parseInt(String(attribute ?? ''), 10);
  return Number.isNaN(parsed) ? 0 : Math.max(0, parsed);
};

export interface CharacterCount {
  text: string;
  /** Marks the field as in error; it does not block submitting. */
  isOverLimit: boolean;
}

export const characterCount = ({
  length,
  maxLength,
}: {
  length: number;
  maxLength: number;
}): CharacterCount | null =>
  maxLength === 0 ? null : { text: `${length} / ${maxLength}`, isOverLimit: length > maxLength };
