import {
  type Coupon,
  type CouponInput,
  couponInputSchema,
  couponMessages,
} from '@atelier/contract';
import type { Kysely } from 'kysely';
import type { CouponRow, DB } from '../../db/db-types.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { fail } from '../../http/errors.ts';

// Coupons as the merchant manages them (issue 19). Checkout reads the same rows
// (`checkout.repo.ts` findCoupon/lockCoupon/listAutomaticDiscounts) and enforces dates,
// usage limit, minimum subtotal, once per customer and the products or categories a
// coupon applies to there; this is only their list, create, edit and delete. The demo's WELCOME10
// is an ordinary row. A deleted coupon's code stays on the orders placed with it.

export type Coupons = ReturnType<typeof createCoupons>;

type Parsed = ReturnType<typeof couponInputSchema.parse>;

function columnsOf(input: Parsed) {
  return {
    code: input.code.toUpperCase(),
    kind: input.kind,
    percent_bp: input.kind === 'percentage' ? (input.percentOff ?? 0) * 100 : null,
    amount_cents: input.kind === 'fixed_amount' ? (input.amountCents ?? 0) : null,
    min_subtotal_cents: input.minSubtotalCents,
    starts_at: input.startsAt ? new Date(input.startsAt) : null,
    expires_at: input.endsAt ? new Date(input.endsAt) : null,
    usage_limit: input.usageLimit ?? null,
    applies_to: input.appliesTo,
    target_ids: JSON.stringify(input.appliesTo === 'all' ? [] : [...new Set(input.targetIds)]),
    once_per_customer: input.oncePerCustomer,
    is_automatic: input.isAutomatic,
  };
}

const taken = () =>
  fail('COUPON_CODE_TAKEN', couponMessages.codeTaken, { code: couponMessages.codeTaken });
const notFound = () => fail('COUPON_NOT_FOUND', 'Coupon not found');

export function createCoupons({ db }: { db: Kysely<DB> }) {
  return {
    async list(websiteId: string): Promise<Coupon[]> {
      const rows = await db
        .selectFrom('coupons')
        .selectAll()
        .where('website_id', '=', websiteId)
        .orderBy('code')
        .execute();
      return rows.map(toCoupon);
    },

    async create(websiteId: string, input: CouponInput): Promise<Coupon> {
      const parsed = couponInputSchema.parse(input);
      try {
        const row = await db
          .insertInto('coupons')
          .values({ website_id: websiteId, ...columnsOf(parsed) })
          .returningAll()
          .executeTakeFirstOrThrow();
        return toCoupon(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw taken();
        throw error;
      }
    },

    /** Times used is kept; a limit below it is refused by the table's check as used up. */
    async update(websiteId: string, couponId: string, input: CouponInput): Promise<Coupon> {
      const parsed = couponInputSchema.parse(input);
      try {
        const row = await db
          .updateTable('coupons')
          .set(columnsOf(parsed))
          .where('website_id', '=', websiteId)
          .where('coupon_id', '=', couponId)
          .returningAll()
          .executeTakeFirst();
        if (!row) throw notFound();
        return toCoupon(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw taken();
        if (isCheckViolation(error)) {
          throw fail('REQUEST_INVALID', 'The request is not valid.', {
            usageLimit: 'The limit cannot be below the times it was already used',
          });
        }
        throw error;
      }
    },

    async remove(websiteId: string, couponId: string): Promise<void> {
      const result = await db
        .deleteFrom('coupons')
        .where('website_id', '=', websiteId)
        .where('coupon_id', '=', couponId)
        .executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw notFound();
    },
  };
}

function isCheckViolation(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23514'
  );
}

function toCoupon(row: CouponRow): Coupon {
  return {
    id: row.coupon_id,
    code: row.code,
    kind: row.kind,
    percentOff: row.percent_bp === null ? null : row.percent_bp / 100,
    amountCents: row.amount_cents,
    minSubtotalCents: row.min_subtotal_cents,
    startsAt: row.starts_at ? new Date(row.starts_at).toISOString() : null,
    endsAt: row.expires_at ? new Date(row.expires_at).toISOString() : null,
    usageLimit: row.usage_limit,
    timesUsed: row.times_used,
    appliesTo: row.applies_to,
    targetIds: row.target_ids,
    oncePerCustomer: row.once_per_customer,
    isAutomatic: row.is_automatic,
  };
}
