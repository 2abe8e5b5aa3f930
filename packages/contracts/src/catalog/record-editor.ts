import { z } from 'zod';
import { INT4_MAX } from '../common.js';
import { endpoint } from '../endpoint.js';
import { AUTHORITY_TYPES } from './authorities.js';
import { MARC_ISSUES } from './marc21.js';
import { acervoSchema, referenciaSchema } from './title.js';

/**
 * The MARC 21 record editor (issue 57, decision 0058): a title's record read, checked against the
 * tag table (marc21.ts), previewed and saved as a new version, its earlier versions kept; an
 * authority's record read and saved, the titles whose headings link to it ($0) following it.
 */

const TAG = 'Registros (equipe)';
const STAFF = { staff: ['catalogacao'] } as const;
const id = z.coerce.number().int().positive().max(INT4_MAX);
const titleId = id.describe("the title's number (cod_acervo)");
const authorityId = id.describe("the authority's number (cod_autoridade)");
/** A value in a record: no control characters (the input plugin refuses them too), bounded. */
const value = z.string().max(9999);
const indicator = z.string().regex(/^[ 0-9a-z|]$/, { error: 'an indicator is one character: blank, a digit or a lowercase letter' });

export const marcControlFieldSchema = z.object({
  tag: z.string().regex(/^00[1-9]$/, { error: 'a control field tag is 001 to 009' }),
  value: value.min(1),
});
export const marcDataFieldSchema = z.object({
  tag: z.string().regex(/^(0[1-9]\d|[1-9]\d\d)$/, { error: 'a data field tag is three digits from 010' }),
  ind1: indicator,
  ind2: indicator,
  subfields: z
    .array(z.object({ code: z.string().regex(/^[a-z0-9]$/, { error: 'a subfield code is a lowercase letter or a digit' }), value }))
    .min(1)
    .max(200),
});
/** A MARC 21 record as the editor sends it: the leader (24 characters) and its fields in order. */
export const marcRecordSchema = z
  .object({
    leader: z.string().regex(/^[\x20-\x7e]{24}$/, { error: 'the leader is 24 characters' }),
    fields: z
      .array(z.union([marcControlFieldSchema, marcDataFieldSchema]))
      .min(1)
      .max(2000),
  })
  .meta({ id: 'RegistroMarc' });
export type MarcRecordBody = z.infer<typeof marcRecordSchema>;

export const marcIssueSchema = z.object({
  codigo: z.enum(MARC_ISSUES),
  campo: z.number().int().nullable(),
  tag: z.string(),
  subcampo: z.number().int().optional(),
  valor: z.string().optional(),
});

/** A title's record for editing, with the version it is (1 for the record as imported). */
export const registroTituloSchema = z
  .object({
    cod_acervo: z.number().int(),
    numero_controle: z.string(),
    titulo: z.string(),
    versao: z.number().int(),
    atualizado_em: z.string(),
    registro: marcRecordSchema,
  })
  .meta({ id: 'RegistroTitulo' });
export type RegistroTitulo = z.infer<typeof registroTituloSchema>;

/** A save: the record and the version it was edited from (a save from an older one is refused with 409). */
export const salvarRegistroBodySchema = z.object({ versao: z.number().int().min(1).max(INT4_MAX), registro: marcRecordSchema });
export type SalvarRegistroBody = z.infer<typeof salvarRegistroBodySchema>;

/** One version of a title's record: the current one (no `substituida_em`) or an earlier one. */
export const versaoRegistroSchema = z.object({
  versao: z.number().int(),
  atual: z.boolean(),
  criada_em: z.string(),
  substituida_em: z.string().nullable(),
  substituida_por: z.string().nullable(),
});
export type VersaoRegistro = z.infer<typeof versaoRegistroSchema>;
export const versaoRegistroCompletaSchema = versaoRegistroSchema.extend({ registro: marcRecordSchema });

/** A title found by the editor's finder. */
export const tituloEncontradoSchema = z.object({
  cod_acervo: z.number().int(),
  numero_controle: z.string(),
  titulo: z.string(),
  autor: z.string().nullable(),
  ano_publicacao: z.number().int().nullable(),
});
export const buscaTitulosQuerySchema = z.object({ termo: z.string().trim().min(1).max(200) });

/** An unsaved record as a patron would see its title page, and its ABNT reference: nothing is written. */
export const previaRegistroSchema = z
  .object({
    problemas: z.array(marcIssueSchema),
    // The title page's own fields (acervoSchema), but a record being written may lack a title or a type.
    ...acervoSchema.pick({
      responsabilidade: true,
      autor: true,
      autores_secundarios: true,
      assuntos: true,
      edicao: true,
      local: true,
      editora: true,
      ano_publicacao: true,
      descricao_fisica: true,
      serie: true,
      notas: true,
      isbn: true,
      issn: true,
    }).shape,
    titulo: z.string().nullable(),
    desc_tipo_obra: z.string().nullable(),
    referencia: referenciaSchema.nullable(),
  })
  .meta({ id: 'PreviaRegistro' });
export type PreviaRegistro = z.infer<typeof previaRegistroSchema>;
export const previaBodySchema = z.object({ cod_acervo: id.optional(), registro: marcRecordSchema });

/** A title whose heading links to an authority (a 1XX, 6XX, 7XX or 8XX with the authority's control number in $0). */
export const tituloVinculadoSchema = z.object({ cod_acervo: z.number().int(), titulo: z.string(), tag: z.string(), atualizado: z.boolean() });

/** An authority's record for editing, and the titles whose headings link to it. */
export const registroAutoridadeSchema = z
  .object({
    cod_autoridade: z.number().int(),
    numero_controle: z.string(),
    tipo: z.enum(AUTHORITY_TYPES),
    cabecalho: z.string(),
    atualizado_em: z.string(),
    registro: marcRecordSchema,
    titulos_vinculados: z.array(tituloVinculadoSchema),
  })
  .meta({ id: 'RegistroAutoridade' });
export type RegistroAutoridade = z.infer<typeof registroAutoridadeSchema>;
/** An authority's save: its record and the `atualizado_em` it was read at (a save over a newer one is refused with 409). */
export const salvarAutoridadeBodySchema = z.object({ atualizado_em: z.string().min(1).max(40), registro: marcRecordSchema });
export type SalvarAutoridadeBody = z.infer<typeof salvarAutoridadeBodySchema>;

export const recordEditorEndpoints = {
  findTitles: endpoint({
    method: 'GET',
    path: '/api/equipe/registros/titulos',
    access: STAFF,
    tag: TAG,
    summary: 'Titles by words of their title or by control number, for the record editor (20 at most)',
    query: buscaTitulosQuerySchema,
    response: z.array(tituloEncontradoSchema),
  }),
  title: endpoint({
    method: 'GET',
    path: '/api/equipe/registros/titulos/:id',
    access: STAFF,
    tag: TAG,
    summary: "A title's MARC 21 record for editing, with its version number",
    params: z.object({ id: titleId }),
    response: registroTituloSchema,
    errors: [404],
  }),
  saveTitle: endpoint({
    method: 'PUT',
    path: '/api/equipe/registros/titulos/:id',
    access: STAFF,
    tag: TAG,
    summary:
      "Save a title's record as a new version (the one before it kept), checked against the MARC 21 tag table and written as the import writes it: derived columns, search and index follow; 409 when the version sent is not the current one; audited",
    params: z.object({ id: titleId }),
    body: salvarRegistroBodySchema,
    response: registroTituloSchema,
    errors: [404, 409],
  }),
  versions: endpoint({
    method: 'GET',
    path: '/api/equipe/registros/titulos/:id/versoes',
    access: STAFF,
    tag: TAG,
    summary: "A title's record versions, newest first",
    params: z.object({ id: titleId }),
    response: z.array(versaoRegistroSchema),
    errors: [404],
  }),
  version: endpoint({
    method: 'GET',
    path: '/api/equipe/registros/titulos/:id/versoes/:versao',
    access: STAFF,
    tag: TAG,
    summary: 'One version of a title’s record',
    params: z.object({ id: titleId, versao: id.describe('the version, 1 for the record as first catalogued') }),
    response: versaoRegistroCompletaSchema,
    errors: [404],
  }),
  preview: endpoint({
    method: 'POST',
    path: '/api/equipe/registros/previa',
    access: STAFF,
    tag: TAG,
    summary: 'An unsaved bibliographic record as its title page would show it, its ABNT reference and what the tag table finds wrong; nothing is saved',
    body: previaBodySchema,
    response: previaRegistroSchema,
  }),
  authority: endpoint({
    method: 'GET',
    path: '/api/equipe/registros/autoridades/:id',
    access: STAFF,
    tag: TAG,
    summary: "An authority's MARC 21 record for editing, and the titles whose headings link to it ($0)",
    params: z.object({ id: authorityId }),
    response: registroAutoridadeSchema,
    errors: [404],
  }),
  saveAuthority: endpoint({
    method: 'PUT',
    path: '/api/equipe/registros/autoridades/:id',
    access: STAFF,
    tag: TAG,
    summary:
      "Save an authority's record (checked against the MARC 21 authority tag table); the headings of the titles linked to it by $0 are rewritten to the new heading, each title a new version; 409 when it changed since it was read; audited",
    params: z.object({ id: authorityId }),
    body: salvarAutoridadeBodySchema,
    response: registroAutoridadeSchema,
    errors: [404, 409],
  }),
} as const;
