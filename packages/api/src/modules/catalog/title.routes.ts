import { serialsEndpoints, titleEndpoints as calls } from '@estante/contracts/catalog';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.js';
import { route } from '../../lib/route.js';
import { isActivityEnabled } from '../parameters/parameters.service.js';
import {
  colour,
  copies,
  coverImages,
  dublinCore,
  holdingLibraries,
  links,
  linksForTitles,
  marc,
  permissions,
  recordLinkAccess,
  reference,
  restrictedLink,
  statistics,
  statisticsYears,
  titleDetail,
  totals,
} from './title.service.js';
import { kardexCombo, kardexData, kardexItem, kardexPermission, summary } from './serials.service.js';

/** The title record and its tabs (spec §7 "Title", "Serials" contents, "Links"). */
/** `read` answers the record and its tabs (a replica's when there are some); `db` keeps what a patron does with them. */
export const titleRoutes: FastifyPluginAsync<{ db: Db; read: Db; providerSecret: string | null }> = async (app, { db, read, providerSecret }) => {
  route(app, calls.record, (request) => titleDetail(read, request.params.id, request.language));
  route(app, calls.reference, (request) => reference(read, request.params.id, request.query.estilo, request.language));
  route(app, calls.abnt, (request) => reference(read, request.params.id, 'abnt', request.language));
  route(app, calls.marc, (request) => marc(read, request.params.id, request.query.liberacao === '1', request.language));
  route(app, calls.dublinCore, (request) => dublinCore(read, request.params.id));
  route(app, calls.copies, (request) => copies(read, request.params.id, request.query.cod_unidade, request.language));
  route(app, calls.libraries, (request) => holdingLibraries(read, request.params.id));
  route(app, calls.links, (request) => links(read, request.params.id, providerSecret));
  route(app, calls.colour, (request) => colour(read, request.params.id));
  route(app, calls.permissions, async (request) => permissions(read, request.params.id, request.principal, await isActivityEnabled(read, 13)));
  route(app, calls.statisticsYears, (request) => statisticsYears(read, request.params.id));
  route(app, calls.statistics, (request) => statistics(read, request.params.id, request.params.ano));
  route(app, calls.contents, (request) => summary(read, request.params.id));
  route(app, serialsEndpoints.permission, (request) => kardexPermission(read, request.params.id));
  route(app, serialsEndpoints.combo, (request) => kardexCombo(read, request.params.id));
  route(app, serialsEndpoints.issues, (request) => kardexData(read, request.params.id, request.query));
  route(app, serialsEndpoints.issue, (request) => kardexItem(read, request.params.id, request.query));
  route(app, calls.coverImages, (request) => coverImages(read, request.query.cod_acervo, request.query.limite ?? 5));
  route(app, calls.resultLinks, (request) => linksForTitles(read, request.query.acervos, providerSecret));
  route(app, calls.restrictedLink, (request) => {
    const { browser, device, os } = request.body;
    const access = { codPessoa: request.patron.codPessoa, browser, device, os };
    return restrictedLink(db, providerSecret, request.params.acervo, request.params.seq, access, request.language);
  });
  route(app, calls.totals, (request) => totals(read, request.params.id, request.query));
  route(app, calls.linkAccess, async (request) => {
    const b = request.body;
    const principal = request.principal;
    await recordLinkAccess(db, request.ip, {
      codAcervo: b.cod_acervo,
      seqParagrafo: b.seq_paragrafo,
      url: b.url,
      codPessoa: principal?.kind === 'patron' ? principal.codPessoa : undefined,
      browser: b.browser,
      device: b.device,
      os: b.os,
    });
  });
};
