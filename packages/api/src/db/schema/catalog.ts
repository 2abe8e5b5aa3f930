import { AUTHORITY_TYPES } from '@estante/contracts/catalog';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { libraries } from './institution.js';

/** PostgreSQL tsvector: filled by the titles_search_vector trigger, never by the app. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Work types (tipos de obra), derived from the MARC leader and 502; reference data. */
export const workTypes = pgTable('work_types', {
  codTipoObra: smallint('cod_tipo_obra').primaryKey(),
  descricao: text('desc_tipo_obra').notNull(),
});

/** MARC language codes with their names in the three interface languages; reference data. */
export const languages = pgTable('languages', {
  codigo: text('codigo').primaryKey(),
  nomePt: text('nome_pt').notNull(),
  nomeEn: text('nome_en').notNull(),
  nomeEs: text('nome_es').notNull(),
});

/** Knowledge areas (facet K); an area belongs to an area type. */
export const knowledgeAreas = pgTable('knowledge_areas', {
  codAreaConhecimento: serial('cod_area_conhecimento').primaryKey(),
  codTipoAreaConhec: smallint('cod_tipo_area_conhec').notNull(),
  descTipoAreaConhec: text('desc_tipo_area_conhec').notNull(),
  descricao: text('descricao').notNull(),
  rota: text('rota').notNull().unique(),
});

/**
 * What a title record holds: the MARC 21 record (JSON), the source of truth, and every column
 * derived from it by `deriveTitle` for display, facets and search. Our titles and the partner
 * network's harvested records (network.ts) share it, so one search engine reads both.
 */
export function titleRecordColumns() {
  return {
    marc: jsonb('marc').notNull(),
    codTipoObra: smallint('cod_tipo_obra')
      .notNull()
      .references(() => workTypes.codTipoObra),
    title: text('title').notNull(),
    responsibility: text('responsibility'),
    author: text('author'),
    addedAuthors: text('added_authors')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    subjects: text('subjects')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    edition: text('edition'),
    place: text('place'),
    publisher: text('publisher'),
    anoPublicacao: smallint('ano_publicacao'),
    idioma: text('idioma').references(() => languages.codigo),
    physicalDescription: text('physical_description'),
    series: text('series'),
    notes: text('notes'),
    callNumber: text('call_number'),
    isbn: text('isbn')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    issn: text('issn')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    linkCapa: text('link_capa'),
    acessoRemoto: boolean('acesso_remoto').notNull().default(false),
    possuiAcessibilidade: boolean('possui_acessibilidade').notNull().default(false),
    codAreaConhecimento: integer('cod_area_conhecimento').references(() => knowledgeAreas.codAreaConhecimento),
    /**
     * Additional-data facet values, "letter U+001F value" (derive.ts ADDITIONAL_DATA, decision
     * 0014). Null: not derived yet (titles imported before migration 0024), filled at start.
     */
    dadosAdicionais: text('dados_adicionais').array(),
    searchVector: tsvector('search_vector'),
    /** The same text stemmed in the title's own language ("similar words" search). */
    searchStem: tsvector('search_stem'),
    /** The title folded (lower case, no accents), kept by the trigger: sort and "starts with". */
    titleFold: text('title_fold'),
    /**
     * The title's sort key without its nonfiling characters (245 second indicator: "A educação"
     * sorts under E), kept by a trigger from the MARC record (migration 0050); null when the record
     * skips none: then title_fold is the sort key.
     */
    titleSort: text('title_sort'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  };
}

/** Titles (acervo): our own catalogue. */
export const titles = pgTable(
  'titles',
  {
    codAcervo: serial('cod_acervo').primaryKey(),
    controlNumber: text('control_number').notNull().unique(),
    ...titleRecordColumns(),
    /** Hidden from the OPAC by the library (migration 0052, decision 0057): out of search, SRU, the sitemap; a 404 to patrons; deleted to OAI-PMH. */
    suppressed: boolean('suppressed').notNull().default(false),
  },
  (t) => [
    index('titles_search_vector_idx').using('gin', t.searchVector),
    index('titles_search_stem_idx').using('gin', t.searchStem),
    index('titles_tipo_obra_idx').on(t.codTipoObra),
    index('titles_ano_idx').on(t.anoPublicacao),
    index('titles_idioma_idx').on(t.idioma),
    index('titles_created_idx').on(t.createdAt),
    // The OAI-PMH provider lists titles by datestamp (from / until), then number.
    index('titles_updated_idx').on(t.updatedAt, t.codAcervo),
    // The titles still to derive (catalog.import deriveMissing, at every start): none, at once.
    index('titles_not_derived_idx')
      .on(t.codAcervo)
      .where(sql`${t.dadosAdicionais} is null`),
    check('titles_ano_range', sql`${t.anoPublicacao} between 0 and 2999`),
    check('titles_title_not_blank', sql`btrim(${t.title}) <> ''`),
  ],
);

/**
 * Tombstones: a title deleted from the catalogue (trigger titles_tombstone), kept so OAI-PMH
 * harvesters learn of the deletion (deletedRecord "persistent"). A title imported again under
 * the same control number is a new title with a new number; the old one stays deleted.
 */
export const deletedTitles = pgTable(
  'deleted_titles',
  {
    codAcervo: integer('cod_acervo').primaryKey(),
    controlNumber: text('control_number').notNull(),
    codTipoObra: smallint('cod_tipo_obra').notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('deleted_titles_deleted_idx').on(t.deletedAt, t.codAcervo)],
);

/** Loan types (tipos de empréstimo) a copy can carry. */
export const loanTypes = pgTable('loan_types', {
  codTipoEmprestimo: smallint('cod_tipo_emprestimo').primaryKey(),
  descricao: text('descricao').notNull(),
  permiteEmprestimo: boolean('permite_emprestimo').notNull(),
  permiteReserva: boolean('permite_reserva').notNull(),
});

/** The statuses a copy can be in; a loaned copy must have its expected return date. */
export const COPY_STATUSES = ['disponivel', 'emprestado', 'reservado', 'em_transito', 'em_processamento', 'extraviado', 'consulta_local'] as const;

/** Copies (exemplares) of a title, each held by one library. */
export const copies = pgTable(
  'copies',
  {
    codExemplar: serial('cod_exemplar').primaryKey(),
    codAcervo: integer('cod_acervo')
      .notNull()
      .references(() => titles.codAcervo, { onDelete: 'cascade' }),
    codBiblioteca: integer('cod_biblioteca')
      .notNull()
      .references(() => libraries.codBiblioteca),
    codTipoEmprestimo: smallint('cod_tipo_emprestimo')
      .notNull()
      .references(() => loanTypes.codTipoEmprestimo),
    tombo: text('tombo').notNull().unique(),
    localizacao: text('localizacao').notNull(),
    colecao: text('colecao'),
    status: text('status', { enum: COPY_STATUSES }).notNull().default('disponivel'),
    dataDevolucaoPrevista: date('data_devolucao_prevista'),
    volume: text('volume'),
    tomo: text('tomo'),
    parte: text('parte'),
    numero: text('numero'),
    material: text('material'),
    /** Kept in closed stacks: patrons ask staff to fetch it (acervo fechado, POST /gravar-armazem). */
    acervoFechado: boolean('acervo_fechado').notNull().default(false),
    /** When the library acquired it (collection totals by period). */
    dataAquisicao: date('data_aquisicao')
      .notNull()
      .default(sql`current_date`),
  },
  (t) => [
    index('copies_acervo_idx').on(t.codAcervo),
    index('copies_biblioteca_idx').on(t.codBiblioteca),
    check('copies_status_valid', sql`${t.status} in (${sql.raw(COPY_STATUSES.map((s) => `'${s}'`).join(', '))})`),
    check('copies_due_only_when_loaned', sql`(${t.status} = 'emprestado') = (${t.dataDevolucaoPrevista} is not null)`),
  ],
);

/** Where a MARC file uploaded from the staff area stands (migration 0052, cataloguing.service.ts). */
export const CATALOG_UPLOAD_STATES = ['executando', 'concluida', 'falhou', 'interrompida'] as const;

/** MARC files uploaded from the staff area and imported in the background: progress and report; one running at a time. */
export const catalogUploads = pgTable(
  'catalog_uploads',
  {
    id: serial('id').primaryKey(),
    arquivo: text('arquivo').notNull(),
    autor: text('autor').notNull(),
    estado: text('estado', { enum: CATALOG_UPLOAD_STATES }).notNull().default('executando'),
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
    total: bigint('total', { mode: 'number' }).notNull(),
    lidos: integer('lidos').notNull().default(0),
    relatorio: jsonb('relatorio'),
    erro: text('erro'),
    iniciadaEm: timestamp('iniciada_em', { withTimezone: true }).notNull().defaultNow(),
    atualizadaEm: timestamp('atualizada_em', { withTimezone: true }).notNull().defaultNow(),
    terminadaEm: timestamp('terminada_em', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('catalog_uploads_one_running')
      .on(sql`(true)`)
      .where(sql`${t.estado} = 'executando'`),
    check('catalog_uploads_estado', sql`${t.estado} in ('executando', 'concluida', 'falhou', 'interrompida')`),
  ],
);

/** The twelve authority types of spec §3 (contracts: AUTHORITY_TYPES). */
export { AUTHORITY_TYPES };

/** Authority records (names, subjects …) with their MARC 21 authority record. */
export const authorities = pgTable(
  'authorities',
  {
    codAutoridade: serial('cod_autoridade').primaryKey(),
    controlNumber: text('control_number').notNull().unique(),
    tipo: text('tipo', { enum: AUTHORITY_TYPES }).notNull(),
    heading: text('heading').notNull(),
    marc: jsonb('marc').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('authorities_heading_idx').on(t.heading),
    check('authorities_tipo_valid', sql`${t.tipo} in (${sql.raw(AUTHORITY_TYPES.map((s) => `'${s}'`).join(', '))})`),
  ],
);

/**
 * The library's own controlled values in English and Spanish (issue 24): the names a patron reads
 * of knowledge areas and their kind, loan types, collections and patron categories (issue 55,
 * migration 0051), which the library writes in Portuguese. Keyed by the kind and the Portuguese
 * name (a collection is free text on its copies); a value with no row, or no text in a language,
 * reads in Portuguese. Set with `npm run institution -- translate`; the CNPq areas come translated
 * (migration 0039).
 */
export const VALUE_KINDS = ['area', 'tipo_area', 'tipo_emprestimo', 'colecao', 'categoria'] as const;
export type ValueKind = (typeof VALUE_KINDS)[number];

export const valueTranslations = pgTable(
  'value_translations',
  {
    kind: text('kind').notNull(),
    valor: text('valor').notNull(),
    en: text('en'),
    es: text('es'),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.valor] }),
    check('value_translations_kind', sql`${t.kind} in (${sql.raw(VALUE_KINDS.map((k) => `'${k}'`).join(', '))})`),
  ],
);

/**
 * A title's earlier versions of its MARC record (the record editor, issue 57, migration 0053,
 * decision 0058): version `versao` as it was from `criadaEm` until `substituidaEm`. The current
 * record is titles.marc; its version is one more than the rows kept.
 */
export const titleVersions = pgTable(
  'title_versions',
  {
    codAcervo: integer('cod_acervo')
      .notNull()
      .references(() => titles.codAcervo, { onDelete: 'cascade' }),
    versao: integer('versao').notNull(),
    marc: jsonb('marc').notNull(),
    criadaEm: timestamp('criada_em', { withTimezone: true }).notNull(),
    substituidaEm: timestamp('substituida_em', { withTimezone: true }).notNull().defaultNow(),
    substituidaPor: text('substituida_por').notNull(),
  },
  (t) => [primaryKey({ columns: [t.codAcervo, t.versao] }), check('title_versions_versao_positive', sql`${t.versao} >= 1`)],
);
