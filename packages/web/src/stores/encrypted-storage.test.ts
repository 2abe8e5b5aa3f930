import { describe, expect, it } from 'vitest';
import { openBytes, sealBytes } from './encrypted-storage';

/** The JavaScript AES-GCM used where there is no WebCrypto (a plain-http intranet address). */
describe('stores sealed without WebCrypto', () => {
  const key = crypto.getRandomValues(new Uint8Array(32));
  const token = JSON.stringify({ state: { accessToken: 'eyJhbGciOiJIUzI1NiJ9.segredo', refreshToken: 'r-123' }, version: 0 });

  it('keeps no token readable at rest, and opens back to the same value', () => {
    const sealed = sealBytes(key, token);
    expect(sealed.startsWith('aesgcm.')).toBe(true);
    expect(sealed).not.toContain('segredo');
    expect(sealed).not.toContain('r-123');
    expect(openBytes(key, sealed)).toBe(token);
    expect(sealBytes(key, token)).not.toBe(sealed);
  });

  it('is the AES-GCM WebCrypto makes: either side opens the other’s value', async () => {
    const webKey = await crypto.subtle.importKey('raw', key, 'AES-GCM', false, ['encrypt', 'decrypt']);
    const joined = Uint8Array.from(atob(sealBytes(key, token).slice('aesgcm.'.length)), (c) => c.charCodeAt(0));
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: joined.slice(0, 12) }, webKey, joined.slice(12));
    expect(new TextDecoder().decode(plain)).toBe(token);
  });

  it('refuses another key and a changed value', () => {
    const sealed = sealBytes(key, token);
    expect(() => openBytes(crypto.getRandomValues(new Uint8Array(32)), sealed)).toThrow();
    const tampered = sealed.slice(0, -4) + (sealed.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect(() => openBytes(key, tampered)).toThrow();
  });
});
