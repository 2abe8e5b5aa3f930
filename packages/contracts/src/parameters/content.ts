import { z } from 'zod';
import { comentarioGeralBodySchema, sugestaoAquisicaoBodySchema } from './content.forms.js';
import { endpoint } from '../endpoint.js';
import { bibliotecaSchema, campusSchema } from '../catalog/lookups.js';
import { funcionalidadesSchema, guiasPesquisaSchema, instituicaoSchema } from './parameters.js';

/**
 * The institution's content (spec §7 "Parameters", "Library units"): pages, FAQ, opening hours,
 * events, the self-service kiosk, and the two forms of the footer (general comment, acquisition
 * suggestion).
 */

/** A page of the institution's (`secao_1`, `secao_2`, `informacoes_gerais`, an activity's informativo); null when it wrote none. */
export const conteudoSchema = z.object({ titulo: z.string(), html: z.string() }).nullable().meta({ id: 'Conteudo' });
export type Conteudo = z.infer<typeof conteudoSchema>;

/** `GET /parametros/faq`: questions and answers (answers may hold formatting HTML), in order. */
export const faqSchema = z.array(z.object({ pergunta: z.string(), resposta: z.string() })).meta({ id: 'Faq' });
export type Faq = z.infer<typeof faqSchema>;

/** `GET /parametros/atividade/{id}`: one activity (spec §3) and whether the institution has it on. */
export const atividadeInfoSchema = z
  .object({ cod_modulo: z.number().int(), cod_atividade: z.number().int(), descricao: z.string(), ativa: z.boolean() })
  .meta({ id: 'AtividadeInfo' });
export const atividadeParamsSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,6}$/, { error: 'id must be an activity code' })
    .transform(Number),
});

/** Weekdays of the opening hours: 1 Monday … 7 Sunday (spec §2 "Monday to Sunday"). */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** A library's hours on one weekday; `abre`/`fecha` as HH:MM, both null when closed. */
export const horarioSchema = z.object({
  dia_semana: z.number().int().min(1).max(7),
  abre: z.string().nullable(),
  fecha: z.string().nullable(),
});
export type Horario = z.infer<typeof horarioSchema>;

/** `GET /parametros/atendimento` (`/{campus}`): each campus, its libraries and their week, Monday to Sunday. */
export const atendimentoSchema = z
  .array(
    campusSchema.extend({
      bibliotecas: z.array(bibliotecaSchema.extend({ horarios: z.array(horarioSchema).length(7) })),
    }),
  )
  .meta({ id: 'Atendimento' });
export type Atendimento = z.infer<typeof atendimentoSchema>;
export const campusParamsSchema = z.object({
  campus: z
    .string()
    .regex(/^\d{1,9}$/, { error: 'campus must be a campus code' })
    .transform(Number),
});

/** An event (`/parametros/eventos_institucionais`, `/eventos_eventum`), ISO date-times. */
export const eventoSchema = z.object({
  id: z.number().int(),
  titulo: z.string(),
  descricao: z.string(),
  local: z.string().nullable(),
  nome_campus: z.string().nullable(),
  inicio: z.string(),
  fim: z.string(),
  link: z.string().nullable(),
});
export type Evento = z.infer<typeof eventoSchema>;
export const eventosSchema = z.array(eventoSchema).meta({ id: 'Eventos' });

/**
 * `GET /parametros/autoatendimento` (spec §3 "Self-service info"): whether the kiosk button
 * shows, and the parameters its external page takes (library, authentication type, language,
 * keypad).
 */
export const autoatendimentoSchema = z
  .object({
    showAuto: z.boolean(),
    url: z.string().nullable(),
    codBibAuto: z.number().int().nullable(),
    authAuto: z.string().nullable(),
    idiomaAuto: z.string().nullable(),
    tecladoAuto: z.boolean(),
  })
  .meta({ id: 'Autoatendimento' });
export type Autoatendimento = z.infer<typeof autoatendimentoSchema>;

/** `GET /parametros/app-layers`: the institution's mobile app integration, when it has one. */
export const appLayersSchema = z.object({ ativo: z.boolean(), url: z.string().nullable() }).meta({ id: 'AppLayers' });
export type AppLayers = z.infer<typeof appLayersSchema>;

/** `GET /unidade-informacao?campus=`: the libraries (information units), of one campus when asked. */
export const unidadesQuerySchema = z.object({
  campus: z
    .string()
    .regex(/^\d{1,9}$/, { error: 'campus must be a campus code' })
    .transform(Number)
    .optional(),
});

/** What the two footer forms answer: the stored record's number and the success message key. */
export const envioSchema = z.object({ codigo: z.number().int(), mensagem: z.string() }).meta({ id: 'Envio' });

/** A public read of the institution's parameters (spec §7 "Parameters (public)"). */
const parameter = <const P extends string, const S extends z.ZodType>(path: P, summary: string, response: S) =>
  endpoint({ method: 'GET', path, access: 'public', tag: 'Parâmetros', summary, response });

/** The institution's parameters and content, loaded by the shell before it shows anything (spec §2, §7). */
export const parametersEndpoints = {
  institution: endpoint({ ...parameter('/parametros/instituicao', 'Institution settings', instituicaoSchema), errors: [404] }),
  features: parameter('/parametros/funcionalidades', 'Activities (features) switched on', funcionalidadesSchema),
  guides: parameter('/parametros/guias-pesquisa', 'Search guides (tabs) of the home page', guiasPesquisaSchema),
  section1: parameter('/parametros/secao_1', "The institution's page secao_1 (null when it wrote none)", conteudoSchema),
  section2: parameter('/parametros/secao_2', "The institution's page secao_2 (null when it wrote none)", conteudoSchema),
  generalInformation: parameter('/parametros/informacoes_gerais', "The institution's page informacoes_gerais (null when it wrote none)", conteudoSchema),
  faq: parameter('/parametros/faq', 'Frequently asked questions', faqSchema),
  activity: endpoint({
    ...parameter('/parametros/atividade/:id', 'One activity and whether it is on', atividadeInfoSchema),
    params: atividadeParamsSchema,
    errors: [404],
  }),
  activityNote: endpoint({
    ...parameter('/parametros/atividade/:id/informativo', "The institution's note about a feature", conteudoSchema),
    params: atividadeParamsSchema,
    errors: [404],
  }),
  openingHours: parameter('/parametros/atendimento', 'Opening hours of every library, Monday to Sunday', atendimentoSchema),
  campusOpeningHours: endpoint({
    ...parameter('/parametros/atendimento/:campus', "Opening hours of one campus's libraries", atendimentoSchema),
    params: campusParamsSchema,
    errors: [404],
  }),
  institutionEvents: parameter('/parametros/eventos_institucionais', "The institution's events not yet over", eventosSchema),
  eventumEvents: parameter('/parametros/eventos_eventum', 'Events from the event system (Eventum) not yet over', eventosSchema),
  selfService: parameter('/parametros/autoatendimento', 'Self-service kiosk settings', autoatendimentoSchema),
  appLayers: parameter('/parametros/app-layers', 'Mobile app integration', appLayersSchema),
};

/** The institution's pages by key (spec §7: secao_1, secao_2, informacoes_gerais). */
export const PAGE_ENDPOINTS = {
  secao_1: parametersEndpoints.section1,
  secao_2: parametersEndpoints.section2,
  informacoes_gerais: parametersEndpoints.generalInformation,
};

/** Campuses, libraries and the footer's two forms (spec §7 "Library units"). */
export const unitsEndpoints = {
  campuses: endpoint({
    method: 'GET',
    path: '/campus',
    access: 'either',
    tag: 'Unidades de informação',
    summary: 'Every campus',
    response: z.array(campusSchema),
  }),
  libraries: endpoint({
    method: 'GET',
    path: '/unidade-informacao',
    access: 'either',
    tag: 'Unidades de informação',
    summary: 'Libraries, of one campus when asked',
    query: unidadesQuerySchema,
    response: z.array(bibliotecaSchema),
    errors: [404],
  }),
  generalComment: endpoint({
    method: 'POST',
    path: '/unidade-informacao/comentario',
    access: 'private',
    tag: 'Unidades de informação',
    summary: 'Send a general comment to a library',
    body: comentarioGeralBodySchema,
    response: envioSchema,
    status: 201,
    errors: [404, 422, 429, 502],
  }),
  suggestion: endpoint({
    method: 'POST',
    path: '/unidade-informacao/sugestao-aquisicao',
    access: 'private',
    tag: 'Unidades de informação',
    summary: 'Suggest a title for the library to acquire',
    body: sugestaoAquisicaoBodySchema,
    response: envioSchema,
    status: 201,
    errors: [404, 422, 429, 502],
  }),
};
