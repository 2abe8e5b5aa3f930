/** The auth module's schemas and calls (`@estante/contracts/auth`). */
export * from './auth.js';
export * from './auth.endpoints.js';
export * from './passwords.js';
