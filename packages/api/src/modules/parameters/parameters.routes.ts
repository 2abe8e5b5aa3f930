import { errorSchema, funcionalidadesSchema, guiasPesquisaSchema, instituicaoSchema } from '@estante/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { getFuncionalidades, getGuiasPesquisa, getInstituicao } from './parameters.service.js';

const common = { tags: ['Parâmetros'], security: [{ bearer: [] }] };

/** Public institution parameters the shell loads before it shows anything (spec §2, §7). */
export const parametersRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/parametros/instituicao',
    {
      config: { access: 'public' },
      schema: { ...common, summary: 'Institution settings', response: { 200: instituicaoSchema, 401: errorSchema, 404: errorSchema } },
    },
    () => getInstituicao(db),
  );
  app.get(
    '/parametros/funcionalidades',
    {
      config: { access: 'public' },
      schema: { ...common, summary: 'Activities (features) switched on', response: { 200: funcionalidadesSchema, 401: errorSchema } },
    },
    () => getFuncionalidades(db),
  );
  app.get(
    '/parametros/guias-pesquisa',
    {
      config: { access: 'public' },
      schema: { ...common, summary: 'Search guides (tabs) of the home page', response: { 200: guiasPesquisaSchema, 401: errorSchema } },
    },
    () => getGuiasPesquisa(db),
  );
};
