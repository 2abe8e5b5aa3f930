import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { people } from './people.js';

/**
 * The secret addresses of a patron's private feeds (decision 0019): one per kind (`alertas`, the
 * Atom feed of their alerts; `vencimentos`, the iCalendar feed of their due dates). Only the
 * SHA-256 of the secret is kept: the address is shown once, and a new one replaces it.
 */
export const feedKeys = pgTable(
  'feed_keys',
  {
    codPessoa: integer('cod_pessoa')
      .notNull()
      .references(() => people.codPessoa, { onDelete: 'cascade' }),
    tipo: text('tipo').notNull(),
    /** hex SHA-256 of the secret in the address. */
    chaveHash: text('chave_hash').notNull(),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.codPessoa, t.tipo] }),
    uniqueIndex('feed_keys_hash').on(t.chaveHash),
    check('feed_keys_tipo_valid', sql`${t.tipo} in ('alertas', 'vencimentos')`),
  ],
);
