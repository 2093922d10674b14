import type { Image, Product } from '@atelier/contract';
import {
  type Block,
  type BlockData,
  type EditorBlock,
  type FormDefinition,
  formIdsOf,
  isReadable,
  mediaIdsOf,
  readStoredBlock,
  sectionImageIdsOf,
} from '@atelier/contract';
import { editorApiMessages } from '@atelier/core';
import type { FastifyBaseLogger } from 'fastify';
import type { PageRow } from '../../db/db-types.ts';
import { fail } from '../../http/errors.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { MediaRepo } from '../media/media.repo.ts';
import { toImage } from '../media/media-urls.ts';
import type { ContentRepo } from './content.repo.ts';

export type ContentService = ReturnType<typeof createContentService>;

export type PageView = {
  title: string;
  description: string;
  urlSlug: string;
  pageType: number;
  blocks: Block[];
  data: BlockData;
  /** Shown only to signed-in members: never cache it as a public page. */
  isPrivate: boolean;
  /** The browser and search-result title, when it differs from the page title. */
  seoTitle: string;
  /** The image shared links show (og:image), chosen in the page's settings. */
  socialImage?: Image | undefined;
  /** A folder with behaviour index has no page of its own: it leads to its first page. */
  redirectTo?: string | undefined;
};

/**
 * Who may see a page's published version: everyone when it is published or its scheduled
 * time has come, signed-in members when it is private, nobody while it is a draft or
 * waits for review.
 */
export function pageAudience(
  page: Pick<PageRow, 'status' | 'publish_at'>,
  now: Date,
): 'everyone' | 'members' | 'nobody' {
  if (page.status === 'published') return 'everyone';
  if (page.status === 'scheduled' && page.publish_at && page.publish_at <= now) return 'everyone';
  if (page.status === 'private') return 'members';
  return 'nobody';
}

/** A page that only leads elsewhere: nothing of it is shown. */
function emptyView(page: PageRow): PageView {
  return {
    title: page.title,
    description: page.description,
    urlSlug: page.url_slug,
    pageType: page.page_type,
    blocks: [],
    data: { media: {}, collections: {} },
    isPrivate: false,
    seoTitle: page.seo_title,
  };
}

export function createContentService(deps: {
  contentRepo: ContentRepo;
  mediaRepo: MediaRepo;
  catalog: CatalogService;
  /** The site forms form and newsletter blocks show; a deleted one is left out. */
  formsOf: (websiteId: string, formIds: string[]) => Promise<Record<string, FormDefinition>>;
  log: FastifyBaseLogger;
}) {
  const { contentRepo, mediaRepo, catalog, formsOf, log } = deps;

  /**
   * Stored blocks at their current versions, with the ones that cannot be read kept as
   * unreadable blocks: the editor shows them, and a save keeps them.
   */
  function readBlocks(raw: unknown[], where: string): EditorBlock[] {
    return raw.map((item) => {
      const block = readStoredBlock(item);
      if (block.type === 'unreadable') {
        log.warn(
          { where, storedType: block.storedType, reason: block.reason },
          'a stored block cannot be read',
        );
      }
      return block;
    });
  }

  /** The blocks a public page shows: one that cannot be read is left out, not the page. */
  function parseBlocks(raw: unknown[], where: string): Block[] {
    return readBlocks(raw, where).filter(isReadable);
  }

  async function loadBlockData(
    websiteId: string,
    stored: readonly EditorBlock[],
  ): Promise<BlockData> {
    const blocks = stored.filter(isReadable);
    const mediaIds = [...new Set(blocks.flatMap(mediaIdsOf))];
    // Product lists, one product and collection summaries all read a collection's list.
    const collectionUrlIds = [
      ...new Set(
        blocks.flatMap((b) =>
          b.type === 'products' || b.type === 'product' || b.type === 'summary'
            ? [b.collectionUrlId]
            : [],
        ),
      ),
    ];
    const formIds = [...new Set(blocks.flatMap(formIdsOf))];
    const [media, lists, forms] = await Promise.all([
      mediaRepo.findMany(websiteId, mediaIds),
      Promise.all(
        collectionUrlIds.map(async (urlId): Promise<[string, Product[]]> => {
          try {
            return [urlId, (await catalog.getCollectionList(websiteId, urlId)).products];
          } catch {
            // A block pointing at a removed collection just shows nothing.
            return [urlId, []];
          }
        }),
      ),
      formIds.length > 0 ? formsOf(websiteId, formIds) : undefined,
    ]);
    return {
      media: Object.fromEntries(media.map((row) => [row.media_id, toImage(row)])),
      collections: Object.fromEntries(lists),
      ...(forms && { forms }),
    };
  }

  /**
   * Refuses a save whose section backgrounds name an image the file manager does not have
   * (400, SECTION_IMAGE_MISSING, under `field`). An image the stored version already named
   * is let through: a file deleted since must not block every later autosave; the page
   * then shows that section without its image. `stored` is read only when one is missing.
   */
  async function checkSectionImages(input: {
    websiteId: string;
    blocks: readonly EditorBlock[];
    stored: () => Promise<readonly unknown[]>;
    field: string;
  }): Promise<void> {
    const named = [...new Set(sectionImageIdsOf(input.blocks))];
    if (named.length === 0) return;
    const found = new Set(
      (await mediaRepo.findMany(input.websiteId, named)).map((row) => row.media_id),
    );
    const missing = named.filter((id) => !found.has(id));
    if (missing.length === 0) return;
    const kept = new Set(sectionImageIdsOf((await input.stored()).map(readStoredBlock)));
    if (missing.some((id) => !kept.has(id))) {
      throw fail('SECTION_IMAGE_MISSING', editorApiMessages.sectionImageMissing, {
        [input.field]: editorApiMessages.sectionImageMissing,
      });
    }
  }

  return {
    readBlocks,
    parseBlocks,
    loadBlockData,
    checkSectionImages,

    /**
     * The published version of a page, if this visitor may see it. `canSeePrivate` is asked
     * only for a private page, so public pages never look up a session.
     */
    async getPage(
      websiteId: string,
      urlSlug: string,
      options: { canSeePrivate?: () => Promise<boolean> } = {},
    ): Promise<PageView> {
      const page = await contentRepo.findPageBySlug(websiteId, urlSlug);
      if (!page) throw fail('PAGE_NOT_FOUND', 'Page not found');
      const audience = pageAudience(page, new Date());
      if (audience === 'nobody') throw fail('PAGE_NOT_FOUND', 'Page not found');
      if (audience === 'members' && !(await options.canSeePrivate?.())) {
        throw fail('PAGE_NOT_FOUND', 'Page not found');
      }
      if (page.kind === 'folder' && page.folder_behavior !== 'redirect') {
        const first =
          page.folder_behavior === 'index'
            ? await contentRepo.firstChildSlug(websiteId, page.page_id)
            : undefined;
        if (first === undefined) throw fail('PAGE_NOT_FOUND', 'Page not found');
        return { ...emptyView(page), redirectTo: first === '' ? '/' : `/${first}` };
      }
      const blocks = parseBlocks(page.blocks, `page ${page.page_id}`);
      const [socialImage] = page.social_image_id
        ? await mediaRepo.findMany(websiteId, [page.social_image_id])
        : [];
      return {
        seoTitle: page.seo_title,
        socialImage: socialImage ? toImage(socialImage) : undefined,
        title: page.title,
        description: page.description,
        urlSlug: page.url_slug,
        pageType: page.page_type,
        blocks,
        data: await loadBlockData(websiteId, blocks),
        isPrivate: audience === 'members',
      };
    },
  };
}
