import type { PageStatus } from '@atelier/contract';
import type { BadgeTone } from '../ui/index.ts';

/** A page's status as a badge colour: live is green, waiting for review amber. */
export const STATUS_TONES: Record<PageStatus, BadgeTone> = {
  published: 'success',
  draft: 'neutral',
  'needs-review': 'warning',
  private: 'accent',
  scheduled: 'accent',
};
