import { describe, expect, it } from 'vitest';
import { ssoStartQuerySchema } from './auth/auth.js';
import { isSitePath } from './common.js';
import { sitePath } from './links/links.js';

describe('a path of this site (redirects after signing in, issue 52)', () => {
  const ours = ['/', '/meupergamum', '/acervo/123?aba=exemplares', '/consulta?termo1=vidas%20secas#r'];
  const theirs = ['//evil.example', '/\\evil.example', '/\\/evil.example', '\\\\evil.example', 'https://evil.example', 'evil', '/a b', '/a\\b', '', null];

  it('is followed when it is ours, and never when a browser would leave the site', () => {
    for (const value of ours) expect([value, isSitePath(value)]).toEqual([value, true]);
    for (const value of theirs) expect([value, isSitePath(value)]).toEqual([value, false]);
  });

  it('is the rule of the API’s single sign-on and hand-over calls too', () => {
    for (const value of ours) expect(ssoStartQuerySchema.safeParse({ redirect: value }).success && sitePath.safeParse(value).success).toBe(true);
    for (const value of theirs.filter((v) => v !== null))
      expect([value, ssoStartQuerySchema.safeParse({ redirect: value }).success || sitePath.safeParse(value).success]).toEqual([value, false]);
  });
});
