import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The key that opens the sink's page: DEV_MAIL_KEY when set, else one made at the first start
 * and kept in the sink's folder (`.chave`, readable by its owner only), so every API worker and
 * every restart answers to the same link, which the server prints when it starts.
 */
export function devMailKey(dir: string, configured: string | null): string {
  if (configured) return configured;
  const file = path.join(dir, '.chave');
  const read = () => readFileSync(file, 'utf8').trim();
  try {
    return read();
  } catch {
    // Made once: of two workers starting together, the second reads the first one's key.
    try {
      writeFileSync(file, randomBytes(18).toString('base64url'), { flag: 'wx', mode: 0o600 });
    } catch {
      // Made by another process meanwhile.
    }
    return read();
  }
}

/** Whether `given` is the key, compared in constant time. */
function opens(given: unknown, key: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(key);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * `GET {base}/dev/correio?chave=`: the local mail sink's messages, newest first, as a plain HTML
 * page, so a person trying the demo can read a recovery code or a basket e-mail. Registered only
 * when e-mail goes to the sink (no SMTP_URL), and answered only with the sink's key (printed at
 * start): it shows codes that sign people in. Never by address: behind a proxy on the same
 * machine every visitor comes from loopback (issue 52).
 */
export const devMailPlugin: FastifyPluginAsync<{ dir: string; basePath: string; key: string }> = async (app, { dir, basePath, key }) => {
  // A page for people, not a call of the API: out of the OpenAPI document.
  app.get(`${basePath}/dev/correio`, { schema: { hide: true } }, async (request, reply) => {
    if (!opens((request.query as { chave?: unknown }).chave, key)) return reply.code(404).send({ status: 404, message: 'Not found' });
    let files: string[] = [];
    try {
      files = readdirSync(dir)
        .filter((f) => f.endsWith('.eml'))
        .sort()
        .reverse()
        .slice(0, 50);
    } catch {
      files = [];
    }
    // Loaded when the page is first asked for: mailparser is a quarter of a second of a start.
    const { simpleParser } = await import('mailparser');
    const messages = await Promise.all(files.map((f) => simpleParser(readFileSync(path.join(dir, f)))));
    const items = messages
      .map((m) => {
        const to = Array.isArray(m.to) ? m.to.map((a) => a.text).join(', ') : (m.to?.text ?? '');
        const attachments = m.attachments.map((a) => escape(a.filename ?? 'anexo')).join(', ');
        return `<article><h2>${escape(m.subject ?? '(sem assunto)')}</h2><p><strong>Para:</strong> ${escape(to)} · <strong>Data:</strong> ${escape(m.date?.toISOString() ?? '')}${attachments ? ` · <strong>Anexos:</strong> ${attachments}` : ''}</p><pre>${escape(m.text ?? '')}</pre></article>`;
      })
      .join('\n');
    const html = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Correio local (desenvolvimento) · Estante</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:1rem auto;padding:0 1rem;color:#212529}article{border-bottom:1px solid #ced4da;padding:.5rem 0}pre{white-space:pre-wrap;background:#f1f3f5;padding:.75rem}</style></head>
<body><main><h1>Correio local (desenvolvimento)</h1><p>Mensagens que o Estante enviou ao coletor local de e-mail (pasta <code>${escape(dir)}</code>), da mais nova para a mais antiga. Só aparece sem <code>SMTP_URL</code> e só com a chave deste correio, que o servidor mostra ao iniciar.</p>
${items || '<p>Nenhuma mensagem ainda.</p>'}</main></body></html>`;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  });
};
