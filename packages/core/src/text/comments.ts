/** Comment link labels and visibility (SPEC §2, §4, §9). */
import type { FolderBehavior } from '../enums/content';
import { commentLabels } from '../messages';

/** Plural unless exactly 1; 0 reads 'No'. */
export const commentLabel = (count: number): string => {
  if (count === 0) return commentLabels.none;
  if (count === 1) return commentLabels.one;
  return commentLabels.many(count);
};

export const COMMENT_STATE_ON = 1;

/**
 * Shown when comments are on for the item or it already has public comments, so turning
 * comments off does not hide a conversation; never when the website switched comments off.
 */
export const shouldShowComments = ({
  commentState,
  publicCommentCount,
  websiteCommentsEnabled,
}: {
  commentState: number;
  publicCommentCount: number;
  websiteCommentsEnabled?: boolean;
}): boolean => {
  if (websiteCommentsEnabled === false) return false;
  return commentState === COMMENT_STATE_ON || publicCommentCount > 0;
};

/** A navigation folder is clickable unless its behaviour is 'none'. */
export const isFolderClickable = (behavior: FolderBehavior | null | undefined): boolean =>
  behavior == null || behavior === 'index' || behavior === 'redirect';

/** The comment link: the item URL with its id for a comments service, else the comments anchor. */
export const commentLinkHref = ({
  fullUrl,
  itemId,
  serviceShortName,
}: {
  fullUrl: string;
  itemId: string;
  serviceShortName?: string | null;
}): string => (serviceShortName ? `${fullUrl}#${itemId}` : `${fullUrl}#comments`);
