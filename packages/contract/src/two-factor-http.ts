// The second step's cookies and addresses, without zod, so the storefront's island can
// import them (as cart-http.ts does for the cart).

/** httpOnly, scoped to the second step's address: the browser a sign-in is waiting in. */
export const MEMBER_CHALLENGE_COOKIE = 'atelier_session_challenge';
export const SITE_USER_CHALLENGE_COOKIE = 'atelier_account_challenge';
export const MEMBER_CHALLENGE_PATH = '/api/config/session/second-factor';
export const SITE_USER_CHALLENGE_PATH = '/api/site-users/account/session/second-factor';
