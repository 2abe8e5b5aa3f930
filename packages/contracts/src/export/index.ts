/** The export module's schemas and calls (`@estante/contracts/export`). */
export * from './export.js';
