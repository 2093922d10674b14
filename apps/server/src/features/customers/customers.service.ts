import type {
  CustomerDetail,
  CustomerList,
  CustomerListQuery,
  CustomerSummary,
} from '@atelier/contract';
import { type CurrencyCode, customerMessages, toCsvLine, toDecimalString } from '@atelier/core';
import { fail } from '../../http/errors.ts';
import { toSummary } from '../orders/order-admin.service.ts';
import type { CustomerAggregate, CustomersRepo } from './customers.repo.ts';

// The merchant's customers (issue 19): read from the orders, so a new order shows its
// customer at once and nothing can drift. Newsletter status is "subscribed" when the
// customer's address is subscribed to any of the website's mailing lists (issue 21).

export type CustomersService = ReturnType<typeof createCustomersService>;

/** A customer's page lists this many of their orders; the Orders screen finds the rest. */
export const CUSTOMER_ORDERS_SHOWN = 100;

const CSV_HEADER = [
  'Email',
  'Name',
  'Orders',
  'Test orders',
  'Lifetime value',
  'Currency',
  'First order',
  'Last order',
  'Newsletter',
  'Note',
];

function toCustomer(
  row: CustomerAggregate,
  currency: CurrencyCode,
  subscribed: ReadonlySet<string>,
): CustomerSummary {
  return {
    email: row.email,
    name: row.name,
    ordersCount: row.ordersCount,
    testOrdersCount: row.testOrdersCount,
    lifetimeValueCents: row.lifetimeValueCents,
    currency,
    firstOrderAt: row.firstOrderAt.getTime(),
    lastOrderAt: row.lastOrderAt.getTime(),
    newsletter: subscribed.has(row.email.toLowerCase()) ? 'subscribed' : 'not_subscribed',
    hasNote: row.hasNote,
  };
}

export function createCustomersService({
  customersRepo,
  currencyOf,
  subscribedEmails = async () => new Set(),
}: {
  customersRepo: CustomersRepo;
  currencyOf: (websiteId: string) => Promise<CurrencyCode>;
  /** Which of these addresses (lower-cased) are subscribed to a mailing list. */
  subscribedEmails?: (websiteId: string, emails: readonly string[]) => Promise<Set<string>>;
}) {
  async function found(websiteId: string, currency: CurrencyCode, email: string) {
    const row = await customersRepo.find(websiteId, currency, email);
    if (!row) throw fail('CUSTOMER_NOT_FOUND', customerMessages.notFound);
    return row;
  }

  async function get(websiteId: string, email: string): Promise<CustomerDetail> {
    const currency = await currencyOf(websiteId);
    const [row, note, orders, address, subscribed] = await Promise.all([
      found(websiteId, currency, email),
      customersRepo.findNote(websiteId, email),
      customersRepo.listOrders(websiteId, email, CUSTOMER_ORDERS_SHOWN),
      customersRepo.latestAddress(websiteId, email),
      subscribedEmails(websiteId, [email]),
    ]);
    return {
      ...toCustomer({ ...row, hasNote: note !== undefined }, currency, subscribed),
      address,
      note: note?.note ?? '',
      noteUpdatedAt: note ? new Date(note.updated_at).getTime() : null,
      noteUpdatedBy: note?.updated_by ?? null,
      otherCurrencyOrdersCount: row.otherCurrencyOrdersCount,
      orders: orders.map(toSummary),
    };
  }

  return {
    async list(websiteId: string, query: CustomerListQuery): Promise<CustomerList> {
      const currency = await currencyOf(websiteId);
      const { rows, total } = await customersRepo.list(websiteId, currency, query);
      const subscribed = await subscribedEmails(
        websiteId,
        rows.map((row) => row.email),
      );
      return {
        customers: rows.map((row) => toCustomer(row, currency, subscribed)),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    get,

    async saveNote(input: {
      websiteId: string;
      email: string;
      note: string;
      actor: string;
    }): Promise<CustomerDetail> {
      const currency = await currencyOf(input.websiteId);
      // Only someone who ordered is a customer; a note on a typo'd email would be lost.
      await found(input.websiteId, currency, input.email);
      await customersRepo.saveNote({
        websiteId: input.websiteId,
        email: input.email,
        note: input.note.trim() === '' ? '' : input.note,
        updatedBy: input.actor,
      });
      return get(input.websiteId, input.email);
    },

    /**
     * Every customer as CSV lines (BOM first, as the product export, so spreadsheets read
     * UTF-8), each cell formula-guarded and quoted by core's toCsvLine.
     */
    async *exportCsv(websiteId: string): AsyncGenerator<string> {
      const currency = await currencyOf(websiteId);
      yield `\uFEFF${toCsvLine(CSV_HEADER)}`;
      for await (const rows of customersRepo.listAll(websiteId, currency)) {
        const notes = await customersRepo.notesOf(
          websiteId,
          rows.filter((row) => row.hasNote).map((row) => row.email),
        );
        const subscribed = await subscribedEmails(
          websiteId,
          rows.map((row) => row.email),
        );
        let text = '';
        for (const row of rows) {
          text += toCsvLine([
            row.email,
            row.name ?? '',
            String(row.ordersCount),
            String(row.testOrdersCount),
            toDecimalString({ minorUnits: row.lifetimeValueCents, currency }),
            currency,
            row.firstOrderAt.toISOString(),
            row.lastOrderAt.toISOString(),
            subscribed.has(row.email.toLowerCase()) ? 'Subscribed' : 'Not subscribed',
            notes.get(row.email) ?? '',
          ]);
        }
        if (text) yield text;
      }
    },
  };
}
