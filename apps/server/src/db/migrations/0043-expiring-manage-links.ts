// Manage links a signed-in customer's account page makes (issue 23 review): each view of
// /account/subscriptions/{id} made a new link that never expired and worked without the
// session. Those now expire (an hour), and making one clears the account's expired ones.
// The links emailed to customers keep no expiry (null), as the emails promise.
export const name = '0043-expiring-manage-links';

export const sql = /* sql */ `
alter table subscription_links add column expires_at timestamptz;
`;
