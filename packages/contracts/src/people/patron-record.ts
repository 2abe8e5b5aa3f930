import { z } from 'zod';
import { INT4_MAX } from '../common.js';
import { endpoint } from '../endpoint.js';
import { dadosPessoaisBodySchema, dadosPessoaisSchema, taxNumberField } from './people.js';

const codPessoa = z.coerce.number().int().positive().max(INT4_MAX);
const params = z.object({ codPessoa });
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');
/** A login as the library types it: letters, digits and . _ - @ (stored lower case). */
const login = z
  .string()
  .trim()
  .min(3)
  .max(60)
  .regex(/^[A-Za-z0-9._@-]+$/, 'letters, digits and . _ - @ only')
  .transform((v) => v.toLowerCase());

/** A patron among those a search found. */
export const leitorEncontradoSchema = z.object({
  cod_pessoa: z.number().int(),
  nome: z.string(),
  categoria: z.string(),
  logins: z.array(z.string()),
  bloqueio: z.boolean(),
});

/** A note the staff keep about a patron (never shown to the patron), newest first. */
export const notaLeitorSchema = z.object({
  id: z.number().int(),
  texto: z.string(),
  /** The staff member who wrote it (null once their record is gone). */
  autor: z.string().nullable(),
  em: z.string().describe('When it was written, ISO 8601'),
});
export type NotaLeitor = z.infer<typeof notaLeitorSchema>;

/** A library a patron is registered at. */
export const bibliotecaLeitorSchema = z.object({ cod_biblioteca: z.number().int(), nome: z.string() });

/** A patron's record as the library's staff see it (issue 53): what the patron sees of themselves, and the library's side. */
export const fichaLeitorSchema = z
  .object({
    cod_pessoa: z.number().int(),
    dados: dadosPessoaisSchema,
    logins: z.array(z.object({ login: z.string(), ativo: z.boolean() })),
    bloqueio: z.boolean(),
    motivo_bloqueio: z.string().nullable(),
    /** The person's other registrations (sharing the CPF, decision 0022). */
    cadastros: z.array(z.object({ cod_pessoa: z.number().int(), categoria: z.string(), validade: z.string().nullable() })),
    /** The libraries the patron is registered at (none: not said yet). */
    bibliotecas: z.array(bibliotecaLeitorSchema),
    /** The staff's notes about the patron, newest first. */
    notas: z.array(notaLeitorSchema),
    /** Sessions open now (refresh-token families not revoked nor expired). */
    sessoes: z.number().int(),
    /** The staff's latest acts on this patron, newest first (at most 50). */
    historico: z.array(
      z.object({
        em: z.string(),
        autor: z.string(),
        autor_nome: z.string().nullable(),
        acao: z.string(),
        motivo: z.string().nullable(),
        detalhes: z.record(z.string(), z.unknown()).nullable(),
      }),
    ),
  })
  .meta({ id: 'FichaLeitor' });
export type FichaLeitor = z.infer<typeof fichaLeitorSchema>;

/** A patron made by hand at the desk: no password (they choose one through recovery, by e-mail). */
export const novoLeitorSchema = z.object({
  nome: z.string().trim().min(3).max(200),
  login,
  categoria: z.string().trim().min(1).max(20),
  email: dadosPessoaisBodySchema.shape.email,
  cpf: taxNumberField.optional(),
  validade: day.nullish().transform((v) => v ?? null),
});

const STAFF = { staff: ['circulacao', 'atendimento'] } as const;
const TAG = 'Leitores (equipe)';

/** The patrons' records for the staff (roles circulação and atendimento): find, read, correct, help, create. */
export const patronRecordEndpoints = {
  search: endpoint({
    method: 'GET',
    path: '/api/equipe/leitores',
    access: STAFF,
    tag: TAG,
    summary: 'Patrons by login, CPF or name (every word of three letters or more), at most 20',
    query: z.object({ busca: z.string().trim().min(1).max(200) }),
    response: z.array(leitorEncontradoSchema),
  }),
  record: endpoint({
    method: 'GET',
    path: '/api/equipe/leitores/:codPessoa',
    access: STAFF,
    tag: TAG,
    summary: "A patron's record: personal data, logins, registrations, open sessions, the staff's acts on it",
    params,
    response: fichaLeitorSchema,
    errors: [404],
  }),
  categories: endpoint({
    method: 'GET',
    path: '/api/equipe/categorias',
    access: STAFF,
    tag: TAG,
    summary: 'The patron categories, with their loan limits',
    response: z.array(z.object({ codigo: z.string(), descricao: z.string(), limite_emprestimos: z.number().int() })),
  }),
  saveData: endpoint({
    method: 'PUT',
    path: '/api/equipe/leitores/:codPessoa/dados',
    access: STAFF,
    tag: TAG,
    summary: "Correct a patron's personal data with the patron's own rules (§5); the library may also add a missing CPF",
    params,
    body: dadosPessoaisBodySchema,
    response: fichaLeitorSchema,
    errors: [404, 422],
  }),
  saveRegistration: endpoint({
    method: 'PUT',
    path: '/api/equipe/leitores/:codPessoa/cadastro',
    access: STAFF,
    tag: TAG,
    summary: 'Change what the library controls of a registration: its name, category, validity and the libraries it is registered at',
    params,
    body: z.object({
      nome: z.string().trim().min(3).max(200),
      categoria: z.string().trim().min(1).max(20),
      validade: day.nullable(),
      /** The libraries the patron is registered at (left out: unchanged; empty: none). */
      bibliotecas: z
        .array(z.number().int().positive().max(INT4_MAX))
        .max(100)
        .refine((ids) => new Set(ids).size === ids.length, 'each library once')
        .optional(),
    }),
    response: fichaLeitorSchema,
    errors: [404, 422],
  }),
  sendRecovery: endpoint({
    method: 'POST',
    path: '/api/equipe/leitores/:codPessoa/recuperacao',
    access: STAFF,
    tag: TAG,
    summary: 'E-mail the patron a code to choose a new password (no password is ever shown)',
    params,
    response: z.object({ emails: z.array(z.string()) }),
    errors: [404, 422, 429],
  }),
  endSessions: endpoint({
    method: 'POST',
    path: '/api/equipe/leitores/:codPessoa/sessoes/encerrar',
    access: STAFF,
    tag: TAG,
    summary: 'End every open session of the patron (a lost phone, a shared computer)',
    params,
    response: fichaLeitorSchema,
    errors: [404],
  }),
  addNote: endpoint({
    method: 'POST',
    path: '/api/equipe/leitores/:codPessoa/notas',
    access: STAFF,
    tag: TAG,
    summary: 'Note something about a patron for the staff (never shown to the patron); answers the notes now',
    params,
    body: z.object({ texto: z.string().trim().min(1).max(1000) }),
    response: z.array(notaLeitorSchema),
    status: 201,
    errors: [404],
  }),
  removeNote: endpoint({
    method: 'DELETE',
    path: '/api/equipe/leitores/:codPessoa/notas/:id',
    access: STAFF,
    tag: TAG,
    summary: 'Remove a note about a patron (it stays in the staff audit); answers the notes left',
    params: z.object({ codPessoa, id: z.coerce.number().int().positive().max(INT4_MAX) }),
    response: z.array(notaLeitorSchema),
    errors: [404],
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/equipe/leitores',
    access: STAFF,
    tag: TAG,
    summary: 'Register a patron by hand, with a login and no password (they choose it through recovery)',
    body: novoLeitorSchema,
    response: fichaLeitorSchema,
    status: 201,
    errors: [409, 422],
  }),
} as const;
