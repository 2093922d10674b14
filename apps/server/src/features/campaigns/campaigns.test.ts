import { Role } from '@atelier/core';
import { sql } from 'kysely';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialect } from '../../test/test-app.ts';
import { createKey } from '../api-keys/api-key-fixtures.ts';
import { type EditorClient, ownerClient } from '../auth/editor-client.ts';
import { CAMPAIGN_BATCH_JOB } from '../jobs/job-kinds.ts';
import { createMailSender, type MailTransport } from '../mail/mail-sender.ts';
import { seedList, unsubscribe } from './campaign-test-kit.ts';

// Issue 21's campaigns through the API: drafts and their checks, the preview and a test
// send, sending to a list at a rate with per-recipient status, skipping whoever left
// before their turn, cancelling, and a repeated batch job doing nothing.

const BASE = '/api/campaigns/1.0';

describe(`campaigns (${testDialect})`, () => {
  let t: TestApp;
  let owner: EditorClient;
  let websiteId: string;
  let productId: string;

  beforeAll(async () => {
    t = await createTestApp({ campaigns: { minuteMs: 0 } });
    owner = await ownerClient(t);
    websiteId = (await owner.call('GET', '/api/config/session')).json().websiteId;
    const mug = await t.database.db
      .selectFrom('product_variants')
      .select('product_id')
      .where('website_id', '=', websiteId)
      .where('sku', '=', 'MUG-OAT')
      .executeTakeFirstOrThrow();
    productId = mug.product_id;
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const runJobs = async () => {
    for (let i = 0; i < 50; i++) {
      if ((await t.app.services.commerce.jobs.runDueJobs()) === 0) return;
    }
  };
  const outboxOf = (kind: string) =>
    db()
      .selectFrom('mail_outbox')
      .selectAll()
      .where('website_id', '=', websiteId)
      .where('kind', '=', kind)
      .orderBy('to_email')
      .execute();

  async function createCampaign(body: Record<string, unknown>) {
    const created = await owner.call('POST', `${BASE}/campaigns`, body);
    expect(created.statusCode, created.body).toBe(201);
    return created.json() as { id: string; status: string };
  }

  const blocks = () => [
    { type: 'text', text: 'Hello <friends>,\n\nOur new mugs are in.' },
    { type: 'image', url: 'https://images.example.com/mug.jpg', altText: 'A mug' },
    { type: 'button', label: 'Shop now', url: 'https://shop.example.com/shop' },
    { type: 'product', productId },
  ];

  it('lets only signed-in admins and store managers in', async () => {
    const anonymous = await t.app.inject({ url: `${BASE}/campaigns` });
    expect(anonymous.statusCode).toBe(401);
    const editor = await createKey(t, { role: Role.editor });
    const refused = await t.app.inject({ url: `${BASE}/campaigns`, headers: editor.headers });
    expect(refused.statusCode).toBe(403);
    const manager = await createKey(t, { role: Role.storeManager });
    const listed = await t.app.inject({ url: `${BASE}/campaigns`, headers: manager.headers });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual({ campaigns: [] });
  });

  it('checks a draft: its name, list, products and images must exist', async () => {
    const noName = await owner.call('POST', `${BASE}/campaigns`, { name: ' ' });
    expect([noName.statusCode, noName.json().errors?.name]).toEqual([400, 'Name is required']);
    const badList = await owner.call('POST', `${BASE}/campaigns`, {
      name: 'x',
      listId: '00000000-0000-4000-8000-000000000000',
    });
    expect([badList.statusCode, badList.json().code]).toEqual([400, 'CAMPAIGN_INVALID']);
    expect(badList.json().errors).toEqual({
      listId: 'No mailing list of this website has this id.',
    });
    const badProduct = await owner.call('POST', `${BASE}/campaigns`, {
      name: 'x',
      blocks: [
        { type: 'text', text: 'hi' },
        { type: 'product', productId: '00000000-0000-4000-8000-000000000000' },
      ],
    });
    expect(badProduct.statusCode).toBe(400);
    expect(badProduct.json().errors).toEqual({
      'blocks.1.productId': 'The product no longer exists. Choose another one.',
    });
    const badButton = await owner.call('POST', `${BASE}/campaigns`, {
      name: 'x',
      blocks: [{ type: 'button', label: 'Go', url: 'javascript:alert(1)' }],
    });
    expect(badButton.statusCode).toBe(400);
    expect(badButton.json().errors).toEqual({
      'blocks.0.url': 'The button link must be a full http:// or https:// address',
    });
    const badImage = await owner.call('POST', `${BASE}/campaigns`, {
      name: 'x',
      blocks: [{ type: 'image', url: 'http://insecure.example.com/a.png' }],
    });
    expect([badImage.statusCode, badImage.json().errors]).toEqual([
      400,
      { 'blocks.0.url': 'The image address must start with https://' },
    ]);
  });

  it('previews and test-sends a draft, escaped, with the product and the foot', async () => {
    const { listId } = await seedList(db(), { websiteId, name: 'Preview list', subscribed: [] });
    const campaign = await createCampaign({
      name: 'Mugs',
      subject: 'New mugs',
      previewText: 'Oat and clay',
      listId,
      blocks: blocks(),
    });
    const preview = await owner.call('POST', `${BASE}/preview`, {
      subject: 'New mugs',
      previewText: 'Oat and clay',
      blocks: blocks(),
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const { html, text } = preview.json();
    expect(html).toContain('Hello &lt;friends&gt;,');
    expect(html).not.toContain('<friends>');
    expect(html).toContain('src="https://images.example.com/mug.jpg"');
    expect(html).toContain('Oat and clay');
    expect(html).toMatch(/\/newsletter\/unsubscribe\?t=/);
    expect(text).toContain('Shop now: https://shop.example.com/shop');
    expect(text).toMatch(/Oat mug|Mug/i);
    expect(text).toMatch(/\/p\//);
    expect(text).toContain('Unsubscribe: /newsletter/unsubscribe?t=');

    const test = await owner.call('POST', `${BASE}/campaigns/${campaign.id}/test`, {
      email: 'me@example.com',
    });
    expect(test.statusCode, test.body).toBe(202);
    const [mail] = await outboxOf('campaign-test');
    expect(mail).toMatchObject({
      to_email: 'me@example.com',
      subject: '[Test] New mugs',
      is_at_most_once: false,
    });
    expect(mail?.body_html).toContain('Hello &lt;friends&gt;');
    const badEmail = await owner.call('POST', `${BASE}/campaigns/${campaign.id}/test`, {
      email: 'nope',
    });
    expect([badEmail.statusCode, badEmail.json().errors]).toEqual([
      400,
      { email: 'Email is invalid' },
    ]);
  });

  it('refuses to send what is not ready, saying why', async () => {
    const empty = await seedList(db(), {
      websiteId,
      name: 'Nobody yet',
      subscribed: [],
      others: [{ email: 'pending@example.com', status: 'pending' }],
    });
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'a', listId: empty.listId, blocks: blocks() }, 'Add a subject before sending.'],
      [{ name: 'b', subject: 's', listId: empty.listId }, 'Add at least one block before sending.'],
      [{ name: 'c', subject: 's', blocks: blocks() }, 'Choose a mailing list before sending.'],
      [
        { name: 'd', subject: 's', listId: empty.listId, blocks: blocks() },
        'The mailing list has no subscribed addresses, so there is no one to send to.',
      ],
    ];
    for (const [body, message] of cases) {
      const campaign = await createCampaign(body);
      const sent = await owner.call('POST', `${BASE}/campaigns/${campaign.id}/send`);
      expect([sent.statusCode, sent.json().code, sent.json().error]).toEqual([
        409,
        'CAMPAIGN_NOT_READY',
        message,
      ]);
      const after = await owner.call('GET', `${BASE}/campaigns/${campaign.id}`);
      expect(after.json().status).toBe('draft');
    }
    const missing = await owner.call(
      'POST',
      `${BASE}/campaigns/00000000-0000-4000-8000-000000000000/send`,
    );
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'CAMPAIGN_NOT_FOUND']);
  });

  it('sends to the subscribed addresses at the rate, skipping who left before their turn', async () => {
    const subscribed = [
      'a@example.com',
      'b@example.com',
      'c@example.com',
      'd@example.com',
      'e@example.com',
    ];
    const { listId } = await seedList(db(), {
      websiteId,
      name: 'Customers',
      subscribed,
      others: [
        { email: 'gone@example.com', status: 'unsubscribed' },
        { email: 'wait@example.com', status: 'pending' },
      ],
    });
    const lists = await owner.call('GET', `${BASE}/lists`);
    expect(lists.json().lists).toContainEqual({ id: listId, name: 'Customers', subscribed: 5 });
    const campaign = await createCampaign({
      name: 'Spring',
      subject: 'Spring sale',
      listId,
      blocks: blocks(),
      ratePerMinute: 2,
    });
    const started = await owner.call('POST', `${BASE}/campaigns/${campaign.id}/send`);
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json()).toMatchObject({
      status: 'sending',
      counts: { total: 5, queued: 5, sending: 0, sent: 0, failed: 0, skipped: 0 },
    });
    // Only a draft changes or goes.
    for (const [method, path] of [
      ['PUT', ''],
      ['DELETE', ''],
      ['POST', '/send'],
    ] as const) {
      const refused = await owner.call(
        method,
        `${BASE}/campaigns/${campaign.id}${path}`,
        method === 'PUT' ? { name: 'x' } : undefined,
      );
      expect([refused.statusCode, refused.json().code], `${method} ${path}`).toEqual([
        409,
        'CAMPAIGN_NOT_DRAFT',
      ]);
    }

    // One batch: two (the rate) go to the outbox.
    expect(await t.app.services.commerce.jobs.runDueJobs()).toBe(1);
    let progress = (await owner.call('GET', `${BASE}/campaigns/${campaign.id}`)).json();
    expect(progress.counts).toMatchObject({ queued: 3, sending: 2 });
    // Someone still waiting unsubscribes: they are skipped when their turn comes.
    await unsubscribe(db(), websiteId, 'e@example.com');
    await runJobs();
    progress = (await owner.call('GET', `${BASE}/campaigns/${campaign.id}`)).json();
    expect(progress).toMatchObject({
      status: 'sent',
      finishedAt: expect.any(Number),
      counts: { total: 5, queued: 0, sending: 4, sent: 0, failed: 0, skipped: 1 },
    });

    const mails = await outboxOf('campaign');
    expect(mails.map((m) => m.to_email)).toEqual(subscribed.slice(0, 4));
    const tokens = new Set<string>();
    for (const mail of mails) {
      expect(mail.is_at_most_once).toBe(true);
      expect(mail.subject).toBe('Spring sale');
      const link = mail.headers?.['List-Unsubscribe'] ?? '';
      expect(link).toMatch(/^<http:\/\/[^>]+\/newsletter\/unsubscribe\?t=[\w-]+>$/);
      expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      const url = link.slice(1, -1);
      expect(mail.body_html).toContain(url);
      expect(mail.body_text).toContain(`Unsubscribe: ${url}`);
      expect(mail.body_html).not.toContain('unsubscribe.invalid');
      tokens.add(url);
    }
    expect(tokens.size).toBe(4);

    // The mail server takes them: recipients read as sent.
    const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true });
    const raw: string[] = [];
    const transport: MailTransport = {
      async send(message) {
        raw.push(String((await transporter.sendMail(message)).message));
      },
    };
    const sender = createMailSender({
      outbox: t.app.services.commerce.outbox,
      transport,
      from: 'shop@example.com',
      log: t.app.log,
    });
    await sender.sendDue();
    expect(raw.filter((m) => m.includes('Subject: Spring sale'))).toHaveLength(4);
    expect(raw.find((m) => m.includes('To: a@example.com'))).toContain('List-Unsubscribe-Post');
    const page = await owner.call('GET', `${BASE}/campaigns/${campaign.id}/recipients?pageSize=25`);
    expect(page.statusCode, page.body).toBe(200);
    expect(
      page.json().recipients.map((r: { email: string; status: string }) => [r.email, r.status]),
    ).toEqual([
      ['a@example.com', 'sent'],
      ['b@example.com', 'sent'],
      ['c@example.com', 'sent'],
      ['d@example.com', 'sent'],
      ['e@example.com', 'skipped'],
    ]);
    const skipped = await owner.call(
      'GET',
      `${BASE}/campaigns/${campaign.id}/recipients?status=skipped`,
    );
    expect(skipped.json()).toMatchObject({
      total: 1,
      recipients: [{ email: 'e@example.com', error: 'Unsubscribed before this address’s turn.' }],
    });

    // A batch job run again (as after a crash before the runner deleted it) does nothing.
    await t.app.services.commerce.jobs.runDueJobs();
    await t.database.db
      .insertInto('jobs')
      .values({
        website_id: websiteId,
        kind: CAMPAIGN_BATCH_JOB,
        payload: JSON.stringify({ campaignId: campaign.id, batch: 1 }),
      })
      .execute();
    await runJobs();
    expect(await outboxOf('campaign')).toHaveLength(4);
    const listed = await owner.call('GET', `${BASE}/campaigns`);
    expect(
      listed.json().campaigns.find((c: { id: string }) => c.id === campaign.id).counts,
    ).toMatchObject({ sent: 4, skipped: 1 });
  });

  it('cancels a send: whoever has not had their turn is skipped', async () => {
    const { listId } = await seedList(db(), {
      websiteId,
      name: 'Slow list',
      subscribed: ['x1@example.com', 'x2@example.com', 'x3@example.com'],
    });
    const campaign = await createCampaign({
      name: 'Slow',
      subject: 'Slowly',
      listId,
      blocks: [{ type: 'text', text: 'One at a time' }],
      ratePerMinute: 1,
    });
    expect((await owner.call('POST', `${BASE}/campaigns/${campaign.id}/send`)).statusCode).toBe(
      202,
    );
    expect(await t.app.services.commerce.jobs.runDueJobs()).toBe(1);
    const cancelled = await owner.call('POST', `${BASE}/campaigns/${campaign.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({
      status: 'cancelled',
      counts: { total: 3, queued: 0, sending: 1, skipped: 2 },
    });
    await runJobs();
    const mails = (await outboxOf('campaign')).filter((m) => m.subject === 'Slowly');
    expect(mails.map((m) => m.to_email)).toEqual(['x1@example.com']);
    const again = await owner.call('POST', `${BASE}/campaigns/${campaign.id}/cancel`);
    expect([again.statusCode, again.json().error]).toEqual([
      409,
      'Only a campaign that is sending can be cancelled.',
    ]);
  });

  it('says when sending stopped after a batch kept failing, and resumes from there', async () => {
    const { listId } = await seedList(db(), {
      websiteId,
      name: 'Stall list',
      subscribed: ['s1@example.com', 's2@example.com', 's3@example.com'],
    });
    const campaign = await createCampaign({
      name: 'Stalls',
      subject: 'Stalling',
      listId,
      blocks: [{ type: 'text', text: 'Hello' }],
      ratePerMinute: 1,
    });
    await owner.call('POST', `${BASE}/campaigns/${campaign.id}/send`);
    expect(await t.app.services.commerce.jobs.runDueJobs()).toBe(1);
    // Batch 2 fails its last try: the job runner hands it to the hook and deletes it.
    const job = await db()
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', CAMPAIGN_BATCH_JOB)
      .where(sql<string>`payload->>'campaignId'`, '=', campaign.id)
      .executeTakeFirstOrThrow();
    expect(job.payload).toEqual({ campaignId: campaign.id, batch: 2 });
    // A stray older batch's give-up changes nothing.
    await t.app.services.campaigns.stallBatch(
      { ...job, payload: { campaignId: campaign.id, batch: 1 } },
      new Error('old'),
    );
    expect((await owner.call('GET', `${BASE}/campaigns/${campaign.id}`)).json().stalled).toBe(null);
    await t.app.services.campaigns.stallBatch(job, new Error('Mail server refused: 554'));
    await db().deleteFrom('jobs').where('job_id', '=', job.job_id).execute();
    const stalled = (await owner.call('GET', `${BASE}/campaigns/${campaign.id}`)).json();
    expect(stalled).toMatchObject({
      status: 'sending',
      stalled: { at: expect.any(Number), error: 'Mail server refused: 554' },
      counts: { queued: 2, sending: 1 },
    });
    await runJobs();
    expect(
      (await owner.call('GET', `${BASE}/campaigns/${campaign.id}`)).json().counts,
    ).toMatchObject({ queued: 2 });

    const resumed = await owner.call('POST', `${BASE}/campaigns/${campaign.id}/resume`);
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json()).toMatchObject({ status: 'sending', stalled: null });
    await runJobs();
    const done = (await owner.call('GET', `${BASE}/campaigns/${campaign.id}`)).json();
    expect(done).toMatchObject({ status: 'sent', counts: { queued: 0, sending: 3 } });
    const again = await owner.call('POST', `${BASE}/campaigns/${campaign.id}/resume`);
    expect([again.statusCode, again.json().error]).toEqual([
      409,
      'Only a campaign whose sending stopped can be resumed.',
    ]);
  });

  it('edits and deletes a draft', async () => {
    const campaign = await createCampaign({ name: 'Draft' });
    const edited = await owner.call('PUT', `${BASE}/campaigns/${campaign.id}`, {
      name: 'Draft 2',
      subject: 'Hi',
      blocks: [{ type: 'text', text: 'x' }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Draft 2', subject: 'Hi', ratePerMinute: 60 });
    const removed = await owner.call('DELETE', `${BASE}/campaigns/${campaign.id}`);
    expect(removed.statusCode).toBe(204);
    const gone = await owner.call('GET', `${BASE}/campaigns/${campaign.id}`);
    expect(gone.statusCode).toBe(404);
  });
});
