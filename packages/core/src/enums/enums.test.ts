import { describe, expect, it } from 'vitest';
import {
  BLOCK_TYPE_RANGE,
  BLOCK_VARIANT_RANGE,
  isBlockType,
  isBlockVariant,
  PROMOTED_BLOCK_TYPES,
  WEBSITE_COMPONENT_BLOCK_TYPE,
} from './block-types';
import {
  BACKGROUND_SOURCES,
  CAPTCHA_ACTIONS,
  CART_EVENTS,
  COHORTS,
  COLLECTION_TYPES,
  CONTENT_STATUSES,
  DEVICE_VIEWS,
  FOLDER_BEHAVIORS,
  FORM_FIELD_TYPES,
  isOneOf,
  POPUP_OVERLAY_STORAGE_KEYS,
  POSITIONS,
  positionAt,
  RECORD_TYPES,
  SLICE_TYPES,
  SLIDE_TYPES,
} from './content';
import { isPageViewRecorded, PageType } from './page-types';
import { hasUnlimitedStockByType, isProductType, ProductType } from './product-types';
import { isRole, isSubscriptionStatusCode, Role, SubscriptionStatus } from './roles';

describe('product types', () => {
  it('numbers physical 1 to paywall 5', () => {
    expect(ProductType).toEqual({ physical: 1, digital: 2, service: 3, giftCard: 4, paywall: 5 });
    expect(isProductType(4)).toBe(true);
    expect(isProductType(6)).toBe(false);
    expect(isProductType('1')).toBe(false);
  });

  it('gives unlimited stock to digital, gift card and paywall only', () => {
    expect(hasUnlimitedStockByType(ProductType.digital)).toBe(true);
    expect(hasUnlimitedStockByType(ProductType.giftCard)).toBe(true);
    expect(hasUnlimitedStockByType(ProductType.paywall)).toBe(true);
    expect(hasUnlimitedStockByType(ProductType.physical)).toBe(false);
    expect(hasUnlimitedStockByType(ProductType.service)).toBe(false);
  });
});

describe('page types', () => {
  it('keeps the numbered page types of the spec', () => {
    expect(PageType.contentItem).toBe(50);
    expect(PageType.notFound).toBe(100);
    expect(PageType.error).toBe(101);
    expect(PageType.search).toBe(102);
    expect(PageType.lockScreen).toBe(103);
    expect(PageType.cart).toBe(200);
    expect(PageType.checkout).toBe(201);
    expect(PageType.orderConfirmed).toBe(202);
    expect(PageType.donate).toBe(203);
    expect(PageType.orderStatus).toBe(211);
  });

  it('does not record views of the search page', () => {
    expect(isPageViewRecorded(PageType.search)).toBe(false);
    expect(isPageViewRecorded(PageType.cart)).toBe(true);
  });
});

describe('roles and subscription statuses', () => {
  it('numbers the roles as listed, 1 to 16 without 5', () => {
    expect(Role).toEqual({
      admin: 1,
      billing: 2,
      reporting: 3,
      editor: 4,
      moderator: 6,
      commenter: 7,
      storeManager: 8,
      scheduling: 9,
      viewer: 10,
      campaignsEditor: 11,
      schedulingViewer: 12,
      schedulingEditor: 13,
      none: 14,
      websiteManager: 15,
      draftEditor: 16,
    });
    expect(isRole(5)).toBe(false);
    expect(isRole(16)).toBe(true);
  });

  it('numbers subscription statuses and accepts codes up to 15', () => {
    expect(SubscriptionStatus).toEqual({
      expired: 1,
      pastDue: 2,
      trial: 3,
      beta: 4,
      removed: 5,
      internal: 6,
      comped: 7,
      paid: 8,
    });
    expect(isSubscriptionStatusCode(15)).toBe(true);
    expect(isSubscriptionStatusCode(16)).toBe(false);
    expect(isSubscriptionStatusCode(0)).toBe(false);
    expect(isSubscriptionStatusCode(2.5)).toBe(false);
  });
});

describe('block types', () => {
  it('accepts 1–72, the website component 1337 and variants 1000–1019', () => {
    expect(BLOCK_TYPE_RANGE).toEqual({ min: 1, max: 72 });
    expect(BLOCK_VARIANT_RANGE).toEqual({ min: 1000, max: 1019 });
    expect(WEBSITE_COMPONENT_BLOCK_TYPE).toBe(1337);
    for (const id of [1, 72, 1337, 1000, 1019]) expect(isBlockType(id)).toBe(true);
    for (const id of [0, 73, 999, 1020, 1.5]) expect(isBlockType(id)).toBe(false);
    expect(isBlockVariant(1005)).toBe(true);
    expect(isBlockVariant(72)).toBe(false);
  });

  it('lists the promoted block types', () => {
    expect(PROMOTED_BLOCK_TYPES).toEqual([
      'map',
      'embed',
      'image',
      'code',
      'quote',
      'twitter',
      'link',
      'video',
      'foursquare',
      'instagram',
      'form',
    ]);
  });
});

describe('content enumerations', () => {
  it('lists each enumeration as the spec does', () => {
    expect(COLLECTION_TYPES).toContain('slide-gallery');
    expect(FOLDER_BEHAVIORS).toEqual(['index', 'redirect', 'none']);
    expect(BACKGROUND_SOURCES).toEqual(['upload', 'instagram', 'video', 'none']);
    expect(RECORD_TYPES).toContain('digital-good');
    expect(SLICE_TYPES).toHaveLength(19);
    expect(SLIDE_TYPES).toEqual(['cover-page', 'lock-screen', 'popup-overlay', 'sso-screen']);
    expect(DEVICE_VIEWS).toEqual(['desktop', 'phone', 'tablet']);
    expect(COHORTS).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(FORM_FIELD_TYPES).toHaveLength(19);
    expect(CONTENT_STATUSES).toEqual(['Scheduled', 'Needs Review', 'Draft', 'Private']);
    expect(POPUP_OVERLAY_STORAGE_KEYS).toEqual(['date-closed', 'version', 'submitted']);
    expect(CART_EVENTS).toEqual([
      'recalculate-start',
      'recalculate-end',
      'item-added',
      'loading',
      'loaded',
    ]);
    expect(CAPTCHA_ACTIONS).toContain('PRODUCT_WAITLIST_SUBMISSION');
  });

  it('lays positions out as a 3×3 grid from TOP_LEFT to BOTTOM_RIGHT', () => {
    expect(POSITIONS).toHaveLength(9);
    expect(positionAt(0, 0)).toBe('TOP_LEFT');
    expect(positionAt(1, 1)).toBe('CENTER');
    expect(positionAt(2, 2)).toBe('BOTTOM_RIGHT');
  });

  it('checks membership of a string enumeration', () => {
    expect(isOneOf(DEVICE_VIEWS, 'phone')).toBe(true);
    expect(isOneOf(DEVICE_VIEWS, 'watch')).toBe(false);
    expect(isOneOf(DEVICE_VIEWS, 3)).toBe(false);
  });
});
