/**
 * The visitor record cookie 'id|first|previous|current|count': an id followed by four
 * positive integers (first, previous and current visit times in ms, and the visit count).
 * The visit cookie holds one positive integer timestamp and lives 30 minutes, so its
 * absence means a new visit has begun.
 */
import { Role } from '../enums/roles';
import { err, ok, type Result } from '../result';

export interface VisitorRecord {
  id: string;
  firstVisit: number;
  previousVisit: number;
  currentVisit: number;
  visitCount: number;
}

const POSITIVE_INTEGER = /^[1-9]\d*$/;

const parsePositiveInteger = (text: string | undefined): number | null =>
  text !== undefined && POSITIVE_INTEGER.test(text) && Number.isSafeInteger(Number(text))
    ? Number(text)
    : null;

export const parseVisitorRecord = (
  cookie: string | null | undefined,
): Result<VisitorRecord, 'invalid-visitor-record'> => {
  const parts = (cookie ?? '').split('|');
  const [id, ...numbers] = parts;
  if (parts.length !== 5 || !id) return err('invalid-visitor-record');
  const [firstVisit, previousVisit, currentVisit, visitCount] = numbers.map(parsePositiveInteger);
  if (firstVisit == null || previousVisit == null || currentVisit == null || visitCount == null) {
    return err('invalid-visitor-record');
  }
  return ok({ id, firstVisit, previousVisit, currentVisit, visitCount });
};

export const isValidVisitorRecord = (cookie: string | null | undefined): boolean =>
  parseVisitorRecord(cookie).ok;

export const serializeVisitorRecord = (record: VisitorRecord): string =>
  [record.id, record.firstVisit, record.previousVisit, record.currentVisit, record.visitCount].join(
    '|',
  );

export const parseVisitTimestamp = (
  cookie: string | null | undefined,
): Result<number, 'invalid-visit-timestamp'> => {
  const value = parsePositiveInteger(cookie ?? undefined);
  return value === null ? err('invalid-visit-timestamp') : ok(value);
};

/**
 * Plans the cookies for a page view. A live visit cookie means the same visit continues;
 * otherwise the visit count goes up and the current visit becomes the previous one. A
 * missing or corrupt record starts over with `newId`, so bad cookies heal themselves.
 */
export const recordVisit = ({
  record,
  visitCookie,
  now,
  newId,
}: {
  record: string | null | undefined;
  visitCookie: string | null | undefined;
  now: number;
  newId: string;
}): { record: VisitorRecord; visitTimestamp: number; isNewVisit: boolean } => {
  const parsed = parseVisitorRecord(record);
  const isVisitLive = parseVisitTimestamp(visitCookie).ok;
  if (!parsed.ok) {
    return {
      record: { id: newId, firstVisit: now, previousVisit: now, currentVisit: now, visitCount: 1 },
      visitTimestamp: now,
      isNewVisit: true,
    };
  }
  if (isVisitLive) return { record: parsed.value, visitTimestamp: now, isNewVisit: false };
  const previous = parsed.value;
  return {
    record: {
      ...previous,
      previousVisit: previous.currentVisit,
      currentVisit: now,
      visitCount: previous.visitCount + 1,
    },
    visitTimestamp: now,
    isNewVisit: true,
  };
};

/**
 * Visitor tracking runs only for anonymous visitors or members whose only role is viewer,
 * outside the config pages, and never on not-found, lock-screen or member-area-denied pages
 * or with census disabled (SPEC §4).
 */
export const shouldTrackVisitor = ({
  isAuthenticated,
  roles,
  isConfigPage,
  isExcludedPage,
  isCensusDisabled,
}: {
  isAuthenticated: boolean;
  roles: readonly number[];
  isConfigPage: boolean;
  isExcludedPage: boolean;
  isCensusDisabled: boolean;
}): boolean => {
  if (isCensusDisabled || isExcludedPage) return false;
  if (!isAuthenticated) return true;
  return !isConfigPage && roles.length === 1 && roles[0] === Role.viewer;
};
