import { productMessages } from '@atelier/core';

// What the tag and category managers (SPEC §2: Edit, Merge, New, Filter) share: one item
// edits at a time, and the filter keeps the names holding its text, whatever the case.

/**
 * Why Edit cannot start, or null when it can: SPEC's "You may only edit one {tagType} at
 * a time" when several are chosen or another one is being edited already.
 */
export function editRefusal(
  tagType: string,
  chosen: number,
  isEditingAnother = false,
): string | null {
  if (isEditingAnother || chosen > 1) return productMessages.oneTagTypeAtATime(tagType);
  if (chosen === 0) return `Select the ${tagType} to edit.`;
  return null;
}

/** Whether a name holds the filter's text (an empty filter keeps every name). */
export const matchesFilter = (name: string, filter: string): boolean =>
  name.toLowerCase().includes(filter.trim().toLowerCase());
