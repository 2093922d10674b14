import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialect } from '../../test/test-app.ts';

describe(`the /config shell (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seedDemo: false });
  });
  afterAll(() => t.close());

  it("admits the editor's run-time style elements by a fresh nonce, never by 'unsafe-inline'", async () => {
    const nonces: (string | undefined)[] = [];
    for (let i = 0; i < 2; i++) {
      const response = await t.app.inject({ method: 'GET', url: '/config' });
      expect(response.statusCode).toBe(200);
      const meta = /<meta name="csp-nonce" content="([^"]+)">/.exec(response.body);
      expect(meta).not.toBeNull();
      const policy = String(response.headers['content-security-policy']);
      const styleSrc = /style-src ([^;]*)/.exec(policy)?.[1] ?? '';
      expect(styleSrc).toContain(`'nonce-${meta?.[1]}'`);
      expect(styleSrc).toContain("'self'");
      expect(styleSrc).not.toContain('unsafe-inline');
      nonces.push(meta?.[1]);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });
});
