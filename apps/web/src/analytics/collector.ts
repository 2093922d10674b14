import type { AnalyticsTag, PerformanceRecord, PipelineEventSchemaName } from '@atelier/contract';
import { PERFORMANCE_COLLECTOR } from '@atelier/core/analytics/performance';
import {
  type MetricWithAttribution,
  onCLS,
  onFCP,
  onINP,
  onLCP,
  onTTFB,
} from 'web-vitals/attribution';
import { type CartEventDetail, onCartEvent } from '../storefront/cart/cart-client.ts';
import { reportError } from './error-reporter.ts';

// The storefront's analytics collector (issue 24). The island runtime imports it only on
// a page the server marked trackable (<body data-track>), after the page has loaded and
// painted, so it never competes with the LCP. It counts the page view (the server sets or
// clears the census cookies per consent), reports web vitals and page speed, and sends the
// commerce events. Every failure of its own goes to the error reporter, never the console.

const { flushAfterLoadMs, pageSpeedWaitMs, elementPathMaxLength, slowestInteractionsKept } =
  PERFORMANCE_COLLECTOR;
const pageLoadId = Math.random().toString(36).slice(2, 12);
const pagePath = location.pathname.replace(/(.)\/$/, '$1');

/** POST that survives the page being left: a beacon when there is one, else keepalive fetch. */
function send(url: string, body: string, type: string) {
  const blob = new Blob([body], { type });
  if (navigator.sendBeacon?.(url, blob)) return;
  void fetch(url, {
    method: 'POST',
    body,
    headers: { 'content-type': type },
    keepalive: true,
  }).catch(() => undefined);
}

const pageFields = (tag: AnalyticsTag) => ({
  pagePath,
  pageType: tag.pageType,
  referrer: document.referrer.slice(0, 2048),
  search: location.search.slice(0, 2048),
  screenWidth: window.innerWidth,
  timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  language: navigator.language,
});

function recordHit(event: 'view' | 'leave', data: Record<string, unknown>) {
  const body = new URLSearchParams({ event, data: JSON.stringify(data) }).toString();
  send('/api/census/RecordHit', body, 'application/x-www-form-urlencoded');
}

function pipeline(name: PipelineEventSchemaName, content: Record<string, unknown>) {
  send(
    '/api/v1/clanker/events',
    JSON.stringify({
      eventSchemaName: name,
      eventContent: {
        page_path: pagePath,
        page_host: location.host,
        browser_language: navigator.language,
        browser_window_width: window.innerWidth,
        browser_window_height: window.innerHeight,
        client_name: 'atelier-storefront',
        event_occurrence_timestamp: Date.now(),
        ...content,
      },
    }),
    'text/plain',
  );
}

/** The element's CSS path as web-vitals gives it, cut to the SPEC's 200 characters. */
const elementPath = (path: string | undefined) =>
  path ? path.slice(0, elementPathMaxLength) : undefined;

function startVitals(tag: AnalyticsTag) {
  const records: PerformanceRecord[] = [];
  const slowest: { element: string; duration: number }[] = [];
  const flush = () => {
    if (records.length === 0) return;
    send('/api/1/performance/records', JSON.stringify(records.splice(0, 50)), 'text/plain');
  };
  const push = (metric: MetricWithAttribution) => {
    try {
      if (!(metric.value >= 0 && metric.value <= PERFORMANCE_COLLECTOR.maxTimingValue)) return;
      const attribution = metric.attribution as Record<string, unknown>;
      const target =
        metric.name === 'LCP'
          ? attribution.target
          : metric.name === 'CLS'
            ? attribution.largestShiftTarget
            : metric.name === 'INP'
              ? attribution.interactionTarget
              : undefined;
      if (metric.name === 'INP' && typeof target === 'string') {
        slowest.push({ element: elementPath(target) ?? '', duration: metric.value });
        slowest.sort((a, b) => b.duration - a.duration).splice(slowestInteractionsKept);
      }
      records.push({
        app: 'storefront',
        event: 'user',
        pageLoadId,
        ts: Date.now(),
        data: {
          metric: metric.name,
          value:
            metric.name === 'CLS'
              ? Math.round(metric.value * 10_000) / 10_000
              : Math.round(metric.value),
          pagePath,
          pageType: tag.pageType,
          ...(typeof target === 'string' && target && { element: elementPath(target) }),
          navigationType: metric.navigationType,
          ...(metric.name === 'INP' && { interactions: slowest.slice() }),
        },
      });
    } catch (error) {
      reportError('collector', error);
    }
  };
  onLCP(push);
  onCLS(push);
  onINP(push);
  onFCP(push);
  onTTFB(push);
  setTimeout(flush, flushAfterLoadMs);
  return flush;
}

function pageSpeed(tag: AnalyticsTag) {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  if (!navigation) return;
  const timing = (value: number) => Math.max(0, Math.round(value));
  const record: PerformanceRecord = {
    app: 'storefront',
    event: 'page_speed',
    pageLoadId,
    ts: Date.now(),
    data: {
      pagePath,
      pageType: tag.pageType,
      timings: {
        ttfb: timing(navigation.responseStart),
        domContentLoaded: timing(navigation.domContentLoadedEventEnd),
        load: timing(navigation.loadEventEnd),
        transferSize: timing(navigation.transferSize),
        decodedBodySize: timing(navigation.decodedBodySize),
        resources: performance.getEntriesByType('resource').length,
      },
    },
  };
  send('/api/1/performance/records', JSON.stringify([record]), 'text/plain');
}

function commerceEvents(tag: AnalyticsTag) {
  if (tag.product) pipeline('ViewProductPage', { page_type: tag.pageType, product: tag.product });
  if (tag.cartId !== undefined && tag.pageType === 200)
    pipeline('ViewCart', { cart_id: tag.cartId });
  if (tag.pageType === 201) pipeline('CheckoutStarted', tag.cartId ? { cart_id: tag.cartId } : {});
  if (tag.purchase) pipeline('Purchase', tag.purchase);
  onCartEvent((detail: CartEventDetail) => {
    if (detail.type !== 'item-added' || !detail.newlyAdded || !tag.siteVisitorMetrics) return;
    const itemId = detail.newlyAdded.itemId;
    const product = tag.product?.item_id === itemId ? tag.product : tag.products?.[itemId];
    const cartId = detail.cart?.id;
    // SPEC §7: skipped when the website, product type, item, collection or cart is missing.
    if (!product || !cartId || !tag.websiteId || !product.item_type || !product.item_collection_id)
      return;
    pipeline('AddToCart', {
      website_id: tag.websiteId,
      page_id: tag.pageId ?? '',
      cart_id: cartId,
      product_page: tag.product ? 'pdp' : tag.pageType === 1 ? 'plp' : 'product_block',
      product,
      quantity: detail.newlyAdded.quantity,
    });
  });
}

export function startCollector(tag: AnalyticsTag) {
  try {
    const openedAt = performance.now();
    let hiddenFor = 0;
    let hiddenAt: number | null = document.visibilityState === 'hidden' ? openedAt : null;
    recordHit('view', pageFields(tag));
    const flushVitals = startVitals(tag);
    commerceEvents(tag);
    let isSpeedSent = false;
    const sendSpeed = () => {
      if (isSpeedSent) return;
      isSpeedSent = true;
      pageSpeed(tag);
    };
    setTimeout(sendSpeed, pageSpeedWaitMs);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') {
        hiddenAt = performance.now();
        flushVitals();
        sendSpeed();
      } else if (hiddenAt !== null) {
        hiddenFor += performance.now() - hiddenAt;
        hiddenAt = null;
      }
    });
    window.addEventListener('pagehide', () => {
      const end = hiddenAt ?? performance.now();
      recordHit('leave', {
        pagePath,
        pageType: tag.pageType,
        engagedMs: Math.round(Math.max(0, end - openedAt - hiddenFor)),
      });
      flushVitals();
    });
  } catch (error) {
    reportError('collector', error);
  }
}
