import { describe, expect, it } from 'vitest';
import { CSRF_FAILED_CODE } from './cart-http.ts';
import {
  documentedCodes,
  errorBodySchema,
  errorCatalogue,
  errorResponses,
  everyRouteCodes,
  isErrorCode,
} from './errors.ts';

describe('error catalogue', () => {
  it('gives every code a client or server status and a summary', () => {
    for (const [code, { status, summary }] of Object.entries(errorCatalogue)) {
      expect(code).toMatch(/^[A-Z][A-Z0-9_]+$/);
      expect(status === 500 || (status >= 400 && status < 500), code).toBe(true);
      expect(summary.length, code).toBeGreaterThan(10);
    }
  });

  it('knows the codes the browser islands switch on', () => {
    expect(isErrorCode(CSRF_FAILED_CODE)).toBe(true);
    expect(isErrorCode('OUT_OF_STOCK')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
  });

  it('shapes every error as {error, code, errors?}', () => {
    expect(errorBodySchema.parse({ error: 'Nope', code: 'PRODUCT_NOT_FOUND' })).toEqual({
      error: 'Nope',
      code: 'PRODUCT_NOT_FOUND',
    });
    expect(errorBodySchema.safeParse({ error: 'Nope' }).success).toBe(false);
    expect(errorBodySchema.safeParse({ error: 'Nope', code: 'MADE_UP' }).success).toBe(false);
  });

  it('documents a route’s codes under their own statuses, beside the ones every route has', () => {
    const responses = errorResponses(['PRODUCT_NOT_FOUND', 'URL_TAKEN'], ['SIGN_IN_REQUIRED']);
    expect(documentedCodes(responses[404])).toEqual(['WEBSITE_NOT_FOUND', 'PRODUCT_NOT_FOUND']);
    expect(documentedCodes(responses[409])).toEqual(['URL_TAKEN']);
    expect(documentedCodes(responses[401])).toEqual(['SIGN_IN_REQUIRED']);
    for (const code of everyRouteCodes) {
      expect(documentedCodes(responses[errorCatalogue[code].status])).toContain(code);
    }
    expect(responses[409]?.safeParse({ error: 'x', code: 'PRODUCT_NOT_FOUND' }).success).toBe(
      false,
    );
    expect(documentedCodes(undefined)).toEqual([]);
  });
});
