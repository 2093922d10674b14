import {
  type Block,
  type BlockData,
  countBlocks,
  editorApiMessages,
  type HeaderFooter,
  type HeaderFooterSave,
} from '@atelier/contract';
import { MAX_BLOCKS_PER_LAYOUT } from '@atelier/core';
import { fail } from '../../http/errors.ts';
import type { ContentService } from '../content/content.service.ts';
import type { HeaderFooterRepo } from './header-footer.repo.ts';

export type HeaderFooterService = ReturnType<typeof createHeaderFooterService>;

/** What the storefront frames every page with; empty lists keep its built-in header. */
export type HeaderFooterView = { header: Block[]; footer: Block[]; data: BlockData };

export const headerFooterMessages = {
  changedElsewhere:
    'The header and footer were changed in another window. Reload to see the latest version.',
} as const;

/**
 * The site's header and footer blocks. They are live when saved (see 0010-header-footer),
 * so every save drops cached pages.
 */
export function createHeaderFooterService(deps: {
  headerFooterRepo: HeaderFooterRepo;
  content: Pick<ContentService, 'parseBlocks' | 'loadBlockData'>;
  /** Rich-text and embed cleaning shared with page drafts; identity when absent. */
  sanitizeBlocks?: (blocks: Block[]) => Block[];
  onPublicChange?: (websiteId: string) => void;
}) {
  const { headerFooterRepo: repo, content } = deps;
  const sanitize = deps.sanitizeBlocks ?? ((blocks: Block[]) => blocks);

  async function read(websiteId: string) {
    const row = await repo.find(websiteId);
    return {
      header: content.parseBlocks(row?.header_blocks ?? [], 'site header'),
      footer: content.parseBlocks(row?.footer_blocks ?? [], 'site footer'),
      revision: row?.revision ?? 0,
    };
  }

  return {
    async get(websiteId: string): Promise<HeaderFooter> {
      const stored = await read(websiteId);
      return {
        ...stored,
        data: await content.loadBlockData(websiteId, [...stored.header, ...stored.footer]),
      };
    },

    /** For the storefront: the blocks and the images and products they show. */
    async forStorefront(websiteId: string): Promise<HeaderFooterView> {
      const { header, footer } = await read(websiteId);
      if (header.length === 0 && footer.length === 0) {
        return { header, footer, data: { media: {}, collections: {} } };
      }
      return {
        header,
        footer,
        data: await content.loadBlockData(websiteId, [...header, ...footer]),
      };
    },

    async save(websiteId: string, input: HeaderFooterSave): Promise<HeaderFooter> {
      // SPEC §9: at most 60 blocks per layout; the header and the footer are one each.
      for (const part of ['header', 'footer'] as const) {
        if (countBlocks(input[part]) > MAX_BLOCKS_PER_LAYOUT) {
          throw fail('TOO_MANY_BLOCKS', editorApiMessages.tooManyBlocks, {
            [part]: editorApiMessages.tooManyBlocks,
          });
        }
      }
      const header = sanitize(input.header);
      const footer = sanitize(input.footer);
      const row = await repo.save({ websiteId, header, footer, baseRevision: input.baseRevision });
      if (!row) throw fail('EDIT_CONFLICT', headerFooterMessages.changedElsewhere);
      deps.onPublicChange?.(websiteId);
      return {
        header,
        footer,
        revision: row.revision,
        data: await content.loadBlockData(websiteId, [...header, ...footer]),
      };
    },
  };
}
