import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';
import { startMailSink } from '../src/lib/mail.js';

/** A real SMTP sink for a test file: its URL for SMTP_URL, and the messages it received, parsed. */
export async function startTestMailSink() {
  const dir = mkdtempSync(path.join(tmpdir(), 'estante-mail-'));
  const sink = await startMailSink(dir);
  return {
    url: sink.url,
    close: sink.close,
    async messages(): Promise<ParsedMail[]> {
      const files = readdirSync(dir)
        .filter((f) => f.endsWith('.eml'))
        .sort();
      return Promise.all(files.map((f) => simpleParser(readFileSync(path.join(dir, f)))));
    },
  };
}

export type TestMailSink = Awaited<ReturnType<typeof startTestMailSink>>;
