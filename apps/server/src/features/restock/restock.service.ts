import { randomUUID } from 'node:crypto';
import type {
  InventoryPreferences,
  RestockGroupsResponse,
  RestockSendRequest,
  RestockSignUpBody,
  RestockSignUpsResponse,
} from '@atelier/contract';
import {
  formMessages,
  hasUnlimitedStockByType,
  type ProductType,
  RESTOCK_CAPTCHA_ACTION,
  restockMessages,
  restockSuccessText,
  validateRestockEmail,
} from '@atelier/core';
import type { JobRow } from '../../db/db-types.ts';
import { fail } from '../../http/errors.ts';
import type { CaptchaService } from '../captcha/captcha.service.ts';
import { escapeHtml } from '../forms/form-submissions.service.ts';
import type { OutgoingMail } from '../mail/mail.repo.ts';
import type { NewsletterService } from '../newsletter/newsletter.service.ts';
import type { WebsiteService } from '../websites/website.service.ts';
import type { RestockQueries, RestockRepo, RestockVariantRow } from './restock.repo.ts';

// Restock notifications (SPEC §3, §4, §7; issue 21). A shopper signs up for a sold-out
// variant of a product that takes sign-ups; the merchant sends the back-in-stock email
// from /config or the API, or the store sends it by itself in waves: when a variant's
// stock goes from 0 to N (the trigger of 0026 queues a job), the first N waiting get it.
// A shopper who ticks "join the mailing list" gets that list's confirmation email.

export type RestockService = ReturnType<typeof createRestockService>;

const PAGE_SIZE = 50;

const optionsText = (row: Pick<RestockVariantRow, 'option_values' | 'sku'>) =>
  row.option_values.length > 0 ? row.option_values.map((o) => o.value).join(' / ') : row.sku;

/** The shopper's one email: plain text, names escaped, an absolute link to the product. */
export function restockMail(input: {
  to: string;
  websiteTitle: string;
  productTitle: string;
  variantName: string | null;
  productUrl: string;
}): OutgoingMail {
  const name = input.variantName
    ? `${input.productTitle} (${input.variantName})`
    : input.productTitle;
  const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ').trim();
  return {
    kind: 'restock-notification',
    to: input.to,
    subject: oneLine(`${input.websiteTitle}: ${name} is back in stock`).slice(0, 250),
    bodyText: [
      `Good news: ${escapeHtml(name)} is back in stock at ${escapeHtml(input.websiteTitle)}.`,
      '',
      `Get it here: ${input.productUrl}`,
      '',
      'You asked to hear when it came back. This is the only email you get for this sign-up;',
      'stock may be limited, so it may sell out again.',
    ].join('\n'),
  };
}

/** Cursors are opaque to callers: "<microseconds>.<uuid>" in base64url. */
const encodeCursor = (micros: string, id: string) =>
  Buffer.from(`${micros}.${id}`).toString('base64url');
function decodeCursor(cursor: string | undefined): { micros: string; id: string } | undefined {
  if (!cursor) return undefined;
  const [micros, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('.');
  if (!micros || !/^\d{1,20}$/.test(micros) || !id || !/^[0-9a-f-]{36}$/i.test(id)) {
    throw fail('REQUEST_INVALID', 'The cursor is not one this list gave.', {
      cursor: 'The cursor is not one this list gave.',
    });
  }
  return { micros, id };
}

export function createRestockService(deps: {
  repo: RestockRepo;
  /** Verifies and spends a solution (`captcha.verify`). */
  verifyCaptcha: CaptchaService['verify'];
  inventorySettingsOf: (websiteId: string) => Promise<InventoryPreferences>;
  websites: Pick<WebsiteService, 'getById' | 'originOf'>;
  /** The mailing list's pending sign-up with its confirmation email (issue 21). */
  pendingSignUp?: NewsletterService['pendingSignUp'];
}) {
  const { repo, verifyCaptcha, inventorySettingsOf, websites } = deps;

  /** Everything a send's emails need, read before the transaction (one connection on PGlite). */
  async function mailContext(websiteId: string) {
    const [website, origin] = await Promise.all([
      websites.getById(websiteId),
      websites.originOf(websiteId),
    ]);
    return { websiteTitle: website?.title ?? '', origin };
  }

  /** Notifies the first `limit` waiting sign-ups (all when null) under `waveId`; the count sent. */
  async function send(input: {
    websiteId: string;
    variant: RestockVariantRow;
    limit: number | null;
    waveId: string;
    /** A job run again after a crash: its wave may already have gone. */
    isRetryable?: boolean;
  }): Promise<number> {
    const { websiteId, variant } = input;
    const context = await mailContext(websiteId);
    const productUrl = `${context.origin}/${variant.collection_url_id}/p/${variant.product_url_id}`;
    const variantName = variant.option_values.length > 0 ? optionsText(variant) : null;
    return repo.transaction(async (q: RestockQueries) => {
      if (input.isRetryable && (await q.hasWave(websiteId, input.waveId))) return 0;
      const taken = await q.takeWaiting({
        websiteId,
        variantId: variant.variant_id,
        limit: input.limit,
        waveId: input.waveId,
      });
      await q.mail.enqueue(
        websiteId,
        taken.map((row) =>
          restockMail({
            to: row.email,
            websiteTitle: context.websiteTitle,
            productTitle: variant.product_title,
            variantName,
            productUrl,
          }),
        ),
      );
      return taken.length;
    });
  }

  async function variantOrFail(websiteId: string, request: RestockSendRequest) {
    const variant = await repo.findVariant(websiteId, request.productId, request.variantId);
    if (!variant) throw fail('VARIANT_NOT_FOUND', 'The product has no variant with this id.');
    return variant;
  }

  return {
    /** POST /api/site-users/account/notifications/restock. */
    async signUp(input: { websiteId: string; body: RestockSignUpBody }): Promise<string> {
      const { websiteId, body } = input;
      const email = validateRestockEmail(body.siteVisitorEmail);
      if (!email.ok) {
        throw fail('RESTOCK_EMAIL_INVALID', email.error, { siteVisitorEmail: email.error });
      }
      const variant = await repo.findVariant(websiteId, body.productId, body.variantId);
      if (!variant?.is_visible) {
        throw fail('RESTOCK_NOT_OFFERED', restockMessages.variantGone);
      }
      if (!variant.is_restock_enabled) {
        throw fail('RESTOCK_NOT_OFFERED', restockMessages.notOffered);
      }
      const isUnlimited =
        variant.is_unlimited || hasUnlimitedStockByType(variant.product_type as ProductType);
      if (isUnlimited || variant.qty_in_stock > 0) {
        throw fail('RESTOCK_NOT_OFFERED', restockMessages.inStock);
      }
      // The captcha last: a solution is spent when it verifies, so a typo in the email
      // does not cost the shopper a new one.
      if (!body.recaptchaEnterpriseV3Token) {
        throw fail('RESTOCK_CAPTCHA_REQUIRED', formMessages.completeCaptcha);
      }
      const verdict = await verifyCaptcha({
        websiteId,
        scope: RESTOCK_CAPTCHA_ACTION,
        payload: body.recaptchaEnterpriseV3Token,
      });
      if (!verdict.ok) throw fail('RESTOCK_CAPTCHA_FAILED', formMessages.completeCaptcha);
      // Joining the store's list, when offered and ticked: pending until the visitor
      // follows the list's confirmation email, written with the sign-up.
      const settings = await inventorySettingsOf(websiteId);
      const joinList =
        body.isJoinMailingList &&
        settings.restockMailingListSignUp &&
        settings.restockMailingListId &&
        deps.pendingSignUp
          ? await deps.pendingSignUp({
              websiteId,
              listId: settings.restockMailingListId,
              email: email.value,
              name: '',
              source: 'restock',
            })
          : null;
      // A repeat of a waiting sign-up is the same sign-up: accepted, nothing added.
      await repo.insertSignUp({
        websiteId,
        productId: variant.product_id,
        variantId: variant.variant_id,
        email: email.value,
        isJoinMailingList: body.isJoinMailingList,
        language: body.language ?? null,
        joinList,
      });
      return restockSuccessText(settings.restockSuccessText);
    },

    async groups(websiteId: string, cursor: string | undefined): Promise<RestockGroupsResponse> {
      const after = decodeCursor(cursor);
      const rows = await repo.listGroups({
        websiteId,
        limit: PAGE_SIZE + 1,
        after: after && { micros: after.micros, variantId: after.id },
      });
      const page = rows.slice(0, PAGE_SIZE);
      const last = page.at(-1);
      const hasNextPage = rows.length > PAGE_SIZE;
      return {
        signUpGroups: page.map((row) => ({
          productId: row.product_id,
          variantId: row.variant_id,
          productTitle: row.product_title,
          variantName: optionsText(row),
          sku: row.sku,
          qtyInStock: row.is_unlimited ? null : row.qty_in_stock,
          waitingCount: Number(row.waiting_count),
          notifiedCount: Number(row.notified_count),
          lastSignedUpAt: new Date(row.last_signed_up_at).toISOString(),
        })),
        hasNextPage,
        nextPageCursor:
          hasNextPage && last ? encodeCursor(last.last_micros, last.variant_id) : null,
      };
    },

    async signUps(
      websiteId: string,
      query: { productId: string; variantId: string; cursor?: string | undefined },
    ): Promise<RestockSignUpsResponse> {
      await variantOrFail(websiteId, query);
      const after = decodeCursor(query.cursor);
      const rows = await repo.listSignUps({
        websiteId,
        variantId: query.variantId,
        limit: PAGE_SIZE + 1,
        after: after && { micros: after.micros, signUpId: after.id },
      });
      const page = rows.slice(0, PAGE_SIZE);
      const last = page.at(-1);
      const hasNextPage = rows.length > PAGE_SIZE;
      return {
        signUps: page.map((row) => ({
          id: row.sign_up_id,
          email: row.email,
          isJoinMailingList: row.is_join_mailing_list,
          language: row.language,
          signedUpAt: new Date(row.created_at).toISOString(),
          notifiedAt: row.notified_at ? new Date(row.notified_at).toISOString() : null,
        })),
        hasNextPage,
        nextPageCursor:
          hasNextPage && last ? encodeCursor(last.created_micros, last.sign_up_id) : null,
      };
    },

    /** The merchant's send: every waiting sign-up of the variant, once each. */
    async sendNow(websiteId: string, request: RestockSendRequest): Promise<number> {
      const variant = await variantOrFail(websiteId, request);
      return send({ websiteId, variant, limit: null, waveId: randomUUID() });
    },

    async sendAll(websiteId: string, requests: readonly RestockSendRequest[]): Promise<number> {
      // All are checked first, so a wrong id changes nothing.
      const variants = [];
      for (const request of requests) variants.push(await variantOrFail(websiteId, request));
      let sent = 0;
      for (const variant of variants) {
        sent += await send({ websiteId, variant, limit: null, waveId: randomUUID() });
      }
      return sent;
    },

    /**
     * Job handler (queued by the stock trigger): a wave of `units` sign-ups, or all when
     * the variant became unlimited. The job's id names the wave, so a run repeated after a
     * crash sends nothing twice.
     */
    async sendWave(job: JobRow): Promise<void> {
      const { productId, variantId, units } = job.payload as {
        productId?: unknown;
        variantId?: unknown;
        units?: unknown;
      };
      if (typeof productId !== 'string' || typeof variantId !== 'string') return;
      const settings = await inventorySettingsOf(job.website_id);
      if (!settings.restockAutoSend) return;
      const variant = await repo.findVariant(job.website_id, productId, variantId);
      if (!variant?.is_restock_enabled || !variant.is_visible) return;
      const limit = typeof units === 'number' && units > 0 ? Math.floor(units) : null;
      await send({
        websiteId: job.website_id,
        variant,
        limit,
        waveId: job.job_id,
        isRetryable: true,
      });
    },
  };
}
