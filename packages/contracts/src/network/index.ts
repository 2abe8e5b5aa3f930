/** The network module's schemas and calls (`@estante/contracts/network`). */
export * from './network.js';
export * from './partners.js';
