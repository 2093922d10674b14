import {
  type MemberLock,
  PAGE_UNLOCK_CRUMB_FIELD,
  PAGE_UNLOCK_PATH,
  type PaywallOffer,
} from '@atelier/contract';
import { editorMessages, memberAreaMessages, paywallMessages } from '@atelier/core';
import { Island } from '../../islands/Island.tsx';
import { Price } from '../../ui/Price.tsx';
import BuyAccess from './BuyAccess.island.tsx';

type LockScreenPageProps = {
  /** The locked page's or collection's title: what the visitor came for. */
  title: string;
  offers: readonly PaywallOffer[];
  useCLDRMoneyFormat: boolean;
  /** A member area or a page password keeps the visitor out (issue 23); none: a paywall. */
  memberLock?: MemberLock | undefined;
};

const PASSWORD_ERROR_ID = 'page-password-error';

/** Sign-in and sign-up for a member area; a password form for a password page. */
function MemberLockPart({ lock }: { lock: MemberLock }) {
  if (lock.kind === 'members') {
    const intro = lock.isSignedIn
      ? memberAreaMessages.signedInNoAccess
      : lock.access === 'paid'
        ? memberAreaMessages.membersOnlyPaid
        : memberAreaMessages.membersOnly;
    return (
      <>
        <p className="lock-screen__intro">{intro}</p>
        {lock.isSignedIn ? null : (
          <p className="lock-screen__actions">
            <a className="button" href={lock.signInHref}>
              {memberAreaMessages.signIn}
            </a>
            <a className="lock-screen__secondary" href={lock.signUpHref}>
              {memberAreaMessages.signUp}
            </a>
          </p>
        )}
      </>
    );
  }
  const slug = lock.pagePath.replace(/^\//, '');
  return (
    <form className="lock-screen__password" method="post" action={PAGE_UNLOCK_PATH}>
      <p className="lock-screen__intro">{memberAreaMessages.passwordIntro}</p>
      <input type="hidden" name="page" value={slug} />
      {/* Double submit: the server checks this against the browser's crumb cookie. */}
      <input type="hidden" name={PAGE_UNLOCK_CRUMB_FIELD} value={lock.crumb} />
      <div className="form-field">
        <label htmlFor="page-password">{memberAreaMessages.passwordLabel}</label>
        <input
          id="page-password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          maxLength={200}
          aria-invalid={lock.error ? true : undefined}
          aria-describedby={lock.error ? PASSWORD_ERROR_ID : undefined}
        />
        {lock.error ? (
          <p id={PASSWORD_ERROR_ID} className="form-error" role="alert">
            {lock.error}
          </p>
        ) : null}
      </div>
      <button type="submit" className="button">
        {memberAreaMessages.passwordSubmit}
      </button>
    </form>
  );
}

/**
 * Page type 103: a page or collection a paywall, a member area or a password guards, for
 * a visitor without access. Shows what unlocks it (offers to buy, sign-in, a password
 * field); never the content.
 */
export function LockScreenPage({
  title,
  offers,
  useCLDRMoneyFormat,
  memberLock,
}: LockScreenPageProps) {
  return (
    <div className="lock-screen">
      <svg
        className="lock-screen__icon"
        aria-hidden="true"
        viewBox="0 0 24 24"
        width="40"
        height="40"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <rect x="4.5" y="10.5" width="15" height="10" rx="2" />
        <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3" />
      </svg>
      <h1>{editorMessages.pageLocked}</h1>
      <p className="lock-screen__title">{title}</p>
      {memberLock ? <MemberLockPart lock={memberLock} /> : null}
      {offers.length > 0 ? (
        <>
          <p>{paywallMessages.offerIntro}</p>
          <ul className="lock-screen__offers">
            {offers.map((offer) => (
              <li key={offer.productId} className="lock-offer">
                <h2 className="lock-offer__title">{offer.title}</h2>
                <p className="lock-offer__price">
                  <Price
                    priceCents={offer.priceCents}
                    salePriceCents={offer.salePriceCents ?? offer.priceCents}
                    isOnSale={offer.salePriceCents !== null}
                    currency={offer.currency}
                    useCLDRMoneyFormat={useCLDRMoneyFormat}
                  />
                </p>
                <Island name="BuyAccess" component={BuyAccess} props={{ offer }} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {memberLock ? (
        // A member area opens for the account that bought, not for an access link.
        memberLock.kind === 'members' && memberLock.access === 'paid' ? (
          <p className="lock-screen__purchased">{memberAreaMessages.paidHint}</p>
        ) : null
      ) : (
        <p className="lock-screen__purchased">{paywallMessages.alreadyPurchased}</p>
      )}
    </div>
  );
}
