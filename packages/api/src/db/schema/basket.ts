import { index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { titles } from './catalog.js';
import { people } from './people.js';

/** A patron's permanent basket (cesta permanente): titles kept across sessions, once each. */
export const permanentBasket = pgTable(
  'permanent_basket',
  {
    codPessoa: integer('cod_pessoa')
      .notNull()
      .references(() => people.codPessoa, { onDelete: 'cascade' }),
    codAcervo: integer('cod_acervo')
      .notNull()
      .references(() => titles.codAcervo, { onDelete: 'cascade' }),
    adicionadoEm: timestamp('adicionado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.codPessoa, t.codAcervo] }), index('permanent_basket_acervo_idx').on(t.codAcervo)],
);
