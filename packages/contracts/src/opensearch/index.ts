/** The opensearch module's schemas and calls (`@estante/contracts/opensearch`). */
export * from './citation-metadata.js';
