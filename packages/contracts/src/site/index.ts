/** The site module's schemas and calls (`@estante/contracts/site`): the web app's screens, the sitemap, unAPI. */
export * from './app-routes.js';
export * from './site.js';
