import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';

const load = createRequire(import.meta.url);

/** A drawing to run: the module's URL, the name it exports the function under, and its arguments. */
export interface PdfTask {
  module: string;
  name: string;
  args: unknown[];
}

/** Runs in a worker thread (pdf.pool.ts): imports the module once, draws, and hands the bytes back without copying them. */
export default async function run(task: PdfTask) {
  // require, not import(): in a worker thread tsx compiles TypeScript for require only (Node 20).
  const exported = (load(fileURLToPath(task.module)) as Record<string, unknown>)[task.name];
  if (typeof exported !== 'function') throw new Error(`lib/pdf.worker: ${task.module} exports no function ${task.name}`);
  const bytes = (await (exported as (...args: unknown[]) => Promise<Uint8Array>)(...task.args)) as Uint8Array;
  return Piscina.move(bytes);
}
