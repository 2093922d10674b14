import {
  CONSENT_COOKIE,
  CONSENT_LIFETIME_DAYS,
  CONSENT_PATH,
  type ConsentValue,
} from '@atelier/contract/consent';

// The storefront's cookie banner (issue 24). Pages come from a shared cache, so whether
// this visitor has answered is decided here, in the browser; the island runtime loads this
// only when the owner turned the banner on and there is no answer yet (or the visitor
// opened it from the footer's "Cookie preferences"). Plain DOM, no React: it must cost
// next to nothing on a page that has not hydrated anything.

const BANNER_ID = 'consent-banner';

/** Do Not Track or Global Privacy Control: the answer is already no, nothing to ask. */
export function hasPrivacySignal(): boolean {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  return nav.globalPrivacyControl === true || nav.doNotTrack === '1';
}

export function consentAnswer(): ConsentValue | undefined {
  const match = new RegExp(`(?:^|;\\s*)${CONSENT_COOKIE}=(granted|denied)`).exec(document.cookie);
  return match?.[1] as ConsentValue | undefined;
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string>,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text) node.textContent = text;
  return node;
}

async function record(consent: ConsentValue) {
  try {
    const response = await fetch(CONSENT_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ consent }),
      credentials: 'same-origin',
    });
    if (response.ok) return;
  } catch {
    // Offline or refused: the cookie below still keeps the answer.
  }
  // The server clears census cookies on the visitor's next page view after a no.
  const secure = location.protocol === 'https:' ? '; secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: Firefox has no Cookie Store API yet
  document.cookie = `${CONSENT_COOKIE}=${consent}; max-age=${CONSENT_LIFETIME_DAYS * 86_400}; path=/; samesite=lax${secure}`;
}

/**
 * Shows the banner fixed over the bottom of the page (it pushes nothing, so no layout
 * shift). Shown by itself it leaves focus where it is; opened from "Cookie preferences"
 * (an opener) it takes focus, and gives it back when closed.
 */
export function showConsentBanner(options: { privacyPath?: string; opener?: HTMLElement }) {
  const existing = document.getElementById(BANNER_ID);
  if (existing) {
    if (options.opener) existing.querySelector<HTMLElement>('button')?.focus();
    return;
  }
  const isSignalled = hasPrivacySignal();
  const answer = consentAnswer();
  const banner = element('section', {
    id: BANNER_ID,
    class: 'consent-banner',
    'aria-label': 'Cookie consent',
  });
  const text = element(
    'p',
    { class: 'consent-banner__text' },
    isSignalled
      ? 'Your browser asks sites not to track you, so this site sets no analytics cookies. Visits are only counted in total.'
      : 'May we use cookies to recognise your return visits? They help us see how our shop is used. Visits are counted in total either way.',
  );
  if (options.privacyPath) {
    text.append(' ', element('a', { href: options.privacyPath }, 'Privacy policy'));
  }
  if (answer && !isSignalled) {
    text.append(
      element(
        'span',
        { class: 'consent-banner__current' },
        answer === 'granted' ? 'You accepted cookies.' : 'You declined cookies.',
      ),
    );
  }
  const actions = element('div', { class: 'consent-banner__actions' });
  /** Gone after an answer; focus, if it was in the banner, goes back where it came from. */
  const close = (hadFocus: boolean) => {
    banner.remove();
    if (hadFocus) (options.opener ?? document.getElementById('main'))?.focus();
  };
  const choices: [ConsentValue | 'close', string][] = isSignalled
    ? [['close', 'Close']]
    : [
        ['denied', 'Decline'],
        ['granted', 'Accept'],
      ];
  for (const [choice, label] of choices) {
    // Both answers look the same: neither is the one the site would rather you picked.
    const button = element(
      'button',
      { type: 'button', class: 'button button--secondary', 'data-consent': choice },
      label,
    );
    button.addEventListener('click', () => {
      // Read now: disabling the focused button below drops focus to the body.
      const hadFocus = banner.contains(document.activeElement);
      if (choice === 'close') return close(hadFocus);
      for (const each of actions.querySelectorAll('button')) each.disabled = true;
      void record(choice).finally(() => close(hadFocus));
    });
    actions.append(button);
  }
  banner.append(text, actions);
  banner.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && options.opener) close(true);
  });
  // Early in the reading order (after the skip link), so keyboard and screen-reader users
  // meet it without going through the whole page first.
  const skip = document.querySelector('.skip-link');
  if (skip) skip.after(banner);
  else document.body.prepend(banner);
  if (options.opener) actions.querySelector('button')?.focus();
}
