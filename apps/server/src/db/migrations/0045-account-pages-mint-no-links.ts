// The signed-in account page no longer makes manage links (issue 23): its subscription
// actions go through the customer's session (/api/site-users/account/subscriptions/…), so
// they never lapse while signed in. The links it made before all expire (0043); they are
// removed here, as the page no longer clears them. Emailed links (no expiry) stay.
export const name = '0045-account-pages-mint-no-links';

export const sql = /* sql */ `
delete from subscription_links where expires_at is not null;
`;
