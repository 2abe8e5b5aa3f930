/** The staff module's schemas and calls (`@estante/contracts/staff`). */
export * from './staff.js';
