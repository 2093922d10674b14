import { type CartMergePlan, cartMergePlan } from '@atelier/core';
import { type Kysely, sql } from 'kysely';
import type { DB, OrderRow, SiteUserRow } from '../../db/db-types.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { mailQueries, type OutgoingMail } from '../mail/mail.repo.ts';

// Customer accounts' rows: accounts, their sessions and one-time links, and the two
// places accounts touch other features' tables (the saved cart; orders by email).

export type SiteUsersRepo = ReturnType<typeof createSiteUsersRepo>;

export type SessionWithUser = {
  user: SiteUserRow;
  isRemembered: boolean;
  createdAt: Date;
  lastSeenAt: Date;
};

export type TokenPurpose = 'verify-email' | 'reset-password';

export type AccountOrderRow = Pick<
  OrderRow,
  | 'order_id'
  | 'order_number'
  | 'created_at'
  | 'status'
  | 'fulfillment_status'
  | 'grand_total_cents'
  | 'currency'
  | 'secret_token'
> & { item_count: number };

export function createSiteUsersRepo(db: Kysely<DB>) {
  return {
    findByEmail(websiteId: string, email: string): Promise<SiteUserRow | undefined> {
      return db
        .selectFrom('site_users')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .executeTakeFirst();
    },

    findById(websiteId: string, siteUserId: string): Promise<SiteUserRow | undefined> {
      return db
        .selectFrom('site_users')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('site_user_id', '=', siteUserId)
        .executeTakeFirst();
    },

    /**
     * A new account and its verification email, in one transaction; undefined (and no
     * email) when the address has an account already.
     */
    async insertUser(input: {
      websiteId: string;
      email: string;
      passwordHash: string;
      language: string | null;
      token: { hash: string; expiresAt: Date };
      mail: (siteUserId: string) => OutgoingMail;
    }): Promise<SiteUserRow | undefined> {
      try {
        return await db.transaction().execute(async (trx) => {
          const user = await trx
            .insertInto('site_users')
            .values({
              website_id: input.websiteId,
              email: input.email,
              password_hash: input.passwordHash,
              language: input.language,
            })
            .returningAll()
            .executeTakeFirstOrThrow();
          await insertToken(trx, {
            websiteId: input.websiteId,
            siteUserId: user.site_user_id,
            purpose: 'verify-email',
            email: input.email,
            ...input.token,
          });
          await mailQueries(trx).enqueue(input.websiteId, [input.mail(user.site_user_id)]);
          return user;
        });
      } catch (error) {
        if (isUniqueViolation(error)) return undefined;
        throw error;
      }
    },

    /**
     * A one-time link and the email carrying it, in one transaction. Earlier unused links
     * of the same purpose stop working: only the newest link a person asked for opens.
     */
    issueToken(input: {
      websiteId: string;
      siteUserId: string;
      purpose: TokenPurpose;
      email: string;
      hash: string;
      expiresAt: Date;
      now: Date;
      mail: OutgoingMail;
    }): Promise<void> {
      return db.transaction().execute(async (trx) => {
        await trx
          .updateTable('site_user_tokens')
          .set({ used_at: input.now })
          .where('website_id', '=', input.websiteId)
          .where('site_user_id', '=', input.siteUserId)
          .where('purpose', '=', input.purpose)
          .where('used_at', 'is', null)
          .execute();
        await insertToken(trx, input);
        await mailQueries(trx).enqueue(input.websiteId, [input.mail]);
      });
    },

    /** A link that is still unused and unexpired, without spending it. */
    findCurrentToken(input: {
      websiteId: string;
      hash: string;
      purpose: TokenPurpose;
      now: Date;
    }): Promise<{ site_user_id: string; email: string } | undefined> {
      return db
        .selectFrom('site_user_tokens')
        .select(['site_user_id', 'email'])
        .where('website_id', '=', input.websiteId)
        .where('token_hash', '=', input.hash)
        .where('purpose', '=', input.purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', input.now)
        .executeTakeFirst();
    },

    /** Mail that is not tied to a change (the "you already have an account" note). */
    async enqueueMail(websiteId: string, mail: OutgoingMail): Promise<void> {
      await mailQueries(db).enqueue(websiteId, [mail]);
    },

    /**
     * Spends a verification link: the account's email becomes the one the link was sent
     * to, confirmed. Undefined when the link is unknown, used, expired, or its address
     * now belongs to another account; then nothing changes and the link stays spent only
     * if it was spent before.
     */
    async verifyEmail(input: {
      websiteId: string;
      hash: string;
      now: Date;
    }): Promise<SiteUserRow | undefined> {
      try {
        return await db.transaction().execute(async (trx) => {
          const token = await consumeToken(trx, { ...input, purpose: 'verify-email' });
          if (!token) return undefined;
          return trx
            .updateTable('site_users')
            .set({ email: token.email, email_verified_at: input.now, updated_at: input.now })
            .where('website_id', '=', input.websiteId)
            .where('site_user_id', '=', token.site_user_id)
            .returningAll()
            .executeTakeFirst();
        });
      } catch (error) {
        if (isUniqueViolation(error)) return undefined;
        throw error;
      }
    },

    /**
     * Spends a reset link and sets the new password; every session of the account ends.
     * Opening the link proves the inbox, so an address it was sent to is confirmed too.
     */
    resetPassword(input: {
      websiteId: string;
      hash: string;
      passwordHash: string;
      now: Date;
    }): Promise<SiteUserRow | undefined> {
      return db.transaction().execute(async (trx) => {
        const token = await consumeToken(trx, { ...input, purpose: 'reset-password' });
        if (!token) return undefined;
        const user = await trx
          .updateTable('site_users')
          .set({
            password_hash: input.passwordHash,
            updated_at: input.now,
            email_verified_at: sql<Date>`case when email = ${token.email} then coalesce(email_verified_at, ${input.now}::timestamptz) else email_verified_at end`,
          })
          .where('website_id', '=', input.websiteId)
          .where('site_user_id', '=', token.site_user_id)
          .returningAll()
          .executeTakeFirst();
        await trx
          .deleteFrom('site_user_sessions')
          .where('website_id', '=', input.websiteId)
          .where('site_user_id', '=', token.site_user_id)
          .execute();
        return user;
      });
    },

    /** A new password; every other session of the account ends, and the owner is told. */
    changePassword(input: {
      websiteId: string;
      siteUserId: string;
      passwordHash: string;
      keepTokenHash: string;
      now: Date;
      mail: OutgoingMail;
    }): Promise<void> {
      return db.transaction().execute(async (trx) => {
        await trx
          .updateTable('site_users')
          .set({ password_hash: input.passwordHash, updated_at: input.now })
          .where('website_id', '=', input.websiteId)
          .where('site_user_id', '=', input.siteUserId)
          .execute();
        await endOtherSessions(trx, input);
      });
    },

    /**
     * After a sign-in factor changed (two-step verification on or off): every other
     * session of the account ends and the owner is told, as a new password does.
     */
    endOtherSessions(input: {
      websiteId: string;
      siteUserId: string;
      keepTokenHash: string;
      mail: OutgoingMail;
    }): Promise<void> {
      return db.transaction().execute((trx) => endOtherSessions(trx, input));
    },

    async setLanguage(websiteId: string, siteUserId: string, language: string): Promise<void> {
      await db
        .updateTable('site_users')
        .set({ language })
        .where('website_id', '=', websiteId)
        .where('site_user_id', '=', siteUserId)
        .execute();
    },

    /**
     * Starts a session, clearing the account's sessions that can no longer be used (and
     * the one the browser brought, if any: a session is never carried across a sign-in).
     */
    async insertSession(input: {
      websiteId: string;
      siteUserId: string;
      tokenHash: string;
      isRemembered: boolean;
      now: Date;
      staleBefore: Date;
      replacedTokenHash: string | undefined;
    }): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('site_user_sessions')
          .where('website_id', '=', input.websiteId)
          .where((eb) =>
            eb.or([
              eb.and([
                eb('site_user_id', '=', input.siteUserId),
                eb('last_seen_at', '<', input.staleBefore),
              ]),
              ...(input.replacedTokenHash ? [eb('token_hash', '=', input.replacedTokenHash)] : []),
            ]),
          )
          .execute();
        await trx
          .insertInto('site_user_sessions')
          .values({
            website_id: input.websiteId,
            token_hash: input.tokenHash,
            site_user_id: input.siteUserId,
            is_remembered: input.isRemembered,
            created_at: input.now,
            last_seen_at: input.now,
          })
          .execute();
      });
    },

    async findSession(websiteId: string, tokenHash: string): Promise<SessionWithUser | undefined> {
      const row = await db
        .selectFrom('site_user_sessions as s')
        .innerJoin('site_users as u', (join) =>
          join
            .onRef('u.website_id', '=', 's.website_id')
            .onRef('u.site_user_id', '=', 's.site_user_id'),
        )
        .selectAll('u')
        .select(['s.is_remembered', 's.created_at as session_created_at', 's.last_seen_at'])
        .where('s.website_id', '=', websiteId)
        .where('s.token_hash', '=', tokenHash)
        .executeTakeFirst();
      if (!row) return undefined;
      const { is_remembered, session_created_at, last_seen_at, ...user } = row;
      return {
        user,
        isRemembered: is_remembered,
        createdAt: new Date(session_created_at),
        lastSeenAt: new Date(last_seen_at),
      };
    },

    async touchSession(websiteId: string, tokenHash: string, now: Date): Promise<void> {
      await db
        .updateTable('site_user_sessions')
        .set({ last_seen_at: now })
        .where('website_id', '=', websiteId)
        .where('token_hash', '=', tokenHash)
        .execute();
    },

    async deleteSession(websiteId: string, tokenHash: string): Promise<void> {
      await db
        .deleteFrom('site_user_sessions')
        .where('website_id', '=', websiteId)
        .where('token_hash', '=', tokenHash)
        .execute();
    },

    /**
     * Deletes the account: its sessions and links go with it (foreign keys), and so does
     * its saved cart unless it became an order. Orders stay, as bookkeeping law requires;
     * they never pointed at the account (only at an email), so nothing dangles.
     */
    deleteUser(websiteId: string, siteUserId: string): Promise<void> {
      return db.transaction().execute(async (trx) => {
        const user = await trx
          .deleteFrom('site_users')
          .where('website_id', '=', websiteId)
          .where('site_user_id', '=', siteUserId)
          .returning('cart_id')
          .executeTakeFirst();
        if (user?.cart_id) {
          await trx
            .deleteFrom('cart_entries')
            .where('website_id', '=', websiteId)
            .where('cart_id', '=', user.cart_id)
            .where((eb) =>
              eb.exists(
                eb
                  .selectFrom('carts')
                  .select('cart_id')
                  .where('carts.website_id', '=', websiteId)
                  .where('carts.cart_id', '=', user.cart_id)
                  .where('carts.is_purchased', '=', false),
              ),
            )
            .execute();
        }
      });
    },

    /** Orders placed with this email (as a guest or signed in), newest first. */
    listOrdersByEmail(websiteId: string, email: string): Promise<AccountOrderRow[]> {
      return db
        .selectFrom('orders as o')
        .select([
          'o.order_id',
          'o.order_number',
          'o.created_at',
          'o.status',
          'o.fulfillment_status',
          'o.grand_total_cents',
          'o.currency',
          'o.secret_token',
          (eb) =>
            eb
              .selectFrom('order_items as i')
              .select(sql<number>`coalesce(sum(i.quantity), 0)::int`.as('n'))
              .whereRef('i.website_id', '=', 'o.website_id')
              .whereRef('i.order_id', '=', 'o.order_id')
              .as('item_count'),
        ])
        .where('o.website_id', '=', websiteId)
        .where(sql<string>`lower(o.email)`, '=', email.toLowerCase())
        .orderBy('o.created_at', 'desc')
        .limit(200)
        .execute() as Promise<AccountOrderRow[]>;
    },

    /**
     * The cart the browser should hold once the account is signed in: the guest's cart
     * merged into the account's saved cart (core's cartMergePlan), in one transaction
     * holding the account row and both carts. Undefined when there is no open cart at all.
     */
    mergeCartAtSignIn(input: {
      websiteId: string;
      siteUserId: string;
      guestCartId: string | undefined;
    }): Promise<string | undefined> {
      const { websiteId, siteUserId } = input;
      return db.transaction().execute(async (trx) => {
        const user = await trx
          .selectFrom('site_users')
          .select('cart_id')
          .where('website_id', '=', websiteId)
          .where('site_user_id', '=', siteUserId)
          .forUpdate()
          .executeTakeFirst();
        const lockOpen = (cartId: string | null | undefined) =>
          cartId
            ? trx
                .selectFrom('carts')
                .select('cart_id')
                .where('website_id', '=', websiteId)
                .where('cart_id', '=', cartId)
                .where('is_purchased', '=', false)
                .forUpdate()
                .executeTakeFirst()
            : Promise.resolve(undefined);
        const saved = await lockOpen(user?.cart_id);
        const guest =
          input.guestCartId === saved?.cart_id ? undefined : await lockOpen(input.guestCartId);
        const keep = async (cartId: string | undefined) => {
          if ((cartId ?? null) !== (user?.cart_id ?? null)) {
            await trx
              .updateTable('site_users')
              .set({ cart_id: cartId ?? null })
              .where('website_id', '=', websiteId)
              .where('site_user_id', '=', siteUserId)
              .execute();
          }
          return cartId;
        };
        if (!guest) return keep(saved?.cart_id);
        if (!saved) return keep(guest.cart_id);
        const entriesOf = (cartId: string) =>
          trx
            .selectFrom('cart_entries')
            .select(['entry_id', 'variant_id', 'quantity', 'additional_fields'])
            .where('website_id', '=', websiteId)
            .where('cart_id', '=', cartId)
            .orderBy('created_at')
            .execute();
        const [accountEntries, guestEntries] = await Promise.all([
          entriesOf(saved.cart_id),
          entriesOf(guest.cart_id),
        ]);
        const toMerge = (e: (typeof accountEntries)[number]) => ({
          entryId: e.entry_id,
          variantId: e.variant_id,
          quantity: e.quantity,
          hasAnswers: e.additional_fields !== null,
        });
        const variantIds = [...new Set(guestEntries.map((e) => e.variant_id))];
        const stock =
          variantIds.length === 0
            ? []
            : await trx
                .selectFrom('product_variants')
                .select(['variant_id', 'is_unlimited', 'qty_in_stock'])
                .where('website_id', '=', websiteId)
                .where('variant_id', 'in', variantIds)
                .execute();
        const plan: CartMergePlan = cartMergePlan({
          account: accountEntries.map(toMerge),
          guest: guestEntries.map(toMerge),
          stockOf: (variantId) => {
            const row = stock.find((s) => s.variant_id === variantId);
            return row && { isUnlimited: row.is_unlimited, qtyInStock: row.qty_in_stock };
          },
        });
        const now = new Date();
        for (const update of plan.updates) {
          await trx
            .updateTable('cart_entries')
            .set({ quantity: update.quantity, updated_at: now })
            .where('website_id', '=', websiteId)
            .where('entry_id', '=', update.entryId)
            .execute();
        }
        if (plan.absorbed.length > 0) {
          await trx
            .deleteFrom('cart_entries')
            .where('website_id', '=', websiteId)
            .where('entry_id', 'in', plan.absorbed)
            .execute();
        }
        if (plan.moved.length > 0) {
          await trx
            .updateTable('cart_entries')
            .set({ cart_id: saved.cart_id, updated_at: now })
            .where('website_id', '=', websiteId)
            .where('entry_id', 'in', plan.moved)
            .execute();
        }
        await trx
          .updateTable('carts')
          .set({ updated_at: now })
          .where('website_id', '=', websiteId)
          .where('cart_id', 'in', [saved.cart_id, guest.cart_id])
          .execute();
        return saved.cart_id;
      });
    },

    /** At sign-out the browser's open cart becomes the account's saved cart. */
    async saveCart(websiteId: string, siteUserId: string, cartId: string): Promise<void> {
      await db
        .updateTable('site_users')
        .set({ cart_id: cartId })
        .where('website_id', '=', websiteId)
        .where('site_user_id', '=', siteUserId)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('carts')
              .select('cart_id')
              .where('carts.website_id', '=', websiteId)
              .where('carts.cart_id', '=', cartId)
              .where('carts.is_purchased', '=', false),
          ),
        )
        .execute();
    },

    /** A copy of an open cart for the browser to keep after signing out (cloneCart). */
    cloneCart(websiteId: string, cartId: string): Promise<string | undefined> {
      return db.transaction().execute(async (trx) => {
        const source = await trx
          .selectFrom('carts')
          .select('cart_id')
          .where('website_id', '=', websiteId)
          .where('cart_id', '=', cartId)
          .where('is_purchased', '=', false)
          .executeTakeFirst();
        if (!source) return undefined;
        const copy = await trx
          .insertInto('carts')
          .values({ website_id: websiteId })
          .returning('cart_id')
          .executeTakeFirstOrThrow();
        await sql`
          insert into cart_entries (website_id, cart_id, product_id, variant_id, quantity, additional_fields)
          select website_id, ${copy.cart_id}::uuid, product_id, variant_id, quantity, additional_fields
          from cart_entries
          where website_id = ${websiteId}::uuid and cart_id = ${cartId}::uuid
          order by created_at`.execute(trx);
        return copy.cart_id;
      });
    },
  };
}

async function insertToken(
  trx: Kysely<DB>,
  input: {
    websiteId: string;
    siteUserId: string;
    purpose: TokenPurpose;
    email: string;
    hash: string;
    expiresAt: Date;
  },
): Promise<void> {
  await trx
    .insertInto('site_user_tokens')
    .values({
      website_id: input.websiteId,
      token_hash: input.hash,
      site_user_id: input.siteUserId,
      purpose: input.purpose,
      email: input.email,
      expires_at: input.expiresAt,
    })
    .execute();
}

/** Marks a current link used and returns it; one statement, so a link opens once. */
function consumeToken(
  trx: Kysely<DB>,
  input: { websiteId: string; hash: string; purpose: TokenPurpose; now: Date },
) {
  return trx
    .updateTable('site_user_tokens')
    .set({ used_at: input.now })
    .where('website_id', '=', input.websiteId)
    .where('token_hash', '=', input.hash)
    .where('purpose', '=', input.purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', input.now)
    .returning(['site_user_id', 'email'])
    .executeTakeFirst();
}

/** Ends every session of the account but the one kept, and queues the notice of why. */
async function endOtherSessions(
  trx: Kysely<DB>,
  input: { websiteId: string; siteUserId: string; keepTokenHash: string; mail: OutgoingMail },
): Promise<void> {
  await trx
    .deleteFrom('site_user_sessions')
    .where('website_id', '=', input.websiteId)
    .where('site_user_id', '=', input.siteUserId)
    .where('token_hash', '!=', input.keepTokenHash)
    .execute();
  await mailQueries(trx).enqueue(input.websiteId, [input.mail]);
}
