import {
  DEMO_CONTENT_KINDS,
  type DemoContentCounts,
  type DemoContentPreview,
  type DemoContentRemoval,
} from '@atelier/contract';
import type { DemoContentRepo } from './demo-content.repo.ts';
import type { DemoItem, DemoPlan } from './demo-content-plan.ts';
import { planDemoRemoval } from './demo-content-plan.ts';

// Remove demo content (issue 19): one transaction decides and deletes, so a preview and a
// removal agree and a failure leaves everything as it was. Image files go after the commit
// (a row never points at a missing file); the page cache hears of it last.

export type DemoContentService = ReturnType<typeof createDemoContentService>;

function countsOf(items: DemoItem[]): DemoContentCounts {
  const counts = Object.fromEntries(
    DEMO_CONTENT_KINDS.map((kind) => [kind, 0]),
  ) as DemoContentCounts;
  for (const item of items) counts[item.kind] += 1;
  return counts;
}

const removedItems = (plan: DemoPlan) => [
  ...plan.remove,
  ...(plan.clearHome ? [plan.clearHome] : []),
];
const keptItems = (plan: DemoPlan) =>
  plan.keep.map(({ kind, title, reason }) => ({ kind, title, reason }));

export function createDemoContentService(deps: {
  demoContentRepo: DemoContentRepo;
  deleteMediaFiles: (websiteId: string, mediaId: string) => Promise<void>;
  onPublicChange?: (websiteId: string) => void;
}) {
  const { demoContentRepo: repo } = deps;
  return {
    recordSeed: (websiteId: string) => repo.recordSeed(websiteId),

    async preview(websiteId: string): Promise<DemoContentPreview> {
      const plan = await repo.transaction(async (trx) =>
        planDemoRemoval(await repo.facts(trx, websiteId)),
      );
      const items = removedItems(plan);
      return {
        hasDemoContent: items.length + plan.keep.length > 0,
        toRemove: countsOf(items),
        items: items.map(({ kind, title }) => ({ kind, title })),
        kept: keptItems(plan),
      };
    },

    /** Idempotent: once removed, the demo rows are forgotten and a second call removes nothing. */
    async remove(websiteId: string): Promise<DemoContentRemoval> {
      const plan = await repo.transaction(async (trx) => {
        const planned = planDemoRemoval(await repo.facts(trx, websiteId));
        await repo.apply(trx, websiteId, planned);
        return planned;
      });
      for (const item of plan.remove) {
        if (item.kind === 'media') await deps.deleteMediaFiles(websiteId, item.id);
      }
      const items = removedItems(plan);
      if (items.length > 0) deps.onPublicChange?.(websiteId);
      return { removed: countsOf(items), kept: keptItems(plan) };
    },
  };
}
