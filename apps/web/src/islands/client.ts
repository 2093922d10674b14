import { installErrorReporter, reportError } from '../analytics/error-reporter.ts';
import { CART_EVENT, mayHaveCart } from '../storefront/cart/cart-signals.ts';
import { afterLoadAndPaint, browserLifecycle } from './hydration-schedule.ts';
import { type IslandName, islandLoaders } from './registry.ts';

// Before anything else: an island that throws while starting is reported (issue 24).
installErrorReporter();

// The one script a storefront page loads. It stays tiny: React and each island's code
// are fetched only when an island on this page actually hydrates.

function isIslandName(name: string | undefined): name is IslandName {
  return name !== undefined && name in islandLoaders;
}

async function hydrateIsland(element: HTMLElement) {
  if (element.dataset.hydrated) return;
  element.dataset.hydrated = 'pending';
  const name = element.dataset.island;
  if (!isIslandName(name)) {
    console.error(`Unknown island "${name}"`);
    return;
  }
  const props: unknown = JSON.parse(element.dataset.props ?? '{}');
  const [{ createElement }, { hydrateRoot }, { IslandIdContext }, module] = await Promise.all([
    import('react'),
    import('react-dom/client'),
    import('./island-id.ts'),
    islandLoaders[name](),
  ]);
  hydrateRoot(
    element,
    createElement(
      IslandIdContext.Provider,
      { value: element.dataset.idBase ?? null },
      createElement(module.default, props as object),
    ),
  );
  element.dataset.hydrated = 'true';
}

function hydrate(element: HTMLElement) {
  hydrateIsland(element).catch((error: unknown) => console.error('Island failed to start', error));
}

function hydrateAll() {
  const deferred: HTMLElement[] = [];
  for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
    if (element.dataset.hydrateWhen === 'cart' && !mayHaveCart()) deferred.push(element);
    else hydrate(element);
  }
  if (deferred.length > 0) {
    // The first cart event (an add on this page) brings the deferred islands to life; they
    // then load the cart themselves and catch up.
    window.addEventListener(CART_EVENT, () => deferred.forEach(hydrate), { once: true });
  }
}

// Islands start after the page has loaded and painted, so React's download never competes
// with the main image (hydration-schedule.ts says why); the cart status catches an add made
// in that window (recentItemAdded).
afterLoadAndPaint(browserLifecycle(), hydrateAll);

type ConsentTag = { consentBanner?: boolean; privacyPath?: string };
const trackTag = (): ConsentTag => JSON.parse(document.body.dataset.track ?? '{}') as ConsentTag;

function openConsentBanner(opener?: HTMLElement) {
  import('../analytics/consent-banner.ts')
    .then(({ showConsentBanner }) =>
      showConsentBanner({ privacyPath: trackTag().privacyPath, ...(opener && { opener }) }),
    )
    .catch((error: unknown) => reportError('collector', error));
}

// The analytics collector only on a page the server marked trackable, and only after the
// page has loaded and painted: it never delays the LCP. The cookie banner likewise, and
// only for a visitor who has not answered (the page came from a shared cache: only the
// browser knows) and sent no Do-Not-Track or Global Privacy Control, which already say no.
afterLoadAndPaint(browserLifecycle(), () => {
  const tag = document.body.dataset.track;
  if (!tag) return;
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  if (
    trackTag().consentBanner &&
    // CONSENT_COOKIE spelled out: an import shared with the banner's chunk would split off
    // into a request of its own that every page makes.
    !/(?:^|;\s*)atl_consent=/.test(document.cookie) &&
    !nav.globalPrivacyControl &&
    nav.doNotTrack !== '1'
  )
    openConsentBanner();
  import('../analytics/collector.ts')
    .then(({ startCollector }) => startCollector(JSON.parse(tag)))
    .catch((error: unknown) => reportError('collector', error));
});

// The footer's "Cookie preferences": the banner again, to change one's answer.
document.addEventListener('click', (event) => {
  const opener = (event.target as Element | null)?.closest?.<HTMLElement>('[data-consent-open]');
  if (opener) openConsentBanner(opener);
});
