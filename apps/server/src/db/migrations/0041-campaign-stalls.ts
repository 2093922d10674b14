// A campaign whose batch job kept failing (issue 21 follow-up): the job runner gives up
// after its last try, and the campaign says so instead of showing "Sending" for ever.
// The owner then resumes it (a fresh batch job) or cancels it.
export const name = '0041-campaign-stalls';

export const sql = /* sql */ `
alter table campaigns add column stalled_at timestamptz;
alter table campaigns add column stalled_error text;
`;
