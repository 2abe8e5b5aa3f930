/** The jobs module's schemas and calls (`@estante/contracts/jobs`). */
export * from './jobs.js';
