/** The parameters module's schemas and calls (`@estante/contracts/parameters`). */
export * from './parameters.js';
export * from './content.js';
export * from './content.forms.js';
export * from './settings.js';
