import { z } from 'zod';
import { recordId } from '../record-id.js';
import { endpoint } from '../endpoint.js';
import { recordIdParamsSchema } from '../catalog/title.js';

/** The most titles one closed-stacks request may ask for (a librarian fetches them by hand). */
export const MAX_CLOSED_STACK_ITEMS = 5;

const part = z.string().trim().min(1).max(20).optional();
const libraryCode = z
  .string()
  .regex(/^\d{1,9}$/, { error: 'cod_biblioteca must be a library code' })
  .transform(Number);

/** `GET /acervo/{id}/dados-armazem`: the title's closed-stack copies, by library and part. */
export const dadosArmazemQuerySchema = z.object({ cod_biblioteca: libraryCode.optional(), volume: part, tomo: part, parte: part });

export const exemplarArmazemSchema = z.object({
  cod_exemplar: z.number().int(),
  tombo: z.string(),
  cod_biblioteca: z.number().int(),
  desc_biblioteca: z.string(),
  localizacao: z.string(),
  volume: z.string().nullable(),
  tomo: z.string().nullable(),
  parte: z.string().nullable(),
  /** On the shelf and not already asked for: it can be requested now. */
  disponivel: z.boolean(),
});

export const dadosArmazemSchema = z
  .object({
    bibliotecas: z.array(z.object({ cod_biblioteca: z.number().int(), desc_biblioteca: z.string(), total: z.number().int() })),
    opcoes: z.object({ volumes: z.array(z.string()), tomos: z.array(z.string()), partes: z.array(z.string()) }),
    exemplares: z.array(exemplarArmazemSchema),
    maximo_itens: z.number().int(),
  })
  .meta({ id: 'DadosArmazem' });
export type DadosArmazem = z.infer<typeof dadosArmazemSchema>;

/** `POST /gravar-armazem?cod_biblioteca=`: ask for titles to be fetched from that library's closed stacks. */
export const gravarArmazemQuerySchema = z.object({ cod_biblioteca: libraryCode });
export const gravarArmazemBodySchema = z.object({
  cesta: z
    .array(z.object({ cod_acervo: recordId, volume: part, tomo: part, parte: part }))
    .min(1, { error: 'cesta needs at least one title' })
    .max(MAX_CLOSED_STACK_ITEMS, { error: `at most ${MAX_CLOSED_STACK_ITEMS} titles per request` }),
});

/** The protocol the patron quotes at the desk (dadosProtocoloArmazem). */
export const protocoloArmazemSchema = z
  .object({
    protocolo: z.string(),
    cod_biblioteca: z.number().int(),
    desc_biblioteca: z.string(),
    criado_em: z.string(),
    itens: z.array(z.object({ cod_acervo: z.number().int(), titulo: z.string(), tombo: z.string(), localizacao: z.string() })),
  })
  .meta({ id: 'ProtocoloArmazem' });
export type ProtocoloArmazem = z.infer<typeof protocoloArmazemSchema>;

/** Closed stacks (acervo fechado): what is there, and requests to fetch it. */
export const closedStacksEndpoints = {
  data: endpoint({
    method: 'GET',
    path: '/acervo/:id/dados-armazem',
    access: 'either',
    tag: 'Acervo fechado',
    summary: "The title's closed-stack copies by library and volume / tome / part",
    params: recordIdParamsSchema,
    query: dadosArmazemQuerySchema,
    response: dadosArmazemSchema,
    errors: [404],
  }),
  request: endpoint({
    method: 'POST',
    path: '/gravar-armazem',
    access: 'private',
    tag: 'Acervo fechado',
    summary: "Ask for titles to be fetched from a library's closed stacks; returns the protocol",
    query: gravarArmazemQuerySchema,
    body: gravarArmazemBodySchema,
    response: protocoloArmazemSchema,
    status: 201,
    errors: [404, 422],
  }),
};
