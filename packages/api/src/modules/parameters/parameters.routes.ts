import { PAGE_ENDPOINTS, parametersEndpoints as parameters, settingsEndpoints } from '@estante/contracts/parameters';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.js';
import { staffActor } from '../../lib/audit.js';
import { route } from '../../lib/route.js';
import { activity, activityNote, appLayers, events, faq, openingHoursOf, page, selfService } from './content.service.js';
import { getFuncionalidades, getGuiasPesquisa, getInstituicao } from './parameters.service.js';
import { setAccess, setLibrary, setTexts, settings, switchActivity } from './settings.service.js';

/** Public institution parameters the shell loads before it shows anything (spec §2, §7), and the administration's settings. */
export const parametersRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  route(app, parameters.institution, () => getInstituicao(db));
  route(app, parameters.features, () => getFuncionalidades(db));
  route(app, parameters.guides, () => getGuiasPesquisa(db));
  for (const [chave, declaration] of Object.entries(PAGE_ENDPOINTS) as [keyof typeof PAGE_ENDPOINTS, (typeof PAGE_ENDPOINTS)[keyof typeof PAGE_ENDPOINTS]][]) {
    route(app, declaration, (request) => page(db, chave, request.language));
  }
  route(app, parameters.faq, (request) => faq(db, request.language));
  route(app, parameters.activity, (request) => activity(db, request.params.id));
  route(app, parameters.activityNote, (request) => activityNote(db, request.params.id, request.language));
  route(app, parameters.openingHours, () => openingHoursOf(db));
  route(app, parameters.campusOpeningHours, (request) => openingHoursOf(db, request.params.campus));
  route(app, parameters.institutionEvents, (request) => events(db, 'institucional', request.language));
  route(app, parameters.eventumEvents, (request) => events(db, 'eventum', request.language));
  route(app, parameters.selfService, () => selfService(db));
  route(app, parameters.appLayers, () => appLayers(db));
  // The administration's settings (issue 54).
  route(app, settingsEndpoints.read, () => settings(db));
  route(app, settingsEndpoints.access, (request) => setAccess(db, request.body, staffActor(request)));
  route(app, settingsEndpoints.texts, (request) => setTexts(db, request.params.idioma, request.body, staffActor(request)));
  route(app, settingsEndpoints.activity, (request) => switchActivity(db, request.params.codigo, request.body.ativa, staffActor(request)));
  route(app, settingsEndpoints.library, (request) => setLibrary(db, request.params.id, request.body, staffActor(request)));
};
