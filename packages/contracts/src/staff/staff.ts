import { z } from 'zod';
import { INT4_MAX } from '../common.js';
import { endpoint, STAFF_ROLES } from '../endpoint.js';

/** A staff member: the person, their active logins, and their roles in STAFF_ROLES' order. */
export const membroEquipeSchema = z
  .object({
    cod_pessoa: z.number().int(),
    nome: z.string(),
    logins: z.array(z.string()),
    papeis: z.array(z.enum(STAFF_ROLES)),
  })
  .meta({ id: 'MembroEquipe' });
export type MembroEquipe = z.infer<typeof membroEquipeSchema>;

/** Roles to grant or take back: at least one, each once. */
const papeis = z
  .array(z.enum(STAFF_ROLES))
  .min(1)
  .max(STAFF_ROLES.length)
  .refine((roles) => new Set(roles).size === roles.length, { message: 'each role once' });

/** The staff accounts (issue 53, role `administracao`): who holds which roles, granted and taken back by screen as by `npm run staff -- staff`. */
export const staffEndpoints = {
  members: endpoint({
    method: 'GET',
    path: '/api/equipe/membros',
    access: { staff: ['administracao'] },
    tag: 'Equipe',
    summary: 'The staff members and their roles',
    response: z.array(membroEquipeSchema),
  }),
  grant: endpoint({
    method: 'POST',
    path: '/api/equipe/membros',
    access: { staff: ['administracao'] },
    tag: 'Equipe',
    summary: 'Grant roles to the person behind a login (kept with those they hold)',
    body: z.object({ login: z.string().trim().min(1).max(200), papeis }),
    response: membroEquipeSchema,
    errors: [404],
  }),
  revoke: endpoint({
    method: 'POST',
    path: '/api/equipe/membros/:codPessoa/revogar',
    access: { staff: ['administracao'] },
    tag: 'Equipe',
    summary: 'Take roles from a staff member (their staff calls are refused at once); not the last administrator',
    params: z.object({ codPessoa: z.coerce.number().int().positive().max(INT4_MAX) }),
    body: z.object({ papeis }),
    response: membroEquipeSchema.nullable().describe('the member as they are now; null when no role is left'),
    errors: [404, 422],
  }),
} as const;

/** One act of the staff as the audit keeps it (staff_audit), with the names of who and whom. */
export const atoEquipeSchema = z
  .object({
    id: z.number().int(),
    em: z.string().describe('ISO 8601, UTC'),
    autor: z.string().describe('`pessoa:<cod>` in the staff area, `command line (<user>)` at a shell'),
    autor_nome: z.string().nullable(),
    acao: z.string().describe('`<module>.<verb>`'),
    alvo: z.string().describe('`pessoa:<cod>`, `exemplar:<tombo>`…'),
    alvo_nome: z.string().nullable(),
    motivo: z.string().nullable(),
    detalhes: z.record(z.string(), z.unknown()).nullable(),
  })
  .meta({ id: 'AtoEquipe' });
export type AtoEquipe = z.infer<typeof atoEquipeSchema>;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');
/** The audit's filters: who (person number), which action, whose record (patron number), a period of days (inclusive). */
export const auditoriaQuerySchema = z.object({
  autor: z.coerce.number().int().positive().max(INT4_MAX).optional(),
  acao: z
    .string()
    .regex(/^[a-z]+(\.[a-z_]+)?$/)
    .max(60)
    .optional()
    .describe('`<module>` or `<module>.<verb>`'),
  pessoa: z.coerce.number().int().positive().max(INT4_MAX).optional().describe('acts on this patron'),
  de: day.optional(),
  ate: day.optional(),
  pagina: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const auditEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/equipe/auditoria',
    access: { staff: ['administracao'] },
    tag: 'Equipe',
    summary: 'The staff audit, newest first, 50 a page, filtered by person, action, patron and days',
    query: auditoriaQuerySchema,
    response: z.object({ total: z.number().int(), pagina: z.number().int(), itens: z.array(atoEquipeSchema) }),
  }),
  csv: endpoint({
    method: 'GET',
    path: '/api/equipe/auditoria/csv',
    access: { staff: ['administracao'] },
    tag: 'Equipe',
    summary: 'The staff audit as CSV (the same filters, every page; at most 100,000 rows)',
    query: auditoriaQuerySchema.omit({ pagina: true }),
    response: z.string(),
    answer: 'file',
  }),
} as const;
