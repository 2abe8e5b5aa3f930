import { z } from 'zod';

/** Serial parts (codPar): F issue (fascículo), S supplement, I index. */
export const ISSUE_PART_CODES = ['F', 'S', 'I'] as const;
/** Publication frequencies (MARC 008/18 for continuing resources) the Kardex lays out. */
export const FREQUENCIES = ['m', 'b', 'q', 't', 'f', 'a', 'u'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

const code = (name: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, { error: `${name} must be a number` })
    .transform(Number);

/** `GET /kardex/{id}/permissao`: whether the title has a Kardex to show. */
export const kardexPermissaoSchema = z.object({ permitido: z.boolean() });

/** `GET /kardex/{id}/combobox-data`: the choices of the Kardex form. */
export const kardexComboSchema = z.object({
  bibliotecas: z.array(z.object({ cod_biblioteca: z.number().int(), desc_biblioteca: z.string() })),
  anos: z.array(z.number().int()),
  partes: z.array(z.enum(ISSUE_PART_CODES)),
  periodicidade: z.enum(FREQUENCIES),
});

/** `GET /kardex/{id}/data?codBib=&year=&codPar=&codPeriod=`: one year of a library's issues. */
export const kardexDataQuerySchema = z.object({
  codBib: code('codBib'),
  year: z
    .string()
    .regex(/^\d{4}$/, { error: 'year has four digits' })
    .transform(Number),
  codPar: z.enum(ISSUE_PART_CODES).default('F'),
  codPeriod: z.enum(FREQUENCIES).optional(),
});
export const fasciculoSchema = z.object({
  seq: z.number().int(),
  mes: z.number().int(),
  volume: z.string().nullable(),
  numero: z.string().nullable(),
  recebido: z.boolean(),
  data_chegada: z.string().nullable(),
  artigos: z.number().int(),
});
export const kardexDataSchema = z
  .object({ ano: z.number().int(), parte: z.enum(ISSUE_PART_CODES), periodicidade: z.enum(FREQUENCIES), fasciculos: z.array(fasciculoSchema) })
  .meta({ id: 'Kardex' });
export type KardexData = z.infer<typeof kardexDataSchema>;

/** `GET /kardex/{id}/item?seqPar=&codPar=[&seqSec=]`: one issue and its table of contents (or one article of it). */
export const kardexItemQuerySchema = z.object({
  seqPar: code('seqPar'),
  codPar: z.enum(ISSUE_PART_CODES).default('F'),
  seqSec: code('seqSec').optional(),
});
export const artigoSchema = z.object({ seq: z.number().int(), titulo: z.string(), autores: z.string().nullable(), paginas: z.string().nullable() });
export const kardexItemSchema = z.object({
  seq: z.number().int(),
  ano: z.number().int(),
  mes: z.number().int(),
  volume: z.string().nullable(),
  numero: z.string().nullable(),
  recebido: z.boolean(),
  data_chegada: z.string().nullable(),
  desc_biblioteca: z.string(),
  artigos: z.array(artigoSchema),
});
export type KardexItem = z.infer<typeof kardexItemSchema>;

/** `GET /sumario/{id}/dados`: a book's contents (505) and the tables of contents of a serial's issues. */
export const sumarioSchema = z
  .object({
    cod_acervo: z.number().int(),
    itens: z.array(z.object({ titulo: z.string(), autoria: z.string().nullable() })),
    fasciculos: z.array(kardexItemSchema),
  })
  .meta({ id: 'Sumario' });
export type Sumario = z.infer<typeof sumarioSchema>;

/**
 * `GET /consulta/acervos-indexados?acervos=`: of the given titles, the serials whose articles
 * are indexed (tables of contents), with how many articles in how many issues — the results page
 * links them to the title's collection.
 */
export const acervosIndexadosSchema = z
  .array(z.object({ cod_acervo: z.number().int(), artigos: z.number().int(), fasciculos: z.number().int() }))
  .meta({ id: 'AcervosIndexados' });
export type AcervosIndexados = z.infer<typeof acervosIndexadosSchema>;
