/** The links module's schemas and calls (`@estante/contracts/links`). */
export * from './links.js';
