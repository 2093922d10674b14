import type { Page } from 'playwright-core';

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
