import { mkdir } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, seriousA11yViolations, useChromium } from './support/browser.ts';
import { callFrom, createOwner } from './support/editor.ts';
import type { RunningServer } from './support/server.ts';
import { chooseShipping, fillCheckout } from './support/shopper.ts';

// Issue 22's "Done means" for subscriptions, as a shopper lives it: Subscribe on the yarn
// club's page, the subscription checkout with 4242, the confirmation and the email with the
// manage link; three months on the test clock make three renewal orders; the card switched
// (by keyboard) to 0002 fails the next renewal, a dunning email lands and the manage page
// says the payment is overdue; 4242 entered there takes the overdue payment; and a cancel
// with its confirmation step stops the renewals. (Exactly once under two servers is the
// server test's job.)

const SHOTS = '/tmp/shots-subs-e2e';
const PRODUCT = '/shop/p/hand-dyed-yarn-club';
const EMAIL = 'ada@example.com';
/** Past any calendar month's length, so each step passes exactly one billing date. */
const MONTH_MS = 31 * 24 * 60 * 60 * 1000;

type OutboxMail = { kind: string; to: string; subject: string; bodyText: string };

describe('a monthly subscription from Subscribe to cancel (Chromium)', () => {
  let server: RunningServer;
  let browser: Browser;
  /** The owner, signed in at /config: reads the outbox and the subscription. */
  let page: Page;
  let shopperContext: BrowserContext;
  let shopper: Page;
  let adminBase = '';
  let subscriptionId = '';
  let manageUrl = '';
  const errors = useChromium((started) => ({ server, browser, page } = started), {
    viewport: DESKTOP,
    env: { NODE_ENV: 'development', TEST_CLOCK: 'on' },
  });

  /** The viewport at desktop and phone widths, then back to desktop. */
  const shots = async (target: Page, name: string) => {
    await mkdir(SHOTS, { recursive: true });
    for (const [width, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      await target.setViewportSize(viewport);
      await target.waitForTimeout(200);
      const overflow = await target.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${name} scrolls sideways at ${width}`).toBeLessThanOrEqual(0);
      await target.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    }
    await target.setViewportSize(DESKTOP);
  };
  const hydrated = (target: Page, island: string) =>
    expect
      .poll(() => target.locator(`[data-island="${island}"]`).first().getAttribute('data-hydrated'))
      .toBe('true');
  const outbox = async (kind: string): Promise<OutboxMail[]> => {
    const answer = await callFrom(page, 'GET', '/api/mail/outbox');
    expect(answer.status).toBe(200);
    return (answer.json.messages as OutboxMail[]).filter((m) => m.kind === kind);
  };
  const advanceClock = async (advanceMs: number): Promise<number> => {
    const response = await fetch(`${server.baseUrl}/api/testing/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceMs }),
    });
    const body = await response.json();
    expect(response.status, JSON.stringify(body)).toBe(200);
    return body.renewalsRun;
  };
  const subscription = async () => {
    const answer = await callFrom(page, 'GET', `${adminBase}/subscriptions/${subscriptionId}`);
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    return answer.json.subscription as {
      status: string;
      paymentsMade: number;
      card: { last4: string } | null;
      orders: { cycle: number; status: string; totalCents: number }[];
    };
  };
  const status = () => shopper.locator('.manage-subscription__status').textContent();
  const notice = () => shopper.locator('.manage-subscription__notice').textContent();

  it('has an owner who can read the outbox', async () => {
    await createOwner(page, server.baseUrl);
    await page.getByRole('navigation', { name: 'Admin' }).waitFor();
    const session = await callFrom(page, 'GET', '/api/config/session');
    adminBase = `/api/content-service/commerce/1.1/websites/${session.json.websiteId}`;
    shopperContext = await browser.newContext({ viewport: DESKTOP });
    shopper = await shopperContext.newPage();
    shopper.on('pageerror', (error) => errors.push(error.message));
  });

  it('subscribes from the product page through the subscription checkout with 4242', async () => {
    await shopper.goto(`${server.baseUrl}${PRODUCT}`);
    expect(await shopper.locator('.subscription-note').textContent()).toBe(
      'Subscription: $32.00 every month until you cancel.',
    );
    await hydrated(shopper, 'ProductForm');
    await shots(shopper, 'product');
    await shopper.getByRole('button', { name: 'Subscribe' }).click();
    await shopper.waitForURL(/\/commerce\/subscription-checkout\?cartToken=/);
    await hydrated(shopper, 'Checkout');

    await fillCheckout(shopper, {
      email: EMAIL,
      address: {
        name: 'Ada Lovelace',
        line1: '1 Market Street',
        city: 'San Francisco',
        region: 'CA',
        postalCode: '94105',
        country: 'US',
      },
    });
    await chooseShipping(shopper, /Standard shipping/);

    const summary = shopper.getByRole('complementary', { name: 'Order summary' });
    expect(await summary.locator('.checkout__lines').textContent()).toContain(
      'Hand-Dyed Yarn Club × 1',
    );
    await expect
      .poll(() => summary.locator('.checkout__renewal').textContent())
      .toMatch(/^Then \$\d+\.\d\d every month until you cancel, plus any tax\.$/);
    expect(await shopper.locator('.checkout__subscription-terms').count()).toBe(1);

    await shopper.getByLabel('Card number').fill('4242 4242 4242 4242');
    await shopper.getByLabel('Expiry (MM/YY)').fill('12/30');
    await shopper.getByLabel('Security code').fill('123');
    await shopper.getByLabel('Name on card').fill('Ada Lovelace');
    expect(await seriousA11yViolations(shopper)).toEqual([]);
    await shots(shopper, 'subscription-checkout');

    const checkoutUrl = shopper.url();
    const subscribe = shopper.getByRole('button', { name: /^Subscribe · \$/ });
    expect(await subscribe.isEnabled()).toBe(true);
    await subscribe.click();
    await shopper.waitForURL(/\/order-confirmed\//);
    expect(await shopper.locator('h1').textContent()).toBe('Thank you for your order');
    expect(await shopper.locator('.order-subscription').allTextContents()).toEqual([
      "Your subscription has started. We've emailed you a link to update your card or cancel at any time.",
      expect.stringMatching(
        /^Then \$\d+\.\d{2} every month until you cancel, plus any tax\. Next payment: [A-Z][a-z]+ \d{1,2}, \d{4}\.$/,
      ),
    ]);
    expect(await seriousA11yViolations(shopper)).toEqual([]);
    await shots(shopper, 'order-confirmed');

    // Back to the finished checkout (the browser's back button): nothing to pay twice.
    await shopper.goto(checkoutUrl);
    await shopper
      .getByText('This subscription checkout is finished or no longer available.', { exact: false })
      .waitFor();
    expect(await shopper.getByRole('button', { name: /Subscribe/ }).count()).toBe(0);
  });

  it('emails the manage link', async () => {
    const started = await outbox('subscription-started');
    expect(started).toHaveLength(1);
    expect(started[0]?.to).toBe(EMAIL);
    expect(started[0]?.bodyText).toContain('Thank you for subscribing to Hand-Dyed Yarn Club.');
    manageUrl =
      /Update your card or cancel at any time: (\S+)/.exec(started[0]?.bodyText ?? '')?.[1] ?? '';
    const link = new URL(manageUrl);
    expect(link.pathname).toMatch(/^\/commerce\/subscriptions\/[0-9a-f-]{36}$/);
    expect(link.searchParams.get('token')).toBeTruthy();
    subscriptionId = link.pathname.split('/').at(-1) ?? '';
    const sub = await subscription();
    expect(sub).toMatchObject({ status: 'active', paymentsMade: 1 });
    expect(sub.orders.map((o) => o.cycle)).toEqual([0]);
  });

  it('renews once a month for three months on the test clock', async () => {
    for (let month = 1; month <= 3; month += 1) {
      expect(await advanceClock(MONTH_MS), `month ${month}`).toBe(1);
    }
    const sub = await subscription();
    expect(sub).toMatchObject({ status: 'active', paymentsMade: 4 });
    const renewals = sub.orders.filter((o) => o.cycle > 0);
    expect(renewals.map((o) => o.cycle).sort()).toEqual([1, 2, 3]);
    expect(renewals.every((o) => o.status === 'paid' && o.totalCents > 0)).toBe(true);
    // Nothing more is due until another month passes.
    expect(await advanceClock(60_000)).toBe(0);
    // Each renewal is an order like any other: the customer gets its confirmation.
    const confirmations = (await outbox('order-confirmation')).filter((m) => m.to === EMAIL);
    expect(confirmations).toHaveLength(4);
  });

  it('shows the subscription on the manage page and replaces the card by keyboard', async () => {
    // A link with any other token opens nothing.
    const tampered = new URL(manageUrl);
    tampered.searchParams.set('token', 'x'.repeat(32));
    const refused = await shopper.goto(tampered.toString());
    expect(refused?.status()).toBe(404);
    expect(await shopper.locator('.manage-subscription').count()).toBe(0);
    await shopper
      .getByText('This subscription link is not valid. Use the latest link the store emailed you.')
      .waitFor();

    await shopper.goto(manageUrl);
    await hydrated(shopper, 'ManageSubscription');
    expect(await status()).toBe('Active');
    expect(await shopper.locator('.manage-subscription__facts').textContent()).toContain(
      'Payments made4',
    );
    expect(await seriousA11yViolations(shopper)).toEqual([]);
    await shots(shopper, 'manage-active');

    // From the top of the page, Tab to 'Update card' and work the form with keys alone.
    await shopper.locator('body').focus();
    const focusedText = () =>
      shopper.evaluate(() => (document.activeElement as HTMLElement | null)?.textContent ?? '');
    for (let presses = 0; presses < 40 && (await focusedText()) !== 'Update card'; presses += 1) {
      await shopper.keyboard.press('Tab');
    }
    expect(await focusedText()).toBe('Update card');
    await shopper.keyboard.press('Enter');
    // The form opens with the card number focused, where typing continues.
    await expect
      .poll(() => shopper.evaluate(() => document.activeElement?.id))
      .toBe('manage-card-number');
    await shopper.keyboard.type('4000 0000 0000 0002');
    await shopper.keyboard.press('Tab');
    await shopper.keyboard.type('12/30');
    await shopper.keyboard.press('Tab');
    await shopper.keyboard.type('123');
    await shopper.keyboard.press('Tab');
    await shopper.keyboard.type('Ada Lovelace');
    await shopper.keyboard.press('Enter');
    await expect.poll(notice).toBe('Your card was updated.');
    // The outcome is where focus went.
    expect(
      await shopper.evaluate(() =>
        document.activeElement?.classList.contains('manage-subscription__notice'),
      ),
    ).toBe(true);
    expect(await status()).toBe('Active');
    expect(await shopper.locator('.manage-subscription__facts').textContent()).toContain(
      'ending 0002',
    );
    expect((await subscription()).card?.last4).toBe('0002');
  });

  it('fails the next renewal on 0002, emails the customer and shows the payment overdue', async () => {
    expect(await advanceClock(MONTH_MS)).toBe(1);
    const sub = await subscription();
    expect(sub.status).toBe('past_due');
    expect(sub.orders).toHaveLength(4);
    const dunning = await outbox('subscription-renewal-failed');
    expect(dunning).toHaveLength(1);
    expect(dunning[0]?.to).toBe(EMAIL);
    expect(dunning[0]?.bodyText).toContain(
      "We couldn't take the payment for your Hand-Dyed Yarn Club subscription",
    );
    // Its own fresh link opens the same subscription.
    const link = /(http\S+\/commerce\/subscriptions\/\S+)/.exec(dunning[0]?.bodyText ?? '')?.[1];
    expect(new URL(link ?? '').pathname).toBe(`/commerce/subscriptions/${subscriptionId}`);

    await shopper.goto(link ?? '');
    await hydrated(shopper, 'ManageSubscription');
    expect(await status()).toBe('Payment overdue');
    await shopper.getByText("Your last payment didn't go through.", { exact: false }).waitFor();
    expect(await shopper.locator('.manage-subscription__facts').textContent()).toContain(
      'Next try',
    );
    expect(await seriousA11yViolations(shopper)).toEqual([]);
    await shots(shopper, 'manage-past-due');
  });

  it('says so when the card entered while overdue is declined too', async () => {
    await shopper.getByLabel('Card number').fill('4000 0000 0000 0002');
    await shopper.getByLabel('Expiry (MM/YY)').fill('12/30');
    await shopper.getByLabel('Security code').fill('123');
    await shopper.getByLabel('Name on card').fill('Ada Lovelace');
    await shopper.getByRole('button', { name: 'Update card and pay' }).click();
    await expect
      .poll(notice)
      .toBe(
        "Your card was saved, but the overdue payment didn't go through. Your card was declined. Try another card.",
      );
    expect(await status()).toBe('Payment overdue');
    expect(await shopper.locator('.manage-subscription__notice--problem').count()).toBe(1);
    await shots(shopper, 'manage-past-due-declined');
    // The customer's own try neither charges nor moves the store's schedule.
    const sub = await subscription();
    expect(sub).toMatchObject({ status: 'past_due', paymentsMade: 4 });
    expect(await advanceClock(60_000)).toBe(0);
    expect(await outbox('subscription-renewal-failed')).toHaveLength(1);
  });

  it('takes the overdue payment when 4242 is entered on the manage page', async () => {
    await shopper.getByLabel('Card number').fill('4242 4242 4242 4242');
    await shopper.getByLabel('Expiry (MM/YY)').fill('12/30');
    await shopper.getByLabel('Security code').fill('123');
    await shopper.getByLabel('Name on card').fill('Ada Lovelace');
    await shopper.getByRole('button', { name: 'Update card and pay' }).click();
    await expect.poll(notice).toBe('Your card was updated and the overdue payment went through.');
    expect(await status()).toBe('Active');
    expect(await shopper.locator('.manage-subscription__facts').textContent()).toContain(
      'Payments made5',
    );
    await shots(shopper, 'manage-recovered');
    const sub = await subscription();
    expect(sub).toMatchObject({ status: 'active', paymentsMade: 5 });
    expect(sub.orders.map((o) => o.cycle).sort()).toEqual([0, 1, 2, 3, 4]);
    // Recovered, the schedule goes on: the next month renews on 4242.
    expect(await advanceClock(MONTH_MS)).toBe(1);
    expect((await subscription()).paymentsMade).toBe(6);
  });

  it('cancels from the manage page after its confirmation step', async () => {
    await shopper.goto(manageUrl);
    await hydrated(shopper, 'ManageSubscription');
    await shopper.getByRole('button', { name: 'Cancel subscription' }).click();
    await shopper
      .getByText('Cancel your subscription? No further payments will be taken')
      .waitFor();
    // Focus moves to the question, and back to the button when the customer keeps it.
    const focusedId = () => shopper.evaluate(() => document.activeElement?.id ?? '');
    await expect.poll(focusedId).toBe('manage-cancel-question');
    // Changing one's mind leaves it as it was.
    await shopper.getByRole('button', { name: 'Keep subscription' }).click();
    expect(await status()).toBe('Active');
    await expect
      .poll(() => shopper.evaluate(() => document.activeElement?.textContent))
      .toBe('Cancel subscription');
    // The second time by keyboard alone: Enter on the button focus came back to, Tab from
    // the question to the confirming button, Enter.
    await shopper.keyboard.press('Enter');
    await expect.poll(focusedId).toBe('manage-cancel-question');
    expect(await seriousA11yViolations(shopper)).toEqual([]);
    await shots(shopper, 'manage-confirm-cancel');
    await shopper.keyboard.press('Tab');
    expect(await shopper.evaluate(() => document.activeElement?.textContent)).toBe(
      'Yes, cancel subscription',
    );
    await shopper.keyboard.press('Enter');
    await expect
      .poll(notice)
      .toBe('Your subscription is cancelled. No further payments will be taken.');
    expect(await status()).toBe('Cancelled');
    expect(await shopper.getByRole('button', { name: 'Update card' }).count()).toBe(0);
    expect(await shopper.getByRole('button', { name: 'Cancel subscription' }).count()).toBe(0);
    await shots(shopper, 'manage-cancelled');

    expect((await subscription()).status).toBe('cancelled');
    const cancelled = await outbox('subscription-cancelled');
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]?.to).toBe(EMAIL);
    // No more renewals, however long the clock runs.
    expect(await advanceClock(2 * MONTH_MS)).toBe(0);
    expect((await subscription()).paymentsMade).toBe(6);
    await shopperContext.close();
  });

  it('raised no page errors', () => {
    expect(errors).toEqual([]);
  });
});
