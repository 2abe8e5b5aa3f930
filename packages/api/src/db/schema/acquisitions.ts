import { SUGGESTION_STATUSES } from '@estante/contracts/acquisitions';
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, numeric, pgTable, primaryKey, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { titles } from './catalog.js';
import { campuses, libraries } from './institution.js';
import { people } from './people.js';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * Purchase orders: suggestions of one library bought from one supplier. Closing one ends what
 * was not (fully) delivered.
 */
export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    codPedido: serial('cod_pedido').primaryKey(),
    codBiblioteca: integer('cod_biblioteca')
      .notNull()
      .references(() => libraries.codBiblioteca),
    fornecedor: text('fornecedor').notNull(),
    previsaoEntrega: date('previsao_entrega'),
    nota: text('nota'),
    encerrado: boolean('encerrado').notNull().default(false),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('purchase_orders_fornecedor', sql`btrim(${t.fornecedor}) <> ''`)],
);

/**
 * Acquisition suggestions (`POST /unidade-informacao/sugestao-aquisicao`, spec §3 form and list).
 * A new one is a pre-suggestion until the library's acquisition staff take it up; its life
 * (suggestion_events) runs through quote, order (`cod_pedido`), delivery (`total_entregue` of
 * `quantidade`) or refusal. `cod_acervo` links the title delivered, or the one that already existed.
 */
export const acquisitionSuggestions = pgTable(
  'acquisition_suggestions',
  {
    id: serial('id').primaryKey(),
    codPessoa: integer('cod_pessoa')
      .notNull()
      .references(() => people.codPessoa, { onDelete: 'cascade' }),
    codCampus: integer('cod_campus').references(() => campuses.codCampus),
    codBiblioteca: integer('cod_biblioteca')
      .notNull()
      .references(() => libraries.codBiblioteca),
    autor: text('autor'),
    titulo: text('titulo').notNull(),
    edicao: text('edicao'),
    editor: text('editor').notNull(),
    isbnIssn: text('isbn_issn'),
    /** The suggested work is a periodical (isbn_issn then holds an ISSN). */
    periodico: boolean('periodico').notNull().default(false),
    outrasInf: text('outras_inf'),
    situacao: text('situacao').notNull().default('pre_sugestao'),
    enviadoEm: timestamp('enviado_em', { withTimezone: true }).notNull().defaultNow(),
    quantidade: integer('quantidade').notNull().default(1),
    dataCotacao: date('data_cotacao'),
    obraEstrangeira: boolean('obra_estrangeira').notNull().default(false),
    /** The unit price and the supplier of the quote (migration 0047). */
    preco: numeric('preco', { precision: 10, scale: 2 }),
    fornecedor: text('fornecedor'),
    totalEntregue: integer('total_entregue').notNull().default(0),
    codPedido: integer('cod_pedido').references(() => purchaseOrders.codPedido, { onDelete: 'set null' }),
    codAcervo: integer('cod_acervo').references(() => titles.codAcervo, { onDelete: 'set null' }),
    nota: text('nota'),
    atualizadoEm: timestamp('atualizado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('acquisition_suggestions_pessoa_idx').on(t.codPessoa),
    index('acquisition_suggestions_situacao_idx').on(t.situacao),
    index('acquisition_suggestions_pedido_idx').on(t.codPedido),
    check('acquisition_suggestions_required', sql`btrim(${t.titulo}) <> '' and btrim(${t.editor}) <> ''`),
    check('acquisition_suggestions_situacao_valid', sql`${t.situacao} in (${inList(SUGGESTION_STATUSES)})`),
    check('acquisition_suggestions_counts', sql`${t.quantidade} between 1 and 9999 and ${t.totalEntregue} between 0 and ${t.quantidade}`),
    check('acquisition_suggestions_preco', sql`${t.preco} >= 0`),
  ],
);

/** A library's acquisition budget for a fiscal (calendar) year (migration 0047). */
export const acquisitionBudgets = pgTable(
  'acquisition_budgets',
  {
    codBiblioteca: integer('cod_biblioteca')
      .notNull()
      .references(() => libraries.codBiblioteca, { onDelete: 'cascade' }),
    ano: smallint('ano').notNull(),
    valor: numeric('valor', { precision: 12, scale: 2 }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'acquisition_budgets_pk', columns: [t.codBiblioteca, t.ano] }),
    check('acquisition_budgets_valor', sql`${t.valor} >= 0`),
    check('acquisition_budgets_ano', sql`${t.ano} between 2000 and 2100`),
  ],
);

/** Each step of a suggestion's life, with the library's note. */
export const suggestionEvents = pgTable(
  'suggestion_events',
  {
    codEvento: serial('cod_evento').primaryKey(),
    codSugestao: integer('cod_sugestao')
      .notNull()
      .references(() => acquisitionSuggestions.id, { onDelete: 'cascade' }),
    situacao: text('situacao').notNull(),
    nota: text('nota'),
    em: timestamp('em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('suggestion_events_sugestao_idx').on(t.codSugestao)],
);

/**
 * Databases and e-resources the library subscribes to (`GET …/bases-dados`): for every patron
 * category, or only those listed in `categorias`.
 */
export const eResources = pgTable(
  'e_resources',
  {
    codBase: serial('cod_base').primaryKey(),
    nome: text('nome').notNull().unique(),
    descricao: text('descricao'),
    area: text('area'),
    url: text('url').notNull(),
    acessoRemoto: boolean('acesso_remoto').notNull().default(true),
    categorias: text('categorias').array(),
  },
  (t) => [check('e_resources_url', sql`${t.url} ~ '^https?://'`)],
);
