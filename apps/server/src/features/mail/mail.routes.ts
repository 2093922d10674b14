import { errorResponses, signedInCodes } from '@atelier/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, type RequireApiKey } from '../../http/auth.ts';
import type { MailQueries } from './mail.repo.ts';

const outboxSchema = z.object({
  messages: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      to: z.string(),
      subject: z.string(),
      bodyText: z.string(),
      sendAfter: z.number(),
      sentAt: z.number().nullable(),
      lastError: z.string().nullable(),
      /** Given up (an at-most-once message that may not have gone out, or refused too often). */
      failedAt: z.number().nullable(),
      /** Extra headers, such as a campaign's List-Unsubscribe. */
      headers: z.record(z.string(), z.string()).nullable(),
      hasHtml: z.boolean(),
    }),
  ),
});

/** The mail outbox, readable by the owner: every email the store sent or will send. */
export function registerMailRoutes(
  app: FastifyInstance,
  deps: { outbox: Pick<MailQueries, 'listOutbox'>; requireApiKey: RequireApiKey },
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/mail/outbox',
    {
      preValidation: deps.requireApiKey({ can: 'mail-log.read' }),
      schema: {
        tags: ['mail'],
        summary: 'Recent outbox mail (sent or waiting), newest first',
        response: { 200: outboxSchema, ...errorResponses(signedInCodes) },
      },
    },
    async (request) => {
      const { website } = callerOf(request);
      const rows = await deps.outbox.listOutbox(website.id, { limit: 100 });
      return {
        messages: rows.map((row) => ({
          id: row.message_id,
          kind: row.kind,
          to: row.to_email,
          subject: row.subject,
          bodyText: row.body_text,
          sendAfter: new Date(row.send_after).getTime(),
          sentAt: row.sent_at ? new Date(row.sent_at).getTime() : null,
          lastError: row.last_error,
          failedAt: row.failed_at ? new Date(row.failed_at).getTime() : null,
          headers: row.headers,
          hasHtml: row.body_html !== null,
        })),
      };
    },
  );
}
