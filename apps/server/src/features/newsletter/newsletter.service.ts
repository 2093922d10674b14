import { createHash, randomBytes } from 'node:crypto';
import type {
  FormAnswers,
  FormDefinition,
  MailingList,
  MailingListBody,
  Subscriber,
  SubscriberImportResult,
  SubscriberList,
  SubscriberListQuery,
} from '@atelier/contract';
import { subscriberListQuerySchema } from '@atelier/contract';
import { isValidAccountEmail, parseCsv, toCsvLine } from '@atelier/core';
import { uniqueViolation } from '../../db/errors.ts';
import { fail } from '../../http/errors.ts';
import { unsubscribeHeaders } from '../campaigns/campaign-email.ts';
import { escapeHtml } from '../forms/form-submissions.service.ts';
import type { OutgoingMail } from '../mail/mail.repo.ts';
import type { WebsiteService } from '../websites/website.service.ts';
import {
  CONFIRM_LINK_DAYS,
  type ListRow,
  type NewsletterRepo,
  type PendingSignUp,
  type SubscriberRow,
} from './newsletter.repo.ts';

// Mailing lists and the newsletter (issue 21). Visitors join with double opt-in: the
// newsletter block's submission adds them as pending and emails a link; following it
// subscribes them. Every later email carries the subscriber's unsubscribe link. The owner
// manages lists and subscribers in /config: search, import (people they have permission
// to email, subscribed at once), CSV export, unsubscribe and delete.

export type NewsletterService = ReturnType<typeof createNewsletterService>;

/** A random token for a link; only its hash is stored when the link is a confirmation. */
export const newToken = () => randomBytes(32).toString('base64url');
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Where a subscriber's links lead, on the website's own address. */
export const confirmUrl = (origin: string, token: string) =>
  `${origin}/newsletter/confirm?t=${encodeURIComponent(token)}`;
export const unsubscribeUrl = (origin: string, token: string) =>
  `${origin}/newsletter/unsubscribe?t=${encodeURIComponent(token)}`;

const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ').trim();

/** The double opt-in email: one link, and what happens if it is ignored. */
export function confirmationMail(input: {
  to: string;
  websiteTitle: string;
  listName: string;
  link: string;
}): OutgoingMail {
  return {
    kind: 'newsletter-confirmation',
    to: input.to,
    subject: oneLine(`Confirm your subscription to ${input.websiteTitle}`).slice(0, 250),
    bodyText: [
      `Someone, hopefully you, asked to receive "${escapeHtml(input.listName)}" from ${escapeHtml(input.websiteTitle)} at this address.`,
      '',
      'To confirm, follow this link:',
      input.link,
      '',
      `The link works for ${CONFIRM_LINK_DAYS} days. If you did not ask for this, ignore this email: you will not be subscribed.`,
    ].join('\n'),
  };
}

/** Sent once the link is followed: what they joined, and the way out. */
export function welcomeMail(input: {
  to: string;
  websiteTitle: string;
  listName: string;
  unsubscribeLink: string;
}): OutgoingMail {
  return {
    kind: 'newsletter-welcome',
    to: input.to,
    subject: oneLine(`You're subscribed to ${input.websiteTitle}`).slice(0, 250),
    bodyText: [
      `Thank you for confirming. You will receive "${escapeHtml(input.listName)}" from ${escapeHtml(input.websiteTitle)}.`,
      '',
      'To stop these emails at any time, follow this link:',
      input.unsubscribeLink,
    ].join('\n'),
    headers: unsubscribeHeaders(input.unsubscribeLink),
  };
}

const toList = (row: ListRow): MailingList => ({
  id: row.list_id,
  name: row.name,
  description: row.description,
  createdAt: new Date(row.created_at).getTime(),
  counts: {
    pending: row.pending,
    subscribed: row.subscribed,
    unsubscribed: row.unsubscribed,
    bounced: row.bounced,
  },
});

const time = (value: Date | null) => (value ? new Date(value).getTime() : null);

export const toSubscriber = (row: SubscriberRow): Subscriber => ({
  id: row.subscriber_id,
  listId: row.list_id,
  email: row.email,
  name: row.name,
  status: row.status,
  source: row.source,
  createdAt: new Date(row.created_at).getTime(),
  subscribedAt: time(row.subscribed_at),
  unsubscribedAt: time(row.unsubscribed_at),
});

const STATUS_LABELS: Record<Subscriber['status'], string> = {
  pending: 'Pending',
  subscribed: 'Subscribed',
  unsubscribed: 'Unsubscribed',
  bounced: 'Bounced',
};
const CSV_HEADER = [
  'email',
  'name',
  'status',
  'source',
  'added at',
  'subscribed at',
  'unsubscribed at',
];
const iso = (value: Date | null) => (value ? new Date(value).toISOString() : '');

/** The answers a newsletter form gives for the list: its first email, and a name if asked. */
export function signUpOf(
  form: FormDefinition,
  values: FormAnswers,
): { email: string; name: string } | null {
  let email: string | undefined;
  let name = '';
  for (const field of form.fields) {
    const value = values[field.id];
    if (field.kind === 'email' && email === undefined && typeof value === 'string') {
      if (value.trim() !== '') email = value.trim();
    } else if (field.kind === 'name' && !name && Array.isArray(value)) {
      name = value
        .map((part) => part.trim())
        .filter(Boolean)
        .join(' ');
    }
  }
  return email && isValidAccountEmail(email) ? { email, name: name.slice(0, 200) } : null;
}

function notFound(): never {
  throw fail('MAILING_LIST_NOT_FOUND', 'Mailing list not found');
}

export function createNewsletterService(deps: {
  repo: NewsletterRepo;
  websites: Pick<WebsiteService, 'getById' | 'originOf'>;
}) {
  const { repo, websites } = deps;

  async function listOrFail(websiteId: string, listId: string): Promise<ListRow> {
    return (await repo.list(websiteId, listId)) ?? notFound();
  }

  function nameTaken(error: unknown): never {
    if (uniqueViolation(error) === 'mailing_lists_name') {
      throw fail('MAILING_LIST_NAME_TAKEN', 'A mailing list with this name already exists', {
        name: 'A mailing list with this name already exists',
      });
    }
    throw error;
  }

  /** A pending sign-up with its confirmation email, ready to be written. */
  async function pendingSignUp(input: {
    websiteId: string;
    listId: string;
    email: string;
    name: string;
    source: PendingSignUp['source'];
  }): Promise<PendingSignUp | null> {
    const list = await repo.list(input.websiteId, input.listId);
    if (!list) return null;
    const [website, origin] = await Promise.all([
      websites.getById(input.websiteId),
      websites.originOf(input.websiteId),
    ]);
    const token = newToken();
    return {
      websiteId: input.websiteId,
      listId: input.listId,
      email: input.email,
      name: input.name,
      source: input.source,
      confirmTokenHash: tokenHash(token),
      unsubscribeToken: newToken(),
      mail: confirmationMail({
        to: input.email,
        websiteTitle: website?.title ?? list.name,
        listName: list.name,
        link: confirmUrl(origin, token),
      }),
    };
  }

  return {
    pendingSignUp,

    /** A restock sign-up that ticked "join the mailing list": pending, with its own email. */
    async signUpFromRestock(input: { websiteId: string; listId: string; email: string }) {
      const signUp = await pendingSignUp({ ...input, name: '', source: 'restock' });
      return signUp ? repo.signUpPending(signUp) : false;
    },

    async lists(websiteId: string): Promise<{ lists: MailingList[] }> {
      return { lists: (await repo.lists(websiteId)).map(toList) };
    },

    async getList(websiteId: string, listId: string): Promise<MailingList> {
      return toList(await listOrFail(websiteId, listId));
    },

    async createList(websiteId: string, body: Required<MailingListBody>): Promise<MailingList> {
      const { list_id } = await repo.insertList(websiteId, body).catch(nameTaken);
      return toList(await listOrFail(websiteId, list_id));
    },

    async updateList(
      websiteId: string,
      listId: string,
      body: Required<MailingListBody>,
    ): Promise<MailingList> {
      const updated = await repo.updateList(websiteId, listId, body).catch(nameTaken);
      if (!updated) notFound();
      return toList(await listOrFail(websiteId, listId));
    },

    async deleteList(websiteId: string, listId: string): Promise<void> {
      if (!(await repo.deleteList(websiteId, listId))) notFound();
    },

    async subscribers(
      websiteId: string,
      listId: string,
      query: SubscriberListQuery,
    ): Promise<SubscriberList> {
      const { q, status, page, pageSize } = subscriberListQuerySchema.parse(query);
      const list = await listOrFail(websiteId, listId);
      const { rows, total } = await repo.subscriberPage({
        websiteId,
        listId,
        q,
        status,
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      return { list: toList(list), subscribers: rows.map(toSubscriber), total, page, pageSize };
    },

    /** The list's file name and its rows as CSV text, in pieces (BOM first). */
    async exportCsv(websiteId: string, listId: string) {
      const list = await listOrFail(websiteId, listId);
      async function* lines(): AsyncGenerator<string> {
        yield `\uFEFF${toCsvLine(CSV_HEADER)}`;
        for await (const rows of repo.allSubscribers(websiteId, listId)) {
          yield rows
            .map((row) =>
              toCsvLine([
                row.email,
                row.name,
                STATUS_LABELS[row.status],
                row.source,
                iso(row.created_at),
                iso(row.subscribed_at),
                iso(row.unsubscribed_at),
              ]),
            )
            .join('');
        }
      }
      return { listName: list.name, lines: lines() };
    },

    async addSubscriber(
      websiteId: string,
      listId: string,
      body: { email: string; name: string },
    ): Promise<Subscriber> {
      if (!isValidAccountEmail(body.email)) {
        throw fail('SUBSCRIBER_EMAIL_INVALID', 'Enter an email address like name@example.com', {
          email: 'Enter an email address like name@example.com',
        });
      }
      const outcome = await repo.addSubscribed({
        websiteId,
        listId,
        source: 'member',
        people: [{ email: body.email, name: body.name, unsubscribeToken: newToken() }],
      });
      if (!outcome) notFound();
      const what = outcome.get(body.email.toLowerCase());
      if (what === 'unchanged') {
        throw fail('SUBSCRIBER_EXISTS', `${body.email} is already subscribed to this list`, {
          email: `${body.email} is already subscribed to this list`,
        });
      }
      if (what === 'skipped') {
        const message = `${body.email} unsubscribed from this list; only they can sign up again`;
        throw fail('SUBSCRIBER_EXISTS', message, { email: message });
      }
      const row = await repo.subscriberByEmail(websiteId, listId, body.email);
      if (!row) notFound();
      return toSubscriber(row);
    },

    async importCsv(
      websiteId: string,
      listId: string,
      csv: string,
    ): Promise<SubscriberImportResult> {
      await listOrFail(websiteId, listId);
      const { records, problem } = parseCsv(csv.replace(/^\uFEFF/, ''));
      if (problem) {
        throw fail('SUBSCRIBER_IMPORT_INVALID', `Line ${problem.line}: ${problem.message}`, {
          csv: `Line ${problem.line}: ${problem.message}`,
        });
      }
      const [header, ...rows] = records;
      const columns = (header?.cells ?? []).map((cell) => cell.trim().toLowerCase());
      const emailAt = columns.findIndex(
        (c) => c === 'email' || c === 'email address' || c === 'e-mail',
      );
      const nameAt = columns.findIndex((c) => c === 'name' || c === 'full name');
      if (emailAt < 0) {
        const message = 'The first row must name the columns, one of them "email"';
        throw fail('SUBSCRIBER_IMPORT_INVALID', message, { csv: message });
      }
      const errors: SubscriberImportResult['errors'] = [];
      const people: { email: string; name: string; unsubscribeToken: string }[] = [];
      for (const record of rows) {
        if (record.cells.every((cell) => cell.trim() === '')) continue;
        const email = (record.cells[emailAt] ?? '').trim();
        if (!isValidAccountEmail(email)) {
          errors.push({
            line: record.line,
            message: email
              ? `"${email.slice(0, 100)}" is not an email address`
              : 'No email address',
          });
          continue;
        }
        const name = nameAt >= 0 ? (record.cells[nameAt] ?? '').trim().slice(0, 200) : '';
        people.push({ email, name, unsubscribeToken: newToken() });
      }
      const outcome = await repo.addSubscribed({ websiteId, listId, source: 'import', people });
      if (!outcome) notFound();
      const count = (what: string) => [...outcome.values()].filter((v) => v === what).length;
      return {
        added: count('added'),
        confirmed: count('confirmed'),
        unchanged: count('unchanged'),
        skipped: count('skipped'),
        errors: errors.slice(0, 100),
        errorCount: errors.length,
      };
    },

    async unsubscribe(websiteId: string, listId: string, subscriberId: string) {
      const row = await repo.unsubscribe(websiteId, listId, subscriberId);
      if (!row) throw fail('SUBSCRIBER_NOT_FOUND', 'Subscriber not found');
      return toSubscriber(row);
    },

    async deleteSubscriber(websiteId: string, listId: string, subscriberId: string) {
      if (!(await repo.deleteSubscriber(websiteId, listId, subscriberId))) {
        throw fail('SUBSCRIBER_NOT_FOUND', 'Subscriber not found');
      }
    },

    /** The visitor's link from the confirmation email. */
    async confirm(websiteId: string, token: string) {
      // Read first: a PGlite transaction holds the only connection.
      const [website, origin] = await Promise.all([
        websites.getById(websiteId),
        websites.originOf(websiteId),
      ]);
      const lists = new Map((await repo.lists(websiteId)).map((l) => [l.list_id, l.name]));
      const result = await repo.confirm(websiteId, tokenHash(token), (row) =>
        welcomeMail({
          to: row.email,
          websiteTitle: website?.title ?? '',
          listName: lists.get(row.list_id) ?? '',
          unsubscribeLink: unsubscribeUrl(origin, row.unsubscribe_token),
        }),
      );
      const list = result.row ? await repo.list(websiteId, result.row.list_id) : undefined;
      return {
        state: result.state,
        listName: list?.name ?? null,
        email: result.row?.email ?? null,
      };
    },

    /**
     * What the confirmation page shows before the click: subscribing takes a POST, as mail
     * scanners open every link in an email and must not confirm for the person.
     */
    async confirmTarget(websiteId: string, token: string) {
      const row = await repo.byConfirmToken(websiteId, tokenHash(token));
      if (!row) return { state: 'invalid' as const, listName: null };
      const sentAt = row.confirm_sent_at ? new Date(row.confirm_sent_at).getTime() : 0;
      const state =
        row.status === 'subscribed'
          ? ('already' as const)
          : row.status === 'pending' && Date.now() - sentAt <= CONFIRM_LINK_DAYS * 86_400_000
            ? ('ask' as const)
            : ('invalid' as const);
      return { state, listName: row.list_name };
    },

    /** What the unsubscribe page shows before the click. */
    async unsubscribeTarget(websiteId: string, token: string) {
      const row = await repo.byUnsubscribeToken(websiteId, token);
      return row
        ? { listName: row.list_name, email: row.email, status: row.status as Subscriber['status'] }
        : null;
    },

    /** One click, from the page or a mail client (RFC 8058): answers the same page data. */
    async unsubscribeWithToken(websiteId: string, token: string) {
      await repo.unsubscribeByToken(websiteId, token);
      const row = await repo.byUnsubscribeToken(websiteId, token);
      return row
        ? { listName: row.list_name, email: row.email, status: row.status as Subscriber['status'] }
        : null;
    },

    /** A customer account's choices (issue 23): every list, with its email's status on it. */
    async accountLists(websiteId: string, email: string) {
      const rows = await repo.listsForEmail(websiteId, email);
      return rows.map((row) => ({
        listId: row.list_id,
        name: row.name,
        description: row.description,
        status: row.status,
      }));
    },

    /**
     * Subscribes or unsubscribes a customer account's confirmed email on one list; the
     * caller has checked that the account confirmed it. Answers the account's lists after.
     */
    async setAccountSubscription(input: {
      websiteId: string;
      listId: string;
      email: string;
      isSubscribed: boolean;
    }) {
      const { websiteId, listId, email } = input;
      const list = await listOrFail(websiteId, listId);
      if (input.isSubscribed) {
        const [website, origin] = await Promise.all([
          websites.getById(websiteId),
          websites.originOf(websiteId),
        ]);
        await repo.subscribeConfirmedAddress({
          websiteId,
          listId,
          email,
          unsubscribeToken: newToken(),
          welcome: (row) =>
            welcomeMail({
              to: row.email,
              websiteTitle: website?.title ?? '',
              listName: list.name,
              unsubscribeLink: unsubscribeUrl(origin, row.unsubscribe_token),
            }),
        });
      } else {
        await repo.unsubscribeAddress(websiteId, listId, email);
      }
    },

    subscribedEmails: repo.subscribedEmails,
  };
}
