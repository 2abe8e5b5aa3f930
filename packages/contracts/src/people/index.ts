/** The people module's schemas and calls (`@estante/contracts/people`). */
export * from './people.js';
export * from './patron-record.js';
