import { z } from 'zod';
import { INT4_MAX } from '../common.js';
import { endpoint } from '../endpoint.js';
import { institutionTextsSchema } from './parameters.js';

const TAG = 'Configurações (equipe)';
const ADMIN = { staff: ['administracao'] } as const;

/** An http(s) address an institution's setting may point to, or null to clear it. */
const httpLink = z
  .string()
  .trim()
  .max(500)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && !/\s/.test(value);
    } catch {
      return false;
    }
  }, 'an http:// or https:// address')
  .nullable();

/** How patrons sign in, as the administration sets it (issue 54). */
export const acessoSchema = z.object({
  /** 571: two-step sign-in with the duplicate chooser; 87: the category selector; any other: the usual form. */
  codigo: z.number().int().min(1).max(999_999),
  /** The sign-in captcha (activity 1120). */
  captcha: z.boolean(),
  oidc: z.boolean(),
  oidc_logout: httpLink,
  saml_logout: httpLink,
  /** The mobile app's web view (App Layers): on with its address. */
  app_layers: z
    .object({ ativo: z.boolean(), url: httpLink })
    .refine((a) => !a.ativo || a.url !== null, { error: 'an address is needed to switch it on', path: ['url'] }),
});
export type Acesso = z.infer<typeof acessoSchema>;

/** An activity (feature) of module 3 and whether the institution has it on. */
export const atividadeConfigSchema = z.object({ codigo: z.number().int(), descricao: z.string(), ativa: z.boolean() });

/** A library's contacts and opening hours (1 Monday … 7 Sunday; a day without hours is closed). */
export const bibliotecaConfigSchema = z.object({
  cod_biblioteca: z.number().int(),
  nome: z.string(),
  sigla: z.string(),
  email: z.string().nullable(),
  horarios: z.array(z.object({ dia: z.number().int().min(1).max(7), abre: z.string(), fecha: z.string() })),
});

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'a time as HH:MM' });

/** A library's e-mail and opening hours as the administration sets them (each day once, closing after opening; a day left out is closed). */
export const bibliotecaBodySchema = z.object({
  email: z.email().max(200).nullable(),
  horarios: z
    .array(z.object({ dia: z.number().int().min(1).max(7), abre: hhmm, fecha: hhmm }))
    .max(7)
    .refine((days) => new Set(days.map((d) => d.dia)).size === days.length, { error: 'each day once' })
    .refine((days) => days.every((d) => d.abre < d.fecha), { error: 'closing after opening' }),
});

/** The institution's settings as the administration's screens show them. */
export const configuracoesSchema = z
  .object({
    acesso: acessoSchema,
    textos: z.object({ pt: institutionTextsSchema, en: institutionTextsSchema, es: institutionTextsSchema }),
    atividades: z.array(atividadeConfigSchema),
    bibliotecas: z.array(bibliotecaConfigSchema),
  })
  .meta({ id: 'Configuracoes' });
export type Configuracoes = z.infer<typeof configuracoesSchema>;

/** The kinds of controlled value whose names are translated: knowledge area, area type, loan type, collection, patron category. */
export const VALUE_KIND_CODES = ['area', 'tipo_area', 'tipo_emprestimo', 'colecao', 'categoria'] as const;

/** A controlled value as written in Portuguese, with its names in English and Spanish (null: not translated). */
export const traducaoValorSchema = z.object({ tipo: z.enum(VALUE_KIND_CODES), valor: z.string(), en: z.string().nullable(), es: z.string().nullable() });

/** A value's name in one language; an empty text removes the translation. */
export const traducaoBodySchema = z.object({
  tipo: z.enum(VALUE_KIND_CODES),
  valor: z.string().trim().min(1).max(300),
  idioma: z.enum(['en', 'es']),
  texto: z.string().trim().max(300),
});

/** An e-book or external provider's entry (decision 0023) as the administration sees it, with the key to hand over when signed. */
export const provedorConfigSchema = z.object({
  recurso: z.string(),
  /** The entry as stored (JSON), null when not configured. */
  entrada: z.record(z.string(), z.unknown()).nullable(),
  /** The signing key to give to the provider (from the server's PROVIDER_SECRET), null without one. */
  chave: z.string().nullable(),
});

/** A provider's entry to set (its fields are checked by the server as the catalogue reads them), or null to remove it. */
export const provedorBodySchema = z.object({ entrada: z.record(z.string(), z.unknown()).nullable() });

/** The institution's settings (issue 54), each change audited and in effect at once. */
export const settingsEndpoints = {
  read: endpoint({
    method: 'GET',
    path: '/api/equipe/configuracoes',
    access: ADMIN,
    tag: TAG,
    summary: "The institution's settings: sign-in, texts in three languages, activities, libraries' contacts and hours",
    response: configuracoesSchema,
  }),
  access: endpoint({
    method: 'PUT',
    path: '/api/equipe/configuracoes/acesso',
    access: ADMIN,
    tag: TAG,
    summary: 'Set how patrons sign in: the institution code, the captcha, OIDC and SAML with their logout links, the app’s web view',
    body: acessoSchema,
    response: configuracoesSchema,
    errors: [422],
  }),
  texts: endpoint({
    method: 'PUT',
    path: '/api/equipe/configuracoes/textos/:idioma',
    access: ADMIN,
    tag: TAG,
    summary: "The site's texts in one language (a text left out or empty is unset; Portuguese's sign-in word cannot be)",
    params: z.object({ idioma: z.enum(['pt', 'en', 'es']) }),
    body: institutionTextsSchema,
    response: configuracoesSchema,
    errors: [422],
  }),
  activity: endpoint({
    method: 'PUT',
    path: '/api/equipe/configuracoes/atividades/:codigo',
    access: ADMIN,
    tag: TAG,
    summary: 'Switch an activity (a feature of the catalogue) on or off',
    params: z.object({ codigo: z.coerce.number().int().positive().max(999_999) }),
    body: z.object({ ativa: z.boolean() }),
    response: configuracoesSchema,
    errors: [404],
  }),
  library: endpoint({
    method: 'PUT',
    path: '/api/equipe/configuracoes/bibliotecas/:id',
    access: ADMIN,
    tag: TAG,
    summary: "A library's e-mail and opening hours (each day once, closing after opening)",
    params: z.object({ id: z.coerce.number().int().positive().max(INT4_MAX) }),
    body: bibliotecaBodySchema,
    response: configuracoesSchema,
    errors: [404],
  }),
  translations: endpoint({
    method: 'GET',
    path: '/api/equipe/configuracoes/traducoes',
    access: ADMIN,
    tag: TAG,
    summary: 'Every controlled value in use (areas, area types, loan types, collections, patron categories) with its names in English and Spanish',
    response: z.array(traducaoValorSchema),
  }),
  translate: endpoint({
    method: 'PUT',
    path: '/api/equipe/configuracoes/traducoes',
    access: ADMIN,
    tag: TAG,
    summary: 'Name a controlled value in English or Spanish (an empty text removes the name); audited',
    body: traducaoBodySchema,
    response: z.array(traducaoValorSchema),
  }),
  providers: endpoint({
    method: 'GET',
    path: '/api/equipe/configuracoes/provedores',
    access: ADMIN,
    tag: TAG,
    summary: 'The external providers (e-books, the repository, the external account area): each entry and, when signed, the key to hand over',
    response: z.array(provedorConfigSchema),
  }),
  provider: endpoint({
    method: 'PUT',
    path: '/api/equipe/configuracoes/provedores/:recurso',
    access: ADMIN,
    tag: TAG,
    summary: 'Configure a provider with its entry (checked as the catalogue reads it), or remove it with null; audited',
    params: z.object({ recurso: z.string().trim().min(1).max(40) }),
    body: provedorBodySchema,
    response: z.array(provedorConfigSchema),
    errors: [404, 422],
  }),
} as const;
