/** The interest module's schemas and calls (`@estante/contracts/interest`). */
export * from './interest.js';
