import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { StaffRole } from '@estante/contracts/kernel';
import { activities, libraries } from './institution.js';

/** Patron categories (undergraduate, professor, staff …). */
export const patronCategories = pgTable('patron_categories', {
  codCategoria: text('cod_categoria').primaryKey(),
  descricao: text('descricao').notNull(),
  /** Professors get the separate purchase-suggestion link (spec §6). */
  professor: boolean('professor').notNull().default(false),
  /** Open loans a patron of the category may have at once (the desk refuses past it unless overridden with a reason). */
  limiteEmprestimos: smallint('limite_emprestimos').notNull().default(5),
});

/** The activities each patron category is granted (cod_modulo + cod_atividade, spec §6). */
export const categoryPermissions = pgTable(
  'category_permissions',
  {
    codCategoria: text('cod_categoria')
      .notNull()
      .references(() => patronCategories.codCategoria, { onDelete: 'cascade' }),
    codModulo: integer('cod_modulo').notNull(),
    codAtividade: integer('cod_atividade').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.codCategoria, t.codModulo, t.codAtividade] }),
    foreignKey({
      name: 'category_permissions_activity_fk',
      columns: [t.codModulo, t.codAtividade],
      foreignColumns: [activities.codModulo, activities.codAtividade],
    }),
  ],
);

/** People: patrons and staff. */
export const people = pgTable(
  'people',
  {
    codPessoa: serial('cod_pessoa').primaryKey(),
    nome: text('nome_pessoa').notNull(),
    email: text('email'),
    codCategoria: text('cod_categoria')
      .notNull()
      .references(() => patronCategories.codCategoria),
    /** Blocked patrons are refused with status 430 (spec §6). */
    bloqueio: boolean('bloqueio').notNull().default(false),
    /** Why the library blocked the person (migration 0042): shown to staff, never to the patron. */
    motivoBloqueio: text('motivo_bloqueio'),
    cpf: text('cpf'),
    /** The last day of the registration (null: no end); spec §8 warns the patron 30 days before. */
    validade: date('validade', { mode: 'string' }),
    /** The language the patron last signed in with (migration 0045): the desk's receipt is written in it. */
    idioma: text('idioma', { enum: ['pt', 'en', 'es'] }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('people_cpf_digits', sql`${t.cpf} ~ '^[0-9]{11}$'`),
    check('people_nome_not_blank', sql`btrim(${t.nome}) <> ''`),
    check('people_idioma', sql`${t.idioma} in ('pt', 'en', 'es')`),
  ],
);

/**
 * Staff roles (issue 51): what a person may do on the library's side, one row a role. Every staff
 * call declares the roles it needs (contracts `access: { staff: [...] }`) and the API's auth
 * plugin checks them here before the handler runs (migration 0041).
 */
export const staffRoles = pgTable(
  'staff_roles',
  {
    codPessoa: integer('cod_pessoa')
      .notNull()
      .references(() => people.codPessoa, { onDelete: 'cascade' }),
    papel: text('papel').$type<StaffRole>().notNull(),
    concedidoEm: timestamp('concedido_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'staff_roles_pk', columns: [t.codPessoa, t.papel] }),
    check('staff_roles_papel_valid', sql`${t.papel} in ('circulacao', 'atendimento', 'aquisicao', 'catalogacao', 'moderacao', 'administracao')`),
  ],
);

/**
 * What the library's staff did that changed a person's standing (block, unblock, roles…): who
 * (`autor`: a staff member `pessoa:12`, or the command line and its user), what (`acao`,
 * `module.verb`), to whom (`alvo`, `pessoa:34`), when and why (migration 0042). Only appended.
 */
export const staffAudit = pgTable(
  'staff_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    em: timestamp('em', { withTimezone: true }).notNull().defaultNow(),
    autor: text('autor').notNull(),
    acao: text('acao').notNull(),
    alvo: text('alvo').notNull(),
    motivo: text('motivo'),
    detalhes: jsonb('detalhes'),
  },
  (t) => [check('staff_audit_acao_format', sql`${t.acao} ~ '^[a-z]+\.[a-z_]+$'`), index('staff_audit_alvo_em').on(t.alvo, t.em.desc())],
);

/** Logins: one person may have several (spec §4 person picker), each with its own password. */
export const logins = pgTable(
  'logins',
  {
    login: text('login').primaryKey(),
    codPessoa: integer('cod_pessoa')
      .notNull()
      .references(() => people.codPessoa, { onDelete: 'cascade' }),
    /** scrypt hash: `scrypt$N$r$p$salt$hash` (base64). Null for SSO-only logins. */
    passwordHash: text('password_hash'),
    origem: text('origem').notNull().default('local'),
    ativo: boolean('ativo').notNull().default(true),
  },
  (t) => [index('logins_pessoa_idx').on(t.codPessoa), check('logins_login_lower', sql`${t.login} = lower(btrim(${t.login})) and ${t.login} <> ''`)],
);

/** What the desk notes about a patron: staff-only, newest first, kept until a colleague removes it (migration 0045). */
export const patronNotes = pgTable(
  'patron_notes',
  {
    id: serial('id').primaryKey(),
    codPessoa: integer('cod_pessoa')
      .notNull()
      .references(() => people.codPessoa, { onDelete: 'cascade' }),
    texto: text('texto').notNull(),
    autor: integer('autor').references(() => people.codPessoa, { onDelete: 'set null' }),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('patron_notes_texto', sql`char_length(${t.texto}) between 1 and 1000`), index('patron_notes_pessoa').on(t.codPessoa, t.criadoEm.desc())],
);

/** The libraries a patron is registered at (the record's "Bibliotecas", migration 0045). */
export const patronLibraries = pgTable(
  'patron_libraries',
  {
    codPessoa: integer('cod_pessoa')
      .notNull()
      .references(() => people.codPessoa, { onDelete: 'cascade' }),
    codBiblioteca: integer('cod_biblioteca')
      .notNull()
      .references(() => libraries.codBiblioteca, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ name: 'patron_libraries_pk', columns: [t.codPessoa, t.codBiblioteca] })],
);
