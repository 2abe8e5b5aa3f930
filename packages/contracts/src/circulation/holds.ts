import { z } from 'zod';
import { recordId } from '../record-id.js';
import { endpoint } from '../endpoint.js';
import { PERIOD_ORDER, periodInOrder, periodShape, recordIdParamsSchema } from '../catalog/title.js';

/** A hold's status (spec §4): in the queue, released (a copy waits), served, cancelled, expired. */
export const HOLD_STATUS_CODES = ['fila', 'liberada', 'atendida', 'cancelada', 'expirada'] as const;
export type HoldStatus = (typeof HOLD_STATUS_CODES)[number];

const part = z
  .string()
  .trim()
  .max(40)
  .nullable()
  .optional()
  .transform((v) => v || null);

/** `POST /reserva` and `POST /reserva/validar-fila` (spec §3 "Hold" creation payload). */
export const reservaBodySchema = z.object({
  cod_acervo: recordId,
  biblioteca: recordId,
  volume: part,
  tomo: part,
  parte: part,
  material_adicional: part,
  /** Only copies shelved at this location (a copy's `localizacao`): a hold for the reference copies, say. */
  localizacao: z
    .string()
    .trim()
    .max(200)
    .nullable()
    .optional()
    .transform((v) => v || null),
});
export type ReservaBody = z.input<typeof reservaBodySchema>;

/** `GET /reserva/{id}/informacoes-iniciais`: where and what can be held. */
export const reservaInicialSchema = z
  .object({
    cod_acervo: z.number().int(),
    titulo: z.string(),
    bibliotecas: z.array(
      z.object({
        cod_biblioteca: z.number().int(),
        desc_biblioteca: z.string(),
        exemplares: z.number().int().describe('copies that can be held'),
        disponiveis: z.number().int().describe('copies on the shelf now: no hold while any'),
        fila: z.number().int().describe('holds waiting'),
      }),
    ),
    /** The title's volumes, tomes and parts: when there are any, the patron picks one of each. */
    volumes: z.array(z.string()),
    tomos: z.array(z.string()),
    partes: z.array(z.string()),
    materiais: z.array(z.string()),
  })
  .meta({ id: 'ReservaInicial' });
export type ReservaInicial = z.infer<typeof reservaInicialSchema>;

/** The answer of `POST /reserva/validar-fila` and `POST /reserva`. */
export const reservaFilaSchema = z.object({
  cod_reserva: z.number().int().optional(),
  posicao: z.number().int().describe('place in the queue (1: next)'),
});

/** One of the patron's holds (spec §3 "Hold"). */
export const reservaSchema = z
  .object({
    cod_reserva: z.number().int(),
    cod_acervo: z.number().int(),
    titulo: z.string(),
    cod_biblioteca: z.number().int(),
    desc_biblioteca: z.string(),
    volume: z.string().nullable(),
    tomo: z.string().nullable(),
    parte: z.string().nullable(),
    localizacao: z.string().nullable().describe('only copies shelved here, when the patron chose a location'),
    material: z.string().nullable(),
    situacao: z.enum(HOLD_STATUS_CODES),
    posicao: z.number().int().nullable().describe('place in the queue while waiting'),
    data_reserva: z.string(),
    data_liberacao: z.string().nullable(),
    prazo_retirada: z.string().nullable(),
    data_cancelamento: z.string().nullable(),
    observacao: z.string().nullable(),
  })
  .meta({ id: 'Reserva' });
export type Reserva = z.infer<typeof reservaSchema>;

/** `DELETE /api/reserva?reservas=1,2`: cancel one or several of the patron's holds. */
export const cancelarReservasQuerySchema = z.object({
  reservas: z
    .string()
    .regex(/^\d{1,9}(,\d{1,9}){0,49}$/, { error: 'reservas: hold numbers separated by commas (at most 50)' })
    .transform((v) => [...new Set(v.split(',').map(Number))]),
});

/** `GET /api/reserva/historico?dataIni=&dataFim=` (both needed, start not after end). */
export const periodoQuerySchema = z.object(periodShape).refine(periodInOrder, PERIOD_ORDER);

/** Holds (spec §7 "Reservations"): what can be held, placing one, the patron's holds, cancelling, history. */
export const holdsEndpoints = {
  start: endpoint({
    method: 'GET',
    path: '/reserva/:id/informacoes-iniciais',
    access: 'either',
    tag: 'Reservas',
    summary: 'Where the title can be held (libraries, queues) and its volumes, tomes and parts',
    params: recordIdParamsSchema,
    response: reservaInicialSchema,
    errors: [404, 422],
  }),
  validate: endpoint({
    method: 'POST',
    path: '/reserva/validar-fila',
    access: 'private',
    tag: 'Reservas',
    summary: 'Check a hold before placing it: the place it would take in the queue',
    body: reservaBodySchema,
    response: reservaFilaSchema,
    errors: [404, 422],
  }),
  place: endpoint({
    method: 'POST',
    path: '/reserva',
    access: 'private',
    tag: 'Reservas',
    summary: 'Place a hold; answers its number and place in the queue',
    description:
      'Holds the title at a library (with the volume, tome or part when it has them). A rule of the library that refuses it ' +
      '(copies on the shelf, a limit reached, the patron blocked …) is a 422 whose message says why, in the language of `x-idioma`.',
    body: reservaBodySchema,
    response: reservaFilaSchema,
    errors: [404, 422],
  }),
  mine: endpoint({
    method: 'GET',
    path: '/api/reserva',
    access: 'private',
    tag: 'Reservas',
    summary: "The patron's holds in the queue or waiting at the desk",
    response: z.array(reservaSchema),
    errors: [404, 422],
  }),
  cancel: endpoint({
    method: 'DELETE',
    path: '/api/reserva',
    access: 'private',
    tag: 'Reservas',
    summary: "Cancel one or several of the patron's holds (all or none)",
    query: cancelarReservasQuerySchema,
    response: z.object({ canceladas: z.number().int() }),
    errors: [404, 422],
  }),
  history: endpoint({
    method: 'GET',
    path: '/api/reserva/historico',
    access: 'private',
    tag: 'Reservas',
    summary: 'Every hold the patron placed in a period',
    query: periodoQuerySchema,
    response: z.array(reservaSchema),
    errors: [404, 422],
  }),
};
