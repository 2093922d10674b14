import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialect } from '../../test/test-app.ts';
import { createKey } from '../api-keys/api-key-fixtures.ts';
import { INTERRUPTED_ERROR } from './mail.repo.ts';
import {
  createMailSender,
  isCleanRefusal,
  isHardBounce,
  type MailTransport,
} from './mail-sender.ts';

describe(`sending the outbox (${testDialect})`, () => {
  let t: TestApp;
  let websiteId: string;
  beforeAll(async () => {
    t = await createTestApp();
    websiteId = (await t.app.services.websites.resolveByHost('localhost'))?.id ?? '';
  });
  afterAll(() => t.close());

  /** nodemailer's own stream transport: real message building, no network. */
  function streamTransport() {
    const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true });
    const sent: string[] = [];
    const transport: MailTransport = {
      async send(message) {
        const info = await transporter.sendMail(message);
        sent.push(String(info.message));
      },
    };
    return { transport, sent };
  }

  it('sends what is due, marks it sent, and leaves scheduled mail for later', async () => {
    const { outbox } = t.app.services.commerce;
    await outbox.enqueue(websiteId, [
      { kind: 'test', to: 'ada@example.com', subject: 'Your order #1', bodyText: 'Thank you.' },
      {
        kind: 'test',
        to: 'grace@example.com',
        subject: 'A gift card for you',
        bodyText: 'Happy birthday!',
        sendAfter: new Date(Date.now() + 86_400_000),
      },
    ]);
    const { transport, sent } = streamTransport();
    const sender = createMailSender({
      outbox,
      transport,
      from: 'Shop <shop@example.com>',
      log: t.app.log,
    });
    expect(await sender.sendDue()).toBe(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain('Subject: Your order #1');
    expect(sent[0]).toContain('To: ada@example.com');
    expect(await sender.sendDue()).toBe(0);

    const key = await createKey(t);
    const listed = await t.app.inject({ url: '/api/mail/outbox', headers: key.headers });
    const bySubject = Object.fromEntries(
      listed
        .json()
        .messages.map((m: { subject: string; sentAt: number | null }) => [m.subject, m.sentAt]),
    );
    expect(bySubject['Your order #1']).toEqual(expect.any(Number));
    expect(bySubject['A gift card for you']).toBeNull();
  });

  it('keeps a message whose send failed and tries again later', async () => {
    const { outbox } = t.app.services.commerce;
    await outbox.enqueue(websiteId, [
      { kind: 'test', to: 'x@example.com', subject: 'Retry me', bodyText: '…' },
    ]);
    const failing: MailTransport = {
      async send() {
        throw new Error('connection refused');
      },
    };
    const sender = createMailSender({ outbox, transport: failing, from: 'a@b.co', log: t.app.log });
    expect(await sender.sendDue()).toBe(0);
    const key = await createKey(t);
    const listed = await t.app.inject({ url: '/api/mail/outbox', headers: key.headers });
    const retry = listed.json().messages.find((m: { subject: string }) => m.subject === 'Retry me');
    expect(retry).toMatchObject({ sentAt: null, lastError: 'connection refused' });
    // Not due again straight away: the failure pushed it back.
    expect(await sender.sendDue()).toBe(0);
  });

  /** The outbox row of one subject, straight from the table. */
  async function rowOf(subject: string) {
    return t.database.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('website_id', '=', websiteId)
      .where('subject', '=', subject)
      .executeTakeFirstOrThrow();
  }

  it('passes an HTML body and headers on to the mail', async () => {
    const { outbox } = t.app.services.commerce;
    await outbox.enqueue(websiteId, [
      {
        kind: 'campaign',
        to: 'html@example.com',
        subject: 'With HTML',
        bodyText: 'Plain',
        bodyHtml: '<p>Rich</p>',
        headers: { 'List-Unsubscribe': '<https://shop.example/u?t=abc>' },
        isAtMostOnce: true,
      },
    ]);
    const { transport, sent } = streamTransport();
    const sender = createMailSender({ outbox, transport, from: 'a@b.co', log: t.app.log });
    expect(await sender.sendDue()).toBe(1);
    expect(sent[0]).toContain('List-Unsubscribe: <https://shop.example/u?t=abc>');
    expect(sent[0]).toContain('Content-Type: text/html');
    expect(sent[0]).toContain('<p>Rich</p>');
    expect(await rowOf('With HTML')).toMatchObject({
      sent_at: expect.any(Date),
      failed_at: null,
    });
  });

  it('never sends an at-most-once message again after a crash mid-send', async () => {
    const { outbox } = t.app.services.commerce;
    await outbox.enqueue(websiteId, [
      {
        kind: 'campaign',
        to: 'once@example.com',
        subject: 'Once',
        bodyText: '…',
        isAtMostOnce: true,
      },
      { kind: 'receipt', to: 'twice@example.com', subject: 'Twice', bodyText: '…' },
    ]);
    // The mail server takes each message, then the process "dies" before marking it sent.
    const delivered: string[] = [];
    const crashing: MailTransport = {
      async send(message) {
        delivered.push(message.subject);
        throw new Crash();
      },
    };
    class Crash extends Error {}
    const dying = createMailSender({
      outbox: {
        ...outbox,
        // A crash records nothing: the lease is left to run out.
        markFailed: async () => {},
      },
      transport: crashing,
      from: 'a@b.co',
      log: t.app.log,
      leaseMs: 50,
    });
    expect(await dying.sendDue()).toBe(0);
    expect(delivered.sort()).toEqual(['Once', 'Twice']);
    await new Promise((resolve) => setTimeout(resolve, 120));

    const { transport, sent } = streamTransport();
    const sender = createMailSender({ outbox, transport, from: 'a@b.co', log: t.app.log });
    expect(await sender.sendDue()).toBe(1);
    // The receipt goes again (better twice than never); the campaign mail does not.
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain('Subject: Twice');
    expect(await rowOf('Once')).toMatchObject({
      sent_at: null,
      failed_at: expect.any(Date),
      last_error: INTERRUPTED_ERROR,
    });
    expect(await sender.sendDue()).toBe(0);
  });

  it('retries an at-most-once message the server refused, and fails one left in doubt', async () => {
    const { outbox } = t.app.services.commerce;
    await outbox.enqueue(websiteId, [
      {
        kind: 'campaign',
        to: 'r@example.com',
        subject: 'Refused',
        bodyText: '…',
        isAtMostOnce: true,
      },
      {
        kind: 'campaign',
        to: 'd@example.com',
        subject: 'Doubt',
        bodyText: '…',
        isAtMostOnce: true,
      },
    ]);
    const failing: MailTransport = {
      async send(message) {
        if (message.subject === 'Refused') {
          throw Object.assign(new Error('451 try again later'), { responseCode: 451 });
        }
        throw Object.assign(new Error('Connection closed'), { code: 'ESOCKET' });
      },
    };
    const sender = createMailSender({ outbox, transport: failing, from: 'a@b.co', log: t.app.log });
    expect(await sender.sendDue()).toBe(0);
    expect(await rowOf('Refused')).toMatchObject({
      failed_at: null,
      attempt_started_at: null,
      attempts: 1,
      last_error: '451 try again later',
      lease_until: expect.any(Date),
    });
    expect(await rowOf('Doubt')).toMatchObject({
      failed_at: expect.any(Date),
      last_error: 'may not have been sent: Connection closed',
    });
  });

  it('reads nodemailer’s refused connection as clean and a closed one as in doubt', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), {
      code: 'ESOCKET',
      originalCode: 'ECONNREFUSED',
    });
    const closed = Object.assign(new Error('Connection closed unexpectedly'), {
      code: 'ECONNECTION',
    });
    expect(isCleanRefusal(refused)).toBe(true);
    expect(isCleanRefusal(closed)).toBe(false);
    expect(isCleanRefusal(Object.assign(new Error('421'), { responseCode: 421 }))).toBe(true);
    expect(isHardBounce(Object.assign(new Error('550'), { responseCode: 550 }))).toBe(false);
  });

  it('sends a message whose lease another sender took only once', async () => {
    const { outbox } = t.app.services.commerce;
    await outbox.enqueue(websiteId, [
      {
        kind: 'campaign',
        to: 'l@example.com',
        subject: 'Leased',
        bodyText: '…',
        isAtMostOnce: true,
      },
    ]);
    const [claimed] = await outbox.claimDue({ limit: 50, leaseMs: 10 });
    expect(claimed?.subject).toBe('Leased');
    await new Promise((resolve) => setTimeout(resolve, 30));
    // A second sender claims it after the lease ran out; the first, slow one then loses.
    const [again] = await outbox.claimDue({ limit: 50, leaseMs: 60_000 });
    expect(again?.subject).toBe('Leased');
    if (!claimed || !again) throw new Error('not claimed');
    expect(await outbox.startAttempt(claimed)).toBe(false);
    expect(await outbox.startAttempt(again)).toBe(true);
    expect(await outbox.startAttempt(again)).toBe(false);
  });

  it('marks an address bounced on every list when a list email is refused for good', async () => {
    const { outbox } = t.app.services.commerce;
    const lists = await t.database.db
      .insertInto('mailing_lists')
      .values([
        { website_id: websiteId, name: 'Bounce A' },
        { website_id: websiteId, name: 'Bounce B' },
      ])
      .returning('list_id')
      .execute();
    await t.database.db
      .insertInto('mailing_list_subscribers')
      .values(
        lists.map((list, i) => ({
          website_id: websiteId,
          list_id: list.list_id,
          email: 'Gone@Example.com',
          email_key: 'gone@example.com',
          status: 'subscribed' as const,
          source: 'import' as const,
          unsubscribe_token: `bounce-token-${i}-0123456789`,
        })),
      )
      .execute();
    const unsubscribe = 'https://shop.example.com/newsletter/unsubscribe?t=x';
    await outbox.enqueue(websiteId, [
      {
        kind: 'campaign',
        to: 'Gone@Example.com',
        subject: 'Bounces',
        bodyText: '…',
        headers: { 'List-Unsubscribe': `<${unsubscribe}>` },
        isAtMostOnce: true,
      },
      // A receipt refused the same way is retried as before and bounces nobody.
      { kind: 'test', to: 'gone@example.com', subject: 'Receipt bounce', bodyText: '…' },
    ]);
    await outbox.enqueue(websiteId, [
      {
        kind: 'campaign',
        to: 'kept@example.com',
        subject: 'Spam refused',
        bodyText: '…',
        headers: { 'List-Unsubscribe': `<${unsubscribe}>` },
        isAtMostOnce: true,
      },
    ]);
    await t.database.db
      .insertInto('mailing_list_subscribers')
      .values({
        website_id: websiteId,
        list_id: lists[0]?.list_id ?? '',
        email: 'kept@example.com',
        email_key: 'kept@example.com',
        status: 'subscribed',
        source: 'import',
        unsubscribe_token: 'kept-token-0123456789abcdef',
      })
      .execute();
    const refusing: MailTransport = {
      async send(message) {
        if (message.subject === 'Spam refused') {
          // Refused at DATA: the content, not the address.
          throw Object.assign(new Error('550 5.7.1 Message refused'), {
            responseCode: 550,
            command: 'DATA',
          });
        }
        throw Object.assign(new Error('550 5.1.1 No such user'), {
          responseCode: 550,
          command: 'RCPT TO',
        });
      },
    };
    const sender = createMailSender({
      outbox,
      transport: refusing,
      from: 'a@b.co',
      log: t.app.log,
    });
    await sender.sendDue();
    const statuses = await t.database.db
      .selectFrom('mailing_list_subscribers')
      .select('status')
      .where('email_key', '=', 'gone@example.com')
      .execute();
    expect(statuses).toEqual([{ status: 'bounced' }, { status: 'bounced' }]);
    const kept = await t.database.db
      .selectFrom('mailing_list_subscribers')
      .select('status')
      .where('email_key', '=', 'kept@example.com')
      .executeTakeFirstOrThrow();
    expect(kept.status).toBe('subscribed');
    expect(await rowOf('Bounces')).toMatchObject({ failed_at: expect.any(Date) });
    expect(await rowOf('Receipt bounce')).toMatchObject({ failed_at: null, sent_at: null });
  });
});
