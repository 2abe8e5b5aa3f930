import { serialsEndpoints, titleEndpoints as calls } from '@estante/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.js';
import { route } from '../../lib/route.js';
import { patronOf } from '../../plugins/auth.js';
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
export const titleRoutes: FastifyPluginAsync<{ db: Db; providerSecret: string | null }> = async (app, { db, providerSecret }) => {
  route(app, calls.record, (request) => titleDetail(db, request.params.id, request.language));
  route(app, calls.reference, (request) => reference(db, request.params.id, request.query.estilo, request.language));
  route(app, calls.abnt, (request) => reference(db, request.params.id, 'abnt', request.language));
  route(app, calls.marc, (request) => marc(db, request.params.id, request.query.liberacao === '1', request.language));
  route(app, calls.dublinCore, (request) => dublinCore(db, request.params.id));
  route(app, calls.copies, (request) => copies(db, request.params.id, request.query.cod_unidade, request.language));
  route(app, calls.libraries, (request) => holdingLibraries(db, request.params.id));
  route(app, calls.links, (request) => links(db, request.params.id, providerSecret));
  route(app, calls.colour, (request) => colour(db, request.params.id));
  route(app, calls.permissions, async (request) => permissions(db, request.params.id, request.principal, await isActivityEnabled(db, 13)));
  route(app, calls.statisticsYears, (request) => statisticsYears(db, request.params.id));
  route(app, calls.statistics, (request) => statistics(db, request.params.id, request.params.ano));
  route(app, calls.contents, (request) => summary(db, request.params.id));
  route(app, serialsEndpoints.permission, (request) => kardexPermission(db, request.params.id));
  route(app, serialsEndpoints.combo, (request) => kardexCombo(db, request.params.id));
  route(app, serialsEndpoints.issues, (request) => kardexData(db, request.params.id, request.query));
  route(app, serialsEndpoints.issue, (request) => kardexItem(db, request.params.id, request.query));
  route(app, calls.coverImages, (request) => coverImages(db, request.query.cod_acervo, request.query.limite ?? 5));
  route(app, calls.resultLinks, (request) => linksForTitles(db, request.query.acervos, providerSecret));
  route(app, calls.restrictedLink, (request) => {
    const { browser, device, os } = request.body;
    const access = { codPessoa: patronOf(request), browser, device, os };
    return restrictedLink(db, providerSecret, request.params.acervo, request.params.seq, access, request.language);
  });
  route(app, calls.totals, (request) => totals(db, request.params.id, request.query));
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
