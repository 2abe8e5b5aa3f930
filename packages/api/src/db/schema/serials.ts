import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, serial, smallint, text, unique } from 'drizzle-orm/pg-core';
import { titles } from './catalog.js';
import { libraries } from './institution.js';

/** Kinds of serial part (codPar): an ordinary issue, a supplement, an index. */
export const ISSUE_PARTS = ['F', 'S', 'I'] as const;

/**
 * The issues (fascículos) of a serial a library holds: its Kardex. An issue is expected for a
 * year and month (or season) and is received on its arrival date; until then it is missing.
 */
export const serialIssues = pgTable(
  'serial_issues',
  {
    codFasciculo: serial('cod_fasciculo').primaryKey(),
    codAcervo: integer('cod_acervo')
      .notNull()
      .references(() => titles.codAcervo, { onDelete: 'cascade' }),
    codBiblioteca: integer('cod_biblioteca')
      .notNull()
      .references(() => libraries.codBiblioteca),
    parte: text('parte', { enum: ISSUE_PARTS }).notNull().default('F'),
    ano: smallint('ano').notNull(),
    /** 1–12: the month (or the first month of the season) the issue covers. */
    mes: smallint('mes').notNull(),
    volume: text('volume'),
    numero: text('numero'),
    dataChegada: date('data_chegada'),
    /** Claimed from the supplier (migration 0048): when, and what was said. */
    reclamadoEm: date('reclamado_em'),
    reclamacao: text('reclamacao'),
  },
  (t) => [
    index('serial_issues_acervo_idx').on(t.codAcervo, t.codBiblioteca, t.ano),
    unique('serial_issues_one_per_slot').on(t.codAcervo, t.codBiblioteca, t.parte, t.ano, t.mes, t.numero),
    check('serial_issues_mes', sql`${t.mes} between 1 and 12`),
    check('serial_issues_ano', sql`${t.ano} between 1500 and 2999`),
    check('serial_issues_parte', sql`${t.parte} in ('F', 'S', 'I')`),
  ],
);

/** The table of contents of an issue (its sumário): articles in page order. */
export const issueArticles = pgTable(
  'issue_articles',
  {
    codArtigo: serial('cod_artigo').primaryKey(),
    codFasciculo: integer('cod_fasciculo')
      .notNull()
      .references(() => serialIssues.codFasciculo, { onDelete: 'cascade' }),
    seq: smallint('seq').notNull(),
    titulo: text('titulo').notNull(),
    autores: text('autores'),
    paginas: text('paginas'),
  },
  (t) => [unique('issue_articles_seq').on(t.codFasciculo, t.seq), check('issue_articles_titulo', sql`btrim(${t.titulo}) <> ''`)],
);

/** The serials a library takes, from which month, at which frequency when not the title's own (migration 0048). */
export const serialSubscriptions = pgTable(
  'serial_subscriptions',
  {
    codAcervo: integer('cod_acervo')
      .notNull()
      .references(() => titles.codAcervo, { onDelete: 'cascade' }),
    codBiblioteca: integer('cod_biblioteca')
      .notNull()
      .references(() => libraries.codBiblioteca, { onDelete: 'cascade' }),
    periodicidade: text('periodicidade'),
    inicio: date('inicio').notNull(),
  },
  (t) => [
    primaryKey({ name: 'serial_subscriptions_pk', columns: [t.codAcervo, t.codBiblioteca] }),
    check('serial_subscriptions_periodicidade', sql`${t.periodicidade} in ('m', 'b', 'q', 't', 'f', 'a')`),
    check('serial_subscriptions_inicio', sql`extract(day from ${t.inicio}) = 1`),
  ],
);
