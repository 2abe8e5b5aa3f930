import { z } from 'zod';
import { INT4_MAX } from '../common.js';
import { recordId } from '../record-id.js';
import { endpoint } from '../endpoint.js';
import { isoDate, PERIOD_ORDER, periodInOrder } from '../catalog/title.js';

/** What an area / author / subject entry of the interest profile follows (spec §7 tipoDSI). */
export const DSI_TYPES = ['area', 'autor', 'assunto'] as const;
export type DsiType = (typeof DSI_TYPES)[number];

/** How often a patron's new alerts are e-mailed to them (weekly unless they choose). */
export const DIGEST_FREQUENCIES = ['imediata', 'diaria', 'semanal', 'nunca'] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];
export const DEFAULT_DIGEST: DigestFrequency = 'semanal';

/** Most entries of one kind a patron may keep, and most items one call may add. */
export const MAX_INTEREST_ENTRIES = 200;
export const MAX_ITEMS_PER_CALL = 50;

/**
 * A look-up term (spec §5): every word at least 3 characters, compared without case or accents;
 * at most 200 characters.
 */
export const lookupTerm = z
  .string()
  .max(200)
  .refine(
    (v) =>
      v
        .trim()
        .split(/\s+/)
        .every((word) => word.length >= 3),
    {
      error: 'each word of the term needs at least 3 characters',
    },
  );

/** A validity date: today or later (an entry past it stops matching, but stays until removed). */
const validity = isoDate.describe('last day the entry matches (YYYY-MM-DD)');

/** `GET /api/perfil-interesse/areas-interesse/info-auxiliar`: what the profile screens choose from. */
export const infoAuxiliarSchema = z
  .object({
    tipos: z.array(z.object({ codigo: z.enum(DSI_TYPES), descricao: z.string() })),
    tipos_obra: z.array(z.object({ cod_tipo_obra: z.number().int(), descricao: z.string() })),
    bibliotecas: z.array(z.object({ cod_biblioteca: z.number().int(), desc_biblioteca: z.string() })),
    idiomas: z.array(z.object({ codigo: z.string(), nome: z.string() })),
    frequencia: z.enum(DIGEST_FREQUENCIES).describe('how often new alerts are e-mailed'),
    validade_padrao: z.string().describe('the validity a new entry gets unless one is chosen: a year from today'),
  })
  .meta({ id: 'InfoAuxiliarPerfil' });
export type InfoAuxiliarPerfil = z.infer<typeof infoAuxiliarSchema>;

/** `GET …/area-autor-assunto/pesquisa?tipoPesquisa=&termoPesquisa=`. */
export const areaPesquisaQuerySchema = z.object({ tipoPesquisa: z.enum(DSI_TYPES), termoPesquisa: lookupTerm });

/** A candidate of the look-up: its code (the area number, or the heading itself) and how many titles carry it. */
export const areaCandidatoSchema = z.object({ codigo: z.string(), descricao: z.string(), titulos: z.number().int() }).meta({ id: 'CandidatoPerfil' });

/** `POST …/area-autor-assunto`: follow these areas, authors or subjects until `validade`. */
export const areaBodySchema = z.object({
  tipoDSI: z.enum(DSI_TYPES),
  validade: validity,
  itens: z
    .array(z.string().max(300).pipe(z.string().trim().min(1)))
    .min(1, { error: 'choose at least one item' })
    .max(MAX_ITEMS_PER_CALL),
});

/** One entry of the profile, of whichever kind. */
export const entradaPerfilSchema = z
  .object({
    codigo: z.number().int().describe('the entry’s number'),
    tipo: z.enum([...DSI_TYPES, 'tipo_obra', 'periodico']),
    termo: z.string().describe('what it follows: the area number, the heading, the work type number'),
    descricao: z.string(),
    validade: z.string(),
    expirada: z.boolean().describe('past its validity: it matches nothing until renewed'),
    bibliotecas: z.array(z.number().int()),
    idiomas: z.array(z.string()),
    fasciculo: z.boolean().describe('a serial: tell of each new issue'),
    artigo: z.boolean().describe('a serial: tell of each new article indexed'),
    sumario: z.boolean().describe("a serial: send each issue's table of contents"),
  })
  .meta({ id: 'EntradaPerfil' });
export type EntradaPerfil = z.infer<typeof entradaPerfilSchema>;

/** `DELETE …/area-autor-assunto?codigo=&tipoDSI=&codTipoArea=`. */
export const areaDeleteQuerySchema = z.object({
  codigo: z.coerce.number().int().positive().max(INT4_MAX),
  tipoDSI: z.enum(DSI_TYPES),
  codTipoArea: z.string().max(300).optional().describe('accepted for the spec; the entry number is enough'),
});

/** `PUT …/area-autor-assunto/validade`. */
export const areaValidadeBodySchema = z.object({
  codigo: recordId,
  tipoDSI: z.enum(DSI_TYPES),
  codTipoArea: z.string().max(300).optional(),
  validade: validity,
});

/** `POST …/tipo-obra`: follow these work types. */
export const tipoObraBodySchema = z.object({
  validade: validity,
  itens: z.array(z.number().int().min(1).max(32767)).min(1, { error: 'choose at least one work type' }).max(MAX_ITEMS_PER_CALL),
});

/** `PUT …/tipo-obra`: a work type entry's validity, libraries and languages (empty: any). */
export const tipoObraPutSchema = z.object({
  codigo: recordId,
  validade: validity.optional(),
  bibliotecas: z.array(recordId).max(100).optional(),
  idiomas: z
    .array(z.string().regex(/^[a-z]{3}$/, { error: 'a language is a MARC code of three letters' }))
    .max(100)
    .optional(),
});

/** Library numbers as a query parameter: `bibliotecas=1,2` (up to 100; each must exist). */
const libraryList = z
  .string()
  .regex(/^\d{1,9}(,\d{1,9}){0,99}$/, { error: 'bibliotecas is a comma-separated list of up to 100 library numbers' })
  .transform((v) => [...new Set(v.split(',').map(Number))]);

/** `GET …/periodicos/pesquisa?termoPesquisa=&bibliotecas=`: serials by title, at those libraries when given. */
export const periodicoPesquisaQuerySchema = z.object({ termoPesquisa: lookupTerm, bibliotecas: libraryList.optional() });

/** A serial the look-up found: its number, title, ISSN, and the issues the libraries hold. */
export const periodicoCandidatoSchema = z
  .object({
    codigo: z.number().int().describe('the serial’s title number'),
    descricao: z.string(),
    issn: z.string().nullable(),
    fasciculos: z.number().int(),
    bibliotecas: z.array(z.string()),
  })
  .meta({ id: 'PeriodicoCandidato' });
export type PeriodicoCandidato = z.infer<typeof periodicoCandidatoSchema>;

/** `POST …/periodicos`: follow these serials (title numbers) until `validade`; new issues are told of. */
export const periodicoBodySchema = z.object({
  validade: validity,
  itens: z.array(recordId).min(1, { error: 'choose at least one serial' }).max(MAX_ITEMS_PER_CALL),
});

/** `PUT …/periodicos`: what a followed serial tells of, until when, at which libraries (empty: any). */
export const periodicoPutSchema = z.object({
  codigo: recordId,
  validade: validity.optional(),
  fasciculo: z.boolean().optional(),
  artigo: z.boolean().optional(),
  sumario: z.boolean().optional(),
  bibliotecas: z.array(recordId).max(100).optional(),
});

/** `DELETE …/tipo-obra?codigo=` and `…/periodicos?codigo=`. */
export const codigoQuerySchema = z.object({ codigo: z.coerce.number().int().positive().max(INT4_MAX) });

/** `PUT /api/perfil-interesse/frequencia` (an addition, decision 0004): how often alerts are e-mailed. */
export const frequenciaBodySchema = z.object({ frequencia: z.enum(DIGEST_FREQUENCIES) });

/** `GET /api/perfil-interesse/titulos?dataIni=&dataFim=`: both dates or neither (the last month, spec §9). */
export const titulosPerfilQuerySchema = z
  .object({ dataIni: isoDate.optional(), dataFim: isoDate.optional() })
  .refine((q) => (q.dataIni === undefined) === (q.dataFim === undefined), { error: 'give both dates to filter, or neither', path: ['dataIni'] })
  .refine((q) => !q.dataIni || !q.dataFim || periodInOrder({ dataIni: q.dataIni, dataFim: q.dataFim }), PERIOD_ORDER);

/** A title the profile matches, and the entry it matched. */
export const tituloPerfilSchema = z
  .object({
    cod_acervo: z.number().int(),
    titulo: z.string(),
    autor: z.string().nullable(),
    ano_publicacao: z.number().int().nullable(),
    desc_tipo_obra: z.string(),
    catalogado_em: z.string(),
    motivo: z.string().describe('the entry it matched, as the profile shows it'),
  })
  .meta({ id: 'TituloPerfil' });
export type TituloPerfil = z.infer<typeof tituloPerfilSchema>;

/** `GET /api/solicitacoes/alertas?dataIni=&dataFim=` (both or neither). */
export const alertasQuerySchema = titulosPerfilQuerySchema;

/** What an alert tells of: a new title, or of a followed serial a new issue, article or table of contents. */
export const ALERT_KINDS = ['titulo', 'fasciculo', 'artigo', 'sumario'] as const;

/** An alert (spec §3): a new title the profile matched; `lido` once the patron has seen it. */
export const alertaSchema = z
  .object({
    tipo: z.enum(ALERT_KINDS),
    detalhe: z.string().nullable().describe('the issue ("v. 12, n. 3, 11/2026"), or the article and its issue'),
    id: z.number().int(),
    cod_acervo: z.number().int(),
    titulo: z.string(),
    autor: z.string().nullable(),
    motivo: z.string(),
    data: z.string(),
    lido: z.boolean(),
  })
  .meta({ id: 'Alerta' });
export type Alerta = z.infer<typeof alertaSchema>;
export const alertasSchema = z.object({ itens: z.array(alertaSchema), nao_lidos: z.number().int() }).meta({ id: 'Alertas' });

const ok = z.object({ ok: z.literal(true) });
const TAG = 'Perfil de interesse';

/** The interest profile (spec §7 "Interest profile"): areas, authors, subjects and work types to follow. */
export const interestEndpoints = {
  info: endpoint({
    method: 'GET',
    path: '/api/perfil-interesse/areas-interesse/info-auxiliar',
    access: 'private',
    tag: TAG,
    summary: 'What the profile chooses from: kinds, work types, libraries, languages; the digest frequency',
    response: infoAuxiliarSchema,
  }),
  lookup: endpoint({
    method: 'GET',
    path: '/api/perfil-interesse/area-autor-assunto/pesquisa',
    access: 'private',
    tag: TAG,
    summary: 'Knowledge areas, authors or subjects by name (each word ≥ 3 characters), with their title counts',
    query: areaPesquisaQuerySchema,
    response: z.array(areaCandidatoSchema),
  }),
  addAreas: endpoint({
    method: 'POST',
    path: '/api/perfil-interesse/area-autor-assunto',
    access: 'private',
    tag: TAG,
    summary: 'Follow areas, authors or subjects until a date',
    body: areaBodySchema,
    response: z.array(entradaPerfilSchema),
    errors: [422],
  }),
  areas: endpoint({
    method: 'GET',
    path: '/api/perfil-interesse/area-autor-assunto',
    access: 'private',
    tag: TAG,
    summary: 'The areas, authors and subjects the patron follows',
    response: z.array(entradaPerfilSchema),
  }),
  removeArea: endpoint({
    method: 'DELETE',
    path: '/api/perfil-interesse/area-autor-assunto',
    access: 'private',
    tag: TAG,
    summary: 'Stop following an area, author or subject',
    query: areaDeleteQuerySchema,
    response: ok,
    errors: [404],
  }),
  areaValidity: endpoint({
    method: 'PUT',
    path: '/api/perfil-interesse/area-autor-assunto/validade',
    access: 'private',
    tag: TAG,
    summary: 'Change how long an area, author or subject is followed',
    body: areaValidadeBodySchema,
    response: entradaPerfilSchema,
    errors: [404, 422],
  }),
  addWorkTypes: endpoint({
    method: 'POST',
    path: '/api/perfil-interesse/tipo-obra',
    access: 'private',
    tag: TAG,
    summary: 'Follow work types until a date',
    body: tipoObraBodySchema,
    response: z.array(entradaPerfilSchema),
    errors: [422],
  }),
  workTypes: endpoint({
    method: 'GET',
    path: '/api/perfil-interesse/tipo-obra',
    access: 'private',
    tag: TAG,
    summary: 'The work types the patron follows, with their libraries and languages',
    response: z.array(entradaPerfilSchema),
  }),
  changeWorkType: endpoint({
    method: 'PUT',
    path: '/api/perfil-interesse/tipo-obra',
    access: 'private',
    tag: TAG,
    summary: 'Change a work type entry: validity, libraries, languages',
    body: tipoObraPutSchema,
    response: entradaPerfilSchema,
    errors: [404, 422],
  }),
  removeWorkType: endpoint({
    method: 'DELETE',
    path: '/api/perfil-interesse/tipo-obra',
    access: 'private',
    tag: TAG,
    summary: 'Stop following a work type',
    query: codigoQuerySchema,
    response: ok,
    errors: [404],
  }),
  serialLookup: endpoint({
    method: 'GET',
    path: '/api/perfil-interesse/periodicos/pesquisa',
    access: 'private',
    tag: TAG,
    summary: 'Serials by words of their title (each ≥ 3 characters), held at the libraries given',
    query: periodicoPesquisaQuerySchema,
    response: z.array(periodicoCandidatoSchema),
  }),
  addSerials: endpoint({
    method: 'POST',
    path: '/api/perfil-interesse/periodicos',
    access: 'private',
    tag: TAG,
    summary: 'Follow serials until a date: their new issues (and, when chosen, articles and contents)',
    body: periodicoBodySchema,
    response: z.array(entradaPerfilSchema),
    errors: [422],
  }),
  serials: endpoint({
    method: 'GET',
    path: '/api/perfil-interesse/periodicos',
    access: 'private',
    tag: TAG,
    summary: 'The serials the patron follows, with what each tells of and its libraries',
    response: z.array(entradaPerfilSchema),
  }),
  changeSerial: endpoint({
    method: 'PUT',
    path: '/api/perfil-interesse/periodicos',
    access: 'private',
    tag: TAG,
    summary: 'Change a followed serial: validity, issues / articles / contents, libraries',
    body: periodicoPutSchema,
    response: entradaPerfilSchema,
    errors: [404, 422],
  }),
  removeSerial: endpoint({
    method: 'DELETE',
    path: '/api/perfil-interesse/periodicos',
    access: 'private',
    tag: TAG,
    summary: 'Stop following a serial',
    query: codigoQuerySchema,
    response: ok,
    errors: [404],
  }),
  frequency: endpoint({
    method: 'PUT',
    path: '/api/perfil-interesse/frequencia',
    access: 'private',
    tag: TAG,
    summary: 'How often new alerts are e-mailed: immediately, daily, weekly or never',
    body: frequenciaBodySchema,
    response: z.object({ frequencia: z.enum(DIGEST_FREQUENCIES) }),
  }),
  titles: endpoint({
    method: 'GET',
    path: '/api/perfil-interesse/titulos',
    access: 'private',
    tag: TAG,
    summary: 'Titles the profile matches, catalogued in the last month or in the period given',
    query: titulosPerfilQuerySchema,
    response: z.array(tituloPerfilSchema),
  }),
};

/** Alerts (spec §7 "Requests"): the new titles the profile matched. */
export const alertsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/solicitacoes/alertas',
    access: 'private',
    tag: 'Alertas',
    summary: "The patron's alerts, newest first, in a period or all; and how many are unread",
    query: alertasQuerySchema,
    response: alertasSchema,
  }),
  read: endpoint({
    method: 'PUT',
    path: '/api/solicitacoes/alertas/:id',
    access: 'private',
    tag: 'Alertas',
    summary: 'Mark an alert read',
    params: z.object({ id: z.coerce.number().int().positive().max(INT4_MAX) }),
    response: alertaSchema,
    errors: [404],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/solicitacoes/alertas/:id',
    access: 'private',
    tag: 'Alertas',
    summary: 'Remove an alert',
    params: z.object({ id: z.coerce.number().int().positive().max(INT4_MAX) }),
    response: ok,
    errors: [404],
  }),
};
