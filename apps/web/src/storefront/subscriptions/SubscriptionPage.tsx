import { subscriptionMessages } from '@atelier/core/messages';
import { Island } from '../../islands/Island.tsx';
import ManageSubscription, { type ManageSubscriptionProps } from './ManageSubscription.island.tsx';

/** The page a subscription email's link opens: the customer manages it without an account. */
export function SubscriptionPage(props: ManageSubscriptionProps) {
  return (
    <div className="subscription-page">
      <h1>Your subscription</h1>
      <Island name="ManageSubscription" component={ManageSubscription} props={props} />
    </div>
  );
}

/** A manage link that opens nothing: an old, mistyped or tampered one. */
export function SubscriptionLinkProblem() {
  return (
    <div className="subscription-page">
      <h1>Your subscription</h1>
      <p>{subscriptionMessages.linkInvalid}</p>
      <p>
        <a className="button" href="/shop">
          Continue Shopping
        </a>
      </p>
    </div>
  );
}
