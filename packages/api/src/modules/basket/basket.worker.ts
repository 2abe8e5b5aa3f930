import type { ExportFormat } from '@estante/contracts/basket';
import type { Language } from '@estante/contracts/kernel';
import { type ExportFile, type ExportTitle, exportFile, references } from './basket.export.js';

/** What the export worker is asked: references in a style, or a file in a format. */
export type ExportTask =
  | { op: 'references'; titles: ExportTitle[]; style: 'abnt' | 'apa' | 'vancouver'; language: Language; today: string }
  | { op: 'file'; titles: ExportTitle[]; format: ExportFormat; language: Language; today: string }
  | { op: 'warm' };

/**
 * Runs in a worker thread (basket.pool.ts): formatting a hundred references with citation.js
 * takes seconds of CPU, which must not hold the event loop that answers searches.
 */
export default function run(task: ExportTask): { texto: string; html: string } | ExportFile | null {
  switch (task.op) {
    case 'references':
      return references(task.titles, task.style, task.language, new Date(task.today));
    case 'file':
      return exportFile(task.titles, task.format, task.language, new Date(task.today));
    case 'warm':
      return null;
  }
}
