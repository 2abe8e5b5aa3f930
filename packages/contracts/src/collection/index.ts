/** The collection module's schemas and calls (`@estante/contracts/collection`). */
export * from './collection.js';
