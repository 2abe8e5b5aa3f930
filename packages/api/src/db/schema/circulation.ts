import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { copies } from './catalog.js';
import { libraries } from './institution.js';
import { people } from './people.js';

/**
 * Loans of copies to people. Open while `returnedAt` is null; a copy has at most one open
 * loan (partial unique index). The circulation rules (periods, renewals, fines) build on this.
 */
export const loans = pgTable(
  'loans',
  {
    codEmprestimo: serial('cod_emprestimo').primaryKey(),
    codExemplar: integer('cod_exemplar')
      .notNull()
      .references(() => copies.codExemplar),
    codPessoa: integer('cod_pessoa')
      .notNull()
      .references(() => people.codPessoa),
    loanedAt: timestamp('data_emprestimo', { withTimezone: true }).notNull().defaultNow(),
    dueDate: date('data_devolucao_prevista').notNull(),
    returnedAt: timestamp('data_devolucao', { withTimezone: true }),
    renewals: smallint('renovacoes').notNull().default(0),
  },
  (t) => [
    uniqueIndex('loans_one_open_per_copy').on(t.codExemplar).where(sql`${t.returnedAt} is null`),
    index('loans_pessoa_idx').on(t.codPessoa),
    check('loans_renewals_non_negative', sql`${t.renewals} >= 0`),
    check('loans_due_after_loan', sql`${t.dueDate} >= ${t.loanedAt}::date`),
    check('loans_returned_after_loan', sql`${t.returnedAt} is null or ${t.returnedAt} >= ${t.loanedAt}`),
  ],
);

/** Service types a debt can come from (spec §3 "Debit": service type). */
export const DEBT_SERVICES = ['multa_atraso', 'perda_material', 'comutacao', 'reprografia'] as const;

/**
 * Debts (débitos): a fine or a charged service, with discount and payments. Money is numeric
 * (never float); what is left to pay is `amount - discount - paid`, never below zero.
 */
export const debts = pgTable(
  'debts',
  {
    codDebito: serial('cod_debito').primaryKey(),
    codPessoa: integer('cod_pessoa')
      .notNull()
      .references(() => people.codPessoa),
    codEmprestimo: integer('cod_emprestimo').references(() => loans.codEmprestimo),
    service: text('tipo_servico', { enum: DEBT_SERVICES }).notNull(),
    amount: numeric('valor', { precision: 10, scale: 2 }).notNull(),
    discount: numeric('desconto', { precision: 10, scale: 2 }).notNull().default('0'),
    paid: numeric('valor_pago', { precision: 10, scale: 2 }).notNull().default('0'),
    paidAt: date('data_pagamento'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('debts_pessoa_idx').on(t.codPessoa),
    check('debts_service_valid', sql`${t.service} in (${sql.raw(DEBT_SERVICES.map((s) => `'${s}'`).join(', '))})`),
    check('debts_amounts_valid', sql`${t.amount} > 0 and ${t.discount} >= 0 and ${t.paid} >= 0 and ${t.discount} + ${t.paid} <= ${t.amount}`),
    check('debts_paid_at_with_payment', sql`(${t.paidAt} is null) = (${t.paid} = 0)`),
  ],
);

/** What became of a request to fetch copies from the closed stacks. */
export const CLOSED_STACK_STATUSES = ['pendente', 'atendido', 'cancelado'] as const;

/**
 * Requests to fetch copies from a library's closed stacks (acervo fechado): a protocol number
 * the patron quotes at the desk, the library, and the copies asked for.
 */
export const closedStackRequests = pgTable(
  'closed_stack_requests',
  {
    codPedido: serial('cod_pedido').primaryKey(),
    protocolo: text('protocolo').notNull().unique(),
    codPessoa: integer('cod_pessoa')
      .notNull()
      .references(() => people.codPessoa),
    codBiblioteca: integer('cod_biblioteca')
      .notNull()
      .references(() => libraries.codBiblioteca),
    situacao: text('situacao', { enum: CLOSED_STACK_STATUSES }).notNull().default('pendente'),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('closed_stack_requests_pessoa_idx').on(t.codPessoa),
    check('closed_stack_requests_situacao', sql`${t.situacao} in ('pendente', 'atendido', 'cancelado')`),
  ],
);

export const closedStackRequestItems = pgTable(
  'closed_stack_request_items',
  {
    codPedido: integer('cod_pedido')
      .notNull()
      .references(() => closedStackRequests.codPedido, { onDelete: 'cascade' }),
    codExemplar: integer('cod_exemplar')
      .notNull()
      .references(() => copies.codExemplar),
  },
  (t) => [primaryKey({ columns: [t.codPedido, t.codExemplar] }), index('closed_stack_items_exemplar_idx').on(t.codExemplar)],
);
