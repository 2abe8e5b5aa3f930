/**
 * The shared kernel every module's contracts build on (`@estante/contracts/kernel`): how an
 * endpoint is declared, the common schemas (languages, pages, text rules) and record numbers.
 */
export * from './endpoint.js';
export * from './common.js';
export * from './record-id.js';
