import type { CampaignCounts, RecipientStatus } from '@atelier/contract';
import { type Kysely, type SqlBool, sql } from 'kysely';
import type { CampaignRow, DB, MediaRow } from '../../db/db-types.ts';
import { jobQueries } from '../jobs/jobs.repo.ts';
import { mailQueries } from '../mail/mail.repo.ts';

// Campaigns' tables (0029-campaigns), and the reads of other features' tables a campaign
// needs: the mailing lists and subscribers (0028), products and media for its blocks, the
// outbox rows its recipients became.

export type CampaignQueries = ReturnType<typeof campaignQueries>;
export type CampaignStore = CampaignQueries & {
  transaction<T>(work: (queries: CampaignQueries) => Promise<T>): Promise<T>;
};

export function createCampaignStore(db: Kysely<DB>): CampaignStore {
  return {
    ...campaignQueries(db),
    transaction: (work) => db.transaction().execute((trx) => work(campaignQueries(trx))),
  };
}

export type CampaignProductRow = {
  product_id: string;
  title: string;
  product_url_id: string;
  collection_url_id: string;
  min_cents: number | null;
  max_cents: number | null;
  image: MediaRow | null;
};

export type QueuedRecipient = {
  subscriber_id: string;
  email: string;
  subscriber_status: string | null;
  unsubscribe_token: string | null;
};

export type CampaignWithList = CampaignRow & { list_name: string | null };

/**
 * A recipient's status as the owner reads it, from its own row and its outbox message.
 * Written as SQL so counts, filters and pages agree.
 */
const derivedStatus = sql<RecipientStatus>`case
  when r.status = 'queued' then 'queued'
  when r.status = 'skipped' then 'skipped'
  when o.sent_at is not null then 'sent'
  when o.failed_at is not null or o.message_id is null then 'failed'
  else 'sending' end`;

export function campaignQueries(db: Kysely<DB>) {
  const campaignsWithList = () =>
    db
      .selectFrom('campaigns as c')
      .leftJoin('mailing_lists as l', (join) =>
        join.onRef('l.website_id', '=', 'c.website_id').onRef('l.list_id', '=', 'c.list_id'),
      )
      .selectAll('c')
      .select('l.name as list_name');

  const recipients = (websiteId: string, campaignId: string) =>
    db
      .selectFrom('campaign_recipients as r')
      .leftJoin('mail_outbox as o', (join) =>
        join.onRef('o.website_id', '=', 'r.website_id').onRef('o.message_id', '=', 'r.message_id'),
      )
      .where('r.website_id', '=', websiteId)
      .where('r.campaign_id', '=', campaignId);

  const mediaRows = (websiteId: string, mediaIds: readonly string[]): Promise<MediaRow[]> => {
    if (mediaIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('media')
      .selectAll()
      .where('website_id', '=', websiteId)
      .where('media_id', 'in', mediaIds)
      .execute();
  };

  return {
    jobs: jobQueries(db),
    mail: mailQueries(db),

    list(websiteId: string): Promise<CampaignWithList[]> {
      return campaignsWithList()
        .where('c.website_id', '=', websiteId)
        .orderBy('c.created_at', 'desc')
        .orderBy('c.campaign_id')
        .execute();
    },

    find(websiteId: string, campaignId: string): Promise<CampaignWithList | undefined> {
      return campaignsWithList()
        .where('c.website_id', '=', websiteId)
        .where('c.campaign_id', '=', campaignId)
        .executeTakeFirst();
    },

    /** Locks the campaign row until the transaction ends. */
    lock(websiteId: string, campaignId: string): Promise<CampaignRow | undefined> {
      return db
        .selectFrom('campaigns')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('campaign_id', '=', campaignId)
        .forUpdate()
        .executeTakeFirst();
    },

    async insert(values: {
      websiteId: string;
      name: string;
      subject: string;
      previewText: string;
      listId: string | null;
      blocks: unknown[];
      ratePerMinute: number;
    }): Promise<string> {
      const row = await db
        .insertInto('campaigns')
        .values({
          website_id: values.websiteId,
          name: values.name,
          subject: values.subject,
          preview_text: values.previewText,
          list_id: values.listId,
          blocks: JSON.stringify(values.blocks),
          rate_per_minute: values.ratePerMinute,
        })
        .returning('campaign_id')
        .executeTakeFirstOrThrow();
      return row.campaign_id;
    },

    async updateDraft(
      websiteId: string,
      campaignId: string,
      values: {
        name: string;
        subject: string;
        previewText: string;
        listId: string | null;
        blocks: unknown[];
        ratePerMinute: number;
      },
    ): Promise<boolean> {
      const result = await db
        .updateTable('campaigns')
        .set({
          name: values.name,
          subject: values.subject,
          preview_text: values.previewText,
          list_id: values.listId,
          blocks: JSON.stringify(values.blocks),
          rate_per_minute: values.ratePerMinute,
          updated_at: sql<Date>`now()`,
        })
        .where('website_id', '=', websiteId)
        .where('campaign_id', '=', campaignId)
        .where('status', '=', 'draft')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async deleteDraft(websiteId: string, campaignId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('campaigns')
        .where('website_id', '=', websiteId)
        .where('campaign_id', '=', campaignId)
        .where('status', '=', 'draft')
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    async markSending(
      websiteId: string,
      campaignId: string,
      rendered: { html: string; text: string },
    ): Promise<void> {
      await db
        .updateTable('campaigns')
        .set({
          status: 'sending',
          started_at: sql<Date>`now()`,
          updated_at: sql<Date>`now()`,
          batch_seq: 1,
          rendered_html: rendered.html,
          rendered_text: rendered.text,
        })
        .where('website_id', '=', websiteId)
        .where('campaign_id', '=', campaignId)
        .execute();
    },

    /** Marks the send stalled (a batch failed its last try), or clears it with null. */
    async setStall(
      websiteId: string,
      campaignId: string,
      stall: { at: Date; error: string } | null,
    ): Promise<void> {
      await db
        .updateTable('campaigns')
        .set({ stalled_at: stall?.at ?? null, stalled_error: stall?.error ?? null })
        .where('website_id', '=', websiteId)
        .where('campaign_id', '=', campaignId)
        .execute();
    },

    async setBatch(websiteId: string, campaignId: string, batchSeq: number): Promise<void> {
      await db
        .updateTable('campaigns')
        .set({ batch_seq: batchSeq })
        .where('website_id', '=', websiteId)
        .where('campaign_id', '=', campaignId)
        .execute();
    },

    async finish(
      websiteId: string,
      campaignId: string,
      status: 'sent' | 'cancelled',
    ): Promise<void> {
      await db
        .updateTable('campaigns')
        .set({ status, finished_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
        .where('website_id', '=', websiteId)
        .where('campaign_id', '=', campaignId)
        .execute();
    },

    /**
     * Puts every subscribed address of the list on the campaign, once: the primary key
     * (website, campaign, subscriber) makes a second insert of anyone do nothing.
     */
    async addRecipients(websiteId: string, campaignId: string, listId: string): Promise<number> {
      const result = await db
        .insertInto('campaign_recipients')
        .columns(['website_id', 'campaign_id', 'subscriber_id', 'email'])
        .expression((eb) =>
          eb
            .selectFrom('mailing_list_subscribers')
            .select([
              'website_id',
              sql<string>`${campaignId}::uuid`.as('campaign_id'),
              'subscriber_id',
              'email',
            ])
            .where('website_id', '=', websiteId)
            .where('list_id', '=', listId)
            .where('status', '=', 'subscribed'),
        )
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0);
    },

    /**
     * The next recipients waiting their turn, locked (SKIP LOCKED: a second worker takes
     * others), with their subscriber's status now.
     */
    takeQueued(websiteId: string, campaignId: string, limit: number): Promise<QueuedRecipient[]> {
      return (
        db
          .selectFrom('campaign_recipients as r')
          .leftJoin('mailing_list_subscribers as s', (join) =>
            join
              .onRef('s.website_id', '=', 'r.website_id')
              .onRef('s.subscriber_id', '=', 'r.subscriber_id'),
          )
          .select([
            'r.subscriber_id',
            'r.email',
            's.status as subscriber_status',
            's.unsubscribe_token',
          ])
          .where('r.website_id', '=', websiteId)
          .where('r.campaign_id', '=', campaignId)
          .where('r.status', '=', 'queued')
          // In address order: what the owner sees in the recipients table, and repeatable.
          .orderBy('r.queued_at')
          .orderBy('r.email')
          .orderBy('r.subscriber_id')
          .limit(limit)
          .forUpdate('r')
          .skipLocked()
          .execute()
      );
    },

    async markMailed(
      websiteId: string,
      campaignId: string,
      mailed: readonly { subscriberId: string; messageId: string }[],
    ): Promise<void> {
      if (mailed.length === 0) return;
      const values = sql.join(
        mailed.map((m) => sql`(${m.subscriberId}::uuid, ${m.messageId}::uuid)`),
      );
      await sql`
        update campaign_recipients as r
        set status = 'mailed', message_id = v.message_id, mailed_at = now()
        from (values ${values}) as v (subscriber_id, message_id)
        where r.website_id = ${websiteId} and r.campaign_id = ${campaignId}
          and r.subscriber_id = v.subscriber_id and r.status = 'queued'
      `.execute(db);
    },

    async skip(
      websiteId: string,
      campaignId: string,
      reason: 'unsubscribed' | 'cancelled',
      subscriberIds?: readonly string[],
    ): Promise<number> {
      if (subscriberIds?.length === 0) return 0;
      let query = db
        .updateTable('campaign_recipients')
        .set({ status: 'skipped', skip_reason: reason })
        .where('website_id', '=', websiteId)
        .where('campaign_id', '=', campaignId)
        .where('status', '=', 'queued');
      if (subscriberIds) query = query.where('subscriber_id', 'in', subscriberIds);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async hasQueued(websiteId: string, campaignId: string): Promise<boolean> {
      const row = await db
        .selectFrom('campaign_recipients')
        .select('subscriber_id')
        .where('website_id', '=', websiteId)
        .where('campaign_id', '=', campaignId)
        .where('status', '=', 'queued')
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Recipients by status, for each of the website's campaigns (or one). */
    async counts(websiteId: string, campaignId?: string): Promise<Map<string, CampaignCounts>> {
      let query = db
        .selectFrom('campaign_recipients as r')
        .leftJoin('mail_outbox as o', (join) =>
          join
            .onRef('o.website_id', '=', 'r.website_id')
            .onRef('o.message_id', '=', 'r.message_id'),
        )
        .select(['r.campaign_id', derivedStatus.as('status'), sql<number>`count(*)::int`.as('n')])
        .where('r.website_id', '=', websiteId)
        .groupBy(['r.campaign_id', sql`2`]);
      if (campaignId) query = query.where('r.campaign_id', '=', campaignId);
      const rows = await query.execute();
      const counts = new Map<string, CampaignCounts>();
      for (const row of rows) {
        const entry = counts.get(row.campaign_id) ?? emptyCounts();
        entry[row.status] += Number(row.n);
        entry.total += Number(row.n);
        counts.set(row.campaign_id, entry);
      }
      return counts;
    },

    async recipientPage(input: {
      websiteId: string;
      campaignId: string;
      status: RecipientStatus | 'all';
      page: number;
      pageSize: number;
    }) {
      const where =
        input.status === 'all'
          ? sql<SqlBool>`true`
          : sql<SqlBool>`(${derivedStatus}) = ${input.status}`;
      const base = recipients(input.websiteId, input.campaignId).where(where);
      const [total, rows] = await Promise.all([
        base
          .select(sql<number>`count(*)::int`.as('n'))
          .executeTakeFirstOrThrow()
          .then((row) => Number(row.n)),
        base
          .select([
            'r.subscriber_id',
            'r.email',
            'r.skip_reason',
            derivedStatus.as('status'),
            'o.sent_at',
            'o.last_error',
          ])
          .orderBy('r.email')
          .orderBy('r.subscriber_id')
          .limit(input.pageSize)
          .offset((input.page - 1) * input.pageSize)
          .execute(),
      ]);
      return { total, rows };
    },

    /** The website's mailing lists with how many addresses are subscribed now. */
    audienceLists(websiteId: string) {
      return db
        .selectFrom('mailing_lists as l')
        .leftJoin('mailing_list_subscribers as s', (join) =>
          join
            .onRef('s.website_id', '=', 'l.website_id')
            .onRef('s.list_id', '=', 'l.list_id')
            .on('s.status', '=', 'subscribed'),
        )
        .select(['l.list_id', 'l.name', sql<number>`count(s.subscriber_id)::int`.as('subscribed')])
        .where('l.website_id', '=', websiteId)
        .groupBy(['l.list_id', 'l.name'])
        .orderBy('l.name')
        .execute();
    },

    async listExists(websiteId: string, listId: string): Promise<boolean> {
      const row = await db
        .selectFrom('mailing_lists')
        .select('list_id')
        .where('website_id', '=', websiteId)
        .where('list_id', '=', listId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async subscribedCount(websiteId: string, listId: string): Promise<number> {
      const row = await db
        .selectFrom('mailing_list_subscribers')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('website_id', '=', websiteId)
        .where('list_id', '=', listId)
        .where('status', '=', 'subscribed')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    mediaRows,

    /** Products for product blocks: title, address, lowest and highest price, first image. */
    async products(
      websiteId: string,
      productIds: readonly string[],
    ): Promise<CampaignProductRow[]> {
      if (productIds.length === 0) return [];
      const rows = await db
        .selectFrom('products as p')
        .innerJoin('collections as c', (join) =>
          join
            .onRef('c.website_id', '=', 'p.website_id')
            .onRef('c.collection_id', '=', 'p.collection_id'),
        )
        .select((eb) => [
          'p.product_id',
          'p.title',
          'p.url_id as product_url_id',
          'c.url_id as collection_url_id',
          sql<number | null>`coalesce(
            (select min(case when v.is_on_sale then v.sale_price_cents else v.price_cents end)
               from product_variants v
              where v.website_id = p.website_id and v.product_id = p.product_id),
            case when p.is_on_sale then p.sale_price_cents else p.price_cents end)`.as('min_cents'),
          sql<number | null>`coalesce(
            (select max(case when v.is_on_sale then v.sale_price_cents else v.price_cents end)
               from product_variants v
              where v.website_id = p.website_id and v.product_id = p.product_id),
            case when p.is_on_sale then p.sale_price_cents else p.price_cents end)`.as('max_cents'),
          eb
            .selectFrom('product_images as i')
            .select('i.media_id')
            .whereRef('i.website_id', '=', 'p.website_id')
            .whereRef('i.product_id', '=', 'p.product_id')
            .orderBy('i.display_index')
            .limit(1)
            .as('image_media_id'),
        ])
        .where('p.website_id', '=', websiteId)
        .where('p.product_id', 'in', productIds)
        .execute();
      const imageIds = rows.flatMap((r) => (r.image_media_id ? [r.image_media_id] : []));
      const media = new Map((await mediaRows(websiteId, imageIds)).map((m) => [m.media_id, m]));
      return rows.map(({ image_media_id, ...row }) => ({
        ...row,
        min_cents: row.min_cents === null ? null : Number(row.min_cents),
        max_cents: row.max_cents === null ? null : Number(row.max_cents),
        image: (image_media_id && media.get(image_media_id)) || null,
      }));
    },
  };
}

export function emptyCounts(): CampaignCounts {
  return { total: 0, queued: 0, sending: 0, sent: 0, failed: 0, skipped: 0 };
}
