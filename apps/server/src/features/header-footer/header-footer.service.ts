import {
  type Block,
  type BlockData,
  countBlocks,
  type EditorBlock,
  type HeaderFooter,
  type HeaderFooterSave,
  type Image,
} from '@atelier/contract';
import { editorApiMessages, headerFooterMessages, MAX_BLOCKS_PER_LAYOUT } from '@atelier/core';
import { fail } from '../../http/errors.ts';
import type { ContentService } from '../content/content.service.ts';
import { createUnreadableKeeper, hasUnreadable } from '../content/stored-blocks.ts';
import type { HeaderFooterRepo, HeaderFooterRow } from './header-footer.repo.ts';

export type HeaderFooterService = ReturnType<typeof createHeaderFooterService>;

/** What the storefront frames every page with; empty lists keep its built-in header. */
export type HeaderFooterView = {
  header: Block[];
  footer: Block[];
  data: BlockData;
  logo?: Image | undefined;
  copyright?: string | undefined;
};

/** The logo as an image block, so it is loaded with the blocks' media in one query. */
const logoBlocks = (logoMediaId: string | null | undefined): Block[] =>
  logoMediaId ? [{ type: 'image', version: 1, mediaId: logoMediaId }] : [];

/**
 * The site's header and footer blocks. They are live when saved (see 0010-header-footer),
 * so every save drops cached pages.
 */
export function createHeaderFooterService(deps: {
  headerFooterRepo: HeaderFooterRepo;
  content: Pick<
    ContentService,
    'readBlocks' | 'parseBlocks' | 'loadBlockData' | 'checkSectionImages'
  >;
  /** Rich-text and embed cleaning shared with page drafts; identity when absent. */
  sanitizeBlocks?: (blocks: Block[]) => Block[];
  onPublicChange?: (websiteId: string) => void;
}) {
  const { headerFooterRepo: repo, content } = deps;
  const sanitize = deps.sanitizeBlocks ?? ((blocks: Block[]) => blocks);

  /** What the editor gets: blocks it cannot read are kept, so a save keeps them. */
  function forEditor(row: HeaderFooterRow): {
    header: EditorBlock[];
    footer: EditorBlock[];
    revision: number;
    logoMediaId: string | null;
    copyright: string;
  } {
    return {
      header: content.readBlocks(row.header_blocks, 'site header'),
      footer: content.readBlocks(row.footer_blocks, 'site footer'),
      revision: row.revision,
      logoMediaId: row.logo_media_id,
      copyright: row.copyright ?? '',
    };
  }

  const empty: HeaderFooterRow = {
    header_blocks: [],
    footer_blocks: [],
    revision: 0,
    logo_media_id: null,
    copyright: null,
  };

  const withLogo = (blocks: EditorBlock[], logoMediaId: string | null) => [
    ...blocks,
    ...logoBlocks(logoMediaId),
  ];

  return {
    async get(websiteId: string): Promise<HeaderFooter> {
      const stored = forEditor((await repo.find(websiteId)) ?? empty);
      return {
        ...stored,
        data: await content.loadBlockData(
          websiteId,
          withLogo([...stored.header, ...stored.footer], stored.logoMediaId),
        ),
      };
    },

    /** For the storefront: the blocks and the images and products they show. */
    async forStorefront(websiteId: string): Promise<HeaderFooterView> {
      const row = await repo.find(websiteId);
      const header = content.parseBlocks(row?.header_blocks ?? [], 'site header');
      const footer = content.parseBlocks(row?.footer_blocks ?? [], 'site footer');
      const logoMediaId = row?.logo_media_id ?? null;
      const copyright = row?.copyright ?? undefined;
      if (header.length === 0 && footer.length === 0 && !logoMediaId) {
        return { header, footer, data: { media: {}, collections: {} }, copyright };
      }
      const data = await content.loadBlockData(
        websiteId,
        withLogo([...header, ...footer], logoMediaId),
      );
      // A logo whose file was deleted since: the title shows instead.
      const logo = logoMediaId ? data.media[logoMediaId] : undefined;
      return { header, footer, data, logo, copyright };
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
      // Unreadable blocks may only be ones the base revision stores (stored-blocks.ts).
      let stored: unknown[] = [];
      if (hasUnreadable(input.header) || hasUnreadable(input.footer)) {
        const current = (await repo.find(websiteId)) ?? empty;
        if (current.revision !== input.baseRevision) {
          throw fail('EDIT_CONFLICT', headerFooterMessages.changedElsewhere);
        }
        stored = [...current.header_blocks, ...current.footer_blocks];
      }
      for (const part of ['header', 'footer'] as const) {
        await content.checkSectionImages({
          websiteId,
          blocks: input[part],
          stored: async () => {
            const current = await repo.find(websiteId);
            return current ? [...current.header_blocks, ...current.footer_blocks] : [];
          },
          field: part,
        });
      }
      if (input.logoMediaId) {
        const found = await content.loadBlockData(websiteId, logoBlocks(input.logoMediaId));
        if (!found.media[input.logoMediaId]) {
          throw fail('LOGO_MISSING', headerFooterMessages.logoMissing, {
            logoMediaId: headerFooterMessages.logoMissing,
          });
        }
      }
      const toStored = createUnreadableKeeper(stored);
      const header = toStored(input.header, sanitize, 'header');
      const footer = toStored(input.footer, sanitize, 'footer');
      const row = await repo.save({
        websiteId,
        header,
        footer,
        baseRevision: input.baseRevision,
        logoMediaId: input.logoMediaId,
        copyright: input.copyright,
      });
      if (!row) throw fail('EDIT_CONFLICT', headerFooterMessages.changedElsewhere);
      deps.onPublicChange?.(websiteId);
      const saved = forEditor(row);
      return {
        ...saved,
        data: await content.loadBlockData(
          websiteId,
          withLogo([...saved.header, ...saved.footer], saved.logoMediaId),
        ),
      };
    },
  };
}
