/** The acquisitions module's schemas and calls (`@estante/contracts/acquisitions`). */
export * from './acquisitions.js';
