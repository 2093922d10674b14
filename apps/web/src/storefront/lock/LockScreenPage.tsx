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
      <p className="lock-screen__icon" aria-hidden="true">
        🔒
      </p>
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
