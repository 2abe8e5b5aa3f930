/** The feeds module's schemas and calls (`@estante/contracts/feeds`). */
export * from './feeds.js';
