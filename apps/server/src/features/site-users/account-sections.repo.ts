import type { ShippingAddress } from '@atelier/contract';
import { type Kysely, sql } from 'kysely';
import type { DB, OrderItemRow, OrderRow } from '../../db/db-types.ts';

// The rows behind a customer account's own sections (issue 23): its address book, and the
// digital files of the orders placed with its confirmed email. Every query names the
// account (website first), so one account's ids never reach another's rows.

export type AccountSectionsRepo = ReturnType<typeof createAccountSectionsRepo>;

export type AddressRow = {
  address_id: string;
  address: ShippingAddress;
  is_default: boolean;
};

export type DownloadRow = Pick<
  OrderRow,
  'order_id' | 'order_number' | 'created_at' | 'status' | 'secret_token'
> &
  Pick<
    OrderItemRow,
    'line_number' | 'product_name' | 'download_link_hours' | 'download_limit' | 'download_count'
  >;

type Account = { websiteId: string; siteUserId: string };

export function createAccountSectionsRepo(db: Kysely<DB>) {
  const addressesOf = (trx: Kysely<DB>, account: Account): Promise<AddressRow[]> =>
    trx
      .selectFrom('site_user_addresses')
      .select(['address_id', 'address', 'is_default'])
      .where('website_id', '=', account.websiteId)
      .where('site_user_id', '=', account.siteUserId)
      // The default first, then in the order they were added.
      .orderBy('is_default', 'desc')
      .orderBy('created_at')
      .orderBy('address_id')
      .execute() as Promise<AddressRow[]>;

  /**
   * Runs `work` holding the account's row, so two changes to one address book take
   * turns (the count under the limit, the one default).
   */
  const withAccountLocked = <T>(account: Account, work: (trx: Kysely<DB>) => Promise<T>) =>
    db.transaction().execute(async (trx) => {
      await trx
        .selectFrom('site_users')
        .select('site_user_id')
        .where('website_id', '=', account.websiteId)
        .where('site_user_id', '=', account.siteUserId)
        .forUpdate()
        .executeTakeFirst();
      return work(trx);
    });

  const clearDefault = (trx: Kysely<DB>, account: Account) =>
    trx
      .updateTable('site_user_addresses')
      .set({ is_default: false })
      .where('website_id', '=', account.websiteId)
      .where('site_user_id', '=', account.siteUserId)
      .where('is_default', '=', true)
      .execute();

  return {
    addresses: (account: Account) => addressesOf(db, account),

    async defaultAddress(account: Account): Promise<ShippingAddress | undefined> {
      const row = await db
        .selectFrom('site_user_addresses')
        .select('address')
        .where('website_id', '=', account.websiteId)
        .where('site_user_id', '=', account.siteUserId)
        .where('is_default', '=', true)
        .executeTakeFirst();
      return row?.address;
    },

    /**
     * Adds an address unless the book holds `max` already ('full'). The first address is
     * the default whatever was asked; a new default takes over from the old one.
     */
    insertAddress(
      account: Account,
      input: { address: ShippingAddress; isDefault: boolean; max: number },
    ): Promise<'added' | 'full'> {
      return withAccountLocked(account, async (trx) => {
        const count = await trx
          .selectFrom('site_user_addresses')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('website_id', '=', account.websiteId)
          .where('site_user_id', '=', account.siteUserId)
          .executeTakeFirstOrThrow();
        const n = Number(count.n);
        if (n >= input.max) return 'full';
        const isDefault = input.isDefault || n === 0;
        if (isDefault) await clearDefault(trx, account);
        await trx
          .insertInto('site_user_addresses')
          .values({
            website_id: account.websiteId,
            site_user_id: account.siteUserId,
            address: JSON.stringify(input.address),
            is_default: isDefault,
          })
          .execute();
        return 'added';
      });
    },

    /**
     * Changes one of the account's addresses (its fields when given, and makes it the
     * default when asked; the default is changed by choosing another, never unset).
     * False when the account has no such address.
     */
    updateAddress(
      account: Account,
      input: { addressId: string; address?: ShippingAddress; isDefault: boolean },
    ): Promise<boolean> {
      return withAccountLocked(account, async (trx) => {
        const found = await trx
          .selectFrom('site_user_addresses')
          .select('address_id')
          .where('website_id', '=', account.websiteId)
          .where('site_user_id', '=', account.siteUserId)
          .where('address_id', '=', input.addressId)
          .executeTakeFirst();
        if (!found) return false;
        if (input.isDefault) await clearDefault(trx, account);
        await trx
          .updateTable('site_user_addresses')
          .set({
            ...(input.address && { address: JSON.stringify(input.address) }),
            ...(input.isDefault && { is_default: true }),
            updated_at: new Date(),
          })
          .where('website_id', '=', account.websiteId)
          .where('site_user_id', '=', account.siteUserId)
          .where('address_id', '=', input.addressId)
          .execute();
        return true;
      });
    },

    /**
     * Deletes one of the account's addresses; when it was the default, the oldest one
     * left becomes the default, so a book with addresses always has one. False when the
     * account has no such address.
     */
    deleteAddress(account: Account, addressId: string): Promise<boolean> {
      return withAccountLocked(account, async (trx) => {
        const deleted = await trx
          .deleteFrom('site_user_addresses')
          .where('website_id', '=', account.websiteId)
          .where('site_user_id', '=', account.siteUserId)
          .where('address_id', '=', addressId)
          .returning('is_default')
          .executeTakeFirst();
        if (!deleted) return false;
        if (deleted.is_default) {
          const next = (await addressesOf(trx, account))[0];
          if (next) {
            await trx
              .updateTable('site_user_addresses')
              .set({ is_default: true })
              .where('website_id', '=', account.websiteId)
              .where('address_id', '=', next.address_id)
              .execute();
          }
        }
        return true;
      });
    },

    /** Digital lines of the orders placed with `email`, newest order first. */
    downloadsByEmail(websiteId: string, email: string): Promise<DownloadRow[]> {
      return db
        .selectFrom('order_items as i')
        .innerJoin('orders as o', (join) =>
          join.onRef('o.website_id', '=', 'i.website_id').onRef('o.order_id', '=', 'i.order_id'),
        )
        .select([
          'o.order_id',
          'o.order_number',
          'o.created_at',
          'o.status',
          'o.secret_token',
          'i.line_number',
          'i.product_name',
          'i.download_link_hours',
          'i.download_limit',
          'i.download_count',
        ])
        .where('o.website_id', '=', websiteId)
        .where(sql<string>`lower(o.email)`, '=', email.toLowerCase())
        .where('i.digital_media_id', 'is not', null)
        .orderBy('o.created_at', 'desc')
        .orderBy('i.line_number')
        .limit(200)
        .execute();
    },
  };
}
