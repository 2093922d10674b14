// Rotating a webhook endpoint's secret (issue 21): the new secret signs every delivery at
// once, and the old one signs them too, for a day, so a receiver can switch at its own
// pace (Standard Webhooks lets webhook-signature carry several signatures).
export const name = '0030-webhook-secret-rotation';

export const sql = /* sql */ `
alter table webhook_endpoints add column previous_secret text;
alter table webhook_endpoints add column previous_secret_expires_at timestamptz;
`;
