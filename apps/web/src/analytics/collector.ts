import type { AnalyticsTag, PerformanceRecord, PipelineEventSchemaName } from '@atelier/contract';
import { PERFORMANCE_COLLECTOR } from '@atelier/core/analytics/performance';
import { type Metric, onCLS, onFCP, onINP, onLCP, onTTFB } from 'web-vitals';
import type { CartEventDetail } from '../storefront/cart/cart-client.ts';
import { CART_EVENT } from '../storefront/cart/cart-signals.ts';
import { reportError } from './error-reporter.ts';

// The storefront's analytics collector (issue 24). The island runtime imports it only on
// a page the server marked trackable (<body data-track>), after the page has loaded and
// painted, so it never competes with the LCP. It counts the page view (the server sets or
// clears the census cookies per consent), reports web vitals and page speed, and sends the
// commerce events (AddToCart and RemoveFromCart with the owner's site-visitor metrics on).
// Every failure of its own goes to the error reporter, never the console.

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

/** A short CSS path to the element (tag#id.class>…), cut to the SPEC's 200 characters. */
function elementPath(node: Node | null | undefined): string | undefined {
  const parts: string[] = [];
  let element = node instanceof Element ? node : (node?.parentElement ?? null);
  while (element && element !== document.body && parts.length < 6) {
    const name = element.localName;
    if (element.id) {
      parts.unshift(`${name}#${element.id}`);
      break;
    }
    const first = element.classList[0];
    parts.unshift(first ? `${name}.${first}` : name);
    element = element.parentElement;
  }
  return parts.length > 0 ? parts.join('>').slice(0, elementPathMaxLength) : undefined;
}

type ShiftEntry = PerformanceEntry & {
  value: number;
  hadRecentInput: boolean;
  sources?: { node?: Node | null }[];
};
type EventEntry = PerformanceEntry & { target?: Node | null; interactionId?: number };

/**
 * The elements behind the LCP, the largest layout shift and the slowest interactions,
 * watched directly: web-vitals' attribution build would double the collector's size.
 */
function watchElements() {
  const seen = { lcp: '', shift: '', shiftValue: 0 };
  const slowest: { element: string; duration: number }[] = [];
  const observe = (type: string, onEntries: (entries: PerformanceEntry[]) => void, extra = {}) => {
    try {
      new PerformanceObserver((list) => onEntries(list.getEntries())).observe({
        type,
        buffered: true,
        ...extra,
      });
    } catch {
      // This browser does not report this entry type: its metric simply has no element.
    }
  };
  observe('largest-contentful-paint', (entries) => {
    const last = entries.at(-1) as (PerformanceEntry & { element?: Element | null }) | undefined;
    seen.lcp = elementPath(last?.element) ?? seen.lcp;
  });
  observe('layout-shift', (entries) => {
    for (const entry of entries as ShiftEntry[]) {
      if (entry.hadRecentInput || entry.value <= seen.shiftValue) continue;
      seen.shiftValue = entry.value;
      seen.shift = elementPath(entry.sources?.[0]?.node) ?? seen.shift;
    }
  });
  observe(
    'event',
    (entries) => {
      for (const entry of entries as EventEntry[]) {
        if (!entry.interactionId) continue;
        slowest.push({
          element: elementPath(entry.target) ?? '',
          duration: Math.round(entry.duration),
        });
        slowest.sort((a, b) => b.duration - a.duration).splice(slowestInteractionsKept);
      }
    },
    { durationThreshold: 40 },
  );
  return { seen, slowest };
}

function startVitals(tag: AnalyticsTag) {
  const records: PerformanceRecord[] = [];
  const { seen, slowest } = watchElements();
  const flush = () => {
    if (records.length === 0) return;
    send('/api/1/performance/records', JSON.stringify(records.splice(0, 50)), 'text/plain');
  };
  const push = (metric: Metric) => {
    try {
      if (!(metric.value >= 0 && metric.value <= PERFORMANCE_COLLECTOR.maxTimingValue)) return;
      const target =
        metric.name === 'LCP'
          ? seen.lcp
          : metric.name === 'CLS'
            ? seen.shift
            : metric.name === 'INP'
              ? slowest[0]?.element
              : undefined;
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
          ...(target && { element: target }),
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
  // The window event itself, not cart-client's helper: that would pull the cart's API
  // client and messages into every page's collector.
  window.addEventListener(CART_EVENT, (event) => {
    const detail = (event as CustomEvent<CartEventDetail>).detail;
    if (detail.type === 'item-removed' && detail.removed && tag.siteVisitorMetrics) {
      const { removed } = detail;
      const cartId = detail.cart?.id ?? tag.cartId;
      pipeline('RemoveFromCart', {
        ...(cartId && { cart_id: cartId }),
        product: {
          item_id: removed.itemId,
          item_type: detail.removedItemType ?? '',
          item_title: removed.title.slice(0, 500),
        },
        quantity: removed.quantity,
      });
      return;
    }
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

/** Button blocks' links, at most this many reported as shown per page. */
const BUTTONS_REPORTED = 10;

/**
 * The census of what the page offered (SPEC §7): each button block and form shown, and
 * each button block clicked. A render is sent with a 2.5 s timeout (it is not worth a
 * request that outlives that); a click is a beacon, as the link is leaving the page.
 */
function censusOfBlocks(tag: AnalyticsTag) {
  const fields = { pagePath, pageType: tag.pageType };
  const buttonOf = (link: HTMLAnchorElement) => ({
    ...fields,
    buttonText: (link.textContent ?? '').trim().slice(0, 200),
    buttonUrl: link.href.slice(0, 2048),
  });
  const rendered = (url: string, body: object) =>
    void fetch(url, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'text/plain' },
      signal: AbortSignal.timeout(2_500),
    }).catch(() => undefined);
  const buttons = [...document.querySelectorAll<HTMLAnchorElement>('.block--button a[href]')];
  for (const link of buttons.slice(0, BUTTONS_REPORTED)) {
    rendered('/api/census/button-render', buttonOf(link));
  }
  for (const form of document.querySelectorAll<HTMLElement>('[data-form-id]')) {
    const formId = form.dataset.formId;
    if (formId) rendered('/api/census/form-render', { ...fields, formId: formId.slice(0, 64) });
  }
  document.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.('.block--button a[href]');
    if (link instanceof HTMLAnchorElement) {
      send('/api/census/button-click', JSON.stringify(buttonOf(link)), 'text/plain');
    }
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
    censusOfBlocks(tag);
    let isSpeedSent = false;
    const sendSpeed = () => {
      if (isSpeedSent) return;
      isSpeedSent = true;
      pageSpeed(tag);
    };
    setTimeout(sendSpeed, pageSpeedWaitMs);
    // Time on the page goes out each time the tab is hidden, as the part not yet reported:
    // phones often never fire pagehide, and the server adds the parts up.
    let reportedMs = 0;
    const reportEngaged = () => {
      const end = hiddenAt ?? performance.now();
      const engagedMs = Math.round(Math.max(0, end - openedAt - hiddenFor));
      if (engagedMs <= reportedMs) return;
      recordHit('leave', { pagePath, pageType: tag.pageType, engagedMs: engagedMs - reportedMs });
      reportedMs = engagedMs;
    };
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') {
        hiddenAt = performance.now();
        reportEngaged();
        flushVitals();
        sendSpeed();
      } else if (hiddenAt !== null) {
        hiddenFor += performance.now() - hiddenAt;
        hiddenAt = null;
      }
    });
    window.addEventListener('pagehide', () => {
      reportEngaged();
      flushVitals();
    });
  } catch (error) {
    reportError('collector', error);
  }
}
