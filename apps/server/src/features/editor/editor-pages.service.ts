import {
  countBlocks,
  type EditorBlock,
  type EditorPage,
  type PageSettings,
  type PageSummary,
} from '@atelier/contract';
import {
  editorApiMessages,
  editorMessages,
  MAX_BLOCKS_PER_LAYOUT,
  pageChangeNeedsPublish,
} from '@atelier/core';
import type { FolderBehavior, PageKind, PageRow } from '../../db/db-types.ts';
import { fail } from '../../http/errors.ts';
import type { ContentService } from '../content/content.service.ts';
import { createUnreadableKeeper, hasUnreadable } from '../content/stored-blocks.ts';
import { taken, type UrlSpace } from '../url-space/url-space.ts';
import type { EditorPagesRepo } from './editor-pages.repo.ts';
import { sanitizeBlocks } from './rich-text-sanitize.ts';

// Pages as the editor sees them: every page has a draft (draft_blocks, which edits save
// to) and a published version (blocks, which the storefront shows). Publishing copies the
// draft over; page settings (title, URL, description, status) apply at once.

export type EditorPagesService = ReturnType<typeof createEditorPagesService>;

/** Whether the caller's role may publish (pages.publish); a draft editor's may not. */
export type PublishRight = { canPublish: boolean };

/** The draft editor's line: what a visitor would notice needs pages.publish. */
function checkPublishRight(
  right: PublishRight,
  change: Parameters<typeof pageChangeNeedsPublish>[0],
) {
  if (!right.canPublish && pageChangeNeedsPublish(change)) {
    throw fail('ROLE_FORBIDDEN', editorApiMessages.publishForbidden);
  }
}

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

function toSummary(row: PageRow): PageSummary {
  return {
    id: row.page_id,
    title: row.title,
    urlSlug: row.url_slug,
    description: row.description,
    status: row.status,
    isInNavigation: row.is_in_navigation,
    navigationIndex: row.navigation_index,
    kind: row.kind,
    folderBehavior: row.folder_behavior,
    parentPageId: row.parent_page_id,
    seoTitle: row.seo_title,
    socialImageId: row.social_image_id,
    hasUnpublishedChanges:
      row.published_at === null || row.draft_revision !== row.published_revision,
    publishedAt: iso(row.published_at),
    publishAt: iso(row.publish_at),
    updatedAt: iso(row.updated_at) ?? '',
  };
}

export function createEditorPagesService(deps: {
  editorPagesRepo: EditorPagesRepo;
  content: ContentService;
  /** Slugs are checked and generated there, with collections and the server's routes. */
  urlSpace: UrlSpace;
  now?: () => Date;
  /** Called after a write that changes what visitors see commits (the page cache). */
  onPublicChange?: (websiteId: string) => void;
  /** A page will go live at `when` with no write then (scheduled publishing). */
  onPublicChangeAt?: (websiteId: string, when: Date) => void;
}) {
  const { editorPagesRepo: repo, content, urlSpace } = deps;
  const now = deps.now ?? (() => new Date());
  const changed = (websiteId: string) => deps.onPublicChange?.(websiteId);

  async function requirePage(websiteId: string, pageId: string): Promise<PageRow> {
    const row = await repo.findPage(websiteId, pageId);
    if (!row) throw fail('PAGE_NOT_FOUND', editorMessages.unableToLocateContent);
    return row;
  }

  async function toEditorPage(websiteId: string, row: PageRow): Promise<EditorPage> {
    const draftBlocks = content.readBlocks(row.draft_blocks, `draft of page ${row.page_id}`);
    return {
      ...toSummary(row),
      draftBlocks,
      draftRevision: row.draft_revision,
      data: await content.loadBlockData(websiteId, draftBlocks),
    };
  }

  const changedElsewhere = () => fail('EDIT_CONFLICT', editorApiMessages.pageChanged);

  return {
    async list(websiteId: string): Promise<PageSummary[]> {
      return (await repo.listPages(websiteId)).map(toSummary);
    },

    async get(websiteId: string, pageId: string): Promise<EditorPage> {
      return toEditorPage(websiteId, await requirePage(websiteId, pageId));
    },

    async create(
      websiteId: string,
      input: {
        title: string;
        urlSlug?: string | undefined;
        kind?: PageKind | undefined;
        folderBehavior?: FolderBehavior | undefined;
      },
      right: PublishRight,
    ) {
      checkPublishRight(right, { kind: input.kind ?? 'page' });
      let urlSlug = input.urlSlug?.trim();
      if (urlSlug) {
        await urlSpace.check({ websiteId, segment: urlSlug, field: 'urlSlug' });
      } else {
        urlSlug = await urlSpace.generate({ websiteId, title: input.title, fallbackTitle: 'page' });
      }
      const isFolder = input.kind === 'folder';
      if (input.folderBehavior && !isFolder)
        throw fail('NOT_A_FOLDER', editorApiMessages.notAFolder);
      const row = await repo.insertDraftPage({
        websiteId,
        title: input.title,
        urlSlug,
        ...(isFolder && { kind: 'folder', folderBehavior: input.folderBehavior ?? 'index' }),
      });
      if (!row) throw taken(urlSlug, 'urlSlug');
      // A folder is live at once (it has nothing to publish), so the menu may change.
      if (isFolder) changed(websiteId);
      return toEditorPage(websiteId, row);
    },

    async updateSettings(
      websiteId: string,
      pageId: string,
      settings: PageSettings,
      right: PublishRight,
    ): Promise<EditorPage> {
      const current = await requirePage(websiteId, pageId);
      checkPublishRight(right, { currentStatus: current.status, newStatus: settings.status });
      const urlSlug = settings.urlSlug;
      if (urlSlug !== undefined && urlSlug !== current.url_slug) {
        if (current.url_slug === '') throw fail('HOME_PAGE_FIXED', editorApiMessages.homePageSlug);
        await urlSpace.check({
          websiteId,
          segment: urlSlug,
          field: 'urlSlug',
          holder: { kind: 'page', pageId },
        });
      }
      // Making a page public or private shows its published version, so it needs one.
      if (
        (settings.status === 'published' || settings.status === 'private') &&
        current.published_at === null
      ) {
        throw fail('PUBLISH_FIRST', editorApiMessages.publishFirst);
      }
      if (settings.folderBehavior !== undefined && current.kind !== 'folder') {
        throw fail('NOT_A_FOLDER', editorApiMessages.notAFolder);
      }
      if (settings.socialImageId && !(await repo.hasMedia(websiteId, settings.socialImageId))) {
        throw fail('SOCIAL_IMAGE_MISSING', editorApiMessages.socialImageMissing, {
          socialImageId: editorApiMessages.socialImageMissing,
        });
      }
      const row = await repo.updateSettings(websiteId, pageId, {
        ...(settings.seoTitle !== undefined && { seo_title: settings.seoTitle }),
        ...(settings.socialImageId !== undefined && { social_image_id: settings.socialImageId }),
        ...(settings.folderBehavior !== undefined && { folder_behavior: settings.folderBehavior }),
        ...(settings.title !== undefined && { title: settings.title }),
        ...(urlSlug !== undefined && { url_slug: urlSlug }),
        ...(settings.description !== undefined && { description: settings.description }),
        ...(settings.status !== undefined && { status: settings.status }),
      });
      if (row === 'taken') throw taken(urlSlug ?? '', 'urlSlug');
      if (!row) throw fail('PAGE_NOT_FOUND', editorMessages.unableToLocateContent);
      changed(websiteId);
      return toEditorPage(websiteId, row);
    },

    async saveDraft(
      websiteId: string,
      pageId: string,
      input: { blocks: EditorBlock[]; baseRevision: number },
    ): Promise<EditorPage> {
      // SPEC §9: at most 60 blocks per layout, whatever the editor's screen allowed.
      // Section breaks are layout, not blocks, and do not count.
      if (countBlocks(input.blocks) > MAX_BLOCKS_PER_LAYOUT) {
        throw fail('TOO_MANY_BLOCKS', editorApiMessages.tooManyBlocks, {
          blocks: editorApiMessages.tooManyBlocks,
        });
      }
      // Unreadable blocks may only be ones the base revision stores (stored-blocks.ts).
      let stored: unknown[] = [];
      if (hasUnreadable(input.blocks)) {
        const current = await requirePage(websiteId, pageId);
        if (current.draft_revision !== input.baseRevision) throw changedElsewhere();
        stored = current.draft_blocks;
      }
      await content.checkSectionImages({
        websiteId,
        blocks: input.blocks,
        stored: async () => (await requirePage(websiteId, pageId)).draft_blocks,
        field: 'blocks',
      });
      // Never trust the browser's HTML: rich text and embeds are re-sanitized here.
      const blocks = createUnreadableKeeper(stored)(input.blocks, sanitizeBlocks, 'blocks');
      const row = await repo.saveDraft({
        websiteId,
        pageId,
        blocks,
        baseRevision: input.baseRevision,
      });
      if (!row) {
        await requirePage(websiteId, pageId);
        throw changedElsewhere();
      }
      return toEditorPage(websiteId, row);
    },

    /**
     * Publishes the saved draft now, or at `at` (status Scheduled). A private page stays
     * private: publishing updates what its members see.
     */
    async publish(
      websiteId: string,
      pageId: string,
      input: { baseRevision: number; at?: string | undefined },
    ): Promise<EditorPage> {
      const current = await requirePage(websiteId, pageId);
      let publishAt: Date | null = null;
      if (input.at) {
        publishAt = new Date(input.at);
        if (publishAt.getTime() <= now().getTime())
          throw fail('SCHEDULE_IN_PAST', editorApiMessages.scheduleInPast);
        if (current.status === 'published' || current.status === 'private') {
          throw fail('SCHEDULE_LIVE_PAGE', editorApiMessages.scheduleLivePage);
        }
      }
      const status = publishAt
        ? 'scheduled'
        : current.status === 'private'
          ? 'private'
          : 'published';
      const row = await repo.publishDraft({
        websiteId,
        pageId,
        baseRevision: input.baseRevision,
        status,
        publishAt,
      });
      if (!row) throw changedElsewhere();
      changed(websiteId);
      if (publishAt) deps.onPublicChangeAt?.(websiteId, publishAt);
      return toEditorPage(websiteId, row);
    },

    async remove(websiteId: string, pageId: string, right: PublishRight): Promise<void> {
      const current = await requirePage(websiteId, pageId);
      checkPublishRight(right, { currentStatus: current.status });
      if (current.url_slug === '') throw fail('HOME_PAGE_FIXED', editorApiMessages.homePageDelete);
      await repo.deletePage(websiteId, pageId);
      changed(websiteId);
    },
  };
}
