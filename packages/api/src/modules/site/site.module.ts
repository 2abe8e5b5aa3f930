import type { ApiModule, ModuleDefinition } from '../../lib/module.js';
import { siteRoutes } from './site.routes.js';

/**
 * The site as crawlers and reference managers read it (decision 0052): the sitemap of every
 * title's page, robots.txt, and the unAPI server; and, for the web plugin, what a page's HTML
 * carries before any script runs (site.pages.ts). Open interfaces at the server's root.
 */
export const siteModule: ApiModule = async (app, { config }) => {
  await app.register(siteRoutes, { db: app.readDb, config });
};

export default { plugin: siteModule, at: 'root' } satisfies ModuleDefinition;
