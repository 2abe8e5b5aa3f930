import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { people } from './people.js';
import { courses } from './teaching.js';

/**
 * A registration's personal data (spec §3 "Personal data"), kept up to date by the patron in
 * Meu Pergamum. What the library controls — name, category, validity — stays on `people`; so do
 * the e-mail and the tax number (CPF), which other modules read. `lotacao` is a department (the
 * courses and organisational units of GET /pessoas/departamentos). One row per registration,
 * written whole in one statement.
 */
export const personalData = pgTable(
  'personal_data',
  {
    codPessoa: integer('cod_pessoa')
      .primaryKey()
      .references(() => people.codPessoa, { onDelete: 'cascade' }),
    logradouro: text('logradouro'),
    complemento: text('complemento'),
    cep: text('cep'),
    cidade: text('cidade'),
    bairro: text('bairro'),
    documentoIdentidade: text('documento_identidade'),
    nacionalidade: text('nacionalidade'),
    genero: text('genero'),
    dataNascimento: date('data_nascimento', { mode: 'string' }),
    escolaridade: text('escolaridade'),
    lotacao: integer('lotacao').references(() => courses.codCurso, { onDelete: 'set null' }),
    profissao: text('profissao'),
    estadoCivil: text('estado_civil'),
    telefone: text('telefone'),
    recebeEmails: boolean('recebe_emails').notNull().default(true),
    atualizadoEm: timestamp('atualizado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('personal_data_cep', sql`${t.cep} is null or ${t.cep} ~ '^[0-9]{8}$'`),
    // Spec §5: digits, hyphen, parentheses and space, at most 16 characters.
    check('personal_data_telefone', sql`${t.telefone} is null or ${t.telefone} ~ '^[0-9() -]{1,16}$'`),
    check(
      'personal_data_estado_civil',
      sql`${t.estadoCivil} is null or ${t.estadoCivil} in ('solteiro', 'casado', 'separado', 'divorciado', 'viuvo', 'outro')`,
    ),
    check('personal_data_genero', sql`${t.genero} is null or ${t.genero} in ('feminino', 'masculino', 'nao_binario', 'outro', 'nao_informado')`),
    check(
      'personal_data_escolaridade',
      sql`${t.escolaridade} is null or ${t.escolaridade} in ('fundamental', 'medio', 'tecnico', 'superior_incompleto', 'superior', 'especializacao', 'mestrado', 'doutorado')`,
    ),
  ],
);

/**
 * A patron's request that the library erase their personal data (LGPD art. 18, VI), e-mailed to
 * the library when made. One open request per person at a time (the partial unique index);
 * the library answers it outside the catalogue.
 */
export const erasureRequests = pgTable(
  'erasure_requests',
  {
    id: serial('id').primaryKey(),
    codPessoa: integer('cod_pessoa')
      .notNull()
      .references(() => people.codPessoa, { onDelete: 'cascade' }),
    motivo: text('motivo'),
    situacao: text('situacao').notNull().default('aberta'),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('erasure_requests_pessoa_idx').on(t.codPessoa, t.criadoEm),
    uniqueIndex('erasure_requests_one_open')
      .on(t.codPessoa)
      .where(sql`${t.situacao} = 'aberta'`),
    check('erasure_requests_situacao', sql`${t.situacao} in ('aberta', 'atendida', 'recusada')`),
    check('erasure_requests_motivo_length', sql`${t.motivo} is null or char_length(${t.motivo}) <= 1000`),
  ],
);
