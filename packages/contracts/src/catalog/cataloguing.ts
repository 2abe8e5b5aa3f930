import { z } from 'zod';
import { INT4_MAX } from '../common.js';
import { endpoint } from '../endpoint.js';
import { COPY_STATUS_CODES } from './title.js';

/**
 * The cataloguing screens of the staff area (issue 57, item 3; role catalogação): a MARC file
 * uploaded and imported in the background with its progress and report; a title's copies added,
 * edited, moved and withdrawn; a title suppressed from the OPAC, or deleted. Decision 0057.
 */

const TAG = 'Catalogação (equipe)';
const STAFF = { staff: ['catalogacao'] } as const;
const id = z.coerce.number().int().positive().max(INT4_MAX);
const smallId = z.number().int().positive().max(32767);
const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

/** The holdings maps an upload may read copies by (holdings.map.ts); `nenhum`: the records' copies are left as they are. */
export const UPLOAD_HOLDINGS = ['nenhum', 'koha', 'marc21'] as const;
/** The statuses a source's code may be mapped to: a copy status, or `withdrawn` (the copy is not imported). */
export const UPLOAD_STATUS_TARGETS = [...COPY_STATUS_CODES, 'withdrawn'] as const;
/** The most an uploaded file may weigh (bytes): larger collections go through `npm run import`. */
export const UPLOAD_MAX_BYTES = 512 * 1024 * 1024;

/** A list of `CODE=VALUE` pairs, comma separated (`CPL=1,FPL=2`), as `--map-library` takes them one by one. */
const pairs = (value: RegExp, example: string) =>
  z
    .string()
    .trim()
    .max(2000)
    .regex(new RegExp(`^(|[^=,]{1,100}=${value.source}(,[^=,]{1,100}=${value.source})*)$`), { error: `CODE=VALUE pairs, comma separated, as ${example}` })
    .optional();

/** What an upload says besides its bytes: the file's name, and how its copies are read and their codes mapped. */
export const uploadQuerySchema = z.object({
  arquivo: text(200).describe("the file's name, as the report shows it"),
  exemplares: z
    .enum(UPLOAD_HOLDINGS)
    .default('nenhum')
    .describe("the holdings map the records' copies are read by: none (nenhum), Koha's 952 (koha) or MARC 21's 852/876 (marc21)"),
  bibliotecas: pairs(/\d{1,9}/, 'CPL=1,FPL=2').describe("source library codes → Estante's library numbers (a library's own code maps itself)"),
  tipos: pairs(/\d{1,5}/, 'BK=1,REF=2').describe("source loan types → Estante's loan type numbers"),
  situacoes: pairs(new RegExp(`(${UPLOAD_STATUS_TARGETS.join('|')})`), 'Missing=extraviado').describe("source statuses → Estante's"),
});
export type UploadQuery = z.input<typeof uploadQuerySchema>;

/** What an import came to (the importer's report, catalog.import.ts), as the screen shows it and downloads it. */
export const uploadReportSchema = z.object({
  lidos: z.number().int(),
  novos: z.number().int(),
  atualizados: z.number().int(),
  iguais: z.number().int(),
  apagados: z.number().int(),
  rejeitados: z.array(z.object({ registro: z.number().int(), byte: z.number().int(), motivo: z.string() })),
  rejeitados_omitidos: z.number().int(),
  avisos: z.array(z.object({ registro: z.number().int(), mensagem: z.string() })),
  avisos_omitidos: z.number().int(),
  lixo: z.array(z.object({ byte: z.number().int(), bytes: z.number().int() })),
  exemplares: z
    .object({
      mapa: z.string(),
      novos: z.number().int(),
      atualizados: z.number().int(),
      iguais: z.number().int(),
      apagados: z.number().int(),
      nao_importados: z.number().int(),
      baixados: z.number().int(),
      nao_mapeados: z.object({
        biblioteca: z.record(z.string(), z.number().int()),
        tipo: z.record(z.string(), z.number().int()),
        situacao: z.record(z.string(), z.number().int()),
      }),
      colecoes_novas: z.record(z.string(), z.number().int()),
    })
    .nullable(),
  /** The importer's own lines (as `npm run import` prints them): the downloadable text report. */
  linhas: z.array(z.string()),
});
export type UploadReport = z.infer<typeof uploadReportSchema>;

/** Where the last upload stands: running (bytes of total, records read), or done with its report, or failed. */
export const uploadStateSchema = z
  .object({
    id: z.number().int(),
    arquivo: z.string(),
    estado: z.enum(['executando', 'concluida', 'falhou', 'interrompida']),
    bytes: z.number().int(),
    total: z.number().int(),
    lidos: z.number().int(),
    iniciada_em: z.string(),
    terminada_em: z.string().nullable(),
    erro: z.string().nullable(),
    relatorio: uploadReportSchema.nullable(),
  })
  .meta({ id: 'ImportacaoCatalogo' });
export type UploadState = z.infer<typeof uploadStateSchema>;

/** The libraries and loan types a copy may name, and the holdings maps an upload may read. */
export const cataloguingOptionsSchema = z.object({
  bibliotecas: z.array(z.object({ cod_biblioteca: z.number().int(), sigla: z.string(), nome: z.string() })),
  tipos_emprestimo: z.array(z.object({ cod_tipo_emprestimo: z.number().int(), descricao: z.string() })),
  situacoes: z.array(z.enum(COPY_STATUS_CODES)),
});

/** A title found by the staff (suppressed ones too). */
export const catalogTitleSchema = z.object({
  cod_acervo: z.number().int(),
  numero_controle: z.string(),
  titulo: z.string(),
  autor: z.string().nullable(),
  ano: z.number().int().nullable(),
  suprimido: z.boolean(),
  exemplares: z.number().int(),
});
export type CatalogTitle = z.infer<typeof catalogTitleSchema>;

/** A copy as the cataloguing screen shows it. */
export const catalogCopySchema = z.object({
  cod_exemplar: z.number().int(),
  tombo: z.string(),
  cod_biblioteca: z.number().int(),
  biblioteca: z.string(),
  cod_tipo_emprestimo: z.number().int(),
  tipo_emprestimo: z.string(),
  localizacao: z.string(),
  colecao: z.string().nullable(),
  volume: z.string().nullable(),
  material: z.string().nullable(),
  situacao: z.enum(COPY_STATUS_CODES),
  acervo_fechado: z.boolean(),
  data_aquisicao: z.string().describe('YYYY-MM-DD'),
});
export type CatalogCopy = z.infer<typeof catalogCopySchema>;

/** A title with its copies, for the staff. */
export const catalogTitleDetailSchema = catalogTitleSchema.extend({ copias: z.array(catalogCopySchema) }).meta({ id: 'TituloCatalogacao' });
export type CatalogTitleDetail = z.infer<typeof catalogTitleDetailSchema>;

/** The statuses a cataloguer may set on a copy: circulation sets the others (on loan, on the hold shelf, in transit). */
export const CATALOGUER_STATUSES = [
  'disponivel',
  'em_processamento',
  'extraviado',
  'consulta_local',
] as const satisfies readonly (typeof COPY_STATUS_CODES)[number][];

/** A copy as the cataloguer writes it (added, or edited: the library changed moves it; `cod_acervo` another title moves it there). */
export const copyBodySchema = z.object({
  tombo: text(50).describe('the barcode (tombo), unique'),
  cod_biblioteca: z.number().int().positive().max(INT4_MAX),
  cod_tipo_emprestimo: smallId,
  localizacao: text(200).describe('call number / shelf location'),
  colecao: optionalText(200),
  volume: optionalText(50),
  material: optionalText(200),
  situacao: z.enum(CATALOGUER_STATUSES).optional().describe('disponivel when left out on a new copy; kept as it is when left out on an edit'),
  acervo_fechado: z.boolean().optional(),
});
export type CopyBody = z.input<typeof copyBodySchema>;

/** An edit of a copy: what `copyBodySchema` says, and optionally another title to move it to. */
export const copyEditBodySchema = copyBodySchema.extend({
  cod_acervo: z.number().int().positive().max(INT4_MAX).optional().describe('move the copy to this title'),
});
export type CopyEditBody = z.input<typeof copyEditBodySchema>;

/** A title suppressed from the OPAC, or shown again. */
export const suppressionBodySchema = z.object({ suprimido: z.boolean() });

/** A title deleted (with its copies). */
export const titleDeletionSchema = z.object({ cod_acervo: z.number().int(), numero_controle: z.string(), exemplares_apagados: z.number().int() });

/** A copy withdrawn (its row deleted). */
export const copyWithdrawalSchema = z.object({ cod_exemplar: z.number().int(), tombo: z.string(), cod_acervo: z.number().int() });

export const cataloguingEndpoints = {
  options: endpoint({
    method: 'GET',
    path: '/api/equipe/catalogacao/opcoes',
    access: STAFF,
    tag: TAG,
    summary: 'The libraries and loan types a copy may name, and the statuses a cataloguer may set',
    response: cataloguingOptionsSchema,
  }),
  upload: endpoint({
    method: 'POST',
    path: '/api/equipe/catalogacao/importacoes',
    access: STAFF,
    tag: TAG,
    summary:
      'Upload a MARC file (ISO 2709 or MARCXML, the request body as application/octet-stream) and import it in the background, its copies read by a holdings map when asked; one import at a time (409); audited',
    query: uploadQuerySchema,
    consumes: ['application/octet-stream'],
    response: uploadStateSchema,
    status: 202,
    errors: [409],
  }),
  lastUpload: endpoint({
    method: 'GET',
    path: '/api/equipe/catalogacao/importacoes/ultima',
    access: STAFF,
    tag: TAG,
    summary: 'The last upload: its progress (bytes of total, records read) while it runs, its report once done',
    response: uploadStateSchema,
    errors: [404],
  }),
  findTitles: endpoint({
    method: 'GET',
    path: '/api/equipe/catalogacao/titulos',
    access: STAFF,
    tag: TAG,
    summary: 'Titles by number, control number or words of the title, suppressed ones too (at most 20)',
    query: z.object({ termo: text(200) }),
    response: z.array(catalogTitleSchema),
  }),
  title: endpoint({
    method: 'GET',
    path: '/api/equipe/catalogacao/titulos/:acervo',
    access: STAFF,
    tag: TAG,
    summary: 'A title with its copies, suppressed or not',
    params: z.object({ acervo: id }),
    response: catalogTitleDetailSchema,
    errors: [404],
  }),
  addCopy: endpoint({
    method: 'POST',
    path: '/api/equipe/catalogacao/titulos/:acervo/exemplares',
    access: STAFF,
    tag: TAG,
    summary: 'Add a copy to a title (its barcode unique); audited',
    params: z.object({ acervo: id }),
    body: copyBodySchema,
    response: catalogTitleDetailSchema,
    status: 201,
    errors: [404, 409],
  }),
  editCopy: endpoint({
    method: 'PUT',
    path: '/api/equipe/catalogacao/exemplares/:id',
    access: STAFF,
    tag: TAG,
    summary: 'Edit a copy: its barcode, library (moves it), loan type, location, collection…, or move it to another title; answers the title it is in; audited',
    params: z.object({ id: id.describe("the copy's number (cod_exemplar)") }),
    body: copyEditBodySchema,
    response: catalogTitleDetailSchema,
    errors: [404, 409],
  }),
  withdrawCopy: endpoint({
    method: 'DELETE',
    path: '/api/equipe/catalogacao/exemplares/:id',
    access: STAFF,
    tag: TAG,
    summary: 'Withdraw a copy: deleted, refused (409) while it is on loan, reserved or in transit, or while loans or other records refer to it; audited',
    params: z.object({ id: id.describe("the copy's number (cod_exemplar)") }),
    response: copyWithdrawalSchema,
    errors: [404, 409],
  }),
  suppress: endpoint({
    method: 'PUT',
    path: '/api/equipe/catalogacao/titulos/:acervo/supressao',
    access: STAFF,
    tag: TAG,
    summary: 'Suppress a title from the OPAC (search, its page, SRU, the sitemap; deleted to OAI-PMH), or show it again; audited',
    params: z.object({ acervo: id }),
    body: suppressionBodySchema,
    response: catalogTitleDetailSchema,
    errors: [404],
  }),
  deleteTitle: endpoint({
    method: 'DELETE',
    path: '/api/equipe/catalogacao/titulos/:acervo',
    access: STAFF,
    tag: TAG,
    summary: 'Delete a title and its copies; refused (409, with the reasons) while a copy is on loan or other records refer to it; audited',
    params: z.object({ acervo: id }),
    response: titleDeletionSchema,
    errors: [404, 409],
  }),
} as const;
