import { type Language, LANGUAGE_HEADER, languageFromCode } from '@estante/contracts/kernel';
import fp from 'fastify-plugin';
import { errors } from '../lib/messages.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The call's language, from the `x-idioma` code (1 pt, 3 es, 5 en); pt when absent. */
    language: Language;
  }
}

/** Reads the language code every call carries (spec §7); an unknown code is a 400. */
export const languagePlugin = fp(async (app) => {
  app.decorateRequest('language', 'pt');
  app.addHook('onRequest', async (request) => {
    const header = request.headers[LANGUAGE_HEADER];
    const code = Array.isArray(header) ? header[0] : header;
    if (code === undefined || code === '') return;
    const language = languageFromCode(code);
    if (!language) throw errors.invalidLanguage(code.slice(0, 20));
    request.language = language;
  });
});
