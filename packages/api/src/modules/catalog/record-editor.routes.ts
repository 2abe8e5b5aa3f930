import { recordEditorEndpoints as calls } from '@estante/contracts/catalog';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.js';
import { staffActor } from '../../lib/audit.js';
import { route } from '../../lib/route.js';
import {
  authorityRecord,
  findTitlesForEditing,
  previewRecord,
  saveAuthorityRecord,
  saveTitleRecord,
  titleRecord,
  titleVersion,
  titleVersions,
} from './record-editor.service.js';

/** The MARC 21 record editor (issue 57, decision 0058): on the primary, which reads what it just wrote. */
export const recordEditorRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  route(app, calls.findTitles, (request) => findTitlesForEditing(db, request.query.termo));
  route(app, calls.title, (request) => titleRecord(db, request.params.id));
  route(app, calls.saveTitle, (request) => saveTitleRecord(db, request.params.id, request.body, staffActor(request)));
  route(app, calls.versions, (request) => titleVersions(db, request.params.id));
  route(app, calls.version, (request) => titleVersion(db, request.params.id, request.params.versao));
  route(app, calls.preview, (request) => previewRecord(db, request.body.cod_acervo, request.body.registro, request.language));
  route(app, calls.authority, (request) => authorityRecord(db, request.params.id));
  route(app, calls.saveAuthority, (request) => saveAuthorityRecord(db, request.params.id, request.body, staffActor(request)));
};
