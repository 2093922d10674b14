import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { MailQueries } from './mail.repo.ts';

// Sends what the outbox holds once SMTP_URL is configured. Mail is claimed with a lease
// (so several instances share the outbox and no transaction is held while the mail
// server answers), sent, then marked sent; a failure retries later with backoff. A
// crash between sending and marking may send a message twice — for receipts, better
// twice than never.

export type OutgoingMessage = { from: string; to: string; subject: string; text: string };
export type MailTransport = { send(message: OutgoingMessage): Promise<void> };

export type MailSender = {
  start(): void;
  stop(): Promise<void>;
  /** Sends everything due now; returns how many went out. Tests call this directly. */
  sendDue(): Promise<number>;
};

const BATCH = 20;
const LEASE_MS = 2 * 60_000;
const MAX_BACKOFF_MS = 6 * 3600_000;

export function smtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transporter.sendMail(message);
    },
  };
}

export function createMailSender(deps: {
  outbox: Pick<MailQueries, 'claimDue' | 'markSent' | 'markFailed'>;
  transport: MailTransport;
  from: string;
  log: FastifyBaseLogger;
  intervalMs?: number;
}): MailSender {
  const { outbox, transport, from, log } = deps;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> = Promise.resolve(0);

  async function sendBatch(): Promise<number> {
    const batch = await outbox.claimDue({ limit: BATCH, leaseMs: LEASE_MS });
    let sent = 0;
    for (const mail of batch) {
      try {
        await transport.send({
          from,
          to: mail.to_email,
          subject: mail.subject,
          text: mail.body_text,
        });
        await outbox.markSent(mail.website_id, mail.message_id);
        sent += 1;
      } catch (error) {
        const delay = Math.min(MAX_BACKOFF_MS, 2 ** mail.attempts * 60_000);
        log.warn({ err: error, messageId: mail.message_id }, 'sending mail failed; will retry');
        await outbox.markFailed({
          websiteId: mail.website_id,
          messageId: mail.message_id,
          error: error instanceof Error ? error.message : String(error),
          retryAt: new Date(Date.now() + delay),
        });
      }
    }
    return sent;
  }

  function sendDue(): Promise<number> {
    running = running.catch(() => 0).then(sendBatch);
    return running;
  }

  return {
    sendDue,
    start() {
      if (timer) return;
      timer = setInterval(() => {
        sendDue().catch((error: unknown) => log.error({ err: error }, 'mail sender failed'));
      }, deps.intervalMs ?? 10_000);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running.catch(() => 0);
    },
  };
}
