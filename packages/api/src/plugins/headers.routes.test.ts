import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('security headers (issue 52)', () => {
  it('are on a call the auth plugin refuses (401) as on any other answer', async () => {
    const refused = await t.app.inject({ method: 'GET', url: '/svc/pessoas' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['x-content-type-options']).toBe('nosniff');
    expect(refused.headers['content-security-policy']).toContain("default-src 'self'");
    expect(refused.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('leave HSTS off plain HTTP, where a browser must ignore it (RFC 6797 §7.2), whatever a client claims', async () => {
    for (const headers of [{}, { 'x-forwarded-proto': 'https' }]) {
      const plain = await t.app.inject({ method: 'GET', url: '/health', headers });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
      expect(plain.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});
