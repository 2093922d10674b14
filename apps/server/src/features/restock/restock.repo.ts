import type { WebhookEventData } from '@atelier/contract';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/db-types.ts';
import { type MailQueries, mailQueries } from '../mail/mail.repo.ts';
import { createNewsletterRepo, type PendingSignUp } from '../newsletter/newsletter.repo.ts';
import { webhookQueries } from '../webhooks/webhooks.repo.ts';

// Restock sign-ups (issue 21). Every function takes the executor it is given; sends run
// inside `transaction`, which locks the waiting rows, marks them notified and writes their
// emails on one connection, so a sign-up is emailed exactly once however many sends race.

export type RestockQueries = ReturnType<typeof restockQueries>;
export type RestockRepo = RestockQueries & {
  transaction<T>(work: (queries: RestockQueries) => Promise<T>): Promise<T>;
};

export function createRestockRepo(db: Kysely<DB>): RestockRepo {
  return {
    ...restockQueries(db),
    transaction: (work) => db.transaction().execute((trx) => work(restockQueries(trx))),
  };
}

/** A variant as a sign-up or a send needs it: its product, stock and whether it takes sign-ups. */
export type RestockVariantRow = {
  product_id: string;
  variant_id: string;
  product_type: number;
  product_title: string;
  product_url_id: string;
  collection_url_id: string;
  is_visible: boolean;
  sku: string;
  option_values: { optionName: string; value: string }[];
  qty_in_stock: number;
  is_unlimited: boolean;
  is_restock_enabled: boolean;
};

export type SignUpRow = {
  sign_up_id: string;
  email: string;
  is_join_mailing_list: boolean;
  language: string | null;
  created_at: Date;
  notified_at: Date | null;
  /** created_at in microseconds since the epoch: the exact key of a page cursor. */
  created_micros: string;
};

export type SignUpGroupRow = {
  product_id: string;
  variant_id: string;
  product_title: string;
  sku: string;
  option_values: { optionName: string; value: string }[];
  qty_in_stock: number;
  is_unlimited: boolean;
  waiting_count: number;
  notified_count: number;
  last_signed_up_at: Date;
  last_micros: string;
};

const micros = (column: string) =>
  sql<string>`(extract(epoch from ${sql.ref(column)}) * 1000000)::bigint::text`;

/** Variants with their products: where a sign-up's variant and a group of sign-ups start. */
const variantsWithProducts = (db: Kysely<DB>) =>
  db
    .selectFrom('product_variants as v')
    .innerJoin('products as p', (join) =>
      join.onRef('p.website_id', '=', 'v.website_id').onRef('p.product_id', '=', 'v.product_id'),
    );

/** What both a variant and a group of its sign-ups show of the variant. */
const VARIANT_SHOWN = [
  'v.product_id',
  'v.variant_id',
  'p.title as product_title',
  'v.sku',
  'v.option_values',
  'v.qty_in_stock',
  'v.is_unlimited',
] as const;

export function restockQueries(db: Kysely<DB>) {
  return {
    mail: mailQueries(db) as MailQueries,

    async findVariant(
      websiteId: string,
      productId: string,
      variantId: string,
    ): Promise<RestockVariantRow | undefined> {
      const row = await variantsWithProducts(db)
        .innerJoin('collections as c', (join) =>
          join
            .onRef('c.website_id', '=', 'p.website_id')
            .onRef('c.collection_id', '=', 'p.collection_id'),
        )
        .leftJoin('product_merchandising as m', (join) =>
          join
            .onRef('m.website_id', '=', 'p.website_id')
            .onRef('m.product_id', '=', 'p.product_id'),
        )
        .select([
          ...VARIANT_SHOWN,
          'p.product_type',
          'p.url_id as product_url_id',
          'c.url_id as collection_url_id',
          'p.is_visible',
          // No merchandising row: the defaults, which offer sign-ups (0002-catalog-admin).
          sql<boolean>`coalesce(m.is_restock_notification_enabled, true)`.as('is_restock_enabled'),
        ])
        .where('v.website_id', '=', websiteId)
        .where('v.product_id', '=', productId)
        .where('v.variant_id', '=', variantId)
        .executeTakeFirst();
      return row as RestockVariantRow | undefined;
    },

    /** Adds a waiting sign-up; false when this email already waits for the variant. */
    async insertSignUp(input: {
      websiteId: string;
      productId: string;
      variantId: string;
      email: string;
      isJoinMailingList: boolean;
      language: string | null;
      /** The mailing list's pending sign-up, when the shopper ticked "join" (issue 21). */
      joinList?: PendingSignUp | null;
    }): Promise<boolean> {
      // The sign-up and its restock.signed_up webhook event commit together (issue 21),
      // in the caller's transaction when there is one.
      const inOne = <T>(work: (trx: Kysely<DB>) => Promise<T>): Promise<T> =>
        db.isTransaction ? work(db) : db.transaction().execute(work);
      return inOne(async (trx) => {
        const added = await trx
          .insertInto('restock_sign_ups')
          .values({
            website_id: input.websiteId,
            product_id: input.productId,
            variant_id: input.variantId,
            email: input.email,
            email_key: input.email.toLowerCase(),
            is_join_mailing_list: input.isJoinMailingList,
            language: input.language,
          })
          .onConflict((oc) =>
            oc
              .columns(['website_id', 'variant_id', 'email_key'])
              .where('notified_at', 'is', null)
              .doNothing(),
          )
          .returning(['sign_up_id', 'created_at'])
          .executeTakeFirst();
        // Joined even on a repeat: the shopper may tick the box the second time.
        if (input.joinList) await createNewsletterRepo(trx).signUpPending(input.joinList);
        if (!added) return false;
        await webhookQueries(trx).emit(input.websiteId, {
          type: 'restock.signed_up',
          orderingKey: null,
          data: {
            productId: input.productId,
            variantId: input.variantId,
            email: input.email,
            signedUpAt: new Date(added.created_at).toISOString(),
          } satisfies WebhookEventData<'restock.signed_up'>,
        });
        return true;
      });
    },

    /** Variants with sign-ups, newest sign-up first; `after` is the last row's key. */
    async listGroups(input: {
      websiteId: string;
      limit: number;
      after?: { micros: string; variantId: string } | undefined;
    }): Promise<SignUpGroupRow[]> {
      let query = variantsWithProducts(db)
        .innerJoin('restock_sign_ups as s', (join) =>
          join
            .onRef('s.website_id', '=', 'v.website_id')
            .onRef('s.variant_id', '=', 'v.variant_id'),
        )
        .select([
          ...VARIANT_SHOWN,
          sql<number>`count(*) filter (where s.notified_at is null)::int`.as('waiting_count'),
          sql<number>`count(*) filter (where s.notified_at is not null)::int`.as('notified_count'),
          sql<Date>`max(s.created_at)`.as('last_signed_up_at'),
          sql<string>`(extract(epoch from max(s.created_at)) * 1000000)::bigint::text`.as(
            'last_micros',
          ),
        ])
        .where('s.website_id', '=', input.websiteId)
        .groupBy([
          'v.product_id',
          'v.variant_id',
          'p.title',
          'v.sku',
          'v.option_values',
          'v.qty_in_stock',
          'v.is_unlimited',
        ]);
      const after = input.after;
      if (after) {
        query = query.having(
          sql<boolean>`((extract(epoch from max(s.created_at)) * 1000000)::bigint, v.variant_id) < (${after.micros}::bigint, ${after.variantId}::uuid)`,
        );
      }
      const rows = await query
        .orderBy(sql`max(s.created_at)`, 'desc')
        .orderBy('v.variant_id', 'desc')
        .limit(input.limit)
        .execute();
      return rows as SignUpGroupRow[];
    },

    /** A variant's sign-ups in the order they came (the order waves follow). */
    async listSignUps(input: {
      websiteId: string;
      variantId: string;
      limit: number;
      after?: { micros: string; signUpId: string } | undefined;
    }): Promise<SignUpRow[]> {
      let query = db
        .selectFrom('restock_sign_ups')
        .select([
          'sign_up_id',
          'email',
          'is_join_mailing_list',
          'language',
          'created_at',
          'notified_at',
          micros('created_at').as('created_micros'),
        ])
        .where('website_id', '=', input.websiteId)
        .where('variant_id', '=', input.variantId);
      const after = input.after;
      if (after) {
        query = query.where(
          sql<boolean>`((extract(epoch from created_at) * 1000000)::bigint, sign_up_id) > (${after.micros}::bigint, ${after.signUpId}::uuid)`,
        );
      }
      return query.orderBy('created_at').orderBy('sign_up_id').limit(input.limit).execute();
    },

    async hasWave(websiteId: string, waveId: string): Promise<boolean> {
      const row = await db
        .selectFrom('restock_sign_ups')
        .select('sign_up_id')
        .where('website_id', '=', websiteId)
        .where('wave_id', '=', waveId)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Locks the first `limit` waiting sign-ups of the variant (all when null), first come
     * first served, and marks them notified by `waveId`. Only rows this call changed come
     * back: a row another send notified while this one waited for its lock is left out.
     */
    async takeWaiting(input: {
      websiteId: string;
      variantId: string;
      limit: number | null;
      waveId: string;
    }): Promise<{ sign_up_id: string; email: string }[]> {
      let query = db
        .selectFrom('restock_sign_ups')
        .select('sign_up_id')
        .where('website_id', '=', input.websiteId)
        .where('variant_id', '=', input.variantId)
        .where('notified_at', 'is', null)
        .orderBy('created_at')
        .orderBy('sign_up_id');
      if (input.limit !== null) query = query.limit(input.limit);
      const locked = await query.forUpdate().execute();
      if (locked.length === 0) return [];
      return db
        .updateTable('restock_sign_ups')
        .set({ notified_at: sql<Date>`now()`, wave_id: input.waveId })
        .where('website_id', '=', input.websiteId)
        .where(
          'sign_up_id',
          'in',
          locked.map((row) => row.sign_up_id),
        )
        .where('notified_at', 'is', null)
        .returning(['sign_up_id', 'email'])
        .execute();
    },
  };
}
