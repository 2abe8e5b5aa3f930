import { z } from 'zod';
import { INT4_MAX } from '../common.js';
import { recordId } from '../record-id.js';
import { AUTHORITY_TYPES } from './authorities.js';
import { disponibilidadeSchema } from '../search/search.js';
import { citacaoSchema } from '../opensearch/citation-metadata.js';

/** A title or authority id in a path: digits only (anything else is a 400, not a 404). */
export const recordIdParamsSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, { error: 'id must be a record number' })
    .transform(Number),
});

/** An item of a title's additional data list (spec §3 dados_adicionais: codigo, descricao). */
export const dadoAdicionalSchema = z.object({ codigo: z.string(), descricao: z.string() });
export type DadoAdicional = z.infer<typeof dadoAdicionalSchema>;

/** An authority heading a title is linked to (its author, subjects …). */
export const autoridadeVinculadaSchema = z.object({
  cod_autoridade: z.number().int(),
  tipo: z.enum(AUTHORITY_TYPES),
  cabecalho: z.string(),
});

/** The tabs of the title page (spec §2) the API says this title has data for. */
export const TITLE_TAB_CODES = ['33', '36', '30', '115', '18', '75', '32', '74', 'acervo_fechado', 'summary', 'sumario_livro'] as const;
export type TitleTabCode = (typeof TITLE_TAB_CODES)[number];

/** `GET /acervo/{id}`: the title record (spec §3 "Title"). */
export const acervoSchema = z
  .object({
    cod_acervo: z.number().int(),
    cod_tipo_obra: z.number().int(),
    desc_tipo_obra: z.string(),
    titulo: z.string(),
    responsabilidade: z.string().nullable(),
    autor: z.string().nullable(),
    autores_secundarios: z.array(z.string()),
    assuntos: z.array(z.string()),
    edicao: z.string().nullable(),
    local: z.string().nullable(),
    editora: z.string().nullable(),
    ano_publicacao: z.number().int().nullable(),
    descricao_fisica: z.string().nullable(),
    serie: z.string().nullable(),
    notas: z.string().nullable(),
    idioma: z.string().nullable(),
    idioma_desc: z.string().nullable(),
    numero_chamada: z.string().nullable(),
    isbn: z.array(z.string()),
    issn: z.array(z.string()),
    link_capa: z.string().nullable(),
    acesso_remoto: z.boolean(),
    possui_acessibilidade: z.boolean(),
    cod_area_conhecimento: z.number().int().nullable(),
    cod_tipo_area_conhec: z.number().int().nullable(),
    desc_tipo_area_conhec: z.string().nullable(),
    areas_conhecimento: z.array(dadoAdicionalSchema),
    rota: z.string().nullable(),
    /** Courses whose teaching plans cite the title. */
    cursos_disc: z.array(z.object({ codigo: z.string(), descricao: z.string(), campus: z.string().nullable() })),
    /** Lists keyed by facet letter (B libraries, A authors, S subjects, E publishers). */
    dados_adicionais: z.record(z.string(), z.array(dadoAdicionalSchema)),
    autoridades: z.array(autoridadeVinculadaSchema),
    disponibilidade: z.array(disponibilidadeSchema),
    /** Tab codes this title offers (spec §2); tabs it has no data for are left out. */
    abas: z.array(z.enum(TITLE_TAB_CODES)),
    /** What the page's citation metadata (COinS, JSON-LD) needs: every name with its part, and the host of a chapter or article. */
    citacao: citacaoSchema,
  })
  .meta({ id: 'Acervo' });
export type Acervo = z.infer<typeof acervoSchema>;

/** Reference styles: ABNT NBR 6023:2018 (default), APA, Vancouver. */
export const REFERENCE_STYLES = ['abnt', 'apa', 'vancouver'] as const;
export type ReferenceStyle = (typeof REFERENCE_STYLES)[number];
export const referenciaQuerySchema = z.object({ estilo: z.enum(REFERENCE_STYLES).default('abnt') });
/** `GET /acervo/{id}/referencia`: the formatted reference as text and as HTML (bold title). */
export const referenciaSchema = z
  .object({ cod_acervo: z.number().int(), estilo: z.enum(REFERENCE_STYLES), texto: z.string(), html: z.string() })
  .meta({ id: 'Referencia' });
export type Referencia = z.infer<typeof referenciaSchema>;

/** `GET /acervo/{id}/marc`: the record as cataloguers read it, with field labels. */
export const marcQuerySchema = z.object({ liberacao: z.enum(['0', '1']).optional() });
const marcSubcampoSchema = z.object({ codigo: z.string(), valor: z.string(), rotulo: z.string().nullable() });
export const marcCampoSchema = z.object({
  tag: z.string(),
  rotulo: z.string().nullable(),
  ind1: z.string().nullable(),
  ind2: z.string().nullable(),
  /** Control fields have a value; data fields have subfields. */
  valor: z.string().nullable(),
  subcampos: z.array(marcSubcampoSchema),
});
export const marcViewSchema = z
  .object({
    lider: z.string(),
    campos: z.array(marcCampoSchema),
    /** With `liberacao=1`: the record for copy cataloguing, as MARCXML and as ISO 2709. */
    marcxml: z.string().optional(),
    iso2709: z.string().optional(),
  })
  .meta({ id: 'Marc' });
export type MarcView = z.infer<typeof marcViewSchema>;
export type MarcCampo = z.infer<typeof marcCampoSchema>;

/** Dublin Core elements in the order of the Library of Congress MARC→DC crosswalk. */
export const DC_ELEMENTS = [
  'title',
  'creator',
  'type',
  'publisher',
  'date',
  'language',
  'format',
  'description',
  'subject',
  'coverage',
  'relation',
  'identifier',
  'rights',
] as const;
export const dublinCoreSchema = z
  .object({
    elementos: z.array(z.object({ elemento: z.enum(DC_ELEMENTS), valor: z.string(), atributos: z.record(z.string(), z.string()) })),
  })
  .meta({ id: 'DublinCore' });
export type DublinCore = z.infer<typeof dublinCoreSchema>;

/** `GET /acervo/{id}/exemplares?cod_unidade=`: copies, optionally of one library. */
export const exemplaresQuerySchema = z.object({
  cod_unidade: z
    .string()
    .regex(/^\d{1,9}$/, { error: 'cod_unidade must be a library code' })
    .transform(Number)
    .optional(),
});
export const COPY_STATUS_CODES = ['disponivel', 'emprestado', 'reservado', 'em_transito', 'em_processamento', 'extraviado', 'consulta_local'] as const;
export const exemplarSchema = z.object({
  cod_exemplar: z.number().int(),
  tombo: z.string(),
  cod_biblioteca: z.number().int(),
  desc_biblioteca: z.string(),
  localizacao: z.string(),
  tipo_emprestimo: z.string(),
  colecao: z.string().nullable(),
  situacao: z.enum(COPY_STATUS_CODES),
  data_devolucao_prevista: z.string().nullable(),
  volume: z.string().nullable(),
  tomo: z.string().nullable(),
  parte: z.string().nullable(),
  numero: z.string().nullable(),
  material: z.string().nullable(),
});
export type Exemplar = z.infer<typeof exemplarSchema>;
export const exemplaresSchema = z.object({ exemplares: z.array(exemplarSchema), disponibilidade: z.array(disponibilidadeSchema) }).meta({ id: 'Exemplares' });

/** `GET /acervo/{id}/bibliotecas`: the libraries holding copies of the title. */
export const acervoBibliotecasSchema = z.array(z.object({ cod_biblioteca: z.number().int(), desc_biblioteca: z.string() }));

/** `GET /acervo/{id}/links` and `/vinculos/links-resultado`: the title's online links (MARC 856). */
export const linkSchema = z.object({
  /** The address; null for a restricted link until a signed-in patron asks for it (acesso-restrito). */
  url: z.string().nullable(),
  descricao: z.string().nullable(),
  tipo: z.enum(['recurso', 'capa', 'relacionado']),
  /** Only for the institution's patrons (856 marked "acesso restrito"). */
  restrito: z.boolean(),
  /** The link's place among the record's links (seq_paragrafo). */
  seq: z.number().int(),
  /**
   * A restricted link at a configured provider (its address on one of the provider's domains,
   * decision 0023): the provider's key. The patron is handed over through the provider, in a
   * new tab (/pearson); null otherwise.
   */
  provedor: z.string().nullable(),
});
export const linksSchema = z.array(linkSchema);
/** `?acervos=1,2,3`: up to 100 title numbers (a results page, the basket). */
export const acervosListQuerySchema = z.object({
  acervos: z
    .string()
    .regex(/^\d{1,9}(,\d{1,9}){0,99}$/, { error: 'acervos is a comma-separated list of up to 100 title numbers' })
    .transform((v) => v.split(',').map(Number)),
});
export const linksResultadoQuerySchema = acervosListQuerySchema;
export const linksResultadoSchema = z.array(z.object({ cod_acervo: z.number().int(), links: linksSchema }));

/** `GET /acervo/{id}/cor`: the colour that marks the title's work type (badges, default cover). */
export const corSchema = z.object({ cod_tipo_obra: z.number().int(), cor: z.string().regex(/^#[0-9a-f]{6}$/) });

/** `GET /acervo/{id}/permissoes`: what the caller may do with this title. */
export const permissoesSchema = z.object({
  reservar: z.boolean(),
  solicitar_emprestimo: z.boolean(),
  comentar: z.boolean(),
  /** False: anonymous; the page asks to sign in before commenting, holding or requesting. */
  autenticado: z.boolean(),
});

/** `GET /acervo/{id}/dados-estatisticos/anos` and `/dados/{year}`: loans per month. */
export const anosEstatisticaSchema = z.array(z.number().int());
export const yearParamsSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, { error: 'id must be a record number' })
    .transform(Number),
  ano: z
    .string()
    .regex(/^\d{4}$/, { error: 'year must have four digits' })
    .transform(Number),
});
export const dadosEstatisticosSchema = z
  .object({ ano: z.number().int(), meses: z.array(z.object({ mes: z.number().int(), emprestimos: z.number().int() })), total: z.number().int() })
  .meta({ id: 'DadosEstatisticos' });
export type DadosEstatisticos = z.infer<typeof dadosEstatisticosSchema>;

/** `GET /vinculos/imagem?cod_acervo=&limite=`: cover images of a title. */
export const vinculosImagemQuerySchema = z.object({
  cod_acervo: z
    .string()
    .regex(/^\d{1,9}$/, { error: 'cod_acervo must be a title number' })
    .transform(Number),
  limite: z
    .string()
    .regex(/^\d{1,2}$/, { error: 'limite must be 1 to 99' })
    .transform(Number)
    .pipe(z.number().min(1))
    .optional(),
});
export const vinculosImagemSchema = z.array(z.object({ url: z.string(), descricao: z.string().nullable() }));

/** `POST /vinculos/estatistica-acesso`: a followed link, counted; the client ignores failures. */
export const estatisticaAcessoSchema = z.object({
  cod_acervo: recordId,
  seq_paragrafo: z.number().int().min(0).max(999).optional(),
  url: z.string().max(2000),
  user_id: z.number().int().min(0).max(INT4_MAX).optional(),
  browser: z.string().max(100).optional(),
  device: z.string().max(100).optional(),
  os: z.string().max(100).optional(),
});

/** `GET /autoridade/{id}`: an authority record, its see / see-also references and its titles. */
export const autoridadeSchema = z
  .object({
    cod_autoridade: z.number().int(),
    tipo: z.enum(AUTHORITY_TYPES),
    cabecalho: z.string(),
    campo: z.enum(['autor', 'titulo', 'assunto']),
    /** 4XX: forms not used (see from). */
    remissivas: z.array(z.string()),
    /** 5XX: related headings (see also). */
    relacionados: z.array(z.string()),
    /** 670/680/678 notes: sources and scope. */
    notas: z.array(z.string()),
    total_titulos: z.number().int(),
    titulos: z.array(z.object({ cod_acervo: z.number().int(), titulo: z.string(), autor: z.string().nullable(), ano_publicacao: z.number().int().nullable() })),
  })
  .meta({ id: 'Autoridade' });
export type Autoridade = z.infer<typeof autoridadeSchema>;

/** `GET /autoridade/combo?autoridades=1,2`: short descriptions of several authorities. */
export const autoridadeComboQuerySchema = z.object({
  autoridades: z
    .string()
    .regex(/^\d{1,9}(,\d{1,9}){0,99}$/, { error: 'autoridades is a comma-separated list of up to 100 authority numbers' })
    .transform((v) => v.split(',').map(Number)),
});
export const autoridadeComboSchema = z.array(z.object({ cod_autoridade: z.number().int(), tipo: z.enum(AUTHORITY_TYPES), cabecalho: z.string() }));

/** `POST /vinculos/acesso-restrito/{acervo}/s/{seq}`: a restricted link's address for a signed-in patron. */
export const acessoRestritoParamsSchema = z.object({
  acervo: z
    .string()
    .regex(/^\d{1,9}$/, { error: 'acervo must be a title number' })
    .transform(Number),
  seq: z
    .string()
    .regex(/^\d{1,3}$/, { error: 's must be a link number' })
    .transform(Number),
});
export const acessoRestritoBodySchema = z.object({
  userId: z.number().int().optional(),
  browser: z.string().max(100).optional(),
  device: z.string().max(100).optional(),
  os: z.string().max(100).optional(),
});
export const acessoRestritoSchema = z.object({ url: z.string() });

/** A calendar date YYYY-MM-DD (2025-02-30 is not one), years 1900–2999. */
export const isoDate = z
  .string()
  .regex(/^(19|2\d)\d{2}-\d{2}-\d{2}$/, { error: 'dates are YYYY-MM-DD' })
  .refine(
    (v) => {
      const [y, m, d] = v.split('-').map(Number) as [number, number, number];
      const date = new Date(Date.UTC(y, m - 1, d));
      return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
    },
    { error: 'not a calendar date' },
  );

/** The fields of a period query: both dates needed (what `periodInOrder` then checks). */
export const periodShape = { dataIni: isoDate, dataFim: isoDate };
/** A period's one rule, for the API's queries and the forms that ask for one: the start not after the end. */
export const periodInOrder = (q: { dataIni: string; dataFim: string }) => q.dataIni <= q.dataFim;
/** How the API words a period out of order (a form words it in its language). */
export const PERIOD_ORDER = { error: 'dataIni must not be after dataFim', path: ['dataIni'] };

/** `GET /acervo/{id}/totais`: the title's circulation in a period, optionally at one library (private). */
export const totaisQuerySchema = z
  .object({
    ...periodShape,
    biblioteca: z
      .string()
      .regex(/^\d{1,9}$/, { error: 'biblioteca must be a library code' })
      .transform(Number)
      .optional(),
  })
  .refine(periodInOrder, PERIOD_ORDER);
export const totaisSchema = z.object({
  dataIni: z.string(),
  dataFim: z.string(),
  emprestimos: z.number().int(),
  renovacoes: z.number().int(),
  leitores: z.number().int(),
  por_biblioteca: z.array(z.object({ cod_biblioteca: z.number().int(), desc_biblioteca: z.string(), emprestimos: z.number().int() })),
});
