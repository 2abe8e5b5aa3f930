/** The saved module's schemas and calls (`@estante/contracts/saved`). */
export * from './saved.js';
