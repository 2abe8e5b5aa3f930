/** The requests module's schemas and calls (`@estante/contracts/requests`). */
export * from './requests.js';
export * from './catalogue-sheet.js';
