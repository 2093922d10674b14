import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import {
  copyDemoData,
  createTestDatabase,
  type TestApp,
  type TestDatabase,
  testDialect,
} from '../../test/test-app.ts';
import { ownerClient } from '../auth/editor-client.ts';
import { CAMPAIGN_BATCH_JOB } from '../jobs/job-kinds.ts';
import { createMailSender, type MailTransport, type OutgoingMessage } from '../mail/mail-sender.ts';
import { seedList } from './campaign-test-kit.ts';

// Issue 21: "no email is ever sent twice to one subscriber for one campaign, across a
// server restart". The first server sends a campaign of 30 at 10 a batch; its job runner
// dies after a batch committed but before the job was deleted (so the job runs again),
// and its mail sender dies in the worst place: the mail server has taken a message and
// the outbox has not marked it sent. A second server on the same database finishes. The
// mail server must have received exactly one message for every subscriber.

const BASE = '/api/campaigns/1.0';
const LEASE_MS = 300;
const SUBSCRIBERS = Array.from(
  { length: 30 },
  (_, i) => `s${String(i).padStart(2, '0')}@example.com`,
);

describe(`campaign sending across a restart (${testDialect})`, () => {
  let testDatabase: TestDatabase;
  let database: Database;
  let dataDir: string;
  let second: App | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'atelier-campaigns-'));
    testDatabase = await createTestDatabase({ withDemo: true });
    await copyDemoData(dataDir);
    database = await testDatabase.open();
  });
  afterAll(async () => {
    await second?.close();
    await database.close();
    await testDatabase.dispose();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('mails every subscriber exactly once though both workers died mid-send', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
    // As in webhooks-restart.test.ts: on PGlite the servers share the test's database.
    const serverDatabase = async (): Promise<Database> =>
      testDialect === 'pglite' ? { ...database, close: async () => {} } : testDatabase.open();
    const campaigns = { minuteMs: 0 };
    const first = await buildApp({
      config,
      database: await serverDatabase(),
      seedDemo: false,
      campaigns,
    });
    const owner = await ownerClient({ app: first } as TestApp);
    const websiteId: string = (await owner.call('GET', '/api/config/session')).json().websiteId;
    const { listId } = await seedList(database.db, {
      websiteId,
      name: 'Everyone',
      subscribed: SUBSCRIBERS,
    });
    const created = await owner.call('POST', `${BASE}/campaigns`, {
      name: 'Restart',
      subject: 'Once only',
      listId,
      blocks: [{ type: 'text', text: 'Hello' }],
      ratePerMinute: 10,
    });
    expect(created.statusCode, created.body).toBe(201);
    const campaignId: string = created.json().id;
    expect((await owner.call('POST', `${BASE}/campaigns/${campaignId}/send`)).statusCode).toBe(202);

    // Batch 1 through the runner; batch 2's handler commits, then the runner "dies" before
    // deleting its job, which therefore runs again on the next server.
    expect(await first.services.commerce.jobs.runDueJobs()).toBe(1);
    const batch2 = await database.db
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', CAMPAIGN_BATCH_JOB)
      .executeTakeFirstOrThrow();
    expect(batch2.payload).toEqual({ campaignId, batch: 2 });
    await first.services.campaigns.runBatch(batch2);

    // The mail server records what it takes. The first sender hands it four messages, then
    // a fifth that it takes while the process dies before hearing back.
    const received: OutgoingMessage[] = [];
    const dying: MailTransport = {
      async send(message) {
        received.push(message);
        if (received.length === 5) await new Promise(() => {});
      },
    };
    const firstSender = createMailSender({
      outbox: first.services.commerce.outbox,
      transport: dying,
      from: 'shop@example.com',
      log: first.log,
      leaseMs: LEASE_MS,
    });
    void firstSender.sendDue();
    for (let i = 0; i < 100 && received.length < 5; i++) await sleep(20);
    expect(received).toHaveLength(5);
    await first.close();

    second = await buildApp({
      config,
      database: await serverDatabase(),
      seedDemo: false,
      campaigns,
    });
    const healthy: MailTransport = {
      async send(message) {
        received.push(message);
      },
    };
    const secondSender = createMailSender({
      outbox: second.services.commerce.outbox,
      transport: healthy,
      from: 'shop@example.com',
      log: second.log,
    });
    await sleep(LEASE_MS + 100);
    for (let round = 0; round < 20; round++) {
      const jobs = await second.services.commerce.jobs.runDueJobs();
      const mails = await secondSender.sendDue();
      if (jobs === 0 && mails === 0) break;
    }

    const byAddress = new Map<string, number>();
    for (const message of received) {
      byAddress.set(message.to, (byAddress.get(message.to) ?? 0) + 1);
    }
    expect([...byAddress.keys()].sort()).toEqual(SUBSCRIBERS);
    expect([...byAddress.entries()].filter(([, n]) => n !== 1)).toEqual([]);
    expect(received).toHaveLength(30);

    // The message in doubt reads as failed (it may not have been sent), the rest as sent.
    const row = await database.db
      .selectFrom('campaigns')
      .select(['status'])
      .where('campaign_id', '=', campaignId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('sent');
    const progress = await second.services.campaigns.get(websiteId, campaignId);
    expect(progress.counts).toEqual({
      total: 30,
      queued: 0,
      sending: 0,
      sent: 29,
      failed: 1,
      skipped: 0,
    });
    const failed = await second.services.campaigns.recipients(websiteId, campaignId, {
      status: 'failed',
    });
    expect(failed.recipients).toEqual([
      expect.objectContaining({
        email: received[4]?.to,
        error: 'interrupted: may not have been sent',
      }),
    ]);
  }, 120_000);
});
