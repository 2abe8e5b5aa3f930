/** The oai module's schemas and calls (`@estante/contracts/oai`). */
export * from './oai.js';
