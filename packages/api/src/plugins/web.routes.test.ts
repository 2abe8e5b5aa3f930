import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createGuides, createInstitution } from '../../test/factories.js';
import { FIXTURE_SCRIPT, fixtureWebDist } from '../../test/web-dist.js';

/**
 * How the built web app reaches a browser (issue 24): hashed assets compressed at build and
 * cached for good, source maps and the build manifest kept on the server, and the page carrying
 * what the shell needs (a token and the public parameters) so the first screen needs no call.
 */
const SCRIPT = FIXTURE_SCRIPT;
const INDEX_HTML = '<!doctype html><html lang="pt-BR"><head><title>Estante</title></head><body><div id="root"></div></body></html>';

let t: TestApp;
let web: string;
beforeAll(async () => {
  web = fixtureWebDist(INDEX_HTML);
  mkdirSync(path.join(web, '.vite'));
  writeFileSync(path.join(web, 'assets/index-AbC123.js.map'), '{"version":3,"sources":["src/main.tsx"]}');
  writeFileSync(path.join(web, '.vite/manifest.json'), '{}');
  t = await createTestApp({ WEB_DIST: web });
  await createInstitution(t.database.db, { sigla: 'UEVS' });
  await createGuides(t.database.db, [{ codigo: 'geral', rota: 'pesquisa-geral' }]);
});
afterAll(async () => {
  await t.close();
  rmSync(web, { recursive: true, force: true });
});

function bootOf(html: string) {
  const json = /<script id="estante-config" type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
  expect(json).toBeDefined();
  return (JSON.parse(json!) as { boot?: { token: string; instituicao: { sigla: string }; guias: { rota: string }[]; funcionalidades: unknown[] } }).boot;
}

describe('the built app', () => {
  it('sends a hashed script as its brotli or gzip copy, cached for a year and never revalidated', async () => {
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const res = await t.app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': encoding } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(decode(res.rawPayload).toString()).toBe(SCRIPT);
      expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 10);
    }
    const plain = await t.app.inject({ url: '/assets/index-AbC123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('leaves the page-only security headers off a script, and keeps those a script obeys', async () => {
    const script = await t.app.inject({ url: '/assets/index-AbC123.js' });
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(script.headers['content-security-policy']).toBeUndefined();
    expect(script.headers['x-frame-options']).toBeUndefined();
    const page = await t.app.inject({ url: '/' });
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('revalidates what has no hash in its name', async () => {
    const res = await t.app.inject({ url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('does not publish source maps or the build manifest', async () => {
    for (const url of ['/assets/index-AbC123.js.map', '/.vite/manifest.json']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('sources');
    }
  });

  it('inlines a working public token and the shell’s parameters into every page, compressed, never cached', async () => {
    const res = await t.app.inject({ url: '/pesquisa-geral?termo1=educacao', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-store');
    const boot = bootOf(brotliDecompressSync(res.rawPayload).toString());
    expect(boot?.instituicao.sigla).toBe('UEVS');
    expect(boot?.guias.map((g) => g.rota)).toContain('pesquisa-geral');
    expect(Array.isArray(boot?.funcionalidades)).toBe(true);
    // The token is the anonymous one the API accepts for public calls.
    const call = await t.app.inject({ url: '/svc/parametros/guias-pesquisa', headers: { authorization: `Bearer ${boot!.token}` } });
    expect(call.statusCode).toBe(200);
    // Two pages, two tokens: one inlined page is never another visitor's.
    const again = bootOf((await t.app.inject({ url: '/' })).body);
    expect(again?.token).not.toBe(boot!.token);
  });
});
