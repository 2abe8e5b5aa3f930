/** The comments module's schemas and calls (`@estante/contracts/comments`). */
export * from './comments.js';
export * from './comments.forms.js';
export * from './moderation.js';
