import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { titles } from './catalog.js';
import { people } from './people.js';

/** What an interest-profile entry follows. */
export const INTEREST_KINDS = ['area', 'autor', 'assunto', 'tipo_obra'] as const;

/**
 * The patron's interest profile (spec §7, selective dissemination of information): knowledge
 * areas, authors, subjects and work types to be told about when new titles arrive. `termo` is
 * what is followed (the area or work type number, the heading as catalogued), `termo_fold` the
 * same folded (estante_fold) for matching. An entry past `validade` matches nothing.
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
    /** Work types: only copies at these libraries (empty: any library). */
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
    check('interest_entries_tipo_valid', sql`${t.tipo} in ('area', 'autor', 'assunto', 'tipo_obra')`),
  ],
);

/** A new title a patron's profile matched (spec §3 Alert): once per patron and title. */
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
    /** The entry that matched, as the profile showed it then. */
    motivo: text('motivo').notNull(),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
    lido: boolean('lido').notNull().default(false),
    /** When it went out in an e-mail digest (null: not yet). */
    enviadoEm: timestamp('enviado_em', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('patron_alerts_unique').on(t.codPessoa, t.codAcervo),
    index('patron_alerts_unsent_idx')
      .on(t.codPessoa)
      .where(sql`${t.enviadoEm} is null`),
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
