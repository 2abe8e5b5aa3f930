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
