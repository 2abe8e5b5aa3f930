/**
 * Every module's contracts in one import (`@estante/contracts`); a module's alone by its subpath
 * (`@estante/contracts/jobs`): one folder a module, named after the API module that serves it.
 */
export * from './endpoint.js';
export * from './common.js';
export * from './record-id.js';
export * from './account/index.js';
export * from './acquisitions/index.js';
export * from './auth/index.js';
export * from './basket/index.js';
export * from './catalog/index.js';
export * from './search/index.js';
export * from './circulation/index.js';
export * from './collection/index.js';
export * from './comments/index.js';
export * from './parameters/index.js';
export * from './opensearch/index.js';
export * from './requests/index.js';
export * from './feeds/index.js';
export * from './health/index.js';
export * from './interest/index.js';
export * from './jobs/index.js';
export * from './links/index.js';
export * from './network/index.js';
export * from './oai/index.js';
export * from './people/index.js';
export * from './saved/index.js';
export * from './sru/index.js';
