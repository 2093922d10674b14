import { randomUUID } from 'node:crypto';
import {
  type Campaign,
  type CampaignAudienceList,
  type CampaignBlock,
  type CampaignPreview,
  type CampaignRecipientPage,
  type CampaignRecipientQuery,
  campaignBlockSchema,
  type campaignBodySchema,
  campaignMessages,
  campaignRecipientQuerySchema,
} from '@atelier/contract';
import { type CurrencyCode, formatMoney, isCurrencyCode, money } from '@atelier/core';
import { z } from 'zod';
import type { JobRow } from '../../db/db-types.ts';
import { fail } from '../../http/errors.ts';
import { CAMPAIGN_BATCH_JOB } from '../jobs/job-kinds.ts';
import { renditionUrl } from '../media/media-urls.ts';
import { unsubscribeUrl } from '../newsletter/newsletter.service.ts';
import type { Website } from '../websites/website.service.ts';
import {
  personalise,
  type RenderedEmail,
  type ResolvedBlock,
  renderCampaignEmail,
  UNSUBSCRIBE_PLACEHOLDER,
  unsubscribeHeaders,
} from './campaign-email.ts';
import {
  type CampaignQueries,
  type CampaignStore,
  type CampaignWithList,
  emptyCounts,
} from './campaigns.repo.ts';

// Campaigns (issue 21; docs/ARCHITECTURE.md, "Campaigns"). A draft is edited freely;
// sending renders the email once, puts every subscribed address of the list on the
// campaign in the same transaction (one row per subscriber, by primary key), and queues
// batch 1. Each batch job moves the next recipients into the mail outbox in one
// transaction (re-checking each is still subscribed) and queues the next batch after the
// pause the rate asks for; a batch job whose number is not the campaign's current one is
// a repeat (a crash after commit) and does nothing. The outbox sends campaign mail at
// most once (mail-sender.ts), so no address gets a campaign twice.

export type CampaignsService = ReturnType<typeof createCampaignsService>;

export type CampaignsOptions = {
  /** What "a minute" of the send rate lasts (tests make it 0 to run batches back to back). */
  minuteMs?: number;
};

/** At most this many recipients move to the outbox in one transaction. */
const MAX_BATCH = 500;

const TEST_TOKEN = 'test-email';

type Body = z.output<typeof campaignBodySchema>;

const storedBlocksSchema = z.array(campaignBlockSchema);

/** How many recipients a batch takes, and the pause before the next, for a rate. */
export function batchPlan(ratePerMinute: number, minuteMs: number) {
  const size = Math.max(1, Math.min(ratePerMinute, MAX_BATCH));
  return { size, pauseMs: Math.round((minuteMs * size) / ratePerMinute) };
}

export function createCampaignsService(deps: {
  store: CampaignStore;
  websites: {
    getById(websiteId: string): Promise<Website | undefined>;
    originOf(websiteId: string): Promise<string>;
  };
  options?: CampaignsOptions;
}) {
  const { store, websites } = deps;
  const minuteMs = deps.options?.minuteMs ?? 60_000;

  function blocksOf(row: CampaignWithList): CampaignBlock[] {
    const parsed = storedBlocksSchema.safeParse(row.blocks);
    return parsed.success ? parsed.data : [];
  }

  function toCampaign(row: CampaignWithList, counts = emptyCounts()): Campaign {
    const time = (d: Date | null) => (d ? new Date(d).getTime() : null);
    return {
      id: row.campaign_id,
      name: row.name,
      subject: row.subject,
      previewText: row.preview_text,
      listId: row.list_id,
      listName: row.list_name,
      blocks: blocksOf(row),
      status: row.status,
      ratePerMinute: row.rate_per_minute,
      createdAt: new Date(row.created_at).getTime(),
      updatedAt: new Date(row.updated_at).getTime(),
      startedAt: time(row.started_at),
      finishedAt: time(row.finished_at),
      stalled:
        row.status === 'sending' && row.stalled_at
          ? { at: new Date(row.stalled_at).getTime(), error: row.stalled_error ?? '' }
          : null,
      counts,
    };
  }

  async function websiteOf(websiteId: string) {
    const website = await websites.getById(websiteId);
    if (!website) throw fail('WEBSITE_NOT_FOUND', 'No website is published at this address.');
    return { website, origin: await websites.originOf(websiteId) };
  }

  /**
   * Looks up what the blocks name. Returns the blocks ready to render and, by field path,
   * what could not be found.
   */
  async function resolveBlocks(
    q: CampaignQueries,
    websiteId: string,
    blocks: readonly CampaignBlock[],
    context: { origin: string; currency: string },
  ): Promise<{ resolved: ResolvedBlock[]; missing: Record<string, string> }> {
    const mediaIds = blocks.flatMap((b) => (b.type === 'image' && b.mediaId ? [b.mediaId] : []));
    const productIds = blocks.flatMap((b) => (b.type === 'product' ? [b.productId] : []));
    const [media, products] = await Promise.all([
      q.mediaRows(websiteId, [...new Set(mediaIds)]),
      q.products(websiteId, [...new Set(productIds)]),
    ]);
    const mediaById = new Map(media.map((m) => [m.media_id, m]));
    const productById = new Map(products.map((p) => [p.product_id, p]));
    const currency: CurrencyCode = isCurrencyCode(context.currency) ? context.currency : 'USD';
    const price = (cents: number) => formatMoney(money(cents, currency));
    const imageSrc = (row: (typeof media)[number]) => {
      const widths = row.variant_widths.length > 0 ? row.variant_widths : [row.width];
      const width = [...widths].reverse().find((w) => w <= 1200) ?? widths[0] ?? row.width;
      return `${context.origin}${renditionUrl(row.website_id, row.media_id, width)}`;
    };
    const missing: Record<string, string> = {};
    const resolved: ResolvedBlock[] = [];
    blocks.forEach((block, index) => {
      switch (block.type) {
        case 'text':
        case 'button':
          resolved.push(block);
          return;
        case 'image': {
          if (block.mediaId === null) {
            resolved.push({ ...block, src: block.url });
            return;
          }
          const row = mediaById.get(block.mediaId);
          if (!row?.content_type.startsWith('image/')) {
            missing[`blocks.${index}.mediaId`] = campaignMessages.mediaNotFound;
            return;
          }
          resolved.push({
            type: 'image',
            src: imageSrc(row),
            altText: block.altText || row.alt_text,
            linkUrl: block.linkUrl,
          });
          return;
        }
        case 'product': {
          const product = productById.get(block.productId);
          if (!product) {
            missing[`blocks.${index}.productId`] = campaignMessages.productNotFound;
            return;
          }
          const { min_cents: min, max_cents: max } = product;
          resolved.push({
            type: 'product',
            title: product.title,
            priceText:
              min === null ? '' : max !== null && max !== min ? `From ${price(min)}` : price(min),
            imageUrl: product.image ? imageSrc(product.image) : null,
            url: `${context.origin}/${product.collection_url_id}/p/${product.product_url_id}`,
          });
          return;
        }
      }
    });
    return { resolved, missing };
  }

  /**
   * Renders a draft. `context` is read before any transaction: PGlite has one connection,
   * so a read outside the transaction while it is open would wait for ever.
   */
  async function render(
    q: CampaignQueries,
    websiteId: string,
    draft: { subject: string; previewText: string; blocks: readonly CampaignBlock[] },
    context: { website: Website; origin: string },
    unsubscribeToken: string | null,
  ): Promise<{ rendered: RenderedEmail; missing: Record<string, string> }> {
    const { website, origin } = context;
    const { resolved, missing } = await resolveBlocks(q, websiteId, draft.blocks, {
      origin,
      currency: website.storeCurrency,
    });
    const rendered = renderCampaignEmail({
      subject: draft.subject,
      previewText: draft.previewText,
      blocks: resolved,
      storeName: website.storeAddress?.name || website.title,
      storeAddress: website.storeAddress,
      language: website.language,
      unsubscribeUrl:
        unsubscribeToken === null
          ? UNSUBSCRIBE_PLACEHOLDER
          : unsubscribeUrl(origin, unsubscribeToken),
    });
    return { rendered, missing };
  }

  /** A draft's list, products and images must exist; each that does not is named. */
  async function validateDraft(websiteId: string, body: Body): Promise<void> {
    const errors: Record<string, string> = {};
    if (body.listId && !(await store.listExists(websiteId, body.listId))) {
      errors.listId = campaignMessages.listNotFound;
    }
    const { origin, website } = await websiteOf(websiteId);
    const { missing } = await resolveBlocks(store, websiteId, body.blocks, {
      origin,
      currency: website.storeCurrency,
    });
    Object.assign(errors, missing);
    const first = Object.values(errors)[0];
    if (first) throw fail('CAMPAIGN_INVALID', first, errors);
  }

  async function find(websiteId: string, campaignId: string): Promise<Campaign> {
    const row = await store.find(websiteId, campaignId);
    if (!row) throw fail('CAMPAIGN_NOT_FOUND', campaignMessages.notFound);
    const counts = await store.counts(websiteId, campaignId);
    return toCampaign(row, counts.get(campaignId));
  }

  const draftValues = (body: Body) => ({
    name: body.name,
    subject: body.subject,
    previewText: body.previewText,
    listId: body.listId,
    blocks: body.blocks,
    ratePerMinute: body.ratePerMinute,
  });

  return {
    async list(websiteId: string): Promise<Campaign[]> {
      const [rows, counts] = await Promise.all([store.list(websiteId), store.counts(websiteId)]);
      return rows.map((row) => toCampaign(row, counts.get(row.campaign_id)));
    },

    get: find,

    async create(websiteId: string, body: Body): Promise<Campaign> {
      await validateDraft(websiteId, body);
      const id = await store.insert({ websiteId, ...draftValues(body) });
      return find(websiteId, id);
    },

    async update(websiteId: string, campaignId: string, body: Body): Promise<Campaign> {
      const current = await find(websiteId, campaignId);
      if (current.status !== 'draft') throw fail('CAMPAIGN_NOT_DRAFT', campaignMessages.notDraft);
      await validateDraft(websiteId, body);
      if (!(await store.updateDraft(websiteId, campaignId, draftValues(body)))) {
        throw fail('CAMPAIGN_NOT_DRAFT', campaignMessages.notDraft);
      }
      return find(websiteId, campaignId);
    },

    async remove(websiteId: string, campaignId: string): Promise<void> {
      const current = await find(websiteId, campaignId);
      if (current.status !== 'draft' || !(await store.deleteDraft(websiteId, campaignId))) {
        throw fail('CAMPAIGN_NOT_DRAFT', campaignMessages.notDraft);
      }
    },

    async audience(websiteId: string): Promise<CampaignAudienceList> {
      const rows = await store.audienceLists(websiteId);
      return {
        lists: rows.map((r) => ({ id: r.list_id, name: r.name, subscribed: Number(r.subscribed) })),
      };
    },

    /** The email as it would look, from unsaved edits; the unsubscribe link is a sample. */
    async preview(
      websiteId: string,
      draft: { subject: string; previewText: string; blocks: CampaignBlock[] },
    ): Promise<CampaignPreview> {
      // Addresses of this site stay relative, so the editor shows its images (its CSP
      // allows only its own origin, which may not be the public one mails link to).
      const context = { ...(await websiteOf(websiteId)), origin: '' };
      const { rendered, missing } = await render(store, websiteId, draft, context, TEST_TOKEN);
      const first = Object.values(missing)[0];
      if (first) throw fail('CAMPAIGN_INVALID', first, missing);
      return { subject: draft.subject, ...rendered };
    },

    /** One copy of the saved campaign to `email`, now, through the outbox. */
    async sendTest(
      websiteId: string,
      campaignId: string,
      email: string,
    ): Promise<{ to: string; messageId: string }> {
      const campaign = await find(websiteId, campaignId);
      if (campaign.blocks.length === 0) {
        throw fail('CAMPAIGN_NOT_READY', campaignMessages.noBlocks);
      }
      const context = await websiteOf(websiteId);
      const { rendered, missing } = await render(store, websiteId, campaign, context, TEST_TOKEN);
      const first = Object.values(missing)[0];
      if (first) throw fail('CAMPAIGN_NOT_READY', first);
      const messageId = randomUUID();
      await store.mail.enqueue(websiteId, [
        {
          messageId,
          kind: 'campaign-test',
          to: email,
          subject: `[Test] ${campaign.subject || campaign.name}`,
          bodyText: rendered.text,
          bodyHtml: rendered.html,
        },
      ]);
      return { to: email, messageId };
    },

    /**
     * Starts sending: in one transaction, checks the campaign can go, renders it, puts
     * every subscribed address of its list on it and queues the first batch.
     */
    async send(websiteId: string, campaignId: string): Promise<Campaign> {
      const context = await websiteOf(websiteId);
      await store.transaction(async (q) => {
        const row = await q.lock(websiteId, campaignId);
        if (!row) throw fail('CAMPAIGN_NOT_FOUND', campaignMessages.notFound);
        if (row.status !== 'draft') throw fail('CAMPAIGN_NOT_DRAFT', campaignMessages.notDraft);
        const blocks = storedBlocksSchema.safeParse(row.blocks).data ?? [];
        if (row.subject.trim() === '') {
          throw fail('CAMPAIGN_NOT_READY', campaignMessages.noSubject);
        }
        if (blocks.length === 0) throw fail('CAMPAIGN_NOT_READY', campaignMessages.noBlocks);
        if (row.list_id === null) throw fail('CAMPAIGN_NOT_READY', campaignMessages.noList);
        if (!(await q.listExists(websiteId, row.list_id))) {
          throw fail('CAMPAIGN_NOT_READY', campaignMessages.listGone);
        }
        const { rendered, missing } = await render(
          q,
          websiteId,
          { subject: row.subject, previewText: row.preview_text, blocks },
          context,
          null,
        );
        const first = Object.values(missing)[0];
        if (first) throw fail('CAMPAIGN_NOT_READY', first);
        const added = await q.addRecipients(websiteId, campaignId, row.list_id);
        if (added === 0) throw fail('CAMPAIGN_NOT_READY', campaignMessages.noSubscribers);
        await q.markSending(websiteId, campaignId, rendered);
        await q.jobs.enqueue({
          websiteId,
          kind: CAMPAIGN_BATCH_JOB,
          payload: { campaignId, batch: 1 },
          runAt: new Date(),
        });
      });
      return find(websiteId, campaignId);
    },

    /**
     * The job runner's give-up hook for CAMPAIGN_BATCH_JOB: the batch failed its last try,
     * so the campaign says it stopped (and why) until the owner resumes or cancels it.
     */
    async stallBatch(job: JobRow, error: unknown): Promise<void> {
      const { campaignId, batch } = job.payload as { campaignId?: unknown; batch?: unknown };
      if (typeof campaignId !== 'string' || typeof batch !== 'number') return;
      await store.transaction(async (q) => {
        const row = await q.lock(job.website_id, campaignId);
        if (row?.status !== 'sending' || row.batch_seq !== batch) return;
        const reason = error instanceof Error ? error.message : String(error);
        await q.setStall(job.website_id, campaignId, {
          at: new Date(),
          error: reason.slice(0, 500),
        });
      });
    },

    /** Sends on after a stall: the batch that failed is tried again from the start. */
    async resume(websiteId: string, campaignId: string): Promise<Campaign> {
      await store.transaction(async (q) => {
        const row = await q.lock(websiteId, campaignId);
        if (!row) throw fail('CAMPAIGN_NOT_FOUND', campaignMessages.notFound);
        if (row.status !== 'sending' || !row.stalled_at) {
          throw fail('CAMPAIGN_NOT_READY', campaignMessages.notStalled);
        }
        await q.setStall(websiteId, campaignId, null);
        await q.jobs.enqueue({
          websiteId,
          kind: CAMPAIGN_BATCH_JOB,
          payload: { campaignId, batch: row.batch_seq },
          runAt: new Date(),
        });
      });
      return find(websiteId, campaignId);
    },

    /** Stops a send: whoever has not had their turn yet is skipped. */
    async cancel(websiteId: string, campaignId: string): Promise<Campaign> {
      await store.transaction(async (q) => {
        const row = await q.lock(websiteId, campaignId);
        if (!row) throw fail('CAMPAIGN_NOT_FOUND', campaignMessages.notFound);
        if (row.status !== 'sending') {
          throw fail('CAMPAIGN_NOT_READY', campaignMessages.notSending);
        }
        await q.skip(websiteId, campaignId, 'cancelled');
        await q.finish(websiteId, campaignId, 'cancelled');
      });
      return find(websiteId, campaignId);
    },

    async recipients(
      websiteId: string,
      campaignId: string,
      query: CampaignRecipientQuery,
    ): Promise<CampaignRecipientPage> {
      await find(websiteId, campaignId);
      const { status, page, pageSize } = campaignRecipientQuerySchema.parse(query);
      const { total, rows } = await store.recipientPage({
        websiteId,
        campaignId,
        status,
        page,
        pageSize,
      });
      return {
        recipients: rows.map((r) => ({
          subscriberId: r.subscriber_id,
          email: r.email,
          status: r.status,
          sentAt: r.sent_at ? new Date(r.sent_at).getTime() : null,
          error:
            r.status === 'skipped'
              ? r.skip_reason === 'cancelled'
                ? 'The campaign was cancelled before this address’s turn.'
                : 'Unsubscribed before this address’s turn.'
              : r.status === 'sent'
                ? null
                : r.last_error,
        })),
        total,
        page,
        pageSize,
      };
    },

    /**
     * The CAMPAIGN_BATCH_JOB handler: moves the next recipients into the outbox, then
     * queues the next batch or marks the campaign sent. Run again after a crash, a batch
     * whose number is no longer the campaign's does nothing.
     */
    async runBatch(job: JobRow): Promise<void> {
      const { campaignId, batch } = job.payload as { campaignId?: unknown; batch?: unknown };
      if (typeof campaignId !== 'string' || typeof batch !== 'number') return;
      const websiteId = job.website_id;
      const origin = await websites.originOf(websiteId);
      await store.transaction(async (q) => {
        const row = await q.lock(websiteId, campaignId);
        if (row?.status !== 'sending' || row.batch_seq !== batch) return;
        const plan = batchPlan(row.rate_per_minute, minuteMs);
        const taken = await q.takeQueued(websiteId, campaignId, plan.size);
        const gone = taken.filter((r) => r.subscriber_status !== 'subscribed');
        await q.skip(
          websiteId,
          campaignId,
          'unsubscribed',
          gone.map((r) => r.subscriber_id),
        );
        const rendered = { html: row.rendered_html ?? '', text: row.rendered_text ?? '' };
        const mailed = taken
          .filter((r) => r.subscriber_status === 'subscribed' && r.unsubscribe_token)
          .map((r) => {
            const url = unsubscribeUrl(origin, r.unsubscribe_token ?? '');
            const copy = personalise(rendered, url);
            return {
              subscriberId: r.subscriber_id,
              mail: {
                messageId: randomUUID(),
                kind: 'campaign',
                to: r.email,
                subject: row.subject,
                bodyText: copy.text,
                bodyHtml: copy.html,
                headers: unsubscribeHeaders(url),
                isAtMostOnce: true,
              },
            };
          });
        await q.mail.enqueue(
          websiteId,
          mailed.map((m) => m.mail),
        );
        await q.markMailed(
          websiteId,
          campaignId,
          mailed.map((m) => ({ subscriberId: m.subscriberId, messageId: m.mail.messageId })),
        );
        if (await q.hasQueued(websiteId, campaignId)) {
          await q.setBatch(websiteId, campaignId, batch + 1);
          await q.jobs.enqueue({
            websiteId,
            kind: CAMPAIGN_BATCH_JOB,
            payload: { campaignId, batch: batch + 1 },
            runAt: new Date(Date.now() + plan.pauseMs),
          });
        } else {
          await q.finish(websiteId, campaignId, 'sent');
        }
      });
    },
  };
}
