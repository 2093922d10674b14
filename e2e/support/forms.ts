import type { Page } from 'playwright-core';
import { openDatabase } from '../../apps/server/src/db/database.ts';

/** Sends a site form's submission body again from the visitor's page, as a replay would. */
export async function resendSubmission(
  page: Page,
  body: string,
): Promise<{ status: number; json: { error?: string; code?: string } }> {
  return page.evaluate(async (sent) => {
    const response = await fetch('/api/form/SaveFormSubmission', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: sent,
    });
    return { status: response.status, json: await response.json() };
  }, body);
}

/**
 * A contact form with a required email and a 200-character message, and a newsletter
 * form, written into a fresh install's database before its server starts (`prepare`).
 */
export async function seedContactForm(dataDir: string): Promise<void> {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    const website = await database.db
      .selectFrom('websites')
      .select('website_id')
      .executeTakeFirstOrThrow();
    await database.db
      .insertInto('forms')
      .values({
        website_id: website.website_id,
        name: 'Contact',
        fields: JSON.stringify([
          { id: 'email', kind: 'email', label: 'Email', isRequired: true },
          { id: 'message', kind: 'textarea', label: 'Message', maxLength: 200 },
        ]),
        submission_message: 'Thank you, we will write back within two days.',
        submit_label: 'Send message',
        post_submit_html: '<p>Meanwhile, <a href="/shop">browse the shop</a>.</p>',
      })
      .execute();
    await database.db
      .insertInto('forms')
      .values({
        website_id: website.website_id,
        name: 'Newsletter',
        fields: JSON.stringify([{ id: 'email', kind: 'email', label: 'Email', isRequired: true }]),
        submission_message: 'You are on the list.',
      })
      .execute();
  } finally {
    await database.close();
  }
}
