import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import type { drawnWhere } from '../../test/fixtures/drawn-where.js';
import { closePdfWorkers, offThread, pdfDocument } from './pdf.pool.js';

const where = offThread<typeof drawnWhere>(new URL('../../test/fixtures/drawn-where.ts', import.meta.url).href, 'drawnWhere');

describe('PDFs drawn off the event loop (issue 52)', () => {
  afterAll(closePdfWorkers);

  it('runs the drawing in a worker thread, with the arguments it was given', async () => {
    const answers = await Promise.all(['a', 'b', 'c'].map((label) => where(label)));
    for (const [i, bytes] of answers.entries()) {
      const [label, thread] = new TextDecoder().decode(bytes).split(':');
      expect(label).toBe(['a', 'b', 'c'][i]);
      expect(Number(thread)).not.toBe(threadId);
    }
  });

  it('makes a whole document there, as pdftotext reads it back', async () => {
    const pdf = await pdfDocument({
      title: 'Declaração de nada consta',
      subject: 'teste',
      author: 'Biblioteca',
      blocks: [
        { kind: 'fields', rows: [['Leitor', 'Ana Souza']] },
        { kind: 'paragraph', text: 'Война и мир' },
      ],
    });
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'estante-pdf-')), 'doc.pdf');
    writeFileSync(file, pdf);
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Declaração de nada consta');
    expect(text).toContain('Ana Souza');
    expect(text).toContain('Война и мир');
  });

  it('starts the workers again after they were stopped', async () => {
    await closePdfWorkers();
    expect(new TextDecoder().decode(await where('again'))).toMatch(/^again:\d+$/);
  });
});
