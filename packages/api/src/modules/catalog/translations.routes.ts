import { settingsEndpoints } from '@estante/contracts/parameters';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.js';
import { staffActor } from '../../lib/audit.js';
import { route } from '../../lib/route.js';
import { controlledValues, setValueTranslation } from './value-names.js';

/** The administration's translations of controlled values (issue 54): what `npm run staff -- institution translate` does. */
export const translationsRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  route(app, settingsEndpoints.translations, () => controlledValues(db));
  route(app, settingsEndpoints.translate, async (request) => {
    const { tipo, valor, idioma, texto } = request.body;
    await setValueTranslation(db, tipo, valor, idioma, texto, staffActor(request));
    return controlledValues(db);
  });
};
