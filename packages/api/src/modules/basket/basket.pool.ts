import type { ExportFormat } from '@estante/contracts/basket';
import type { Language } from '@estante/contracts/kernel';
import { Piscina } from 'piscina';
import type { ExportFile, ExportTitle } from './basket.export.js';
import type { ExportTask } from './basket.worker.js';

/**
 * The basket's CPU-heavy work (references and export files) off the event loop, in worker
 * threads (piscina): a patron's 100-title APA export never holds another patron's search.
 * Workers run TypeScript as the API does (`--import tsx`, decision 0001), start on the first
 * export (or when warmed), and stop after a minute idle.
 */
export class ExportPool {
  private readonly pool = new Piscina<ExportTask, unknown>({
    filename: new URL('./basket.worker.ts', import.meta.url).href,
    execArgv: ['--import', 'tsx'],
    minThreads: 0,
    maxThreads: 2,
    idleTimeout: 60_000,
  });

  references(titles: ExportTitle[], style: 'abnt' | 'apa' | 'vancouver', language: Language, today: Date): Promise<{ texto: string; html: string }> {
    return this.pool.run({ op: 'references', titles, style, language, today: today.toISOString() }) as Promise<{ texto: string; html: string }>;
  }

  async file(titles: ExportTitle[], format: ExportFormat, language: Language, today: Date): Promise<ExportFile> {
    const file = (await this.pool.run({ op: 'file', titles, format, language, today: today.toISOString() })) as ExportFile;
    // The bytes come back as a plain Uint8Array.
    return { ...file, content: Buffer.from(file.content) };
  }

  /** Starts a worker now, so the first export does not wait for one. */
  async warm(): Promise<void> {
    await this.pool.run({ op: 'warm' });
  }

  close(): Promise<void> {
    return this.pool.destroy();
  }
}
