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
/** At most this many batches a tick, so one poll cannot run for ever. */
const MAX_BATCHES_PER_TICK = 50;
const LEASE_MS = 2 * 60_000;
const MAX_BACKOFF_MS = 6 * 3600_000;
/** An at-most-once message refused this often is given up. */
const AT_MOST_ONCE_TRIES = 5;

/** Failures before any connection to the mail server was made (or it let us in). */
const NEVER_CONNECTED = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'EDNS',
  'EAUTH',
]);

/**
 * Whether a send error proves the message was not taken: the server answered with a
 * refusal code, or no connection was made. Anything else — a connection closed or reset
 * after the message went, nodemailer's ECONNECTION and ESOCKET among them — may have come
 * after the server took it. nodemailer reports a refused connection as ESOCKET with the
 * system's code in `originalCode`.
 */
export function isCleanRefusal(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { responseCode, code, originalCode } = error as Error & {
    responseCode?: unknown;
    code?: unknown;
    originalCode?: unknown;
  };
  if (typeof responseCode === 'number' && responseCode >= 400) return true;
  const systemCode = typeof originalCode === 'string' ? originalCode : code;
  return typeof systemCode === 'string' && NEVER_CONNECTED.has(systemCode);
}

/**
 * A mail server's permanent refusal of the recipient (RFC 5321: 550 mailbox unavailable,
 * 551 user not local, 553 mailbox name not allowed) in answer to RCPT TO: sending again
 * cannot help. The same codes at MAIL FROM or DATA refuse the sender or the content, and
 * say nothing about the address.
 */
export function isHardBounce(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { responseCode, command } = error as Error & { responseCode?: unknown; command?: unknown };
  const isRecipientCode = responseCode === 550 || responseCode === 551 || responseCode === 553;
  return isRecipientCode && typeof command === 'string' && command.startsWith('RCPT');
}

export function smtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transporter.sendMail(message);
    },
  };
}

export function createMailSender(deps: {
  outbox: Pick<
    MailQueries,
    'claimDue' | 'startAttempt' | 'markSent' | 'markFailed' | 'markBounced'
  >;
  transport: MailTransport;
  from: string;
  log: FastifyBaseLogger;
  intervalMs?: number;
  /** How long a claimed message is this sender's (tests shorten it). */
  leaseMs?: number;
}): MailSender {
  const { outbox, transport, from, log } = deps;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> = Promise.resolve(0);

  async function sendBatch(): Promise<{ claimed: number; sent: number }> {
    const batch = await outbox.claimDue({ limit: BATCH, leaseMs: deps.leaseMs ?? LEASE_MS });
    let sent = 0;
    for (const mail of batch) {
      if (mail.is_at_most_once && !(await outbox.startAttempt(mail))) continue;
      try {
        await transport.send({
          from,
          to: mail.to_email,
          subject: mail.subject,
          text: mail.body_text,
          ...(mail.body_html !== null && { html: mail.body_html }),
          ...(mail.headers && { headers: mail.headers }),
        });
        await outbox.markSent(mail.website_id, mail.message_id);
        sent += 1;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const delay = Math.min(MAX_BACKOFF_MS, 2 ** mail.attempts * 60_000);
        // A list email (it carries List-Unsubscribe) to an address refused for good: the
        // address is bounced on the website's lists and the message is not tried again.
        const isBounce = isHardBounce(error) && Boolean(mail.headers?.['List-Unsubscribe']);
        if (isBounce) await outbox.markBounced(mail.website_id, mail.to_email);
        const isFinal =
          isBounce ||
          (mail.is_at_most_once &&
            (!isCleanRefusal(error) || mail.attempts + 1 >= AT_MOST_ONCE_TRIES));
        log.warn(
          { err: error, messageId: mail.message_id },
          isFinal ? 'sending mail failed; given up' : 'sending mail failed; will retry',
        );
        await outbox.markFailed({
          websiteId: mail.website_id,
          messageId: mail.message_id,
          error:
            mail.is_at_most_once && !isCleanRefusal(error)
              ? `may not have been sent: ${message}`
              : message,
          retryAt: isFinal ? null : new Date(Date.now() + delay),
        });
      }
    }
    return { claimed: batch.length, sent };
  }

  /**
   * Batches until one comes back short (or a tick's cap), so a campaign's rate is set by
   * its own job rather than by this poll's interval.
   */
  async function sendAllDue(): Promise<number> {
    let total = 0;
    for (let batch = 0; batch < MAX_BATCHES_PER_TICK; batch += 1) {
      const { claimed, sent } = await sendBatch();
      total += sent;
      if (claimed < BATCH) break;
    }
    return total;
  }

  function sendDue(): Promise<number> {
    running = running.catch(() => 0).then(sendAllDue);
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
