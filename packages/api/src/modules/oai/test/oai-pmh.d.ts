/** Type declarations for the parts of the `oai-pmh` harvester (npm, a test dependency) the judges test uses; it ships none. */
declare module 'oai-pmh' {
  /** A parsed element as xml2js gives it (explicitArray false): text, attributes under `$`, children by name. */
  type Parsed = { [name: string]: Parsed | Parsed[] | string | undefined; $?: Record<string, string>; _?: string };
  export class OaiPmh {
    constructor(baseUrl: string, options?: { retry?: boolean; userAgent?: string });
    identify(): Promise<Parsed>;
    listMetadataFormats(options?: { identifier?: string }): Promise<Parsed | Parsed[]>;
    getRecord(identifier: string, metadataPrefix: string): Promise<Parsed>;
    listSets(): AsyncGenerator<Parsed>;
    listIdentifiers(options: { metadataPrefix: string; from?: string; until?: string; set?: string }): AsyncGenerator<Parsed>;
    listRecords(options: { metadataPrefix: string; from?: string; until?: string; set?: string }): AsyncGenerator<Parsed>;
  }
  export class OaiPmhError extends Error {
    code: string | undefined;
  }
}
