import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The institution this deployment serves. One deployment serves one institution
 * (docs/decisions/0002-single-institution.md), so the table holds exactly one row.
 */
export const institution = pgTable(
  'institution',
  {
    id: smallint('id').primaryKey().default(1),
    codEmpresa: integer('cod_empresa').notNull(),
    sigla: text('sigla').notNull(),
    nome: text('nome').notNull(),
    denominacaoLogin: text('denominacao_login').notNull().default('Usuário'),
    destinoPadraoLogin: text('destino_padrao_login').notNull().default('C'),
    usaOidc: boolean('usa_oidc').notNull().default(false),
    linkLogoutOidc: text('link_logout_oidc'),
    linkLogoutSaml: text('link_logout_saml'),
    msgLogin: text('msg_login'),
    msgSuporteConsulta: text('msg_suporte_consulta'),
    linkLgpd: text('link_lgpd'),
    /** The sign-in words and support message in other languages: `{ en: {…}, es: {…} }`, see contracts `institutionTextsSchema`. */
    traducoes: jsonb('traducoes').notNull().default({}),
    /** Theme: colours and logo, see contracts `temaSchema`. */
    tema: jsonb('tema').notNull().default({}),
    /** The spec's `p` object: __md_aut, __md_crypt, __web_url_pw, __web_aquisicao. */
    parametros: jsonb('parametros').notNull().default({}),
  },
  (t) => [check('institution_singleton', sql`${t.id} = 1`), check('institution_destino', sql`${t.destinoPadraoLogin} in ('C', 'M')`)],
);

/** Campuses of the institution. */
export const campuses = pgTable('campuses', {
  codCampus: serial('cod_campus').primaryKey(),
  nome: text('nome_campus').notNull().unique(),
});

/** Libraries (information units); each belongs to one campus. */
export const libraries = pgTable('libraries', {
  codBiblioteca: serial('cod_biblioteca').primaryKey(),
  codCampus: integer('cod_campus')
    .notNull()
    .references(() => campuses.codCampus, { onDelete: 'restrict' }),
  nome: text('desc_biblioteca').notNull().unique(),
  sigla: text('sigla').notNull().unique(),
  email: text('email'),
});

/** Activities (features/permissions) the product knows, keyed by module and activity. */
export const activities = pgTable(
  'activities',
  {
    codModulo: integer('cod_modulo').notNull(),
    codAtividade: integer('cod_atividade').notNull(),
    descricao: text('descricao').notNull(),
  },
  (t) => [primaryKey({ columns: [t.codModulo, t.codAtividade] })],
);

/** The activities the institution has switched on: they drive what screens show (spec §6). */
export const institutionActivities = pgTable(
  'institution_activities',
  {
    codModulo: integer('cod_modulo').notNull(),
    codAtividade: integer('cod_atividade').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.codModulo, t.codAtividade] }),
    foreignKey({
      name: 'institution_activities_activity_fk',
      columns: [t.codModulo, t.codAtividade],
      foreignColumns: [activities.codModulo, activities.codAtividade],
    }).onDelete('cascade'),
  ],
);

/** Search guides (tabs) offered on the home page, each with its own path segment. */
export const searchGuides = pgTable(
  'search_guides',
  {
    codigo: text('codigo').primaryKey(),
    rota: text('rota').notNull().unique(),
    ordem: smallint('ordem').notNull(),
    ativo: boolean('ativo').notNull().default(true),
  },
  (t) => [check('search_guides_rota', sql`${t.rota} ~ '^[a-z0-9-]+$'`)],
);

/** Secrets the API processes share (e.g. the JWT signing key when none is configured). */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
