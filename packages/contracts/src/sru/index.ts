/** The sru module's schemas and calls (`@estante/contracts/sru`). */
export * from './sru.js';
