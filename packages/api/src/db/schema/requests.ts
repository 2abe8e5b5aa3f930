import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { libraries } from './institution.js';
import { people } from './people.js';

/**
 * The patron's requests to the library (spec §7 "Requests"): bibliographic switching (copies of
 * an article, part or thesis; `subtipo`), bibliographic survey, catalogue sheet, specialised
 * search, inter-library loan. `dados` is the form as the contracts' schema of its type parsed
 * it; `resumo` what was asked for, in a line. The library moves it on (`situacao`, its `nota`);
 * a catalogue sheet also gets its classification and author mark.
 */
export const patronRequests = pgTable(
  'patron_requests',
  {
    codSolicitacao: serial('cod_solicitacao').primaryKey(),
    codPessoa: integer('cod_pessoa')
      .notNull()
      .references(() => people.codPessoa, { onDelete: 'cascade' }),
    tipo: text('tipo').notNull(),
    subtipo: text('subtipo'),
    codBiblioteca: integer('cod_biblioteca')
      .notNull()
      .references(() => libraries.codBiblioteca),
    resumo: text('resumo').notNull(),
    dados: jsonb('dados').notNull(),
    situacao: text('situacao').notNull().default('aguardando'),
    nota: text('nota'),
    classificacao: text('classificacao'),
    cutter: text('cutter'),
    /** The colleague (atendimento) the request is assigned to. */
    responsavel: integer('responsavel').references(() => people.codPessoa, { onDelete: 'set null' }),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
    atualizadoEm: timestamp('atualizado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('patron_requests_person_idx').on(t.codPessoa, t.tipo, t.criadoEm),
    index('patron_requests_queue_idx').on(t.situacao, t.tipo),
    check(
      'patron_requests_tipo_valid',
      sql`${t.tipo} in ('comutacao-bibliografica', 'levantamento-bibliografico', 'ficha-catalografica', 'pesquisa-especializada', 'emprestimo-inter-bibliotecas')`,
    ),
    check('patron_requests_subtipo_valid', sql`(${t.tipo} = 'comutacao-bibliografica') = coalesce(${t.subtipo} in ('artigo', 'parte', 'tese'), false)`),
    check('patron_requests_situacao_valid', sql`${t.situacao} in ('aguardando', 'em_transito', 'disponivel', 'retirada', 'atendida', 'cancelada')`),
  ],
);

/** Each status a request went through, with the library's note: the history the patron sees. */
export const requestEvents = pgTable(
  'request_events',
  {
    codEvento: serial('cod_evento').primaryKey(),
    codSolicitacao: integer('cod_solicitacao')
      .notNull()
      .references(() => patronRequests.codSolicitacao, { onDelete: 'cascade' }),
    situacao: text('situacao').notNull(),
    nota: text('nota'),
    em: timestamp('em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('request_events_request_idx').on(t.codSolicitacao)],
);
