import type { SubscriberStatus, WebhookEventData } from '@atelier/contract';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DB, MailingListSubscribersTable, SubscriberSourceColumn } from '../../db/db-types.ts';
import { mailQueries, type OutgoingMail } from '../mail/mail.repo.ts';
import { webhookQueries } from '../webhooks/webhooks.repo.ts';

// Mailing lists and subscribers (issue 21). The sign-up's writes — the pending row and its
// confirmation email — are one SQL piece (`pendingSignUpSql`) that the form submission's
// statement embeds, so a newsletter block's submission, its subscriber and its email
// commit together or not at all.

export type NewsletterRepo = ReturnType<typeof createNewsletterRepo>;

export type ListRow = {
  list_id: string;
  name: string;
  description: string;
  created_at: Date;
  pending: number;
  subscribed: number;
  unsubscribed: number;
  bounced: number;
};

export type SubscriberRow = {
  subscriber_id: string;
  list_id: string;
  email: string;
  name: string;
  status: SubscriberStatus;
  source: SubscriberSourceColumn;
  created_at: Date;
  subscribed_at: Date | null;
  unsubscribed_at: Date | null;
};

/** A confirmation link stays good this long; a newer one replaces it. */
export const CONFIRM_LINK_DAYS = 7;
/** A repeated sign-up within this time sends no new email: nobody's inbox is a target. */
export const CONFIRM_RESEND_MINUTES = 10;

export type PendingSignUp = {
  websiteId: string;
  listId: string;
  email: string;
  name: string;
  source: SubscriberSourceColumn;
  /** SHA-256 of the token in the confirmation link. */
  confirmTokenHash: string;
  /** Used only when the address is new to the list. */
  unsubscribeToken: string;
  /** The confirmation email, sent only when the row (re)enters pending. */
  mail: OutgoingMail;
};

/**
 * The CTEs `signed_up` and `confirm_mailed` that add or refresh a pending subscriber and
 * queue its confirmation, for each row of `source` (a CTE with a `website_id` column; one
 * row, or none to do nothing). An address already subscribed is left alone and gets no
 * email; one that unsubscribed, or never confirmed, is pending again with a new link unless
 * the last one went out minutes ago (so a form cannot be used to flood someone's inbox). A
 * row that unsubscribed keeps `unsubscribed_at` while pending: until the person follows the
 * link, an import or an owner's add treats them as someone who left. A bounced address is
 * left alone (it cannot receive the link). A deleted list matches nothing.
 */
export function pendingSignUpSql(input: PendingSignUp, source: string): RawBuilder<unknown> {
  return sql`signed_up as (
      insert into mailing_list_subscribers (website_id, list_id, email, email_key, name, status,
        source, confirm_token_hash, confirm_sent_at, unsubscribe_token)
      select l.website_id, l.list_id, ${input.email}::text, ${input.email.toLowerCase()}::text,
        ${input.name}::text, 'pending', ${input.source}::text, ${input.confirmTokenHash}::text,
        now(), ${input.unsubscribeToken}::text
      from ${sql.id(source)} s
      join mailing_lists l on l.website_id = s.website_id and l.list_id = ${input.listId}::uuid
      on conflict (website_id, list_id, email_key) do update
        set status = 'pending',
          confirm_token_hash = excluded.confirm_token_hash,
          confirm_sent_at = excluded.confirm_sent_at,
          name = case when excluded.name <> '' then excluded.name
            else mailing_list_subscribers.name end,
          updated_at = now()
        where mailing_list_subscribers.status in ('pending', 'unsubscribed')
          and (mailing_list_subscribers.confirm_sent_at is null
            or mailing_list_subscribers.confirm_sent_at
              < now() - make_interval(mins => ${CONFIRM_RESEND_MINUTES}))
      returning website_id
    ), confirm_mailed as (
      insert into mail_outbox (website_id, kind, to_email, subject, body_text)
      select website_id, ${input.mail.kind}::text, ${input.mail.to}::text,
        ${input.mail.subject}::text, ${input.mail.bodyText}::text
      from signed_up
    )`;
}

const listColumns = sql<ListRow>`l.list_id, l.name, l.description, l.created_at,
  coalesce(c.pending, 0)::int as pending, coalesce(c.subscribed, 0)::int as subscribed,
  coalesce(c.unsubscribed, 0)::int as unsubscribed, coalesce(c.bounced, 0)::int as bounced`;

const subscriberColumns = [
  'subscriber_id',
  'list_id',
  'email',
  'name',
  'status',
  'source',
  'created_at',
  'subscribed_at',
  'unsubscribed_at',
] as const;

export function createNewsletterRepo(db: Kysely<DB>) {
  const countsJoin = (websiteId: string) => sql`left join (
      select list_id,
        count(*) filter (where status = 'pending') as pending,
        count(*) filter (where status = 'subscribed') as subscribed,
        count(*) filter (where status = 'unsubscribed') as unsubscribed,
        count(*) filter (where status = 'bounced') as bounced
      from mailing_list_subscribers where website_id = ${websiteId}::uuid
      group by list_id
    ) c on c.list_id = l.list_id`;

  const repo = {
    async lists(websiteId: string): Promise<ListRow[]> {
      const { rows } = await sql<ListRow>`
        select ${listColumns} from mailing_lists l ${countsJoin(websiteId)}
        where l.website_id = ${websiteId}::uuid
        order by lower(l.name), l.list_id`.execute(db);
      return rows;
    },

    async list(websiteId: string, listId: string): Promise<ListRow | undefined> {
      const { rows } = await sql<ListRow>`
        select ${listColumns} from mailing_lists l ${countsJoin(websiteId)}
        where l.website_id = ${websiteId}::uuid and l.list_id = ${listId}::uuid`.execute(db);
      return rows[0];
    },

    async insertList(websiteId: string, input: { name: string; description: string }) {
      return db
        .insertInto('mailing_lists')
        .values({ website_id: websiteId, name: input.name, description: input.description })
        .returning('list_id')
        .executeTakeFirstOrThrow();
    },

    async updateList(
      websiteId: string,
      listId: string,
      input: { name: string; description: string },
    ): Promise<boolean> {
      const result = await db
        .updateTable('mailing_lists')
        .set({ name: input.name, description: input.description })
        .where('website_id', '=', websiteId)
        .where('list_id', '=', listId)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async deleteList(websiteId: string, listId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('mailing_lists')
        .where('website_id', '=', websiteId)
        .where('list_id', '=', listId)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    async subscriberPage(input: {
      websiteId: string;
      listId: string;
      q: string;
      status: SubscriberStatus | 'all';
      limit: number;
      offset: number;
    }): Promise<{ rows: SubscriberRow[]; total: number }> {
      let query = db
        .selectFrom('mailing_list_subscribers')
        .where('website_id', '=', input.websiteId)
        .where('list_id', '=', input.listId);
      if (input.status !== 'all') query = query.where('status', '=', input.status);
      if (input.q) {
        const pattern = `%${input.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        query = query.where((eb) =>
          eb.or([eb('email', 'ilike', pattern), eb('name', 'ilike', pattern)]),
        );
      }
      const [rows, count] = await Promise.all([
        query
          .select(subscriberColumns)
          .orderBy('created_at', 'desc')
          .orderBy('subscriber_id')
          .limit(input.limit)
          .offset(input.offset)
          .execute(),
        query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { rows: rows as SubscriberRow[], total: Number(count.total) };
    },

    /** Every subscriber of a list in pages, oldest first, for the CSV. */
    async *allSubscribers(websiteId: string, listId: string, size = 1000) {
      let after: { createdAt: Date; id: string } | undefined;
      for (;;) {
        let query = db
          .selectFrom('mailing_list_subscribers')
          .select(subscriberColumns)
          .where('website_id', '=', websiteId)
          .where('list_id', '=', listId);
        if (after) {
          const { createdAt, id } = after;
          query = query.where((eb) =>
            eb.or([
              eb('created_at', '>', createdAt),
              eb.and([eb('created_at', '=', createdAt), eb('subscriber_id', '>', id)]),
            ]),
          );
        }
        const rows = (await query
          .orderBy('created_at')
          .orderBy('subscriber_id')
          .limit(size)
          .execute()) as SubscriberRow[];
        if (rows.length > 0) yield rows;
        const last = rows.at(-1);
        if (!last || rows.length < size) return;
        after = { createdAt: last.created_at, id: last.subscriber_id };
      }
    },

    async subscriber(
      websiteId: string,
      listId: string,
      subscriberId: string,
    ): Promise<SubscriberRow | undefined> {
      const row = await db
        .selectFrom('mailing_list_subscribers')
        .select(subscriberColumns)
        .where('website_id', '=', websiteId)
        .where('list_id', '=', listId)
        .where('subscriber_id', '=', subscriberId)
        .executeTakeFirst();
      return row as SubscriberRow | undefined;
    },

    async deleteSubscriber(websiteId: string, listId: string, subscriberId: string) {
      const result = await db
        .deleteFrom('mailing_list_subscribers')
        .where('website_id', '=', websiteId)
        .where('list_id', '=', listId)
        .where('subscriber_id', '=', subscriberId)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /** Unsubscribes one address the owner picked; answers the row as it is after. */
    async unsubscribe(websiteId: string, listId: string, subscriberId: string) {
      await db
        .updateTable('mailing_list_subscribers')
        .set({ status: 'unsubscribed', unsubscribed_at: new Date(), updated_at: new Date() })
        .where('website_id', '=', websiteId)
        .where('list_id', '=', listId)
        .where('subscriber_id', '=', subscriberId)
        .where('status', 'in', ['pending', 'subscribed'])
        .execute();
      return repo.subscriber(websiteId, listId, subscriberId);
    },

    /** A sign-up outside the form statement (a restock sign-up's "join the list"). */
    async signUpPending(input: PendingSignUp): Promise<boolean> {
      const { rows } = await sql<{ mailed: boolean }>`
        with here as (select ${input.websiteId}::uuid as website_id),
        ${pendingSignUpSql(input, 'here')}
        select exists (select 1 from signed_up) as mailed`.execute(db);
      return rows[0]?.mailed ?? false;
    },

    /**
     * Subscribes the pending row the link names, once: `confirmed` the first time,
     * `already` for a second click, `invalid` for a link replaced by a newer one, expired,
     * or of an address that has since left. The newsletter.subscribed event goes with it.
     */
    async confirm(
      websiteId: string,
      tokenHash: string,
      /** The welcome email with the unsubscribe link, written with the subscription. */
      welcome: (row: SubscriberRow & { unsubscribe_token: string }) => OutgoingMail,
    ): Promise<{ state: 'confirmed' | 'already' | 'invalid'; row?: SubscriberRow }> {
      return db.transaction().execute(async (trx) => {
        const row = (await trx
          .selectFrom('mailing_list_subscribers')
          .select([...subscriberColumns, 'confirm_sent_at'])
          .where('website_id', '=', websiteId)
          .where('confirm_token_hash', '=', tokenHash)
          .forUpdate()
          .executeTakeFirst()) as (SubscriberRow & { confirm_sent_at: Date | null }) | undefined;
        if (!row) return { state: 'invalid' };
        if (row.status === 'subscribed') return { state: 'already', row };
        const sentAt = row.confirm_sent_at ? new Date(row.confirm_sent_at).getTime() : 0;
        if (row.status !== 'pending' || Date.now() - sentAt > CONFIRM_LINK_DAYS * 86_400_000) {
          return { state: 'invalid', row };
        }
        const updated = (await trx
          .updateTable('mailing_list_subscribers')
          // Following the link is their own consent again: they no longer count as left.
          .set({
            status: 'subscribed',
            subscribed_at: new Date(),
            unsubscribed_at: null,
            updated_at: new Date(),
          })
          .where('website_id', '=', websiteId)
          .where('subscriber_id', '=', row.subscriber_id)
          .returning([...subscriberColumns, 'unsubscribe_token'])
          .executeTakeFirstOrThrow()) as SubscriberRow & { unsubscribe_token: string };
        await emitSubscribed(trx, websiteId, [updated]);
        await mailQueries(trx).enqueue(websiteId, [welcome(updated)]);
        return { state: 'confirmed', row: updated };
      });
    },

    async byConfirmToken(websiteId: string, tokenHash: string) {
      return db
        .selectFrom('mailing_list_subscribers as s')
        .innerJoin('mailing_lists as l', (join) =>
          join.onRef('l.website_id', '=', 's.website_id').onRef('l.list_id', '=', 's.list_id'),
        )
        .select(['s.status', 's.confirm_sent_at', 'l.name as list_name'])
        .where('s.website_id', '=', websiteId)
        .where('s.confirm_token_hash', '=', tokenHash)
        .executeTakeFirst();
    },

    async byUnsubscribeToken(websiteId: string, token: string) {
      const row = await db
        .selectFrom('mailing_list_subscribers as s')
        .innerJoin('mailing_lists as l', (join) =>
          join.onRef('l.website_id', '=', 's.website_id').onRef('l.list_id', '=', 's.list_id'),
        )
        .select(['s.subscriber_id', 's.email', 's.status', 'l.name as list_name'])
        .where('s.website_id', '=', websiteId)
        .where('s.unsubscribe_token', '=', token)
        .executeTakeFirst();
      return row;
    },

    /** One click: the address leaves the list. A bounced address stays bounced. */
    async unsubscribeByToken(websiteId: string, token: string): Promise<boolean> {
      const result = await db
        .updateTable('mailing_list_subscribers')
        .set({ status: 'unsubscribed', unsubscribed_at: new Date(), updated_at: new Date() })
        .where('website_id', '=', websiteId)
        .where('unsubscribe_token', '=', token)
        .where('status', 'in', ['pending', 'subscribed'])
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /**
     * Adds addresses the owner has permission to email, subscribed at once: new ones are
     * inserted, pending ones subscribed; subscribed ones only get a missing name, and
     * those who left are not touched. The list's row is locked, so two imports into one
     * list take turns. Answers what happened to each address (lower-cased).
     */
    async addSubscribed(input: {
      websiteId: string;
      listId: string;
      source: SubscriberSourceColumn;
      people: readonly { email: string; name: string; unsubscribeToken: string }[];
    }): Promise<Map<string, 'added' | 'confirmed' | 'unchanged' | 'skipped'> | undefined> {
      return db.transaction().execute(async (trx) => {
        const list = await trx
          .selectFrom('mailing_lists')
          .select('list_id')
          .where('website_id', '=', input.websiteId)
          .where('list_id', '=', input.listId)
          .forUpdate()
          .executeTakeFirst();
        if (!list) return undefined;
        const outcome = new Map<string, 'added' | 'confirmed' | 'unchanged' | 'skipped'>();
        const changed: SubscriberRow[] = [];
        for (let start = 0; start < input.people.length; start += 500) {
          const chunk = input.people.slice(start, start + 500);
          const existing = new Map(
            (
              await trx
                .selectFrom('mailing_list_subscribers')
                .select(['email_key', 'status', 'name', 'unsubscribed_at'])
                .where('website_id', '=', input.websiteId)
                .where('list_id', '=', input.listId)
                .where(
                  'email_key',
                  'in',
                  chunk.map((p) => p.email.toLowerCase()),
                )
                .execute()
            ).map((row) => [row.email_key, row]),
          );
          const fresh: Insertable[] = [];
          const toConfirm: string[] = [];
          const toName: { key: string; name: string }[] = [];
          for (const person of chunk) {
            const key = person.email.toLowerCase();
            if (outcome.has(key)) continue;
            const row = existing.get(key);
            if (!row) {
              outcome.set(key, 'added');
              fresh.push({
                website_id: input.websiteId,
                list_id: input.listId,
                email: person.email,
                email_key: key,
                name: person.name,
                status: 'subscribed',
                source: input.source,
                unsubscribe_token: person.unsubscribeToken,
                subscribed_at: new Date(),
              });
            } else if (row.status === 'pending' && row.unsubscribed_at === null) {
              outcome.set(key, 'confirmed');
              toConfirm.push(key);
              if (person.name && !row.name) toName.push({ key, name: person.name });
            } else if (row.status === 'subscribed') {
              outcome.set(key, 'unchanged');
              if (person.name && !row.name) toName.push({ key, name: person.name });
            } else {
              outcome.set(key, 'skipped');
            }
          }
          if (fresh.length > 0) {
            changed.push(
              ...((await trx
                .insertInto('mailing_list_subscribers')
                .values(fresh)
                .returning(subscriberColumns)
                .execute()) as SubscriberRow[]),
            );
          }
          if (toConfirm.length > 0) {
            changed.push(
              ...((await trx
                .updateTable('mailing_list_subscribers')
                .set({ status: 'subscribed', subscribed_at: new Date(), updated_at: new Date() })
                .where('website_id', '=', input.websiteId)
                .where('list_id', '=', input.listId)
                .where('email_key', 'in', toConfirm)
                .returning(subscriberColumns)
                .execute()) as SubscriberRow[]),
            );
          }
          for (const { key, name } of toName) {
            await trx
              .updateTable('mailing_list_subscribers')
              .set({ name, updated_at: new Date() })
              .where('website_id', '=', input.websiteId)
              .where('list_id', '=', input.listId)
              .where('email_key', '=', key)
              .execute();
          }
        }
        await emitSubscribed(trx, input.websiteId, changed);
        return outcome;
      });
    },

    /** The website's lists, each with this address's status on it (null: never on it). */
    async listsForEmail(websiteId: string, email: string) {
      const rows = await db
        .selectFrom('mailing_lists as l')
        .leftJoin('mailing_list_subscribers as s', (join) =>
          join
            .onRef('s.website_id', '=', 'l.website_id')
            .onRef('s.list_id', '=', 'l.list_id')
            .on('s.email_key', '=', email.toLowerCase()),
        )
        .select(['l.list_id', 'l.name', 'l.description', 's.status'])
        .where('l.website_id', '=', websiteId)
        .orderBy(sql`lower(l.name)`)
        .orderBy('l.list_id')
        .execute();
      return rows as {
        list_id: string;
        name: string;
        description: string;
        status: SubscriberStatus | null;
      }[];
    },

    /**
     * The holder of a customer account subscribes its confirmed address from the account
     * page: their own tick is the consent and the account's confirmation proved the
     * address, so the row is subscribed at once — new (source 'account'), or a pending or
     * unsubscribed one (the source it came from stays). A subscribed row is left as it is,
     * and a bounced one too: it cannot receive mail. The webhook event and the welcome
     * email with the unsubscribe link go in the same transaction. Answers whether it changed.
     */
    async subscribeConfirmedAddress(input: {
      websiteId: string;
      listId: string;
      email: string;
      unsubscribeToken: string;
      welcome: (row: SubscriberRow & { unsubscribe_token: string }) => OutgoingMail;
    }): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const { rows } = await sql<SubscriberRow & { unsubscribe_token: string }>`
          insert into mailing_list_subscribers (website_id, list_id, email, email_key, status,
            source, unsubscribe_token, subscribed_at)
          select l.website_id, l.list_id, ${input.email}::text, ${input.email.toLowerCase()}::text,
            'subscribed', 'account', ${input.unsubscribeToken}::text, now()
          from mailing_lists l
          where l.website_id = ${input.websiteId}::uuid and l.list_id = ${input.listId}::uuid
          on conflict (website_id, list_id, email_key) do update
            set status = 'subscribed', subscribed_at = now(), unsubscribed_at = null,
              confirm_token_hash = null, updated_at = now()
            where mailing_list_subscribers.status in ('pending', 'unsubscribed')
          returning subscriber_id, list_id, email, name, status, source, created_at,
            subscribed_at, unsubscribed_at, unsubscribe_token`.execute(trx);
        if (rows.length === 0) return false;
        await emitSubscribed(trx, input.websiteId, rows);
        await mailQueries(trx).enqueue(
          input.websiteId,
          rows.map((row) => input.welcome(row)),
        );
        return true;
      });
    },

    /** The address leaves one list (from the account page). A bounced address stays bounced. */
    async unsubscribeAddress(websiteId: string, listId: string, email: string): Promise<void> {
      await db
        .updateTable('mailing_list_subscribers')
        .set({ status: 'unsubscribed', unsubscribed_at: new Date(), updated_at: new Date() })
        .where('website_id', '=', websiteId)
        .where('list_id', '=', listId)
        .where('email_key', '=', email.toLowerCase())
        .where('status', 'in', ['pending', 'subscribed'])
        .execute();
    },

    /** The first subscriber row of an address on a list, for answers after an add. */
    async subscriberByEmail(websiteId: string, listId: string, email: string) {
      const row = await db
        .selectFrom('mailing_list_subscribers')
        .select(subscriberColumns)
        .where('website_id', '=', websiteId)
        .where('list_id', '=', listId)
        .where('email_key', '=', email.toLowerCase())
        .executeTakeFirst();
      return row as SubscriberRow | undefined;
    },

    /** Emails subscribed to any of the website's lists, of those asked (customers' column). */
    async subscribedEmails(websiteId: string, emails: readonly string[]): Promise<Set<string>> {
      if (emails.length === 0) return new Set();
      const rows = await db
        .selectFrom('mailing_list_subscribers')
        .select('email_key')
        .distinct()
        .where('website_id', '=', websiteId)
        .where('status', '=', 'subscribed')
        .where(
          'email_key',
          'in',
          emails.map((e) => e.toLowerCase()),
        )
        .execute();
      return new Set(rows.map((row) => row.email_key));
    },
  };
  return repo;
}

type Insertable = {
  website_id: string;
  list_id: string;
  email: string;
  email_key: string;
  name: string;
  status: MailingListSubscribersTable['status']['__insert__'];
  source: SubscriberSourceColumn;
  unsubscribe_token: string;
  subscribed_at: Date;
};

/** newsletter.subscribed for each address that became subscribed, in the caller's transaction. */
async function emitSubscribed(trx: Kysely<DB>, websiteId: string, rows: readonly SubscriberRow[]) {
  if (rows.length === 0) return;
  const listening = await trx
    .selectFrom('webhook_endpoints')
    .select('endpoint_id')
    .where('website_id', '=', websiteId)
    .where('disabled_at', 'is', null)
    .where(sql<boolean>`'newsletter.subscribed' = any(events)`)
    .executeTakeFirst();
  if (!listening) return;
  const hooks = webhookQueries(trx);
  for (const row of rows) {
    await hooks.emit(websiteId, {
      type: 'newsletter.subscribed',
      orderingKey: null,
      data: {
        listId: row.list_id,
        email: row.email,
        subscribedAt: new Date(row.subscribed_at ?? Date.now()).toISOString(),
      } satisfies WebhookEventData<'newsletter.subscribed'>,
    });
  }
}
