import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createMailer, startMailSink } from '../lib/mail.js';

let t: TestApp;
let sink: Awaited<ReturnType<typeof startMailSink>>;

beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'estante-devmail-'));
  sink = await startMailSink(dir);
  t = await createTestApp({ SMTP_URL: sink.url }, { mailSinkDir: dir });
  await createMailer(sink.url, 'Estante <x@estante.local>').send({ to: ['ana@example.org'], subject: 'Código <b>123456</b>', text: 'Seu código é 123456.' });
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

describe('GET /svc/dev/correio (the local sink, for people trying the demo)', () => {
  it("lists the sink's messages to this machine, as text", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/svc/dev/correio' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('Código &lt;b&gt;123456&lt;/b&gt;');
    expect(response.body).toContain('Seu código é 123456.');
    expect(response.body).toContain('ana@example.org');
  });

  it('is not there for another machine', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/svc/dev/correio', remoteAddress: '10.1.2.3' });
    expect(response.statusCode).toBe(404);
  });

  it('is not there when e-mail goes to a real server', async () => {
    const real = await createTestApp({ SMTP_URL: sink.url });
    try {
      expect((await real.app.inject({ method: 'GET', url: '/svc/dev/correio' })).statusCode).toBe(404);
    } finally {
      await real.close();
    }
  });
});
