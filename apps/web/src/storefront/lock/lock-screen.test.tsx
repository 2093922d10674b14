import { memberAreaMessages, paywallMessages } from '@atelier/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LockScreenPage } from './LockScreenPage.tsx';

const lockScreen = (props: Partial<Parameters<typeof LockScreenPage>[0]>) =>
  renderToStaticMarkup(
    <LockScreenPage title="About" offers={[]} useCLDRMoneyFormat={false} {...props} />,
  );

describe('the lock screen for member areas and passwords (issue 23)', () => {
  it('offers a guest sign-in and sign-up that come back to the page', () => {
    const html = lockScreen({
      memberLock: {
        kind: 'members',
        access: 'signed-in',
        isSignedIn: false,
        signInHref: '/account/sign-in?return=%2Fabout',
        signUpHref: '/account/sign-up?return=%2Fabout',
      },
    });
    expect(html).toContain('<h1>This page is locked</h1>');
    expect(html).toContain(memberAreaMessages.membersOnly);
    expect(html).toContain('href="/account/sign-in?return=%2Fabout"');
    expect(html).toContain('href="/account/sign-up?return=%2Fabout"');
    // No paywall sentence where nothing was bought.
    expect(html).not.toContain(paywallMessages.alreadyPurchased);
  });

  it('tells a signed-in customer without access so, without sign-in links', () => {
    const html = lockScreen({
      memberLock: {
        kind: 'members',
        access: 'paid',
        isSignedIn: true,
        signInHref: '/account/sign-in',
        signUpHref: '/account/sign-up',
      },
    });
    expect(html).toContain(memberAreaMessages.signedInNoAccess);
    expect(html).not.toContain('/account/sign-in');
    // An access link opens paywalled pages, not member areas: say what does.
    expect(html).toContain(memberAreaMessages.paidHint);
    expect(html).not.toContain(paywallMessages.alreadyPurchased);
  });

  it('asks for the password with a labelled field, its error tied to it', () => {
    const plain = lockScreen({
      memberLock: { kind: 'password', pagePath: '/contact', crumb: 'crumb-from-the-cookie' },
    });
    expect(plain).toContain('action="/members/unlock"');
    expect(plain).toContain('<input type="hidden" name="page" value="contact"/>');
    // The double-submit crumb rides in the form, beside the page.
    expect(plain).toContain('<input type="hidden" name="crumb" value="crumb-from-the-cookie"/>');
    expect(plain).toContain('<label for="page-password">Password</label>');
    expect(plain).not.toContain('aria-invalid');
    const refused = lockScreen({
      memberLock: {
        kind: 'password',
        pagePath: '/contact',
        crumb: 'crumb-from-the-cookie',
        error: memberAreaMessages.passwordWrong,
      },
    });
    expect(refused).toContain('aria-invalid="true"');
    expect(refused).toContain('aria-describedby="page-password-error"');
    expect(refused).toContain(
      `<p id="page-password-error" class="form-error" role="alert">${memberAreaMessages.passwordWrong}</p>`,
    );
  });

  it('keeps the paywall wording when a paywall alone locks the page', () => {
    expect(lockScreen({})).toContain(paywallMessages.alreadyPurchased);
  });
});
