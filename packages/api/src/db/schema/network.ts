import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { titleRecordColumns } from './catalog.js';

/**
 * The partner network (spec §3 "Network record", §7 "Partner network"): the libraries whose
 * catalogues we harvest over OAI-PMH. `codEmpresa` is the institution number of facet Z.
 */
export const networkPartners = pgTable('network_partners', {
  codEmpresa: serial('cod_empresa').primaryKey(),
  nome: text('nome').notNull().unique(),
  /** The partner's OAI-PMH base URL. */
  baseUrl: text('base_url').notNull().unique(),
  /** The metadata format harvested: marc21 when the partner offers it, else oai_dc. */
  metadataPrefix: text('metadata_prefix'),
  /**
   * The address of a record on the partner's own catalogue, `{id}` standing for the local part
   * of its OAI identifier (after the last ':'); null: the record's own http(s) identifier.
   */
  recordUrl: text('record_url'),
  /** The datestamp granularity the partner declared (Identify): day or second. */
  granularity: text('granularity'),
  /** The last datestamp seen in a completed harvest: the next one asks `from` it. */
  harvestedUntil: text('harvested_until'),
  /** A harvest under way: the resumption token to go on from, and the highest datestamp so far. */
  resumptionToken: text('resumption_token'),
  pendingUntil: text('pending_until'),
  lastHarvestAt: timestamp('last_harvest_at', { withTimezone: true }),
  lastError: text('last_error'),
  /** Consecutive failed harvests: the back-off grows with them. */
  failures: integer('failures').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
  /** The last harvest as the staff screen shows it, written as it goes (migration 0046). */
  coleta: jsonb('coleta').$type<HarvestRecord>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A partner's last harvest: its status, figures, when it started and when it last moved on. */
export interface HarvestRecord {
  situacao: 'coletando' | 'completa' | 'pausada' | 'falhou';
  paginas: number;
  recebidos: number;
  novos: number;
  atualizados: number;
  apagados: number;
  ignorados: number;
  total: number | null;
  inicio: string;
  atualizada: string;
  erro: string | null;
}

/**
 * A partner's record as harvested: its OAI identifier and datestamp, the address of the record
 * on the partner's catalogue, and the same columns as our titles, derived from its MARC record
 * (or the MARC made from its Dublin Core), so the search engine reads it as it reads ours.
 */
export const networkTitles = pgTable(
  'network_titles',
  {
    codAcervo: serial('cod_acervo').primaryKey(),
    codEmpresa: integer('cod_empresa')
      .notNull()
      .references(() => networkPartners.codEmpresa, { onDelete: 'cascade' }),
    identifier: text('identifier').notNull(),
    datestamp: text('datestamp').notNull(),
    link: text('link'),
    ...titleRecordColumns(),
  },
  (t) => [
    unique('network_titles_identifier_key').on(t.codEmpresa, t.identifier),
    index('network_titles_search_vector_idx').using('gin', t.searchVector),
    index('network_titles_search_stem_idx').using('gin', t.searchStem),
    index('network_titles_title_fold_idx').on(sql`${t.titleFold} text_pattern_ops`),
  ],
);
