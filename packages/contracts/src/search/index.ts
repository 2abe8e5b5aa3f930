/** The search module's schemas and calls (`@estante/contracts/search`). */
export * from './search.js';
export * from './search-state.js';
export * from './search.endpoints.js';
