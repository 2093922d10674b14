import { CSRF_COOKIE, CSRF_HEADER } from '@atelier/contract/cart-http';
import { readCookie } from '../storefront/cart/cart-signals.ts';

// The JavaScript error reporter (SPEC §9, issue 24). Installed by the island runtime
// before anything else runs, so an island that throws is caught. Errors are queued (10
// at most), sent one second after the last (debounced), at most 20 per page, each stack
// cut at 5,000 characters; the CSRF header comes from the crumb cookie.

const MAX_PER_PAGE = 20;
const MAX_QUEUED = 10;
const DEBOUNCE_MS = 1_000;
const MAX_STACK = 5_000;

export type ReportedError = {
  event: 'error' | 'unhandledrejection' | 'collector';
  data: {
    message: string;
    stack?: string;
    source?: string;
    line?: number;
    column?: number;
    pagePath: string;
  };
  timestamp: number;
};

let queued: ReportedError[] = [];
let sentThisPage = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

const pagePath = () => location.pathname.replace(/(.)\/$/, '$1');

/** The crumb cookie; a cached page sets none, so the cart call (which issues it) is asked once. */
async function crumbOf(): Promise<string | undefined> {
  const crumb = readCookie(CSRF_COOKIE);
  if (crumb) return crumb;
  await fetch('/api/commerce/shopping-cart', { credentials: 'same-origin' });
  return readCookie(CSRF_COOKIE);
}

/** `isLeaving`: the page is going away, so the request must outlive it (keepalive). */
function send(isLeaving = false) {
  timer = undefined;
  if (queued.length === 0) return;
  const batch = queued;
  queued = [];
  crumbOf()
    .then((crumb) => {
      // Still no crumb (cookies off): the server would refuse it; nothing worth sending.
      if (!crumb) return;
      return fetch('/api/events/RecordJavascriptErrors', {
        method: 'POST',
        headers: { 'content-type': 'application/json', [CSRF_HEADER]: crumb },
        body: JSON.stringify(batch),
        keepalive: isLeaving,
        credentials: 'same-origin',
      });
    })
    .catch(() => undefined);
}

/** Queues one error; the reporter never throws, whatever it is given. */
export function reportError(
  event: ReportedError['event'],
  error: unknown,
  where?: Partial<ReportedError['data']>,
) {
  if (sentThisPage >= MAX_PER_PAGE || queued.length >= MAX_QUEUED) return;
  sentThisPage += 1;
  const isError = error instanceof Error;
  const message = (isError ? `${error.name}: ${error.message}` : String(error)).slice(0, 1_000);
  queued.push({
    event,
    data: {
      message: message || 'Unknown error',
      ...(isError && error.stack ? { stack: error.stack.slice(0, MAX_STACK) } : {}),
      ...where,
      pagePath: pagePath(),
    },
    timestamp: Date.now(),
  });
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => send(), DEBOUNCE_MS);
}

export function installErrorReporter() {
  window.addEventListener('error', (event) => {
    reportError('error', event.error ?? event.message, {
      ...(event.filename && { source: event.filename.slice(0, 2048) }),
      ...(event.lineno && { line: event.lineno }),
      ...(event.colno && { column: event.colno }),
    });
  });
  window.addEventListener('unhandledrejection', (event) =>
    reportError('unhandledrejection', event.reason),
  );
  // A page being left sends what is queued now rather than after the debounce.
  window.addEventListener('pagehide', () => {
    if (timer) clearTimeout(timer);
    send(true);
  });
}
