import { z } from 'zod';
import { endpoint } from '../endpoint.js';

/**
 * What the library owns, exported (issue 57 item 4, decision 0056): the catalogue with its copies
 * as MARC (ISO 2709 or MARCXML) in the holdings map of the library's choice, and the patrons, their
 * open loans, holds and debts as CSV with the imports' own headers — what `npm run import` and
 * `npm run staff -- people import…` read back into another Estante. Streamed whatever the size;
 * the administration's (role `administracao`).
 */

/** The catalogue's formats. */
export const CATALOGUE_FORMATS = ['iso2709', 'marcxml'] as const;
/** The holdings maps copies are written in: Koha's 952, MARC 21's 852 + 876, or the library's own (its JSON map sent along). */
export const HOLDINGS_MAPS = ['koha', 'marc21', 'proprio'] as const;
/** The CSV files, each read back by its import command. */
export const PEOPLE_FILES = ['leitores', 'emprestimos', 'reservas', 'debitos'] as const;
export type CatalogueFormat = (typeof CATALOGUE_FORMATS)[number];
export type HoldingsMapName = (typeof HOLDINGS_MAPS)[number];
export type PeopleFile = (typeof PEOPLE_FILES)[number];

/** A library's own holdings map: the JSON text of the file `npm run import -- --holdings-map` reads (README, "Copies from holdings"). */
const ownMap = z.string().trim().min(2).max(100_000);

/** `POST /api/equipe/exportacao/catalogo`: the format, the holdings map, and the library's own map when `exemplares` is `proprio`. */
export const exportarCatalogoBodySchema = z
  .object({
    formato: z.enum(CATALOGUE_FORMATS),
    exemplares: z.enum(HOLDINGS_MAPS),
    mapa: ownMap.optional(),
  })
  .refine((b) => (b.exemplares === 'proprio') === (b.mapa !== undefined), {
    path: ['mapa'],
    error: 'the library’s own map (its JSON) comes with exemplares proprio, and only then',
  });
export type ExportarCatalogoBody = z.infer<typeof exportarCatalogoBodySchema>;

/** `GET /api/equipe/exportacao/{arquivo}`. */
export const exportarArquivoParamsSchema = z.object({
  arquivo: z.enum(PEOPLE_FILES).describe('which file: patrons (leitores), open loans (emprestimos), holds (reservas) or debts (debitos)'),
});

/**
 * The answer's header naming the `--map-*` options with which `npm run import` reads the copies
 * back (the loan types and statuses written as Estante's own codes): shown beside the download.
 */
export const IMPORT_ARGUMENTS_HEADER = 'x-estante-import-args';

const STAFF = { staff: ['administracao'] } as const;
const TAG = 'Exportação';

export const exportEndpoints = {
  catalogue: endpoint({
    method: 'POST',
    path: '/api/equipe/exportacao/catalogo',
    access: STAFF,
    tag: TAG,
    summary: 'The whole catalogue with its copies as a MARC file (ISO 2709 or MARCXML), streamed',
    description:
      'Every title (its stored record, its copies in the holdings map chosen: Koha 952, MARC 21 852 + 876, or the library’s own JSON map) and every authority record. ' +
      `The file comes with a Content-Disposition file name and, in ${IMPORT_ARGUMENTS_HEADER}, the --map-* options with which npm run import reads the copies back.`,
    body: exportarCatalogoBodySchema,
    response: z.string(),
    answer: 'file',
    errors: [422],
  }),
  people: endpoint({
    method: 'GET',
    path: '/api/equipe/exportacao/:arquivo',
    access: STAFF,
    tag: TAG,
    summary: 'Patrons (leitores), their open loans (emprestimos), holds (reservas) or debts (debitos) as CSV with the import’s own header, streamed',
    params: exportarArquivoParamsSchema,
    response: z.string(),
    answer: 'file',
  }),
} as const;
