export * from './institution.js';
export * from './catalog.js';
export * from './people.js';
export * from './circulation.js';
export * from './teaching.js';
export * from './comments.js';
export * from './serials.js';
export * from './basket.js';
