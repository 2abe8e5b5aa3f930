import {
  appLayersSchema,
  atendimentoSchema,
  atividadeInfoSchema,
  atividadeParamsSchema,
  autoatendimentoSchema,
  campusParamsSchema,
  conteudoSchema,
  errorSchema,
  eventosSchema,
  faqSchema,
  funcionalidadesSchema,
  guiasPesquisaSchema,
  instituicaoSchema,
} from '@estante/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { activity, activityNote, appLayers, events, faq, openingHoursOf, page, selfService } from './content.service.js';
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

  for (const chave of ['secao_1', 'secao_2', 'informacoes_gerais'] as const) {
    app.get(
      `/parametros/${chave}`,
      {
        config: { access: 'public' },
        schema: { ...common, summary: `The institution's page ${chave} (null when it wrote none)`, response: { 200: conteudoSchema, 401: errorSchema } },
      },
      (request) => page(db, chave, request.language),
    );
  }
  app.get(
    '/parametros/faq',
    { config: { access: 'public' }, schema: { ...common, summary: 'Frequently asked questions', response: { 200: faqSchema, 401: errorSchema } } },
    (request) => faq(db, request.language),
  );
  app.get(
    '/parametros/atividade/:id',
    {
      config: { access: 'public' },
      schema: { ...common, summary: 'One activity and whether it is on', params: atividadeParamsSchema, response: { 200: atividadeInfoSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema } },
    },
    (request) => activity(db, request.params.id),
  );
  app.get(
    '/parametros/atividade/:id/informativo',
    {
      config: { access: 'public' },
      schema: { ...common, summary: "The institution's note about a feature", params: atividadeParamsSchema, response: { 200: conteudoSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema } },
    },
    (request) => activityNote(db, request.params.id, request.language),
  );
  app.get(
    '/parametros/atendimento',
    { config: { access: 'public' }, schema: { ...common, summary: 'Opening hours of every library, Monday to Sunday', response: { 200: atendimentoSchema, 401: errorSchema } } },
    () => openingHoursOf(db),
  );
  app.get(
    '/parametros/atendimento/:campus',
    {
      config: { access: 'public' },
      schema: { ...common, summary: "Opening hours of one campus's libraries", params: campusParamsSchema, response: { 200: atendimentoSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema } },
    },
    (request) => openingHoursOf(db, request.params.campus),
  );
  app.get(
    '/parametros/eventos_institucionais',
    { config: { access: 'public' }, schema: { ...common, summary: "The institution's events not yet over", response: { 200: eventosSchema, 401: errorSchema } } },
    () => events(db, 'institucional'),
  );
  app.get(
    '/parametros/eventos_eventum',
    { config: { access: 'public' }, schema: { ...common, summary: 'Events from the event system (Eventum) not yet over', response: { 200: eventosSchema, 401: errorSchema } } },
    () => events(db, 'eventum'),
  );
  app.get(
    '/parametros/autoatendimento',
    { config: { access: 'public' }, schema: { ...common, summary: 'Self-service kiosk settings', response: { 200: autoatendimentoSchema, 401: errorSchema } } },
    () => selfService(db),
  );
  app.get(
    '/parametros/app-layers',
    { config: { access: 'public' }, schema: { ...common, summary: 'Mobile app integration', response: { 200: appLayersSchema, 401: errorSchema } } },
    () => appLayers(db),
  );
};
