/** The basket module's schemas and calls (`@estante/contracts/basket`). */
export * from './basket.js';
