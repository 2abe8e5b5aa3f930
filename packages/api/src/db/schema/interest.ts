import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { titles } from './catalog.js';
import { people } from './people.js';
import { issueArticles, serialIssues } from './serials.js';

/** What an interest-profile entry follows. */
export const INTEREST_KINDS = ['area', 'autor', 'assunto', 'tipo_obra', 'periodico'] as const;

/** What an alert tells of: a new title, a serial's new issue, a new article, an issue's contents. */
export const ALERT_KINDS = ['titulo', 'fasciculo', 'artigo', 'sumario'] as const;

/**
 * The patron's interest profile (spec §7, selective dissemination of information): knowledge
 * areas, authors, subjects and work types to be told about when new titles arrive, and serials
 * whose new issues, articles or contents to be told about. `termo` is what is followed (the area,
 * work type or serial title number, the heading as catalogued), `termo_fold` the same folded
 * (estante_fold) for matching. An entry past `validade` matches nothing.
 */
export const interestEntries = pgTable(
  'interest_entries',
  {
    codigo: serial('codigo').primaryKey(),
    codPessoa: integer('cod_pessoa')
      .notNull()
      .references(() => people.codPessoa, { onDelete: 'cascade' }),
    tipo: text('tipo', { enum: INTEREST_KINDS }).notNull(),
    termo: text('termo').notNull(),
    termoFold: text('termo_fold').notNull(),
    descricao: text('descricao').notNull(),
    validade: date('validade').notNull(),
    /** Serials: tell of each new issue received. */
    fasciculo: boolean('fasciculo').notNull().default(false),
    /** Serials: tell of each new article indexed. */
    artigo: boolean('artigo').notNull().default(false),
    /** Serials: send each issue's table of contents once it is indexed. */
    sumario: boolean('sumario').notNull().default(false),
    /** Work types and serials: only copies / issues at these libraries (empty: any library). */
    bibliotecas: integer('bibliotecas')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    /** Work types: only titles in these languages (empty: any language). */
    idiomas: text('idiomas')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('interest_entries_unique').on(t.codPessoa, t.tipo, t.termoFold),
    index('interest_entries_match_idx').on(t.tipo, t.termoFold),
    check('interest_entries_tipo_valid', sql`${t.tipo} in ('area', 'autor', 'assunto', 'tipo_obra', 'periodico')`),
  ],
);

/**
 * What a patron's profile matched (spec §3 Alert): a new title, or of a followed serial a new
 * issue, a new article or an issue's contents — each once per patron.
 */
export const patronAlerts = pgTable(
  'patron_alerts',
  {
    codAlerta: serial('cod_alerta').primaryKey(),
    codPessoa: integer('cod_pessoa')
      .notNull()
      .references(() => people.codPessoa, { onDelete: 'cascade' }),
    codAcervo: integer('cod_acervo')
      .notNull()
      .references(() => titles.codAcervo, { onDelete: 'cascade' }),
    tipo: text('tipo', { enum: ALERT_KINDS }).notNull().default('titulo'),
    /**
     * The serial's issue (new issue, its contents, or the article's issue), and the article. No
     * foreign keys: each would fire a trigger on every one of the millions of title alerts an
     * import makes (+10% matching time, bench/README); triggers on serial_issues and
     * issue_articles remove these alerts instead when an issue or article goes.
     */
    codFasciculo: integer('cod_fasciculo'),
    codArtigo: integer('cod_artigo'),
    /** The entry that matched, as the profile showed it then. */
    motivo: text('motivo').notNull(),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
    lido: boolean('lido').notNull().default(false),
    /** When it went out in an e-mail digest (null: not yet). */
    enviadoEm: timestamp('enviado_em', { withTimezone: true }),
  },
  (t) => [
    // Once each: a title per patron; a serial's issue (new, or its contents) or article per
    // patron. Two narrow partial indexes rather than one wide one: the millions of title alerts
    // a large import makes keep the two-integer index of before (bench/README). The serial one
    // leads with the issue, for the trigger that removes an issue's alerts when it goes.
    uniqueIndex('patron_alerts_title_once')
      .on(t.codPessoa, t.codAcervo)
      .where(sql`${t.tipo} = 'titulo'`),
    uniqueIndex('patron_alerts_serial_once')
      .on(t.codFasciculo, t.codPessoa, t.tipo, sql`coalesce(${t.codArtigo}, 0)`)
      .where(sql`${t.tipo} <> 'titulo'`),
    // A patron's alerts (their list, the cascade when they go) and, within them, the unsent ones (digests).
    index('patron_alerts_person_idx').on(t.codPessoa, t.enviadoEm),
    check('patron_alerts_tipo_valid', sql`${t.tipo} in ('titulo', 'fasciculo', 'artigo', 'sumario')`),
  ],
);

/** How often a patron's new alerts are e-mailed (weekly unless chosen), and when they last were. */
export const alertSettings = pgTable(
  'alert_settings',
  {
    codPessoa: integer('cod_pessoa')
      .primaryKey()
      .references(() => people.codPessoa, { onDelete: 'cascade' }),
    frequencia: text('frequencia').notNull().default('semanal'),
    ultimoEnvio: timestamp('ultimo_envio', { withTimezone: true }),
  },
  (t) => [check('alert_settings_frequencia_valid', sql`${t.frequencia} in ('imediata', 'diaria', 'semanal', 'nunca')`)],
);

/**
 * Titles catalogued and not yet matched against the profiles: a trigger queues every new title,
 * the matching job takes them (and only it), so a title committed late by a long import is
 * matched all the same, and two servers never match one twice.
 */
export const interestPending = pgTable('interest_pending', {
  codAcervo: integer('cod_acervo')
    .primaryKey()
    .references(() => titles.codAcervo, { onDelete: 'cascade' }),
  queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Serial issues received and articles indexed, not yet matched against the profiles (triggers on
 * serial_issues and issue_articles fill it; the matching job empties it, SKIP LOCKED).
 */
export const interestSerialPending = pgTable('interest_serial_pending', {
  id: serial('id').primaryKey(),
  codFasciculo: integer('cod_fasciculo')
    .notNull()
    .references(() => serialIssues.codFasciculo, { onDelete: 'cascade' }),
  codArtigo: integer('cod_artigo').references(() => issueArticles.codArtigo, { onDelete: 'cascade' }),
});
