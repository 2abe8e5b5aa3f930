import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { people } from './people.js';

/**
 * Every one-time hand-over the API issued (decision 0023): a provider's signed token (`provedor`:
 * `id` is the JWT's jti, `recurso` the provider's key) or a redirect code that carries a session
 * to /pergamum_redireciona (`sessao`: `id` is the SHA-256 of the code, which is never stored).
 * A hand-over is used once: `usado_em` is set by a single `update … where usado_em is null and
 * expira_em > now()`, so a replay (or a second of two racing redemptions) finds nothing to take.
 * Rows a day past their expiry are purged by the job links.purge-handovers.
 */
export const handovers = pgTable(
  'handovers',
  {
    id: text('id').primaryKey(),
    tipo: text('tipo').notNull(),
    /** The provider's key (spec §9 and decision 0023); null for a session redirect code. */
    recurso: text('recurso'),
    codPessoa: integer('cod_pessoa')
      .notNull()
      .references(() => people.codPessoa, { onDelete: 'cascade' }),
    /** A session redirect code's destination in the web app (a path of this site). */
    destino: text('destino'),
    emitidoEm: timestamp('emitido_em', { withTimezone: true }).notNull().defaultNow(),
    expiraEm: timestamp('expira_em', { withTimezone: true }).notNull(),
    usadoEm: timestamp('usado_em', { withTimezone: true }),
  },
  (t) => [
    index('handovers_expira_idx').on(t.expiraEm),
    index('handovers_pessoa_idx').on(t.codPessoa),
    check('handovers_tipo', sql`${t.tipo} in ('provedor', 'sessao')`),
    check('handovers_recurso', sql`(${t.tipo} = 'provedor') = (${t.recurso} is not null)`),
    check('handovers_validade', sql`${t.expiraEm} > ${t.emitidoEm}`),
  ],
);

/**
 * Where a patron's account area opens (`PUT /pessoas/meu-pergamum/redirect-base`): `interna`, this
 * site's /meupergamum, or `externa`, the institution's external account area (the `meupergamum`
 * provider). No row: the institution's default (`meu_pergamum_base` setting, else interna).
 */
export const accountAreaBases = pgTable(
  'account_area_bases',
  {
    codPessoa: integer('cod_pessoa')
      .primaryKey()
      .references(() => people.codPessoa, { onDelete: 'cascade' }),
    base: text('base').notNull(),
    alteradoEm: timestamp('alterado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('account_area_bases_base', sql`${t.base} in ('interna', 'externa')`)],
);
