/** The account module's schemas and calls (`@estante/contracts/account`). */
export * from './account.js';
