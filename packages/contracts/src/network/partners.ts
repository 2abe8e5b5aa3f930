import { z } from 'zod';
import { INT4_MAX } from '../common.js';
import { endpoint } from '../endpoint.js';

const TAG = 'Rede (equipe)';
const STAFF = { staff: ['administracao'] } as const;
const params = z.object({ id: z.coerce.number().int().positive().max(INT4_MAX) });

/** An http(s) address a partner can be reached at: no credentials, no fragment, no spaces, 500 characters at most. */
const partnerAddress = z
  .string()
  .trim()
  .max(500)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password && !url.hash && !/\s/.test(value);
    } catch {
      return false;
    }
  }, 'an http:// or https:// address, without user, password or #fragment');

/** How a partner's last harvest went (or goes: `coletando`), as it was written after each page. */
export const coletaSchema = z.object({
  situacao: z
    .enum(['coletando', 'completa', 'pausada', 'falhou', 'interrompida'])
    .describe('interrompida: it stopped moving (its process ended) and goes on at the next run'),
  paginas: z.number().int(),
  recebidos: z.number().int(),
  novos: z.number().int(),
  atualizados: z.number().int(),
  apagados: z.number().int(),
  ignorados: z.number().int(),
  /** The list's size when the partner says it (completeListSize). */
  total: z.number().int().nullable(),
  inicio: z.string(),
  atualizada: z.string(),
  erro: z.string().nullable(),
});

/** A partner library as the administration sees it. */
export const parceiroSchema = z
  .object({
    cod_empresa: z.number().int(),
    nome: z.string(),
    endereco: z.string().describe("The partner's OAI-PMH base URL"),
    formato: z.string().nullable().describe('The metadata format harvested (marc21, oai_dc), null before the first harvest'),
    registro_url: z.string().nullable().describe("The address of a record on the partner's catalogue, {id} its number"),
    registros: z.number().int().describe('Records held from it'),
    ultima_coleta: z.string().nullable().describe('When its list was last read to the end (ISO)'),
    proxima_tentativa: z.string().nullable(),
    ultimo_erro: z.string().nullable(),
    falhas: z.number().int().describe('Failed harvests in a row'),
    coleta: coletaSchema.nullable(),
  })
  .meta({ id: 'Parceiro' });
export type Parceiro = z.infer<typeof parceiroSchema>;

export const novoParceiroSchema = z.object({
  endereco: partnerAddress,
  nome: z.string().trim().min(1).max(100),
  /** The address of a record on the partner's catalogue, with {id}; left out: another Estante's /acervo/{id}, or the record's own address. */
  registro: partnerAddress.refine((v) => v.includes('{id}'), 'the address must contain {id}').optional(),
});

/** The partner network's administration (issue 54): partners added (checked with Identify), harvested now, removed. */
export const networkPartnerEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/equipe/rede/parceiros',
    access: STAFF,
    tag: TAG,
    summary: "The partners: records held, last harvest, errors, and a harvest's progress while it runs",
    response: z.array(parceiroSchema),
  }),
  add: endpoint({
    method: 'POST',
    path: '/api/equipe/rede/parceiros',
    access: STAFF,
    tag: TAG,
    summary: 'Add a partner: its address is asked Identify and ListMetadataFormats first; nothing is saved when it does not answer as OAI-PMH',
    body: novoParceiroSchema,
    response: parceiroSchema,
    status: 201,
    errors: [409, 422],
  }),
  harvest: endpoint({
    method: 'POST',
    path: '/api/equipe/rede/parceiros/:id/coleta',
    access: STAFF,
    tag: TAG,
    summary: 'Harvest a partner now (the scheduler runs it within seconds; its progress shows in the list)',
    params,
    response: parceiroSchema,
    status: 202,
    errors: [404, 409],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/equipe/rede/parceiros/:id',
    access: STAFF,
    tag: TAG,
    summary: 'Remove a partner and every record harvested from it (they leave the network search)',
    params,
    response: z.object({ registros: z.number().int() }),
    errors: [404],
  }),
} as const;
