import { Piscina } from 'piscina';
import type { buildPdf } from './pdf.js';
import type { PdfTask } from './pdf.worker.js';

let pool: Piscina<PdfTask, Uint8Array> | undefined;

function workers(): Piscina<PdfTask, Uint8Array> {
  pool ??= new Piscina<PdfTask, Uint8Array>({
    filename: new URL('./pdf.worker.ts', import.meta.url).href,
    // TypeScript, as the API runs it (decision 0001).
    execArgv: ['--import', 'tsx'],
    minThreads: 0,
    maxThreads: 2,
    idleTimeout: 60_000,
  });
  return pool;
}

/**
 * A function that draws a PDF, run in a worker thread (issue 52): laying out and subsetting
 * fonts takes ~50 ms of CPU a document, and ten at once on the event loop held `/health` for a
 * quarter of a second. `offThread<typeof draw>(import.meta.url, 'draw')` in the module that
 * exports `draw` gives the same call, made by a worker that imports that module; its arguments
 * are copied to the worker (plain data: no functions, no class instances).
 */
export function offThread<F extends (...args: never[]) => Promise<Uint8Array>>(
  moduleUrl: string,
  name: string,
): (...args: Parameters<F>) => Promise<Uint8Array> {
  return async (...args) => Buffer.from(await workers().run({ module: moduleUrl, name, args }));
}

/** buildPdf (lib/pdf.ts: a plain A4 document of headings, paragraphs, fields and tables), in a worker thread. */
export const pdfDocument = offThread<typeof buildPdf>(new URL('./pdf.ts', import.meta.url).href, 'buildPdf');

/** Stops the workers (with the app); the next document starts them again. */
export async function closePdfWorkers(): Promise<void> {
  const stopping = pool;
  pool = undefined;
  await stopping?.destroy();
}
