import { z } from 'zod';
import { recordId } from '../record-id.js';
import { endpoint } from '../endpoint.js';
import { acervosListQuerySchema, isoDate, recordIdParamsSchema } from '../catalog/title.js';

/** Export formats of the basket (spec §2 "basket: export"). */
export const EXPORT_FORMATS = ['abnt', 'apa', 'vancouver', 'ris', 'bibtex', 'marc', 'marcxml', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/** What a basket action does with the titles: a file to download, an e-mail, text to copy. */
export const EXPORT_KINDS = ['arquivo', 'email', 'texto'] as const;

/** Limits that keep one request cheap for the server (and e-mail from being a spam relay). */
export const MAX_EXPORT_TITLES = 100;
export const MAX_EMAIL_TITLES = 50;
export const MAX_EMAIL_RECIPIENTS = 5;

/** Spec §5: an e-mail address matches a standard pattern, case-insensitive. */
export const EMAIL_PATTERN = /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i;

/** Several addresses separated by semicolons (spec §5); blanks between them are ignored. */
export function splitEmails(value: string): string[] {
  return value
    .split(';')
    .map((e) => e.trim())
    .filter(Boolean);
}

const titleIds = (max: number) =>
  z
    .array(recordId)
    .min(1, { error: 'choose at least one title' })
    .max(max, { error: `at most ${max} titles at a time` })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'a title is listed twice' });

/** `POST /acervo/exportar-cesta` (spec §7: tipo, dados, acervos, opcoesEmail). */
export const exportarCestaBodySchema = z
  .object({
    tipo: z.enum(EXPORT_KINDS),
    dados: z.enum(EXPORT_FORMATS),
    acervos: titleIds(MAX_EXPORT_TITLES),
    opcoesEmail: z
      .object({
        emails: z
          .string()
          .max(1000)
          .refine((v) => splitEmails(v).length > 0, { error: 'at least one e-mail address' })
          .refine((v) => splitEmails(v).length <= MAX_EMAIL_RECIPIENTS, { error: `at most ${MAX_EMAIL_RECIPIENTS} addresses` })
          .refine((v) => splitEmails(v).every((e) => EMAIL_PATTERN.test(e)), { error: 'an e-mail address is not valid' }),
        assunto: z.string().trim().max(200).optional(),
        mensagem: z.string().trim().max(2000).optional(),
      })
      .optional(),
  })
  .refine((b) => b.tipo !== 'email' || b.opcoesEmail !== undefined, { error: 'opcoesEmail is required to send an e-mail', path: ['opcoesEmail'] })
  .refine((b) => b.tipo !== 'email' || b.acervos.length <= MAX_EMAIL_TITLES, { error: `at most ${MAX_EMAIL_TITLES} titles per e-mail`, path: ['acervos'] });
export type ExportarCesta = z.infer<typeof exportarCestaBodySchema>;

/** The answer to `tipo: texto` (the references to copy) and to `tipo: email`. */
export const exportarTextoSchema = z.object({ texto: z.string(), html: z.string() });
export const exportarEmailSchema = z.object({ enviado: z.literal(true), destinatarios: z.number().int(), titulos: z.number().int() });
export type ExportarTexto = z.infer<typeof exportarTextoSchema>;
export type ExportarEmail = z.infer<typeof exportarEmailSchema>;

/** `POST /acervo/cesta-permanente`: keep titles in the patron's permanent basket. */
export const cestaPermanenteBodySchema = z.object({ acervos: titleIds(MAX_EXPORT_TITLES) });
export const cestaPermanenteSchema = z.object({ adicionados: z.number().int(), total: z.number().int() });

/** `PUT /api/acervo/cesta-permanente`: add one title to the collection. */
export const cestaPermanentePutSchema = z.object({ acervo: recordId });

/** `GET /api/acervo/cesta-permanente/colecao?tipoBusca=todos|periodo&dataIni=&dataFim=`. */
export const colecaoQuerySchema = z
  .object({ tipoBusca: z.enum(['todos', 'periodo']).default('todos'), dataIni: isoDate.optional(), dataFim: isoDate.optional() })
  .refine((q) => q.tipoBusca === 'todos' || (q.dataIni !== undefined && q.dataFim !== undefined), {
    error: 'a period needs dataIni and dataFim',
    path: ['dataIni'],
  })
  .refine((q) => !q.dataIni || !q.dataFim || q.dataIni <= q.dataFim, { error: 'dataIni must not be after dataFim', path: ['dataIni'] });
export const colecaoSchema = z
  .object({
    total: z.number().int(),
    itens: z.array(
      z.object({
        cod_acervo: z.number().int(),
        titulo: z.string(),
        autor: z.string().nullable(),
        ano_publicacao: z.number().int().nullable(),
        link_capa: z.string().nullable(),
        adicionado_em: z.string(),
      }),
    ),
  })
  .meta({ id: 'CestaPermanente' });
export type Colecao = z.infer<typeof colecaoSchema>;

/** `GET /consulta/titulos-adicionais?acervos=1,2,3`: result lines for titles by number (the basket). */
export const titulosAdicionaisQuerySchema = acervosListQuerySchema;

/** The basket: export, e-mail, the permanent basket (spec §7 "Title"). */
export const basketEndpoints = {
  export: endpoint({
    method: 'POST',
    path: '/acervo/exportar-cesta',
    access: 'either',
    tag: 'Cesta',
    summary: 'Export the basket: a file (tipo arquivo), references to copy (texto) or an e-mail (email)',
    description:
      'dados: abnt, apa, vancouver (text), ris, bibtex, marc (ISO 2709), marcxml, csv. A file comes with its media type and a Content-Disposition file name.',
    body: exportarCestaBodySchema,
    // A file (tipo arquivo) is sent as its bytes; texto and email answer JSON.
    response: z.union([exportarTextoSchema, exportarEmailSchema]).or(z.any()),
    errors: [404, 429, 502],
  }),
  keep: endpoint({
    method: 'POST',
    path: '/acervo/cesta-permanente',
    access: 'private',
    tag: 'Cesta',
    summary: "Keep titles in the patron's permanent basket",
    body: cestaPermanenteBodySchema,
    response: cestaPermanenteSchema,
    errors: [404],
  }),
  collection: endpoint({
    method: 'GET',
    path: '/api/acervo/cesta-permanente/colecao',
    access: 'private',
    tag: 'Cesta',
    summary: 'The permanent basket (all, or what was added in a period)',
    query: colecaoQuerySchema,
    response: colecaoSchema,
    errors: [404],
  }),
  add: endpoint({
    method: 'PUT',
    path: '/api/acervo/cesta-permanente',
    access: 'private',
    tag: 'Cesta',
    summary: 'Add one title to the permanent basket',
    body: cestaPermanentePutSchema,
    response: cestaPermanenteSchema,
    errors: [404],
  }),
  drop: endpoint({
    method: 'DELETE',
    path: '/api/acervo/cesta-permanente/:id',
    access: 'private',
    tag: 'Cesta',
    summary: 'Take a title out of the permanent basket',
    params: recordIdParamsSchema,
    response: z.null(),
    status: 204,
    errors: [404],
  }),
};
