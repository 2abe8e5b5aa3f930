import { cataloguingEndpoints as calls } from '@estante/contracts/catalog';
import type { FastifyPluginAsync } from 'fastify';
import type { Readable } from 'node:stream';
import type { Db } from '../../db/client.js';
import { staffActor } from '../../lib/audit.js';
import { route } from '../../lib/route.js';
import { errors } from './catalog.messages.js';
import {
  addCopy,
  cataloguingOptions,
  editCopy,
  lastUploadState,
  removeTitle,
  searchTitles,
  startUpload,
  suppressTitle,
  titleDetail,
  withdrawCopy,
} from './cataloguing.service.js';

/**
 * An uploaded file's body, left unread for the handler to stream to disk. Wrapped so that nothing
 * walks the stream as if it were parsed input (plugins/input.ts reads a body's own fields).
 */
class RawUpload {
  readonly #stream: Readable;
  constructor(stream: Readable) {
    this.#stream = stream;
  }
  get stream(): Readable {
    return this.#stream;
  }
}

/** The cataloguing screens (issue 57; role catalogação): uploads, a title's copies, suppression, deletion. */
export const cataloguingRoutes: FastifyPluginAsync<{ db: Db; maxUploadBytes?: number }> = async (app, { db, maxUploadBytes }) => {
  // Only this plugin's routes take a raw body: the file, streamed to a temporary file by the service.
  app.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, new RawUpload(payload)));
  route(app, calls.options, () => cataloguingOptions(db));
  route(app, calls.upload, (request) => {
    const body: unknown = request.body;
    if (!(body instanceof RawUpload)) throw errors.badRequest('the file is sent as the body, with content-type application/octet-stream');
    const declared = Number(request.headers['content-length'] ?? 0);
    return startUpload(db, body.stream, request.query, staffActor(request), {
      declaredBytes: Number.isFinite(declared) ? declared : 0,
      ...(maxUploadBytes ? { maxBytes: maxUploadBytes } : {}),
    });
  });
  route(app, calls.lastUpload, () => lastUploadState(db));
  route(app, calls.findTitles, (request) => searchTitles(db, request.query.termo));
  route(app, calls.title, (request) => titleDetail(db, request.params.acervo));
  route(app, calls.addCopy, (request) => addCopy(db, request.params.acervo, request.body, staffActor(request)));
  route(app, calls.editCopy, (request) => editCopy(db, request.params.id, request.body, staffActor(request)));
  route(app, calls.withdrawCopy, (request) => withdrawCopy(db, request.params.id, staffActor(request)));
  route(app, calls.suppress, (request) => suppressTitle(db, request.params.acervo, request.body.suprimido, staffActor(request)));
  route(app, calls.deleteTitle, (request) => removeTitle(db, request.params.acervo, staffActor(request)));
};
