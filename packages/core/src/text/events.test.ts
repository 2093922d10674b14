import { describe, expect, it } from 'vitest';
import {
  CALENDAR_SERVICE_URL,
  calendarDate,
  calendarLinkUrl,
  calendarLocation,
  eventListing,
  hasMapLocation,
  isSameDayEvent,
} from './events';
import { escapeHtml, linkifyTweet } from './twitter-links';

describe('events', () => {
  it('is same-day when start and end share year and day in the site time zone', () => {
    // 20:00 and 23:30 New York time on 1 June are 00:00 and 03:30 UTC on 2 June.
    const start = Date.UTC(2024, 5, 2, 0, 0);
    const end = Date.UTC(2024, 5, 2, 3, 30);
    expect(isSameDayEvent({ startDate: start, endDate: end })).toBe(true);
    expect(
      isSameDayEvent({ startDate: Date.UTC(2024, 5, 1, 23), endDate: end, timeZone: 'UTC' }),
    ).toBe(false);
    expect(
      isSameDayEvent({ startDate: Date.UTC(2023, 5, 2, 1), endDate: Date.UTC(2024, 5, 2, 1) }),
    ).toBe(false);
  });

  it('writes calendar dates in UTC as yyyyMMddTHHmmssZ', () => {
    expect(calendarDate(Date.UTC(2024, 0, 5, 9, 7, 3, 250))).toBe('20240105T090703Z');
  });

  it('joins the location with commas, skipping empty parts', () => {
    expect(
      calendarLocation({ addressLine1: '1 Main St', addressLine2: ' ', addressCountry: 'USA' }),
    ).toBe('1 Main St, USA');
    expect(calendarLocation(null)).toBe('');
  });

  it('builds the calendar link with text, dates and location', () => {
    const url = new URL(
      calendarLinkUrl({
        title: 'Launch & Party',
        startDate: Date.UTC(2024, 0, 5, 18),
        endDate: Date.UTC(2024, 0, 5, 21),
        location: { addressLine1: '1 Main St', addressCountry: 'USA' },
      }),
    );
    expect(`${url.origin}${url.pathname}`).toBe(CALENDAR_SERVICE_URL);
    expect(url.searchParams.get('text')).toBe('Launch & Party');
    expect(url.searchParams.get('dates')).toBe('20240105T180000Z/20240105T210000Z');
    expect(url.searchParams.get('location')).toBe('1 Main St, USA');
  });

  it('needs both coordinates for a map', () => {
    expect(hasMapLocation({ mapLat: 0, mapLng: 0 })).toBe(true);
    expect(hasMapLocation({ mapLat: 40 })).toBe(false);
    expect(hasMapLocation(undefined)).toBe(false);
  });

  it('lists an event as upcoming until it ends', () => {
    expect(eventListing({ endDate: 10, now: 11 })).toBe('past');
    expect(eventListing({ endDate: 10, now: 10 })).toBe('upcoming');
  });
});

describe('linkifyTweet', () => {
  it('links @handles and #tags', () => {
    expect(linkifyTweet('Hi @atelier, see #SpringSale')).toBe(
      'Hi <a href="https://twitter.com/atelier">@atelier</a>, see ' +
        '<a href="https://twitter.com/hashtag/SpringSale">#SpringSale</a>',
    );
  });

  it('opens bare web addresses in a new window, leaving trailing punctuation out', () => {
    expect(linkifyTweet('Shop at www.example.com.')).toBe(
      'Shop at <a href="http://www.example.com" target="_blank" rel="noopener noreferrer">' +
        'www.example.com</a>.',
    );
    expect(linkifyTweet('https://ex.com/a?b=1')).toBe(
      '<a href="https://ex.com/a?b=1" target="_blank" rel="noopener noreferrer">https://ex.com/a?b=1</a>',
    );
  });

  it('leaves emails and mid-word hashes alone and escapes everything else', () => {
    expect(linkifyTweet('me@example.com a#b #1 <b>')).toBe('me@example.com a#b #1 &lt;b&gt;');
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
  });
});
