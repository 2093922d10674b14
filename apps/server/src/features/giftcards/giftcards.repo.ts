import type { Kysely } from 'kysely';
import type { DB, GiftCardRow } from '../../db/db-types.ts';

export type GiftCardQueries = ReturnType<typeof giftCardQueries>;

export function giftCardQueries(db: Kysely<DB>) {
  return {
    findByCode(websiteId: string, code: string): Promise<GiftCardRow | undefined> {
      return db
        .selectFrom('gift_cards')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('code', '=', code)
        .executeTakeFirst();
    },

    /** Locked until the transaction ends: two orders spending one card queue up. */
    lockByCode(websiteId: string, code: string): Promise<GiftCardRow | undefined> {
      return db
        .selectFrom('gift_cards')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('code', '=', code)
        .forUpdate()
        .executeTakeFirst();
    },

    /** Spends `amountCents`; false when the balance is short (the guard, not the caller, decides). */
    async redeem(input: {
      websiteId: string;
      giftCardId: string;
      orderId: string;
      amountCents: number;
    }): Promise<boolean> {
      const result = await db
        .updateTable('gift_cards')
        .set((eb) => ({ balance_cents: eb('balance_cents', '-', input.amountCents) }))
        .where('website_id', '=', input.websiteId)
        .where('gift_card_id', '=', input.giftCardId)
        .where('balance_cents', '>=', input.amountCents)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      await db
        .insertInto('gift_card_redemptions')
        .values({
          website_id: input.websiteId,
          gift_card_id: input.giftCardId,
          order_id: input.orderId,
          amount_cents: input.amountCents,
        })
        .execute();
      return true;
    },

    async insertGiftCard(card: {
      website_id: string;
      code: string;
      currency: string;
      initial_cents: number;
      order_id: string;
      recipient_name: string | null;
      recipient_email: string | null;
      message: string | null;
      send_at: Date | null;
    }): Promise<GiftCardRow> {
      return db
        .insertInto('gift_cards')
        .values({ ...card, balance_cents: card.initial_cents })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    listByOrder(websiteId: string, orderId: string): Promise<GiftCardRow[]> {
      return db
        .selectFrom('gift_cards')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('order_id', '=', orderId)
        .orderBy('created_at')
        .execute();
    },
  };
}
