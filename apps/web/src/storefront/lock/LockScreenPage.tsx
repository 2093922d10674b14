import type { PaywallOffer } from '@atelier/contract';
import { editorMessages, paywallMessages } from '@atelier/core';
import { Island } from '../../islands/Island.tsx';
import { Price } from '../../ui/Price.tsx';
import BuyAccess from './BuyAccess.island.tsx';

type LockScreenPageProps = {
  /** The locked page's or collection's title: what the visitor came for. */
  title: string;
  offers: readonly PaywallOffer[];
  useCLDRMoneyFormat: boolean;
};

/**
 * Page type 103: a page or collection a paywall guards, for a visitor without access.
 * Shows what unlocks it and how to buy; never the content.
 */
export function LockScreenPage({ title, offers, useCLDRMoneyFormat }: LockScreenPageProps) {
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
      <p className="lock-screen__purchased">{paywallMessages.alreadyPurchased}</p>
    </div>
  );
}
