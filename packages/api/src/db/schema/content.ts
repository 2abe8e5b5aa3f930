import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, time, timestamp } from 'drizzle-orm/pg-core';
import { campuses, libraries } from './institution.js';
import { people } from './people.js';

/**
 * The institution's pages (spec §7 "Parameters"): `secao_1`, `secao_2` (the home page's two
 * sections), `informacoes_gerais`, and `atividade:{code}` (what a feature is for, its
 * "informativo"). One row per language; a language without its own row reads the Portuguese one.
 */
export const institutionContent = pgTable(
  'institution_content',
  {
    chave: text('chave').notNull(),
    idioma: text('idioma').notNull(),
    titulo: text('titulo').notNull(),
    /** Formatting HTML; the browser sanitises it before showing it. */
    html: text('html').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.chave, t.idioma] }),
    check('institution_content_idioma', sql`${t.idioma} in ('pt', 'en', 'es')`),
    check('institution_content_chave', sql`${t.chave} ~ '^(secao_1|secao_2|informacoes_gerais|atividade:[0-9]+)$'`),
  ],
);

/** Frequently asked questions, in order, per language (`/parametros/faq`). */
export const faqEntries = pgTable(
  'faq_entries',
  {
    id: serial('id').primaryKey(),
    idioma: text('idioma').notNull(),
    ordem: smallint('ordem').notNull(),
    pergunta: text('pergunta').notNull(),
    resposta: text('resposta').notNull(),
  },
  (t) => [index('faq_entries_idioma_idx').on(t.idioma, t.ordem), check('faq_entries_idioma', sql`${t.idioma} in ('pt', 'en', 'es')`)],
);

/**
 * Opening hours (`/parametros/atendimento`): one row per library and weekday, 1 Monday … 7
 * Sunday. No row, or no times, means closed that day.
 */
export const openingHours = pgTable(
  'opening_hours',
  {
    codBiblioteca: integer('cod_biblioteca')
      .notNull()
      .references(() => libraries.codBiblioteca, { onDelete: 'cascade' }),
    diaSemana: smallint('dia_semana').notNull(),
    abre: time('abre'),
    fecha: time('fecha'),
  },
  (t) => [
    primaryKey({ columns: [t.codBiblioteca, t.diaSemana] }),
    check('opening_hours_dia', sql`${t.diaSemana} between 1 and 7`),
    check('opening_hours_times', sql`(${t.abre} is null) = (${t.fecha} is null) and (${t.abre} is null or ${t.abre} < ${t.fecha})`),
  ],
);

/** An event's texts in English or Spanish; what one lacks reads in Portuguese. */
export type EventTexts = { titulo?: string; descricao?: string; local?: string };

/**
 * Events (`/parametros/eventos_institucionais`, `/eventos_eventum`): the institution's own, and
 * those published by its event system (Eventum). Written in Portuguese; `traducoes` holds their
 * texts in English and Spanish (issue 55, migration 0051), as the institution's own texts are kept.
 */
export const institutionEvents = pgTable(
  'institution_events',
  {
    id: serial('id').primaryKey(),
    origem: text('origem').notNull(),
    titulo: text('titulo').notNull(),
    descricao: text('descricao').notNull().default(''),
    local: text('local'),
    codCampus: integer('cod_campus').references(() => campuses.codCampus, { onDelete: 'set null' }),
    inicio: timestamp('inicio', { withTimezone: true }).notNull(),
    fim: timestamp('fim', { withTimezone: true }).notNull(),
    link: text('link'),
    traducoes: jsonb('traducoes').$type<{ en?: EventTexts; es?: EventTexts }>().notNull().default({}),
  },
  (t) => [
    index('institution_events_fim_idx').on(t.origem, t.fim),
    check('institution_events_origem', sql`${t.origem} in ('institucional', 'eventum')`),
    check('institution_events_period', sql`${t.inicio} <= ${t.fim}`),
  ],
);

/** General comments sent to a library from the footer (`POST /unidade-informacao/comentario`). */
export const generalComments = pgTable(
  'general_comments',
  {
    id: serial('id').primaryKey(),
    codPessoa: integer('cod_pessoa')
      .notNull()
      .references(() => people.codPessoa, { onDelete: 'cascade' }),
    codBiblioteca: integer('cod_biblioteca')
      .notNull()
      .references(() => libraries.codBiblioteca),
    texto: text('texto').notNull(),
    enviadoEm: timestamp('enviado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('general_comments_texto', sql`btrim(${t.texto}) <> '' and length(${t.texto}) <= 2000`)],
);
