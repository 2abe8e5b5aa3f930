/** The health module's schemas and calls (`@estante/contracts/health`). */
export * from './health.js';
