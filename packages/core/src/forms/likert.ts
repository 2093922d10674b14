/** Likert answers -2..2 and their labels, which a site's language strings may override. */
import { likertLabels } from '../messages';

export const LIKERT_VALUES = [-2, -1, 0, 1, 2] as const;
export type LikertValue = (typeof LIKERT_VALUES)[number];

const DEFAULT_LABELS: Record<LikertValue, string> = {
  [-2]: likertLabels.stronglyDisagree,
  [-1]: likertLabels.disagree,
  0: likertLabels.neutral,
  1: likertLabels.agree,
  2: likertLabels.stronglyAgree,
};

export const isLikertValue = (value: unknown): value is LikertValue =>
  typeof value === 'number' && (LIKERT_VALUES as readonly number[]).includes(value);

export const likertLabel = (
  value: LikertValue,
  localized: Partial<Record<LikertValue, string>> = {},
): string => localized[value] ?? DEFAULT_LABELS[value];
