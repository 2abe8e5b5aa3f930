/** Type declarations for the parts of @natlibfi/sru-client the SRU tests use (it ships none). */
declare module '@natlibfi/sru-client' {
  import type { EventEmitter } from 'node:events';

  export interface SruClientOptions {
    url: string;
    recordSchema?: string;
    version?: string;
    maxRecordsPerRequest?: number;
    /** `string` (the default): each record's data as an XML string. */
    recordFormat?: 'string' | 'object';
    retrieveAll?: boolean;
  }

  /** Emits `total` (the hit count), `record` (each record's data), `end`, or `error` (a diagnostic's message). */
  export default function createClient(options: SruClientOptions): {
    searchRetrieve(query: string, options?: { startRecord?: number; recordSchema?: string }): EventEmitter;
  };
}
