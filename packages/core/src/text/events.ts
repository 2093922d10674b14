/** Event dates and the add-to-calendar link (SPEC §3, §5, §7). Dates are epoch milliseconds. */
import { DEFAULT_TIME_ZONE } from '../limits/limits';

export const CALENDAR_SERVICE_URL = 'https://www.google.com/calendar/event';

const dayKey = (epochMs: number, timeZone: string): string =>
  new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(epochMs));

/**
 * Same year and same day of year, in the website's time zone: an evening event in New
 * York is one day there even if it crosses midnight UTC.
 */
export const isSameDayEvent = ({
  startDate,
  endDate,
  timeZone = DEFAULT_TIME_ZONE,
}: {
  startDate: number;
  endDate: number;
  timeZone?: string;
}): boolean => dayKey(startDate, timeZone) === dayKey(endDate, timeZone);

/** UTC compact form yyyyMMddTHHmmssZ. */
export const calendarDate = (epochMs: number): string =>
  new Date(epochMs)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

export interface EventLocation {
  addressLine1?: string | null;
  addressLine2?: string | null;
  addressCountry?: string | null;
  mapLat?: number | null;
  mapLng?: number | null;
}

/** Address lines and country joined by commas, empty parts skipped. */
export const calendarLocation = (location: EventLocation | null | undefined): string =>
  [location?.addressLine1, location?.addressLine2, location?.addressCountry]
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '')
    .join(', ');

/** A map needs both coordinates; one alone would pin the wrong place. */
export const hasMapLocation = (location: EventLocation | null | undefined): boolean =>
  typeof location?.mapLat === 'number' && typeof location?.mapLng === 'number';

export const calendarLinkUrl = ({
  title,
  startDate,
  endDate,
  location,
}: {
  title: string;
  startDate: number;
  endDate: number;
  location?: EventLocation | null;
}): string => {
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: title,
    dates: `${calendarDate(startDate)}/${calendarDate(endDate)}`,
    location: calendarLocation(location),
  });
  return `${CALENDAR_SERVICE_URL}?${params.toString()}`;
};

export type EventListing = 'past' | 'upcoming';

/** Which list an event belongs in: upcoming until it has ended. */
export const eventListing = ({ endDate, now }: { endDate: number; now: number }): EventListing =>
  endDate < now ? 'past' : 'upcoming';
