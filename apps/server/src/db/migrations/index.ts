import * as foundation from './0001-foundation.ts';
import * as catalogAdmin from './0002-catalog-admin.ts';
import * as carts from './0003-carts.ts';
import * as checkout from './0004-checkout.ts';
import * as forms from './0005-forms.ts';
import * as preferencesMail from './0006-preferences-mail.ts';
import * as editor from './0007-editor.ts';
import * as templates from './0008-templates.ts';
import * as navigation from './0009-navigation.ts';
import * as headerFooter from './0010-header-footer.ts';
import * as productFormReference from './0011-product-form-reference.ts';
import * as productList from './0012-product-list.ts';
import * as productVariantsAdmin from './0014-product-variants-admin.ts';
import * as productDetails from './0015-product-details.ts';
import * as orderAdmin from './0016-order-admin.ts';
import * as customerNotes from './0017-customer-notes.ts';
import * as discountsKeys from './0018-discounts-keys.ts';
import * as giftCardAdmin from './0019-gift-card-admin.ts';
import * as shippingZones from './0020-shipping-zones.ts';
import * as couponRules from './0021-coupon-rules.ts';
import * as demoContent from './0022-demo-content.ts';
import * as pricesIncludeTax from './0023-prices-include-tax.ts';
import * as siteForms from './0024-site-forms.ts';
import * as captcha from './0025-captcha.ts';
import * as restockSignUps from './0026-restock-sign-ups.ts';
import * as webhooks from './0027-webhooks.ts';
import * as mailingLists from './0028-mailing-lists.ts';
import * as campaigns from './0029-campaigns.ts';
import * as webhookSecretRotation from './0030-webhook-secret-rotation.ts';
import * as digitalDelivery from './0032-digital-delivery.ts';
import * as subscriptions from './0033-subscriptions.ts';
import * as paywall from './0034-paywall.ts';
import * as orderInstallments from './0035-order-installments.ts';
import * as siteUsers from './0036-site-users.ts';
import * as memberInvitations from './0037-member-invitations.ts';
import * as memberAreas from './0038-member-areas.ts';
import * as accountSections from './0039-account-sections.ts';
import * as twoFactor from './0040-two-factor.ts';
import * as campaignStalls from './0041-campaign-stalls.ts';
import * as orderLineOptions from './0042-order-line-options.ts';
import * as expiringManageLinks from './0043-expiring-manage-links.ts';
import * as accountPagesMintNoLinks from './0045-account-pages-mint-no-links.ts';
import * as headerFooterIdentity from './0047-header-footer-identity.ts';
import * as analytics from './0048-analytics.ts';
import * as siteDesign from './0052-site-design.ts';
import * as analyticsDayRollups from './0053-analytics-day-rollups.ts';

export type Migration = { name: string; sql: string };

/** Applied in this order, each once; never edit one that has shipped, add a new one. */
export const migrations: readonly Migration[] = [
  foundation,
  catalogAdmin,
  carts,
  checkout,
  forms,
  preferencesMail,
  editor,
  templates,
  navigation,
  headerFooter,
  productFormReference,
  productList,
  productVariantsAdmin,
  productDetails,
  discountsKeys,
  orderAdmin,
  customerNotes,
  giftCardAdmin,
  shippingZones,
  couponRules,
  demoContent,
  pricesIncludeTax,
  siteForms,
  captcha,
  restockSignUps,
  webhooks,
  mailingLists,
  campaigns,
  webhookSecretRotation,
  digitalDelivery,
  subscriptions,
  paywall,
  orderInstallments,
  siteUsers,
  memberInvitations,
  memberAreas,
  accountSections,
  twoFactor,
  campaignStalls,
  orderLineOptions,
  expiringManageLinks,
  accountPagesMintNoLinks,
  headerFooterIdentity,
  analytics,
  siteDesign,
  analyticsDayRollups,
];
