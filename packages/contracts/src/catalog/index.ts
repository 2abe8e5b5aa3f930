/** The catalog module's schemas and calls (`@estante/contracts/catalog`). */
export * from './authorities.js';
export * from './lookups.js';
export * from './serials.js';
export * from './title.js';
export * from './title.endpoints.js';
export * from './catalog.endpoints.js';
export * from './serials-staff.js';
export * from './marc21.js';
export * from './record-editor.js';
export * from './cataloguing.js';
