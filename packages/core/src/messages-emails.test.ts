import { describe, expect, it } from 'vitest';
import {
  accountMessages,
  accountPageText,
  memberAreaMessages,
  paywallMessages,
  subscriptionMessages,
} from './messages';

// Issue 22 and 23's sentences with values in them: each names what it was given, so a
// customer never reads "undefined" or a bare placeholder in a subject line or a page.
describe('subscription sentences', () => {
  it('counts the period in its unit', () => {
    expect(subscriptionMessages.every(1, 'month')).toBe('every month');
    expect(subscriptionMessages.every(2, 'week')).toBe('every 2 weeks');
    expect(subscriptionMessages.forDuration(1, 'year')).toBe('for 1 year');
    expect(subscriptionMessages.forDuration(6, 'month')).toBe('for 6 months');
  });

  it('puts the store in every subject', () => {
    const subjects = [
      subscriptionMessages.startedSubject('Fern & Flax'),
      subscriptionMessages.renewalFailedSubject('Fern & Flax'),
      subscriptionMessages.endedSubject('Fern & Flax'),
      subscriptionMessages.cancelledSubject('Fern & Flax'),
    ];
    for (const subject of subjects) expect(subject.startsWith('Fern & Flax: ')).toBe(true);
    expect(new Set(subjects).size).toBe(4);
  });

  it('says why a new card was not charged', () => {
    expect(subscriptionMessages.cardUpdatedPaymentFailed('Your card was declined.')).toBe(
      "Your card was saved, but the overdue payment didn't go through. Your card was declined. Try another card.",
    );
  });
});

describe('paywall sentences', () => {
  it('counts what a product unlocks', () => {
    expect(paywallMessages.pickerCount(1)).toBe('Unlocks 1 page or collection.');
    expect(paywallMessages.pickerCount(3)).toBe('Unlocks 3 pages and collections.');
    expect(paywallMessages.emailAccess('https://shop.example/commerce/access?t=abc')).toBe(
      'Open your content: https://shop.example/commerce/access?t=abc',
    );
  });
});

describe('account sentences', () => {
  it('name the minimum, the address and the order', () => {
    expect(accountMessages.passwordTooShort(12)).toBe(
      'Use at least 12 characters for your password.',
    );
    expect(accountMessages.emailChangeSent('ada@example.com')).toContain('ada@example.com');
    expect(accountPageText.orderView(42)).toBe('View order #42');
  });

  it('puts the store and the link in every email', () => {
    const site = 'Fern & Flax';
    const link = 'https://shop.example/account/verify?t=abc';
    const other = 'https://shop.example/account/reset';
    const emails = [
      [accountMessages.verifySubject(site), accountMessages.verifyBody(site, link)],
      [accountMessages.existingSubject(site), accountMessages.existingBody(site, link, other)],
      [accountMessages.resetSubject(site), accountMessages.resetBody(site, link)],
    ];
    for (const [subject, body] of emails) {
      expect(subject?.startsWith(`${site}: `)).toBe(true);
      expect(body).toContain(site);
      expect(body).toContain(link);
    }
    expect(accountMessages.existingBody(site, link, other)).toContain(other);
    expect(accountMessages.passwordChangedSubject(site).startsWith(`${site}: `)).toBe(true);
    expect(accountMessages.passwordChangedBody(site)).toContain(site);
  });
});

describe('webhook and customer sentences', () => {
  it('name the store and the limit', async () => {
    const { customerMessages, webhookMessages } = await import('./messages');
    expect(webhookMessages.disabledMailSubject('Fern & Flax')).toBe(
      'Fern & Flax: a webhook endpoint was turned off',
    );
    expect(customerMessages.noteTooLong(5000)).toBe('A note can be at most 5,000 characters.');
  });
});

describe('member area sentences', () => {
  it('names the area and the id it was given', () => {
    expect(memberAreaMessages.nameTaken('Studio Club')).toBe(
      'A member area named “Studio Club” already exists.',
    );
    expect(memberAreaMessages.navigationUnknownArea('club')).toBe(
      'No member area of this site has the id club.',
    );
  });
});

describe('member invitation email', () => {
  it('names the site, the inviter, the role, the link and how long it lasts', async () => {
    const { invitationMessages } = await import('./messages');
    const body = invitationMessages.body({
      site: 'Fern & Flax',
      inviter: 'owner@example.com',
      role: 'Draft editor',
      link: 'https://shop.example/config/invitation#t=abc',
      days: 7,
    });
    expect(body).toContain('owner@example.com invited you to Fern & Flax as Draft editor.');
    expect(body).toContain('https://shop.example/config/invitation#t=abc');
    expect(body).toContain('for 7 days');
    expect(invitationMessages.subject('Fern & Flax').startsWith('Fern & Flax: ')).toBe(true);
  });
});
