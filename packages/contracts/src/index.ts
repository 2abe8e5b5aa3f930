export * from './common.js';
export * from './auth.js';
export * from './parameters.js';
export * from './health.js';
export * from './search.js';
export * from './lookups.js';
export * from './authorities.js';
