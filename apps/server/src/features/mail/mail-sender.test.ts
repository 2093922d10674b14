import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialect } from '../../test/test-app.ts';
import { createKey } from '../api-keys/api-key-fixtures.ts';
import { createMailSender, type MailTransport } from './mail-sender.ts';

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
});
