import { z } from 'zod';
import { recordId } from '../record-id.js';
import { exportarCestaBodySchema, titleIds } from './basket.forms.js';
import { MAX_EXPORT_TITLES } from './basket.constants.js';
import { endpoint } from '../endpoint.js';
import { acervosListQuerySchema, isoDate, recordIdParamsSchema } from '../catalog/title.js';

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
