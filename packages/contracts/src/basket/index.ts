/** The basket module's schemas and calls (`@estante/contracts/basket`). */
export * from './basket.js';
export * from './basket.forms.js';
export * from './basket.constants.js';
