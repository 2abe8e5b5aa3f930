import { z } from 'zod';
import { INT4_MAX } from '../common.js';
import { endpoint } from '../endpoint.js';

const idParams = z.object({ id: z.coerce.number().int().positive().max(INT4_MAX) });
/** Why the moderator did it: recorded in the staff audit. */
const motivo = z.string().trim().min(3).max(500);

/** A comment as the moderators see it: whose, on which title, where, and whether it is published. */
export const comentarioModeracaoSchema = z
  .object({
    cod_comentario: z.number().int(),
    cod_acervo: z.number().int(),
    titulo: z.string(),
    cod_pessoa: z.number().int(),
    nome: z.string(),
    biblioteca: z.string(),
    texto: z.string(),
    data_envio: z.string().describe('ISO 8601'),
    publicado: z.boolean(),
    data_aprovacao: z.string().nullable(),
  })
  .meta({ id: 'ComentarioModeracao' });
export type ComentarioModeracao = z.infer<typeof comentarioModeracaoSchema>;

/** A general comment sent from the footer form, as the moderators read it. */
export const comentarioGeralSchema = z.object({ id: z.number().int(), enviado_em: z.string(), nome: z.string(), biblioteca: z.string(), texto: z.string() });
/** An acquisition suggestion sent from the footer form, as the moderators read it. */
export const sugestaoRecebidaSchema = z.object({
  id: z.number().int(),
  enviado_em: z.string(),
  nome: z.string(),
  biblioteca: z.string(),
  titulo: z.string(),
  autor: z.string().nullable(),
  editor: z.string().nullable(),
  situacao: z.string(),
});

/**
 * Moderation (issue 53, role `moderacao`): comments awaiting approval (approve, reject with a
 * reason, edit out a name), published ones (unpublish: back to awaiting), and what the footer
 * forms sent. Every write leaves a staff_audit row with the text before and after.
 */
export const moderationEndpoints = {
  comments: endpoint({
    method: 'GET',
    path: '/api/moderacao/comentarios',
    access: { staff: ['moderacao'] },
    tag: 'Moderação',
    summary: 'Comments awaiting approval (oldest first) or published (newest first)',
    query: z.object({ situacao: z.enum(['pendente', 'publicado']).default('pendente') }),
    response: z.array(comentarioModeracaoSchema),
  }),
  approve: endpoint({
    method: 'POST',
    path: '/api/moderacao/comentarios/:id/aprovar',
    access: { staff: ['moderacao'] },
    tag: 'Moderação',
    summary: 'Publish a comment awaiting approval',
    params: idParams,
    response: comentarioModeracaoSchema,
    errors: [404, 409],
  }),
  reject: endpoint({
    method: 'POST',
    path: '/api/moderacao/comentarios/:id/rejeitar',
    access: { staff: ['moderacao'] },
    tag: 'Moderação',
    summary: 'Reject (delete) a comment awaiting approval, with a reason; its text stays in the audit',
    params: idParams,
    body: z.object({ motivo }),
    response: z.object({ cod_comentario: z.number().int() }),
    errors: [404, 409],
  }),
  edit: endpoint({
    method: 'PUT',
    path: '/api/moderacao/comentarios/:id',
    access: { staff: ['moderacao'] },
    tag: 'Moderação',
    summary: "Change a comment's text (to edit out a name), with a reason",
    params: idParams,
    body: z.object({ texto: z.string().trim().min(1).max(2000), motivo }),
    response: comentarioModeracaoSchema,
    errors: [404],
  }),
  unpublish: endpoint({
    method: 'POST',
    path: '/api/moderacao/comentarios/:id/despublicar',
    access: { staff: ['moderacao'] },
    tag: 'Moderação',
    summary: 'Take a published comment off its title page (back to awaiting approval), with a reason',
    params: idParams,
    body: z.object({ motivo }),
    response: comentarioModeracaoSchema,
    errors: [404, 409],
  }),
  generalComments: endpoint({
    method: 'GET',
    path: '/api/moderacao/comentarios-gerais',
    access: { staff: ['moderacao'] },
    tag: 'Moderação',
    summary: 'The latest 100 general comments sent from the footer form, newest first',
    response: z.array(comentarioGeralSchema),
  }),
  suggestions: endpoint({
    method: 'GET',
    path: '/api/moderacao/sugestoes',
    access: { staff: ['moderacao'] },
    tag: 'Moderação',
    summary: 'The latest 100 acquisition suggestions sent from the footer form, newest first',
    response: z.array(sugestaoRecebidaSchema),
  }),
} as const;
