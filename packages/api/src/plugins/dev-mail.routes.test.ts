import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createMailer, startMailSink } from '../lib/mail.js';
import { devMailKey } from './dev-mail.js';

let t: TestApp;
let sink: Awaited<ReturnType<typeof startMailSink>>;
let key: string;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'estante-devmail-'));
  sink = await startMailSink(dir);
  t = await createTestApp({ SMTP_URL: sink.url }, { mailSinkDir: dir });
  key = devMailKey(dir, null);
  await createMailer(sink.url, 'Estante <x@estante.local>').send({ to: ['ana@example.org'], subject: 'Código <b>123456</b>', text: 'Seu código é 123456.' });
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

describe('GET /svc/dev/correio (the local sink, for people trying the demo)', () => {
  it("lists the sink's messages, as text, to whoever has the sink's key", async () => {
    const response = await t.app.inject({ method: 'GET', url: `/svc/dev/correio?chave=${key}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('Código &lt;b&gt;123456&lt;/b&gt;');
    expect(response.body).toContain('Seu código é 123456.');
    expect(response.body).toContain('ana@example.org');
  });

  it('is not there without the key, even from this machine: a proxy on it makes every visitor local (issue 52)', async () => {
    expect(key).toMatch(/^[A-Za-z0-9_-]{24}$/);
    // Through a proxy on the same host: loopback, with the proxy's forwarding header.
    for (const url of ['/svc/dev/correio', '/svc/dev/correio?chave=', `/svc/dev/correio?chave=${key.slice(1)}`, `/svc/dev/correio?chave=${key}x`]) {
      const response = await t.app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('123456');
    }
    // The key is kept: the same on the next start (or in another worker).
    expect(devMailKey(dir, null)).toBe(key);
  });

  it('is not there when e-mail goes to a real server', async () => {
    const real = await createTestApp({ SMTP_URL: sink.url });
    try {
      expect((await real.app.inject({ method: 'GET', url: `/svc/dev/correio?chave=${key}` })).statusCode).toBe(404);
    } finally {
      await real.close();
    }
  });
});
