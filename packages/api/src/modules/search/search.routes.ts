import { BASE_OPTIONS_ENDPOINTS, NETWORK_BASE, searchEndpoints as calls } from '@estante/contracts/search';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.js';
import { route } from '../../lib/route.js';
import { DEFAULT_COVER } from './search.config.js';
import type { Searcher } from './search.remote.js';
import { additionalTitles, baseOptions, browse, facetOptions, indexOptions, search, sortOptions, targetProducts } from './search.service.js';
import { indexedTitles } from '../catalog/serials.service.js';
import { typeahead } from './search.suggest.js';

/** The catalogue search calls (spec §7 "Search"). */
export const searchRoutes: FastifyPluginAsync<{ db: Db; index: Searcher; networkIndex: Searcher }> = async (app, { db, index, networkIndex }) => {
  // The partner network's base (issue 22) is the same search over the harvested records.
  route(app, calls.search, (request) => search(request.query.base === NETWORK_BASE ? networkIndex : index, request.query, request.language));
  route(app, calls.additionalTitles, (request) => additionalTitles(db, request.query.acervos, request.language));
  route(app, calls.indexedTitles, (request) => indexedTitles(db, request.query.acervos));
  for (const [base, declaration] of Object.entries(BASE_OPTIONS_ENDPOINTS) as [
    keyof typeof BASE_OPTIONS_ENDPOINTS,
    (typeof BASE_OPTIONS_ENDPOINTS)[keyof typeof BASE_OPTIONS_ENDPOINTS],
  ][]) {
    route(app, declaration, (request) => baseOptions(index, base, request.language));
  }
  route(app, calls.targetProducts, (request) => targetProducts(index, request.query.termoPesquisa));
  route(app, calls.suggestions, (request) => typeahead(index, request.query.termo, request.query.campo));
  route(app, calls.sortOrders, (request) => sortOptions(request.language));
  route(app, calls.defaultCover, () => ({ imagem: DEFAULT_COVER }));
  route(app, calls.indexTypes, (request) => indexOptions(request.language));
  route(app, calls.browse, (request) => browse(db, request.query));
  route(app, calls.facets, (request) => facetOptions(request.language, request.query.search_tab));
};
