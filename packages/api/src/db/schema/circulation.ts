import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, numeric, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { copies, loanTypes, titles } from './catalog.js';
import { libraries } from './institution.js';
import { patronCategories, people } from './people.js';

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
    uniqueIndex('loans_one_open_per_copy')
      .on(t.codExemplar)
      .where(sql`${t.returnedAt} is null`),
    index('loans_pessoa_idx').on(t.codPessoa),
    check('loans_renewals_non_negative', sql`${t.renewals} >= 0`),
    check('loans_due_after_loan', sql`${t.dueDate} >= ${t.loanedAt}::date`),
    check('loans_returned_after_loan', sql`${t.returnedAt} is null or ${t.returnedAt} >= ${t.loanedAt}`),
  ],
);

/**
 * Renewals of loans: when, the due date before and after, and the receipt's verification key
 * (the patron shows it at the desk, the library looks it up).
 */
export const loanRenewals = pgTable(
  'loan_renewals',
  {
    codRenovacao: serial('cod_renovacao').primaryKey(),
    codEmprestimo: integer('cod_emprestimo')
      .notNull()
      .references(() => loans.codEmprestimo, { onDelete: 'cascade' }),
    renovadoEm: timestamp('renovado_em', { withTimezone: true }).notNull().defaultNow(),
    devolucaoAnterior: date('devolucao_anterior').notNull(),
    novaDevolucao: date('nova_devolucao').notNull(),
    chave: text('chave').notNull(),
  },
  (t) => [
    index('loan_renewals_emprestimo_idx').on(t.codEmprestimo),
    index('loan_renewals_chave_idx').on(t.chave),
    check('loan_renewals_later', sql`${t.novaDevolucao} > ${t.devolucaoAnterior}`),
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

/**
 * The circulation policy: for each loan type and patron category, the loan period (days),
 * how many renewals, whether holds are allowed, and the fine per day late (numeric money).
 */
export const circulationPolicies = pgTable(
  'circulation_policies',
  {
    codTipoEmprestimo: smallint('cod_tipo_emprestimo')
      .notNull()
      .references(() => loanTypes.codTipoEmprestimo),
    codCategoria: text('cod_categoria')
      .notNull()
      .references(() => patronCategories.codCategoria, { onDelete: 'cascade' }),
    prazoDias: smallint('prazo_dias').notNull(),
    limiteRenovacoes: smallint('limite_renovacoes').notNull(),
    permiteReserva: boolean('permite_reserva').notNull(),
    multaDia: numeric('multa_dia', { precision: 8, scale: 2 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.codTipoEmprestimo, t.codCategoria] }),
    check('circulation_policies_values', sql`${t.prazoDias} between 1 and 365 and ${t.limiteRenovacoes} >= 0 and ${t.multaDia} >= 0`),
  ],
);

/** Days a library is closed (holidays, recess): due dates and pick-up deadlines move past them. */
export const libraryClosedDays = pgTable(
  'library_closed_days',
  {
    codBiblioteca: integer('cod_biblioteca')
      .notNull()
      .references(() => libraries.codBiblioteca, { onDelete: 'cascade' }),
    dia: date('dia').notNull(),
    motivo: text('motivo'),
  },
  (t) => [primaryKey({ columns: [t.codBiblioteca, t.dia] })],
);

/** A hold's life (spec §4): in the queue, released (a copy waits at the desk), then served, cancelled or expired. */
export const HOLD_STATUSES = ['fila', 'liberada', 'atendida', 'cancelada', 'expirada'] as const;

/**
 * Holds (reservas) on a title at a library, optionally for one volume/tome/part. Queue order is
 * the hold number. A released hold names the copy kept for the patron and the pick-up deadline;
 * a patron has one active hold per title, library and volume, and a copy is kept for one hold.
 */
export const holds = pgTable(
  'holds',
  {
    codReserva: serial('cod_reserva').primaryKey(),
    codAcervo: integer('cod_acervo')
      .notNull()
      .references(() => titles.codAcervo, { onDelete: 'cascade' }),
    codBiblioteca: integer('cod_biblioteca')
      .notNull()
      .references(() => libraries.codBiblioteca),
    codPessoa: integer('cod_pessoa')
      .notNull()
      .references(() => people.codPessoa),
    volume: text('volume'),
    tomo: text('tomo'),
    parte: text('parte'),
    /** Only copies shelved here (the hold's `localizacao`), or any when null. */
    localizacao: text('localizacao'),
    material: text('material'),
    situacao: text('situacao', { enum: HOLD_STATUSES }).notNull().default('fila'),
    criadaEm: timestamp('criada_em', { withTimezone: true }).notNull().defaultNow(),
    liberadaEm: timestamp('liberada_em', { withTimezone: true }),
    prazoRetirada: date('prazo_retirada'),
    codExemplar: integer('cod_exemplar').references(() => copies.codExemplar),
    encerradaEm: timestamp('encerrada_em', { withTimezone: true }),
  },
  (t) => [
    index('holds_queue_idx').on(t.codAcervo, t.codBiblioteca, t.codReserva),
    index('holds_pessoa_idx').on(t.codPessoa),
    uniqueIndex('holds_one_active_per_person')
      .on(
        t.codPessoa,
        t.codAcervo,
        t.codBiblioteca,
        sql`coalesce(${t.volume}, '')`,
        sql`coalesce(${t.tomo}, '')`,
        sql`coalesce(${t.parte}, '')`,
        sql`coalesce(${t.localizacao}, '')`,
      )
      .where(sql`${t.situacao} in ('fila', 'liberada')`),
    uniqueIndex('holds_one_per_kept_copy')
      .on(t.codExemplar)
      .where(sql`${t.situacao} = 'liberada'`),
    check('holds_situacao_valid', sql`${t.situacao} in ('fila', 'liberada', 'atendida', 'cancelada', 'expirada')`),
    check(
      'holds_released_has_copy',
      sql`(${t.situacao} <> 'liberada') or (${t.codExemplar} is not null and ${t.liberadaEm} is not null and ${t.prazoRetirada} is not null)`,
    ),
    check('holds_closed_has_date', sql`(${t.situacao} in ('fila', 'liberada')) = (${t.encerradaEm} is null)`),
  ],
);

/**
 * Deviations (afastamentos): periods a person is away from a library or the institution, with
 * the reason — a suspension, a leave, or the no-debts declaration that ends their link.
 */
export const deviations = pgTable(
  'deviations',
  {
    codAfastamento: serial('cod_afastamento').primaryKey(),
    codPessoa: integer('cod_pessoa')
      .notNull()
      .references(() => people.codPessoa, { onDelete: 'cascade' }),
    codBiblioteca: integer('cod_biblioteca').references(() => libraries.codBiblioteca),
    motivo: text('motivo').notNull(),
    inicio: date('inicio').notNull(),
    fim: date('fim'),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('deviations_pessoa_idx').on(t.codPessoa), check('deviations_period', sql`${t.fim} is null or ${t.fim} >= ${t.inicio}`)],
);

/** No-debts declarations (nada consta): issued once the patron owes nothing; the code verifies the PDF. */
export const noDebtDeclarations = pgTable(
  'no_debt_declarations',
  {
    codDeclaracao: serial('cod_declaracao').primaryKey(),
    codPessoa: integer('cod_pessoa')
      .notNull()
      .references(() => people.codPessoa, { onDelete: 'cascade' }),
    codigo: text('codigo').notNull().unique(),
    emitidaEm: timestamp('emitida_em', { withTimezone: true }).notNull().defaultNow(),
    codAfastamento: integer('cod_afastamento')
      .notNull()
      .references(() => deviations.codAfastamento),
  },
  (t) => [index('no_debt_declarations_pessoa_idx').on(t.codPessoa)],
);

/** The loan token a patron shows at a self-service kiosk (spec §3): one live token per person. */
export const loanTokens = pgTable('loan_tokens', {
  codPessoa: integer('cod_pessoa')
    .primaryKey()
    .references(() => people.codPessoa, { onDelete: 'cascade' }),
  valor: text('valor').notNull(),
  validoAte: timestamp('valido_ate', { withTimezone: true }).notNull(),
});

/** A loan request's life: waiting, in transit to the receiving library, available there, picked up, finished, cancelled. */
export const LOAN_REQUEST_STATUSES = ['aguardando', 'em_transito', 'disponivel', 'retirada', 'atendida', 'cancelada'] as const;

/**
 * Loan requests (solicitações de empréstimo): a patron asks for a copy on another library's
 * shelf to be sent where they want to receive it — the receiving library's desk, home, or
 * elsewhere — with how to reach them.
 */
export const loanRequests = pgTable(
  'loan_requests',
  {
    codSolicitacao: serial('cod_solicitacao').primaryKey(),
    codPessoa: integer('cod_pessoa')
      .notNull()
      .references(() => people.codPessoa, { onDelete: 'cascade' }),
    codAcervo: integer('cod_acervo')
      .notNull()
      .references(() => titles.codAcervo, { onDelete: 'cascade' }),
    bibliotecaOrigem: integer('biblioteca_origem')
      .notNull()
      .references(() => libraries.codBiblioteca),
    bibliotecaRecebimento: integer('biblioteca_recebimento')
      .notNull()
      .references(() => libraries.codBiblioteca),
    volume: text('volume'),
    tomo: text('tomo'),
    parte: text('parte'),
    material: text('material'),
    telefone: text('telefone').notNull(),
    email: text('email').notNull(),
    codLocalRecebimento: smallint('cod_local_recebimento').notNull(),
    pessoaAutorizada: text('pessoa_autorizada'),
    domicilio: text('domicilio'),
    recebimentoTextual: text('recebimento_textual'),
    situacao: text('situacao', { enum: LOAN_REQUEST_STATUSES }).notNull().default('aguardando'),
    criadaEm: timestamp('criada_em', { withTimezone: true }).notNull().defaultNow(),
    atualizadaEm: timestamp('atualizada_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('loan_requests_pessoa_idx').on(t.codPessoa),
    index('loan_requests_acervo_idx').on(t.codAcervo, t.bibliotecaOrigem),
    check('loan_requests_situacao', sql`${t.situacao} in ('aguardando', 'em_transito', 'disponivel', 'retirada', 'atendida', 'cancelada')`),
    check('loan_requests_local', sql`${t.codLocalRecebimento} in (1, 2, 3)`),
    check('loan_requests_home_has_address', sql`${t.codLocalRecebimento} <> 2 or coalesce(btrim(${t.domicilio}), '') <> ''`),
    check('loan_requests_phone', sql`${t.telefone} ~ '^[0-9() -]{1,16}$'`),
  ],
);

/** Notices e-mailed about a loan, each once: the reminder before it is due, the overdue notice. */
export const LOAN_NOTICE_KINDS = ['lembrete', 'atraso'] as const;
export const loanNotices = pgTable(
  'loan_notices',
  {
    codEmprestimo: integer('cod_emprestimo')
      .notNull()
      .references(() => loans.codEmprestimo, { onDelete: 'cascade' }),
    tipo: text('tipo', { enum: LOAN_NOTICE_KINDS }).notNull(),
    enviadoEm: timestamp('enviado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.codEmprestimo, t.tipo] }), check('loan_notices_tipo_valid', sql`${t.tipo} in ('lembrete', 'atraso')`)],
);
