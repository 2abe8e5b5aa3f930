import { z } from 'zod';
import { tokenResponseSchema } from '../auth/auth.js';
import { EMAIL_PATTERN } from '../basket/basket.constants.js';
import { recordId } from '../record-id.js';
import { endpoint } from '../endpoint.js';
import { PHONE_PATTERN } from '../circulation/loan-requests.js';
import { passwordRulesSchema } from '../auth/passwords.js';
import { isoDate } from '../catalog/title.js';

/**
 * The patron's own record (spec §3 "Personal data", §5, §7 "People"): personal data, the
 * departments, another registration's name, the signed-in person's e-mail, swapping to another
 * registration, and the LGPD "my data" (everything held, as JSON; a request for erasure).
 */

/** Marital status (spec §3: single, married, separated, divorced, widowed, other). */
export const MARITAL_STATUSES = ['solteiro', 'casado', 'separado', 'divorciado', 'viuvo', 'outro'] as const;
export const GENDERS = ['feminino', 'masculino', 'nao_binario', 'outro', 'nao_informado'] as const;
export const EDUCATION_LEVELS = ['fundamental', 'medio', 'tecnico', 'superior_incompleto', 'superior', 'especializacao', 'mestrado', 'doutorado'] as const;

/** A CPF (the tax number): eleven digits, the last two the check digits of the first nine. */
export const TAX_NUMBER_LENGTH = 11;
/** A Brazilian postal code (CEP): eight digits, typed with or without the hyphen. */
export const POSTAL_CODE_PATTERN = /^\d{5}-?\d{3}$/;

/** Whether eleven digits are a CPF: its two check digits (mod 11) are right and not all digits equal. */
export function isValidCpf(digits: string): boolean {
  if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) return false;
  const check = (length: number) => {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += Number(digits[i]) * (length + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return check(9) === Number(digits[9]) && check(10) === Number(digits[10]);
}

/**
 * A rule a refinement checks, named so the web can say it in the patron's language
 * (`validation.<rule>`); the server's 400 carries the English text.
 */
const rule = (name: string, error: string) => ({ error, params: { rule: name } });

/** Optional text: blanks become null (cleared). */
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

/** The phone rule of spec §5 (PHONE_PATTERN), one message for a wrong character and for too long. */
export const phoneField = z
  .string()
  .trim()
  .refine((v) => v === '' || PHONE_PATTERN.test(v), rule('phone', 'digits, hyphen, parentheses and space, at most 16'))
  .nullish()
  .transform((v) => (v ? v : null));

/** The tax number as typed (spec §5): digits only, eleven of them, a valid CPF. */
export const taxNumberField = z
  .string()
  .trim()
  .refine((v) => /^\d*$/.test(v), rule('taxDigits', 'the tax number is digits only'))
  .refine((v) => !/^\d*$/.test(v) || v.length === TAX_NUMBER_LENGTH, rule('taxLength', 'the tax number has 11 digits'))
  .refine((v) => !/^\d{11}$/.test(v) || isValidCpf(v), rule('taxInvalid', 'the tax number’s check digits are wrong'));

/** `PUT /pessoas/meu-pergamum/dados-pessoais`: what the patron may change (all of it at once). */
export const dadosPessoaisBodySchema = z.object({
  email: z
    .string()
    .trim()
    .max(254)
    .refine((v) => v === '' || EMAIL_PATTERN.test(v), rule('email', 'not an e-mail address'))
    .nullish()
    .transform((v) => (v ? v.toLowerCase() : null)),
  telefone: phoneField,
  logradouro: text(200),
  complemento: text(100),
  cep: z
    .string()
    .trim()
    .refine((v) => v === '' || POSTAL_CODE_PATTERN.test(v), rule('postalCode', 'a postal code is 8 digits'))
    .nullish()
    .transform((v) => (v ? v.replace('-', '') : null)),
  cidade: text(100),
  bairro: text(100),
  documento_identidade: text(30),
  /** Left out: unchanged. Only a registration that has one may correct it (spec §5). */
  cpf: taxNumberField.optional(),
  nacionalidade: text(60),
  genero: z
    .enum(GENDERS)
    .nullish()
    .transform((v) => v ?? null),
  data_nascimento: isoDate
    .refine((v) => v <= new Date().toISOString().slice(0, 10), rule('birthDate', 'the birth date is in the future'))
    .nullish()
    .transform((v) => v ?? null),
  escolaridade: z
    .enum(EDUCATION_LEVELS)
    .nullish()
    .transform((v) => v ?? null),
  /** The department (GET /pessoas/departamentos) the patron works or studies in. */
  lotacao: recordId.nullish().transform((v) => v ?? null),
  profissao: text(100),
  estado_civil: z
    .enum(MARITAL_STATUSES)
    .nullish()
    .transform((v) => v ?? null),
  recebe_emails: z.boolean(),
});
export type DadosPessoaisBody = z.input<typeof dadosPessoaisBodySchema>;

/** `GET /pessoas/meu-pergamum/dados-pessoais`: the data, and what the library controls (read-only). */
export const dadosPessoaisSchema = z
  .object({
    nome: z.string(),
    categoria: z.object({ codigo: z.string(), descricao: z.string() }),
    /** The registration's last day, null when it has none. */
    validade: z.string().nullable(),
    /** Null: the patron has none and must ask the library for it (spec §5). */
    cpf: z.string().nullable(),
    email: z.string().nullable(),
    telefone: z.string().nullable(),
    logradouro: z.string().nullable(),
    complemento: z.string().nullable(),
    cep: z.string().nullable(),
    cidade: z.string().nullable(),
    bairro: z.string().nullable(),
    documento_identidade: z.string().nullable(),
    nacionalidade: z.string().nullable(),
    genero: z.enum(GENDERS).nullable(),
    data_nascimento: z.string().nullable(),
    escolaridade: z.enum(EDUCATION_LEVELS).nullable(),
    lotacao: z.number().int().nullable(),
    profissao: z.string().nullable(),
    estado_civil: z.enum(MARITAL_STATUSES).nullable(),
    recebe_emails: z.boolean(),
    atualizado_em: z.string().nullable(),
  })
  .meta({ id: 'DadosPessoais' });
export type DadosPessoais = z.infer<typeof dadosPessoaisSchema>;

/** A department (course or organisational unit, spec §3 "Teaching plan"). */
export const departamentoSchema = z.object({ codigo: z.number().int(), nome: z.string() });
export type Departamento = z.infer<typeof departamentoSchema>;

/** A username or registration code in a path (`GET /pessoas/{user}/nome`). */
export const pessoaUserParamsSchema = z.object({ user: z.string().trim().min(1, { error: 'required' }).max(200) });

/**
 * `POST /pessoas/meu-pergamum/troca-usuario`: the user to continue as (required, spec §5) — a
 * login or the code of another of the signed-in person's registrations (decision 0022).
 */
export const trocaUsuarioSchema = z.object({
  usuario: z
    .string()
    .trim()
    .max(200)
    .refine((v) => v !== '', rule('userRequired', 'the user to swap to is required')),
});

/** `GET /pessoas/meu-pergamum/meus-dados`: everything the library holds about the patron (LGPD art. 18, II). */
export const meusDadosSchema = z
  .object({
    gerado_em: z.string(),
    pessoa: z.record(z.string(), z.unknown()),
    dados_pessoais: z.record(z.string(), z.unknown()).nullable(),
    logins: z.array(z.record(z.string(), z.unknown())),
    secoes: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
  })
  .meta({ id: 'MeusDados' });
export type MeusDados = z.infer<typeof meusDadosSchema>;

/** `POST /pessoas/meu-pergamum/exclusao-dados`: ask the library to erase the patron's data (LGPD art. 18, VI). */
export const exclusaoDadosBodySchema = z.object({ motivo: z.string().trim().max(1000).optional() });
export const exclusaoDadosSchema = z.object({ codigo: z.number().int(), mensagem: z.string() });
/** The patron's erasure requests, newest first. */
export const pedidoExclusaoSchema = z.object({ codigo: z.number().int(), situacao: z.enum(['aberta', 'atendida', 'recusada']), criado_em: z.string() });

/** The calls of the patron's own record (spec §7 "People"). */
export const peopleEndpoints = {
  personalData: endpoint({
    method: 'GET',
    path: '/pessoas/meu-pergamum/dados-pessoais',
    access: 'private',
    tag: 'Pessoas',
    summary: 'The signed-in patron’s personal data; name, category and validity are the library’s',
    response: dadosPessoaisSchema,
  }),
  savePersonalData: endpoint({
    method: 'PUT',
    path: '/pessoas/meu-pergamum/dados-pessoais',
    access: 'private',
    tag: 'Pessoas',
    summary: 'Change the signed-in patron’s personal data, all fields at once, in one transaction',
    body: dadosPessoaisBodySchema,
    response: z.object({ mensagem: z.string(), dados: dadosPessoaisSchema }),
    errors: [422],
  }),
  departments: endpoint({
    method: 'GET',
    path: '/pessoas/departamentos',
    access: 'either',
    tag: 'Pessoas',
    summary: 'The departments (courses and organisational units), by name',
    response: z.array(departamentoSchema),
  }),
  registrationName: endpoint({
    method: 'GET',
    path: '/pessoas/:user/nome',
    access: 'private',
    tag: 'Pessoas',
    summary: 'The name behind a login or registration code of the signed-in person’s own registrations (404 for anyone else’s)',
    params: pessoaUserParamsSchema,
    response: z.object({ nome: z.string(), categoria: z.string() }),
    errors: [404],
  }),
  passwordRules: endpoint({
    method: 'GET',
    path: '/pessoas/meu-pergamum/senha/regras',
    access: 'private',
    tag: 'Pessoas',
    summary: 'The rules a new password must meet (the password screen checks them live, spec §5)',
    response: passwordRulesSchema,
  }),
  signedInEmail: endpoint({
    method: 'GET',
    path: '/pessoas/email-pessoa-logada',
    access: 'private',
    tag: 'Pessoas',
    summary: 'The signed-in patron’s e-mail address (null when the record has none)',
    response: z.object({ email: z.string().nullable() }),
  }),
  swapUser: endpoint({
    method: 'POST',
    path: '/pessoas/meu-pergamum/troca-usuario',
    access: 'private',
    tag: 'Pessoas',
    summary: 'Continue as another registration of the same person (same CPF): answers a new token pair',
    body: trocaUsuarioSchema,
    response: tokenResponseSchema,
    errors: [422, 430],
  }),
  myData: endpoint({
    method: 'GET',
    path: '/pessoas/meu-pergamum/meus-dados',
    access: 'private',
    tag: 'Pessoas',
    summary: 'LGPD: everything the library holds about the signed-in patron, as JSON',
    response: meusDadosSchema,
  }),
  erasureRequests: endpoint({
    method: 'GET',
    path: '/pessoas/meu-pergamum/exclusao-dados',
    access: 'private',
    tag: 'Pessoas',
    summary: 'LGPD: the patron’s requests for erasure, newest first',
    response: z.array(pedidoExclusaoSchema),
  }),
  requestErasure: endpoint({
    method: 'POST',
    path: '/pessoas/meu-pergamum/exclusao-dados',
    access: 'private',
    tag: 'Pessoas',
    summary: 'LGPD: ask the library to erase the patron’s data (refused while loans or debts are open); e-mailed to the library',
    body: exclusaoDadosBodySchema,
    response: exclusaoDadosSchema,
    status: 201,
    errors: [409, 422, 502],
  }),
};
