import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errors } from './messages.js';

/** The most a multipart form may weigh: its fields are a few short values, never files to keep. */
const FORM_LIMIT = 64 * 1024;

/**
 * Lets the routes of `scope` (an encapsulated plugin: the parser reaches no other route) take a
 * multipart/form-data body, as the spec has some calls send it (`POST /nada-consta/send-mail`).
 * The form is read by the platform's own parser (the WHATWG `Request.formData()` of Node's
 * fetch), no dependency: its text fields become the body object, a field sent twice keeps its
 * last value, and file parts are left out (no call here takes a file). A form that cannot be
 * read is a 400, as malformed JSON is.
 */
export function acceptMultipartForms(scope: FastifyInstance): void {
  scope.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: FORM_LIMIT }, async (request: FastifyRequest, body: Buffer) => {
    let form: FormData;
    try {
      form = await new Response(body, { headers: { 'content-type': request.headers['content-type'] ?? '' } }).formData();
    } catch {
      throw errors.badRequest('multipart/form-data body could not be read');
    }
    const fields: Record<string, string> = {};
    for (const [name, value] of form) if (typeof value === 'string') fields[name] = value;
    return fields;
  });
}
