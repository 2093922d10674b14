import type {
  AccountAddress,
  AccountAddressBody,
  AccountDownload,
  AccountMailingList,
  AccountSubscription,
  CustomerSubscription,
  ShippingAddress,
} from '@atelier/contract';
import { accountMessages, MAX_ACCOUNT_ADDRESSES, subscriptionMessages } from '@atelier/core';
import type { SiteUserRow } from '../../db/db-types.ts';
import { fail } from '../../http/errors.ts';
import type { NewsletterService } from '../newsletter/newsletter.service.ts';
import { orderStatusPath } from '../orders/order-paths.ts';
import { downloadOf } from '../orders/order-view.ts';
import type { CardDetails } from '../payments/payment-provider.ts';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service.ts';
import type { AccountSectionsRepo } from './account-sections.repo.ts';

// A customer account's sections beyond orders (issue 23): the address book, the
// subscriptions, the digital downloads and the newsletter choices. What belongs to an
// account by email — orders, subscriptions, downloads, newsletter rows — is matched only
// once the account has confirmed that email, so signing up with someone else's address
// shows nothing of theirs. The actions on a subscription and the newsletter's consent
// rules stay in their own features; this file only decides whose they are.

export type AccountSectionsService = ReturnType<typeof createAccountSectionsService>;

/** The account's page for one subscription: the manage page with a fresh link token. */
export const accountSubscriptionPath = (subscriptionId: string) =>
  `/account/subscriptions/${subscriptionId}`;

const isVerified = (user: SiteUserRow) => user.email_verified_at !== null;

/** The email a subscription must have been bought with to be the account's. */
const confirmedEmail = (user: SiteUserRow): string => {
  if (!isVerified(user)) throw fail('SUBSCRIPTION_NOT_FOUND', subscriptionMessages.notFound);
  return user.email;
};

const addressOf = (body: AccountAddressBody): ShippingAddress => {
  const { isDefault: _, ...address } = body;
  return address;
};

export function createAccountSectionsService(deps: {
  repo: AccountSectionsRepo;
  subscriptions: Pick<
    SubscriptionsService,
    'listForEmail' | 'viewForEmail' | 'updateCardForEmail' | 'cancelForEmail'
  >;
  newsletter: Pick<NewsletterService, 'accountLists' | 'setAccountSubscription'>;
  now?: () => number;
}) {
  const { repo, subscriptions, newsletter } = deps;
  const now = deps.now ?? Date.now;
  const accountOf = (websiteId: string, user: SiteUserRow) => ({
    websiteId,
    siteUserId: user.site_user_id,
  });
  const notFound = () => fail('ACCOUNT_ADDRESS_NOT_FOUND', accountMessages.addressNotFound);

  async function addresses(websiteId: string, user: SiteUserRow): Promise<AccountAddress[]> {
    const rows = await repo.addresses(accountOf(websiteId, user));
    return rows.map((row) => ({
      id: row.address_id,
      address: row.address,
      isDefault: row.is_default,
    }));
  }

  return {
    addresses,

    /** The address checkout fills in for a signed-in customer, if they keep one. */
    async defaultAddress(websiteId: string, siteUserId: string) {
      return (await repo.defaultAddress({ websiteId, siteUserId })) ?? null;
    },

    async addAddress(websiteId: string, user: SiteUserRow, body: AccountAddressBody) {
      const outcome = await repo.insertAddress(accountOf(websiteId, user), {
        address: addressOf(body),
        isDefault: body.isDefault ?? false,
        max: MAX_ACCOUNT_ADDRESSES,
      });
      if (outcome === 'full') {
        throw fail('ACCOUNT_ADDRESS_LIMIT', accountMessages.addressBookFull(MAX_ACCOUNT_ADDRESSES));
      }
      return addresses(websiteId, user);
    },

    async updateAddress(
      websiteId: string,
      user: SiteUserRow,
      addressId: string,
      body: AccountAddressBody,
    ) {
      const isFound = await repo.updateAddress(accountOf(websiteId, user), {
        addressId,
        address: addressOf(body),
        isDefault: body.isDefault ?? false,
      });
      if (!isFound) throw notFound();
      return addresses(websiteId, user);
    },

    async makeDefaultAddress(websiteId: string, user: SiteUserRow, addressId: string) {
      const isFound = await repo.updateAddress(accountOf(websiteId, user), {
        addressId,
        isDefault: true,
      });
      if (!isFound) throw notFound();
      return addresses(websiteId, user);
    },

    async deleteAddress(websiteId: string, user: SiteUserRow, addressId: string) {
      if (!(await repo.deleteAddress(accountOf(websiteId, user), addressId))) throw notFound();
      return addresses(websiteId, user);
    },

    async subscriptions(websiteId: string, user: SiteUserRow): Promise<AccountSubscription[]> {
      if (!isVerified(user)) return [];
      const rows = await subscriptions.listForEmail(websiteId, user.email);
      return rows.map(({ notice: _, ...sub }) => ({
        ...sub,
        manageUrl: accountSubscriptionPath(sub.id),
      }));
    },

    /**
     * One of the account's subscriptions, for its manage page. Another account's id (or
     * any id while the email is unconfirmed) is SUBSCRIPTION_NOT_FOUND, like an unknown one.
     */
    async subscription(
      websiteId: string,
      user: SiteUserRow,
      subscriptionId: string,
    ): Promise<CustomerSubscription> {
      return subscriptions.viewForEmail(websiteId, subscriptionId, confirmedEmail(user));
    },

    /** The account's own card update: the session is the credential, not a link. */
    async updateSubscriptionCard(
      websiteId: string,
      user: SiteUserRow,
      subscriptionId: string,
      card: CardDetails,
    ): Promise<CustomerSubscription> {
      return subscriptions.updateCardForEmail(
        websiteId,
        subscriptionId,
        confirmedEmail(user),
        card,
      );
    },

    async cancelSubscription(
      websiteId: string,
      user: SiteUserRow,
      subscriptionId: string,
    ): Promise<CustomerSubscription> {
      return subscriptions.cancelForEmail(websiteId, subscriptionId, confirmedEmail(user));
    },

    async downloads(websiteId: string, user: SiteUserRow): Promise<AccountDownload[]> {
      if (!isVerified(user)) return [];
      const at = now();
      const rows = await repo.downloadsByEmail(websiteId, user.email);
      return rows.map((row) => {
        const link = downloadOf(row, row, at);
        return {
          orderId: row.order_id,
          orderNumber: row.order_number,
          lineNumber: row.line_number,
          orderedAt: new Date(row.created_at).toISOString(),
          productName: row.product_name,
          url: link.url,
          expiresAt: link.expiresAt,
          remaining: link.remaining,
          statusUrl: orderStatusPath(row.order_id, row.secret_token),
        };
      });
    },

    async newsletters(websiteId: string, user: SiteUserRow): Promise<AccountMailingList[]> {
      if (!isVerified(user)) return [];
      return newsletter.accountLists(websiteId, user.email);
    },

    async setNewsletter(
      websiteId: string,
      user: SiteUserRow,
      input: { listId: string; isSubscribed: boolean },
    ): Promise<AccountMailingList[]> {
      if (!isVerified(user)) {
        throw fail('ACCOUNT_EMAIL_UNVERIFIED', accountMessages.newsletterNeedsVerifiedEmail);
      }
      await newsletter.setAccountSubscription({ websiteId, email: user.email, ...input });
      return newsletter.accountLists(websiteId, user.email);
    },
  };
}
