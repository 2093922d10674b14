import type { Kysely, Updateable } from 'kysely';
import type { DB, OrderInstallmentRow, OrderInstallmentsTable } from '../../db/db-types.ts';

// The payment schedule of pay-in-4 orders (0035). Writers lock the order row first
// (order-admin.repo lockOrder), then the installment rows, in that order everywhere.

export type InstallmentQueries = ReturnType<typeof installmentQueries>;

export function installmentQueries(db: Kysely<DB>) {
  return {
    async insertSchedule(
      rows: readonly {
        websiteId: string;
        orderId: string;
        number: number;
        amountCents: number;
        dueAt: Date;
        paymentToken: string;
        captured?: { at: Date; reference: string };
      }[],
    ): Promise<void> {
      if (rows.length === 0) return;
      await db
        .insertInto('order_installments')
        .values(
          rows.map((r) => ({
            website_id: r.websiteId,
            order_id: r.orderId,
            installment_number: r.number,
            amount_cents: r.amountCents,
            due_at: r.dueAt,
            next_attempt_at: r.dueAt,
            payment_token: r.paymentToken,
            status: r.captured ? ('captured' as const) : ('scheduled' as const),
            captured_at: r.captured?.at ?? null,
            reference: r.captured?.reference ?? null,
            attempts: r.captured ? 1 : 0,
          })),
        )
        .execute();
    },

    listForOrder(websiteId: string, orderId: string): Promise<OrderInstallmentRow[]> {
      return db
        .selectFrom('order_installments')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('order_id', '=', orderId)
        .orderBy('installment_number')
        .execute();
    },

    lock(websiteId: string, orderId: string, number: number) {
      return db
        .selectFrom('order_installments')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('order_id', '=', orderId)
        .where('installment_number', '=', number)
        .forUpdate()
        .executeTakeFirst();
    },

    /** The captured installments, latest first: refunds give back the newest capture first. */
    lockCaptured(websiteId: string, orderId: string): Promise<OrderInstallmentRow[]> {
      return db
        .selectFrom('order_installments')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('order_id', '=', orderId)
        .where('status', '=', 'captured')
        .orderBy('installment_number', 'desc')
        .forUpdate()
        .execute();
    },

    async update(
      websiteId: string,
      orderId: string,
      number: number,
      patch: Updateable<OrderInstallmentsTable>,
    ): Promise<void> {
      await db
        .updateTable('order_installments')
        .set(patch)
        .where('website_id', '=', websiteId)
        .where('order_id', '=', orderId)
        .where('installment_number', '=', number)
        .execute();
    },

    /** Stops the installments not yet charged; returns how many there were. */
    async cancelScheduled(websiteId: string, orderId: string): Promise<number> {
      const rows = await db
        .updateTable('order_installments')
        .set({ status: 'cancelled' })
        .where('website_id', '=', websiteId)
        .where('order_id', '=', orderId)
        .where('status', '=', 'scheduled')
        .returning('installment_number')
        .execute();
      return rows.length;
    },
  };
}
