import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { titles } from './catalog.js';
import { libraries } from './institution.js';
import { people } from './people.js';

/**
 * Patrons' comments on titles (spec §3 "Comment"). Public only once the library approves
 * (`moderado`); the author may delete one while it is still under moderation.
 */
export const comments = pgTable(
  'comments',
  {
    codComentario: serial('cod_comentario').primaryKey(),
    codAcervo: integer('cod_acervo')
      .notNull()
      .references(() => titles.codAcervo, { onDelete: 'cascade' }),
    codPessoa: integer('cod_pessoa')
      .notNull()
      .references(() => people.codPessoa),
    codBiblioteca: integer('cod_biblioteca')
      .notNull()
      .references(() => libraries.codBiblioteca),
    texto: text('texto').notNull(),
    moderado: boolean('moderado').notNull().default(false),
    enviadoEm: timestamp('data_envio', { withTimezone: true }).notNull().defaultNow(),
    aprovadoEm: timestamp('data_aprovacao', { withTimezone: true }),
  },
  (t) => [
    index('comments_acervo_idx').on(t.codAcervo),
    index('comments_pessoa_idx').on(t.codPessoa),
    check('comments_texto_not_blank', sql`btrim(${t.texto}) <> '' and length(${t.texto}) <= 2000`),
    check('comments_approved_when_moderated', sql`${t.moderado} = (${t.aprovadoEm} is not null)`),
  ],
);

/** Followed online links (`POST /vinculos/estatistica-acesso`): one row per click. */
export const linkAccesses = pgTable(
  'link_accesses',
  {
    codAcesso: serial('cod_acesso').primaryKey(),
    codAcervo: integer('cod_acervo')
      .notNull()
      .references(() => titles.codAcervo, { onDelete: 'cascade' }),
    seqParagrafo: smallint('seq_paragrafo'),
    url: text('url').notNull(),
    codPessoa: integer('cod_pessoa'),
    browser: text('browser'),
    device: text('device'),
    os: text('os'),
    acessadoEm: timestamp('acessado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('link_accesses_acervo_idx').on(t.codAcervo)],
);
