/** The circulation module's schemas and calls (`@estante/contracts/circulation`). */
export * from './closed-stacks.js';
export * from './holds.js';
export * from './loans.js';
export * from './loan-requests.js';
export * from './desk.js';
export * from './policies.js';
