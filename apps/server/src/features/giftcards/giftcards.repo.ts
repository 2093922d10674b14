import type { GiftCardListQuery } from '@atelier/contract';
import { type Kysely, sql } from 'kysely';
import type { DB, GiftCardEventKind, GiftCardRow } from '../../db/db-types.ts';

// Gift card rows and their history. Every balance change here writes its
// gift_card_events row in the same statement sequence, on a card the caller has locked
// (checkout's lockByCode, order admin's locked redemptions, or lockById below) inside
// its transaction, so a card's events always add up to its balance.

export type GiftCardQueries = ReturnType<typeof giftCardQueries>;

/** Who changed a card, as the history names them. */
export type GiftCardActor = { actor: string; actorMemberId?: string | null };

/** Characters LIKE treats as wildcards, escaped so a search means what was typed. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function giftCardQueries(db: Kysely<DB>) {
  async function addEvent(event: {
    websiteId: string;
    giftCardId: string;
    kind: GiftCardEventKind;
    amountCents: number;
    balanceAfterCents: number;
    orderId?: string | null;
    by: GiftCardActor;
    note?: string | null;
    actionKey?: string | null;
  }): Promise<void> {
    await db
      .insertInto('gift_card_events')
      .values({
        website_id: event.websiteId,
        gift_card_id: event.giftCardId,
        kind: event.kind,
        amount_cents: event.amountCents,
        balance_after_cents: event.balanceAfterCents,
        order_id: event.orderId ?? null,
        actor: event.by.actor,
        actor_member_id: event.by.actorMemberId ?? null,
        note: event.note ?? null,
        action_key: event.actionKey ?? null,
      })
      .execute();
  }

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

    findById(websiteId: string, giftCardId: string): Promise<GiftCardRow | undefined> {
      return db
        .selectFrom('gift_cards')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('gift_card_id', '=', giftCardId)
        .executeTakeFirst();
    },

    /** Locked until the transaction ends: one balance change at a time per card. */
    lockById(websiteId: string, giftCardId: string): Promise<GiftCardRow | undefined> {
      return db
        .selectFrom('gift_cards')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('gift_card_id', '=', giftCardId)
        .forUpdate()
        .executeTakeFirst();
    },

    /**
     * Spends `amountCents` of a card checkout locked; false when the balance is short or
     * the card was voided (the guard, not the caller, decides).
     */
    async redeem(input: {
      websiteId: string;
      giftCardId: string;
      orderId: string;
      amountCents: number;
    }): Promise<boolean> {
      const spent = await db
        .updateTable('gift_cards')
        .set((eb) => ({ balance_cents: eb('balance_cents', '-', input.amountCents) }))
        .where('website_id', '=', input.websiteId)
        .where('gift_card_id', '=', input.giftCardId)
        .where('balance_cents', '>=', input.amountCents)
        .where('voided_at', 'is', null)
        .returning('balance_cents')
        .executeTakeFirst();
      if (!spent) return false;
      await db
        .insertInto('gift_card_redemptions')
        .values({
          website_id: input.websiteId,
          gift_card_id: input.giftCardId,
          order_id: input.orderId,
          amount_cents: input.amountCents,
        })
        .execute();
      await addEvent({
        websiteId: input.websiteId,
        giftCardId: input.giftCardId,
        kind: 'redeemed',
        amountCents: -input.amountCents,
        balanceAfterCents: spent.balance_cents,
        orderId: input.orderId,
        by: { actor: 'Customer' },
      });
      return true;
    },

    /**
     * A new card at its full balance and its first event: 'purchased' when an order
     * bought it, 'issued' when staff did (`issued_by`).
     */
    async insertGiftCard(
      card: {
        website_id: string;
        code: string;
        currency: string;
        initial_cents: number;
        order_id: string | null;
        recipient_name: string | null;
        recipient_email: string | null;
        message: string | null;
        send_at: Date | null;
        issued_by?: string | null;
      },
      event: { by?: GiftCardActor; note?: string | null; actionKey?: string | null } = {},
    ): Promise<GiftCardRow> {
      const row = await db
        .insertInto('gift_cards')
        .values({ ...card, balance_cents: card.initial_cents })
        .returningAll()
        .executeTakeFirstOrThrow();
      await addEvent({
        websiteId: row.website_id,
        giftCardId: row.gift_card_id,
        kind: row.order_id ? 'purchased' : 'issued',
        amountCents: row.initial_cents,
        balanceAfterCents: row.balance_cents,
        orderId: row.order_id,
        by: event.by ?? { actor: row.order_id ? 'Customer' : (row.issued_by ?? 'System') },
        note: event.note ?? null,
        actionKey: event.actionKey ?? null,
      });
      return row;
    },

    /**
     * Puts a refund back on a card the caller locked. 'voided' (and nothing changes)
     * when the card was voided: money returned there could never be spent.
     */
    async returnToCard(input: {
      websiteId: string;
      giftCardId: string;
      orderId: string;
      cents: number;
      by: GiftCardActor;
    }): Promise<'returned' | 'voided'> {
      const back = await db
        .updateTable('gift_cards')
        .set((eb) => ({ balance_cents: eb('balance_cents', '+', input.cents) }))
        .where('website_id', '=', input.websiteId)
        .where('gift_card_id', '=', input.giftCardId)
        .where('voided_at', 'is', null)
        .returning('balance_cents')
        .executeTakeFirst();
      if (!back) return 'voided';
      await addEvent({
        websiteId: input.websiteId,
        giftCardId: input.giftCardId,
        kind: 'refunded_to_card',
        amountCents: input.cents,
        balanceAfterCents: back.balance_cents,
        orderId: input.orderId,
        by: input.by,
      });
      return 'returned';
    },

    /** Voids a card the caller locked: its balance goes to 0, recorded as one event. */
    async voidCard(input: {
      card: GiftCardRow;
      by: GiftCardActor;
      note: string | null;
    }): Promise<void> {
      const { card } = input;
      await db
        .updateTable('gift_cards')
        .set({ balance_cents: 0, voided_at: new Date(), voided_by: input.by.actor })
        .where('website_id', '=', card.website_id)
        .where('gift_card_id', '=', card.gift_card_id)
        .execute();
      await addEvent({
        websiteId: card.website_id,
        giftCardId: card.gift_card_id,
        kind: 'voided',
        amountCents: -card.balance_cents,
        balanceAfterCents: 0,
        by: input.by,
        note: input.note,
      });
    },

    /** The card an earlier issue request with this key made. */
    async findIssuedByAction(websiteId: string, actionKey: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('gift_card_events')
        .select('gift_card_id')
        .where('website_id', '=', websiteId)
        .where('action_key', '=', actionKey)
        .executeTakeFirst();
      return row?.gift_card_id;
    },

    async listCards(
      websiteId: string,
      query: GiftCardListQuery,
    ): Promise<{ rows: GiftCardRow[]; total: number }> {
      let base = db.selectFrom('gift_cards').where('website_id', '=', websiteId);
      const q = query.q?.trim();
      if (q) {
        const pattern = `%${escapeLike(q)}%`;
        // Codes are stored as XXXX-XXXX-XXXX-XXXX; people type them with or without the
        // dashes, in any case, or only the last four they see in the list.
        const compact = q.replace(/[\s-]/g, '').toUpperCase();
        base = base.where((eb) =>
          eb.or([
            ...(/^[A-Z0-9]{1,16}$/.test(compact)
              ? [eb(sql<string>`replace(code, '-', '')`, 'like', `%${escapeLike(compact)}`)]
              : []),
            eb('recipient_email', 'ilike', pattern),
            eb('recipient_name', 'ilike', pattern),
          ]),
        );
      }
      if (query.status === 'voided') base = base.where('voided_at', 'is not', null);
      if (query.status === 'active') {
        base = base.where('voided_at', 'is', null).where('balance_cents', '>', 0);
      }
      if (query.status === 'used_up') {
        base = base.where('voided_at', 'is', null).where('balance_cents', '=', 0);
      }
      const [rows, count] = await Promise.all([
        base
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('gift_card_id')
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize)
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    /** The card's history, oldest first, with the number of each order it names. */
    listEvents(websiteId: string, giftCardId: string) {
      return db
        .selectFrom('gift_card_events as e')
        .leftJoin('orders as o', (join) =>
          join.onRef('o.website_id', '=', 'e.website_id').onRef('o.order_id', '=', 'e.order_id'),
        )
        .select([
          'e.kind',
          'e.amount_cents',
          'e.balance_after_cents',
          'e.order_id',
          'o.order_number',
          'e.actor',
          'e.note',
          'e.created_at',
        ])
        .where('e.website_id', '=', websiteId)
        .where('e.gift_card_id', '=', giftCardId)
        .orderBy('e.created_at')
        .orderBy('e.event_id')
        .execute();
    },

    async orderNumberOf(websiteId: string, orderId: string): Promise<number | null> {
      const row = await db
        .selectFrom('orders')
        .select('order_number')
        .where('website_id', '=', websiteId)
        .where('order_id', '=', orderId)
        .executeTakeFirst();
      return row?.order_number ?? null;
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
