import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { people } from './people.js';

/**
 * A patron's saved searches (decision 0020, Meu Pergamum's "saved items"): a name, the query
 * string of the results page (checked to be a search before it is stored) and the search guide
 * it was shown in. At most SAVED_SEARCH_LIMIT per patron, counted under a lock on the patron.
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: serial('id').primaryKey(),
    codPessoa: integer('cod_pessoa')
      .notNull()
      .references(() => people.codPessoa, { onDelete: 'cascade' }),
    nome: text('nome').notNull(),
    consulta: text('consulta').notNull(),
    /** The search guide's path segment (search_guides.rota) when the search was saved from one. */
    guia: text('guia'),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('saved_searches_pessoa_idx').on(t.codPessoa, t.criadoEm),
    check('saved_searches_nome_length', sql`char_length(${t.nome}) between 1 and 100`),
    check('saved_searches_consulta_length', sql`char_length(${t.consulta}) between 1 and 2000`),
  ],
);
