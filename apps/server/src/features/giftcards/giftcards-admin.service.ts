import {
  type GiftCardDetail,
  type GiftCardList,
  type GiftCardListQuery,
  type GiftCardStatus,
  type GiftCardSummary,
  giftCardAdminMessages,
  type IssuedGiftCard,
  type issueGiftCardBodySchema,
  MAX_GIFT_CARD_CENTS,
} from '@atelier/contract';
import { type CurrencyCode, decimalToMinorUnits, isCurrencyCode } from '@atelier/core';
import type { z } from 'zod';
import type { GiftCardRow } from '../../db/db-types.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { fail } from '../../http/errors.ts';
import type { CommerceQueries, CommerceStore } from '../checkout/commerce-store.repo.ts';
import { giftCardMail } from '../mail/order-mails.ts';
import type { Website } from '../websites/website.service.ts';
import { newGiftCardCode } from './gift-card-codes.ts';
import type { GiftCardActor } from './giftcards.repo.ts';

// The merchant's gift cards (issue 19). Issuing and voiding each run in one transaction;
// voiding locks the card first, so it queues behind a checkout spending the card (which
// locks it too) and a refund returning to it, and every balance change leaves its event.
// The full code leaves the server once, in the answer to the request that issued it.

export type GiftCardsAdminService = ReturnType<typeof createGiftCardsAdminService>;

type IssueBody = z.output<typeof issueGiftCardBodySchema>;

function statusOf(row: GiftCardRow): GiftCardStatus {
  if (row.voided_at) return 'voided';
  return row.balance_cents > 0 ? 'active' : 'used_up';
}

const time = (value: Date | string) => new Date(value).getTime();

function toSummary(row: GiftCardRow): GiftCardSummary {
  return {
    id: row.gift_card_id,
    last4: row.code.slice(-4),
    currency: row.currency.trim() as GiftCardSummary['currency'],
    initialCents: row.initial_cents,
    balanceCents: row.balance_cents,
    status: statusOf(row),
    recipientName: row.recipient_name,
    recipientEmail: row.recipient_email,
    source: row.order_id ? 'purchased' : 'issued',
    created: time(row.created_at),
  };
}

/** The typed amount in minor units of the store currency, or the reason it is refused. */
function amountInMinorUnits(amount: string | number, currency: string): number {
  const refuse = (message: string) => fail('GIFT_CARD_ISSUE_INVALID', message, { amount: message });
  if (typeof amount === 'string' && amount.trim() === '') {
    throw refuse(giftCardAdminMessages.amountNeeded);
  }
  const code: CurrencyCode = isCurrencyCode(currency) ? currency : 'USD';
  const parsed = decimalToMinorUnits(amount, code);
  if (!parsed.ok) throw refuse(giftCardAdminMessages.amountUnreadable);
  if (parsed.value <= 0) throw refuse(giftCardAdminMessages.amountNotPositive);
  if (parsed.value > MAX_GIFT_CARD_CENTS) throw refuse(giftCardAdminMessages.amountTooLarge);
  return parsed.value;
}

export function createGiftCardsAdminService({ store }: { store: CommerceStore }) {
  async function detail(
    q: CommerceQueries,
    websiteId: string,
    giftCardId: string,
  ): Promise<GiftCardDetail> {
    const row = await q.giftCards.findById(websiteId, giftCardId);
    if (!row) throw fail('ISSUED_GIFT_CARD_NOT_FOUND', giftCardAdminMessages.notFound);
    const [events, orderNumber] = await Promise.all([
      q.giftCards.listEvents(websiteId, giftCardId),
      row.order_id ? q.giftCards.orderNumberOf(websiteId, row.order_id) : null,
    ]);
    return {
      ...toSummary(row),
      message: row.message,
      orderId: row.order_id,
      orderNumber,
      issuedBy: row.issued_by,
      voidedAt: row.voided_at ? time(row.voided_at) : null,
      voidedBy: row.voided_by,
      events: events.map((e) => ({
        kind: e.kind,
        amountCents: e.amount_cents,
        balanceAfterCents: e.balance_after_cents,
        orderId: e.order_id,
        orderNumber: e.order_number,
        actor: e.actor,
        note: e.note,
        created: time(e.created_at),
      })),
    };
  }

  /** A card issued earlier under this key, answered again with its code. */
  async function replay(websiteId: string, key: string): Promise<IssuedGiftCard | undefined> {
    const giftCardId = await store.giftCards.findIssuedByAction(websiteId, key);
    if (!giftCardId) return undefined;
    const card = await store.giftCards.findById(websiteId, giftCardId);
    if (!card) return undefined;
    return { giftCard: await detail(store, websiteId, giftCardId), code: card.code };
  }

  return {
    async list(websiteId: string, query: GiftCardListQuery): Promise<GiftCardList> {
      const { rows, total } = await store.giftCards.listCards(websiteId, query);
      return { giftCards: rows.map(toSummary), total, page: query.page, pageSize: query.pageSize };
    },

    get: (websiteId: string, giftCardId: string) => detail(store, websiteId, giftCardId),

    /**
     * A card for `amount` of the store currency, with its 'issued' event and, when asked,
     * the recipient's email (with the code) in the outbox — all in one transaction.
     */
    async issue(input: {
      website: Website;
      by: GiftCardActor;
      body: IssueBody;
    }): Promise<IssuedGiftCard> {
      const { website, body } = input;
      const cents = amountInMinorUnits(body.amount, website.storeCurrency);
      const key = body.actionId ?? null;
      if (key) {
        const earlier = await replay(website.id, key);
        if (earlier) return earlier;
      }
      try {
        return await store.transaction(async (q) => {
          const card = await q.giftCards.insertGiftCard(
            {
              website_id: website.id,
              code: newGiftCardCode(),
              currency: website.storeCurrency,
              initial_cents: cents,
              order_id: null,
              recipient_name: body.recipientName ?? null,
              recipient_email: body.recipientEmail ?? null,
              message: body.message ?? null,
              send_at: null,
              issued_by: input.by.actor,
            },
            {
              by: input.by,
              actionKey: key,
              note: body.sendEmail ? `Emailed to ${body.recipientEmail}` : null,
            },
          );
          if (body.sendEmail && card.recipient_email) {
            await q.mail.enqueue(website.id, [
              giftCardMail({
                websiteTitle: website.title,
                to: card.recipient_email,
                recipientName: card.recipient_name,
                // The store gives this card, so the mail names the store as its sender.
                senderEmail: website.title,
                message: card.message,
                code: card.code,
                amountCents: card.initial_cents,
                currency: card.currency.trim() as CurrencyCode,
                sendAt: null,
              }),
            ]);
          }
          return { giftCard: await detail(q, website.id, card.gift_card_id), code: card.code };
        });
      } catch (error) {
        // Two requests with one key at once: the second waited on the first's key and
        // lost; it answers the first one's card.
        if (key && isUniqueViolation(error)) {
          const earlier = await replay(website.id, key);
          if (earlier) return earlier;
        }
        throw error;
      }
    },

    /** Voids the card: its balance goes to 0 as a 'voided' event. Voiding again changes nothing. */
    async void(input: {
      websiteId: string;
      giftCardId: string;
      by: GiftCardActor;
      reason: string | null;
    }): Promise<GiftCardDetail> {
      return store.transaction(async (q) => {
        const card = await q.giftCards.lockById(input.websiteId, input.giftCardId);
        if (!card) throw fail('ISSUED_GIFT_CARD_NOT_FOUND', giftCardAdminMessages.notFound);
        if (!card.voided_at) {
          await q.giftCards.voidCard({ card, by: input.by, note: input.reason });
        }
        return detail(q, input.websiteId, input.giftCardId);
      });
    },
  };
}
