/**
 * Copies read from a bibliographic record's holdings fields (issue 57), by a declared map: which
 * field is a copy, and which of its subfields give the barcode, the library, the call number, the
 * loan type, the collection, the status… Two maps come with Estante — Koha's 952 (its MARC 21
 * default framework) and MARC 21's 852 with 876–878 — and a library can write its own as a small
 * JSON file (`--holdings-map`). The codes a source uses for its libraries, loan types, collections
 * and statuses are translated by the map's tables, filled from the file and from `--map-library
 * CPL=1`, `--map-loan-type BK=1`, `--map-collection FIC=Ficção`, `--map-status Missing=extraviado`.
 * Reading is pure (this file); writing is holdings.queries.ts. docs/decisions/0053 says why.
 */
import { z } from 'zod';
import { COPY_STATUSES } from '../../db/schema/catalog.js';
import { type DataField, isDataField, type MarcRecord } from '../../marc/record.js';

export type CopyStatus = (typeof COPY_STATUSES)[number];

/** What a copy is read into; every one but `barcode` and `library` may be left unread. */
export const COPY_PARTS = [
  'barcode',
  'library',
  'callNumber',
  'loanType',
  'collection',
  'volume',
  'acquired',
  'material',
  'status',
  'withdrawn',
  'lost',
  'damaged',
  'notForLoan',
  'restricted',
] as const;
export type CopyPart = (typeof COPY_PARTS)[number];

/** A source: a tag and a subfield code, written `952$p`. */
const SOURCE = /^(\d{3})\$([0-9a-z])$/;

/** How copies are read from a record, and how the source's codes become Estante's. */
export interface HoldingsMap {
  name: string;
  /** The fields each of whose occurrences is one copy. */
  items: string[];
  /**
   * The field an item belongs to (MARC 21's 852): the one whose $8 is the item's $8 up to its
   * dot, else the last one before the item. A holding field with no item is itself one copy.
   */
  holding?: string;
  /** Each part's sources, in order: the first with a value gives it; the call number joins them all. */
  read: Partial<Record<CopyPart, string[]>>;
  /** Source code → cod_biblioteca; `*` for copies that name none. */
  libraries: Record<string, number>;
  /** Source code → cod_tipo_emprestimo; `*` for copies that name none. */
  loanTypes: Record<string, number>;
  /** Source code → the collection's name in Estante (free text on the copy). */
  collections: Record<string, string>;
  /** Value of the `status` part → Estante's status, or `withdrawn` (the copy is not imported). */
  statuses: Record<string, CopyStatus | 'withdrawn'>;
}

/** Koha's 952 in its default MARC 21 framework (Koha manual, "Item fields": items.* columns). */
export const KOHA_952: HoldingsMap = {
  name: 'koha',
  items: ['952'],
  read: {
    barcode: ['952$p'],
    library: ['952$a', '952$b'],
    callNumber: ['952$o'],
    loanType: ['952$y'],
    collection: ['952$8'],
    volume: ['952$h'],
    acquired: ['952$d'],
    material: ['952$3'],
    withdrawn: ['952$0'],
    lost: ['952$1'],
    damaged: ['952$4'],
    notForLoan: ['952$7'],
    restricted: ['952$5'],
  },
  libraries: {},
  loanTypes: {},
  collections: {},
  statuses: {},
};

/** MARC 21 holdings embedded in the bibliographic record: 852 location, 876–878 items. */
export const MARC21_852: HoldingsMap = {
  name: 'marc21',
  items: ['876', '877', '878'],
  holding: '852',
  read: {
    barcode: ['876$p', '877$p', '878$p', '852$p'],
    library: ['852$b'],
    callNumber: ['852$k', '852$h', '852$i', '852$m'],
    collection: ['852$c'],
    volume: ['876$3', '877$3', '878$3', '852$3'],
    acquired: ['876$d', '877$d', '878$d'],
    status: ['876$j', '877$j', '878$j'],
  },
  libraries: {},
  loanTypes: {},
  collections: {},
  statuses: {},
};

export const BUILT_IN_MAPS: Record<string, HoldingsMap> = { koha: KOHA_952, marc21: MARC21_852 };

const tag = z.string().regex(/^\d{3}$/, 'a tag is three digits');
const source = z.string().regex(SOURCE, 'a source is a tag and a subfield code, as 952$p');
const code = z.string().trim().min(1).max(100);

/** A library's own map, as its JSON file says it: on a built-in one (`base`) or whole. */
export const holdingsMapFile = z
  .object({
    base: z.enum(['koha', 'marc21']).optional(),
    items: z.array(tag).min(1).optional(),
    holding: tag.optional(),
    read: z.partialRecord(z.enum(COPY_PARTS), z.array(source).min(1)).optional(),
    libraries: z.record(code, z.number().int().positive()).optional(),
    loanTypes: z.record(code, z.number().int().positive().max(32767)).optional(),
    collections: z.record(code, z.string().trim().min(1).max(200)).optional(),
    statuses: z.record(code, z.enum([...COPY_STATUSES, 'withdrawn'])).optional(),
  })
  .strict()
  .refine((m) => m.base !== undefined || (m.items !== undefined && m.read?.barcode !== undefined && m.read.library !== undefined), {
    message: 'a map without a base names its items and where their barcode and library are read',
  });
export type HoldingsMapFile = z.infer<typeof holdingsMapFile>;

/** A map from its file's contents (a built-in one under it when it names a `base`); throws with the file's mistakes. */
export function mapFromFile(text: string, name: string): HoldingsMap {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`holdings map ${name} is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = holdingsMapFile.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(the map)'}: ${i.message}`).join('; ');
    throw new Error(`holdings map ${name}: ${problems}`);
  }
  const file = parsed.data;
  const base = file.base ? BUILT_IN_MAPS[file.base]! : undefined;
  return {
    name,
    items: file.items ?? base!.items,
    holding: file.holding ?? base?.holding,
    read: { ...base?.read, ...file.read },
    libraries: { ...file.libraries },
    loanTypes: { ...file.loanTypes },
    collections: { ...file.collections },
    statuses: { ...file.statuses },
  };
}

/** What the command line says of holdings: the map, and codes mapped on it. */
export interface HoldingsArgs {
  /** `koha`, `marc21`, or the absolute path of a JSON map. */
  map?: string;
  libraries: Record<string, number>;
  loanTypes: Record<string, number>;
  collections: Record<string, string>;
  statuses: Record<string, CopyStatus | 'withdrawn'>;
}

const FLAGS = ['--delete-list', '--holdings', '--holdings-map', '--map-library', '--map-loan-type', '--map-collection', '--map-status'] as const;

/**
 * Splits an import's arguments into its files, its delete lists (`--delete-list file.txt`, as
 * many as given) and its holdings options (`--holdings koha`, `--holdings-map file.json`,
 * `--map-library CPL=1`, …; `--flag=value` works too). Throws on an unknown flag or a malformed
 * value; a `--map-*` without a map is a mistake too.
 */
export function parseImportArgs(argv: string[]): { files: string[]; deleteLists?: string[]; holdings?: HoldingsArgs } {
  const files: string[] = [];
  const deleteLists: string[] = [];
  const holdings: HoldingsArgs = { libraries: {}, loanTypes: {}, collections: {}, statuses: {} };
  let named = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') continue;
    if (!arg.startsWith('--') || arg === '--help') {
      files.push(arg);
      continue;
    }
    const flag = arg.split('=')[0]!;
    if (!(FLAGS as readonly string[]).includes(flag)) throw new Error(`unknown option ${arg}`);
    const value = arg.length > flag.length ? arg.slice(flag.length + 1) : argv[++i];
    if (value === undefined || value === '') throw new Error(`${flag} needs a value`);
    if (flag === '--delete-list') {
      deleteLists.push(value);
      continue;
    }
    if (flag === '--holdings' || flag === '--holdings-map') {
      if (holdings.map) throw new Error('one holdings map an import');
      if (flag === '--holdings' && !BUILT_IN_MAPS[value]) throw new Error(`--holdings is ${Object.keys(BUILT_IN_MAPS).join(' or ')} (a file: --holdings-map)`);
      holdings.map = value;
      continue;
    }
    named = true;
    const at = value.lastIndexOf('=');
    const key = value.slice(0, at).trim();
    const to = value.slice(at + 1).trim();
    if (at <= 0 || !to || !key)
      throw new Error(
        `${flag} is CODE=VALUE, as ${flag} ${flag === '--map-collection' ? 'FIC=Ficção' : flag === '--map-status' ? 'Missing=extraviado' : 'CPL=1'}`,
      );
    if (flag === '--map-library' || flag === '--map-loan-type') {
      if (!/^\d{1,9}$/.test(to)) throw new Error(`${flag} ${value}: the value is Estante's number`);
      (flag === '--map-library' ? holdings.libraries : holdings.loanTypes)[key] = Number(to);
    } else if (flag === '--map-collection') holdings.collections[key] = to;
    else {
      if (!([...COPY_STATUSES, 'withdrawn'] as string[]).includes(to))
        throw new Error(`--map-status ${value}: a status is one of ${[...COPY_STATUSES, 'withdrawn'].join(', ')}`);
      holdings.statuses[key] = to as CopyStatus | 'withdrawn';
    }
  }
  if (named && !holdings.map) throw new Error('--map-* options need the holdings map they map: --holdings koha, --holdings marc21 or --holdings-map file.json');
  return { files, ...(deleteLists.length > 0 ? { deleteLists } : {}), ...(holdings.map ? { holdings } : {}) };
}

/** The arguments `parseImportArgs` reads back as `holdings`: how the command line asks a running server. */
export function holdingsArgv(holdings: HoldingsArgs | undefined): string[] {
  if (!holdings?.map) return [];
  return [
    BUILT_IN_MAPS[holdings.map] ? '--holdings' : '--holdings-map',
    holdings.map,
    ...Object.entries(holdings.libraries).flatMap(([k, v]) => ['--map-library', `${k}=${v}`]),
    ...Object.entries(holdings.loanTypes).flatMap(([k, v]) => ['--map-loan-type', `${k}=${v}`]),
    ...Object.entries(holdings.collections).flatMap(([k, v]) => ['--map-collection', `${k}=${v}`]),
    ...Object.entries(holdings.statuses).flatMap(([k, v]) => ['--map-status', `${k}=${v}`]),
  ];
}

/** One copy as the record gives it, its codes already Estante's. */
export interface CopyRow {
  tombo: string;
  codBiblioteca: number;
  codTipoEmprestimo: number;
  localizacao: string;
  colecao: string | null;
  status: CopyStatus;
  volume: string | null;
  material: string | null;
  /** YYYY-MM-DD, or null: a new copy is then acquired today, a known one keeps its date. */
  dataAquisicao: string | null;
}

/** Why a copy the record holds is not imported. */
export type LeftOut =
  | { kind: 'unmapped'; part: 'library' | 'loanType' | 'status'; code: string }
  | { kind: 'no-barcode' }
  | { kind: 'duplicate'; barcode: string }
  | { kind: 'withdrawn' };

/** What a record's holdings fields say. */
export interface RecordHoldings {
  /** Whether the record has a holdings field: only then are its title's copies brought in line with it. */
  present: boolean;
  copies: CopyRow[];
  /** Barcodes the record names and does not withdraw, imported or not: copies an import keeps. */
  keep: string[];
  leftOut: LeftOut[];
  /** What was read with a fault, the copy still imported (an acquisition date that is no date). */
  warnings: string[];
}

function subfield(field: DataField, code: string): string | undefined {
  for (const s of field.subfields) if (s.code === code && s.value.trim()) return s.value.trim();
  return undefined;
}

/** A flag of Koha's (withdrawn, itemlost, damaged, restricted): set when neither empty nor 0. */
function isSet(value: string | undefined): boolean {
  return value !== undefined && value !== '0';
}

function validDate(value: string): string | null {
  const iso = /^(\d{4})-?(\d{2})-?(\d{2})/.exec(value);
  if (!iso) return null;
  const text = `${iso[1]}-${iso[2]}-${iso[3]}`;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text) ? text : null;
}

/** The item fields of a record, each with the holding field it belongs to. */
function itemFields(record: MarcRecord, map: HoldingsMap): { item?: DataField; holding?: DataField }[] {
  const out: { item?: DataField; holding?: DataField }[] = [];
  const linked = new Map<string, DataField>();
  const used = new Set<DataField>();
  let last: DataField | undefined;
  for (const field of record.fields) {
    if (!isDataField(field)) continue;
    if (map.holding && field.tag === map.holding) {
      last = field;
      const link = subfield(field, '8');
      if (link) linked.set(link.split('.')[0]!, field);
      out.push({ holding: field });
      continue;
    }
    if (!map.items.includes(field.tag)) continue;
    const link = subfield(field, '8');
    const holding = (link && linked.get(link.split('.')[0]!)) || last;
    if (holding) used.add(holding);
    out.push({ item: field, holding });
  }
  // A holding field with items is their location, not a copy of its own.
  return out.filter((f) => f.item || !used.has(f.holding!));
}

/**
 * Reads the copies of one record by `map`. The status is, in this order: withdrawn (952$0) — not
 * imported; lost (952$1) — extraviado; damaged (952$4) — em_processamento; not for loan (952$7)
 * below 0 (Koha's "ordered") — em_processamento, above 0 — consulta_local; restricted (952$5) —
 * consulta_local; the `status` part through the map's `statuses`; else disponivel.
 * `callNumber` is the title's, for copies that give none.
 */
export function readHoldings(record: MarcRecord, map: HoldingsMap, titleCallNumber: string | null): RecordHoldings {
  const result: RecordHoldings = { present: false, copies: [], keep: [], leftOut: [], warnings: [] };
  const seen = new Set<string>();
  for (const { item, holding } of itemFields(record, map)) {
    result.present = true;
    const values = (part: CopyPart): string[] => {
      const out: string[] = [];
      for (const s of map.read[part] ?? []) {
        const [, t, c] = SOURCE.exec(s)!;
        const field = item?.tag === t ? item : holding?.tag === t ? holding : undefined;
        const value = field && subfield(field, c!);
        if (value) out.push(value);
      }
      return out;
    };
    const first = (part: CopyPart): string | undefined => values(part)[0];
    const barcode = first('barcode');
    if (!barcode) {
      result.leftOut.push({ kind: 'no-barcode' });
      continue;
    }
    if (seen.has(barcode)) {
      result.leftOut.push({ kind: 'duplicate', barcode });
      continue;
    }
    seen.add(barcode);
    const statusValue = first('status');
    const mappedStatus = statusValue === undefined ? undefined : map.statuses[statusValue];
    if (isSet(first('withdrawn')) || mappedStatus === 'withdrawn') {
      result.leftOut.push({ kind: 'withdrawn' });
      continue;
    }
    result.keep.push(barcode);
    const libraryCode = first('library') ?? '*';
    const loanTypeCode = first('loanType') ?? '*';
    const codBiblioteca = map.libraries[libraryCode];
    const codTipoEmprestimo = map.loanTypes[loanTypeCode];
    if (codBiblioteca === undefined) {
      result.leftOut.push({ kind: 'unmapped', part: 'library', code: libraryCode });
      continue;
    }
    if (codTipoEmprestimo === undefined) {
      result.leftOut.push({ kind: 'unmapped', part: 'loanType', code: loanTypeCode });
      continue;
    }
    if (statusValue !== undefined && mappedStatus === undefined) {
      result.leftOut.push({ kind: 'unmapped', part: 'status', code: statusValue });
      continue;
    }
    const notForLoan = first('notForLoan');
    const notForLoanNumber = Number(notForLoan);
    const status: CopyStatus = isSet(first('lost'))
      ? 'extraviado'
      : isSet(first('damaged'))
        ? 'em_processamento'
        : isSet(notForLoan) && notForLoanNumber < 0
          ? 'em_processamento'
          : isSet(notForLoan) || isSet(first('restricted'))
            ? 'consulta_local'
            : ((mappedStatus as CopyStatus | undefined) ?? 'disponivel');
    const collectionCode = first('collection');
    const acquired = first('acquired');
    const dataAquisicao = acquired ? validDate(acquired) : null;
    if (acquired && !dataAquisicao) result.warnings.push(`copy ${barcode}: acquisition date '${acquired}' is no date; left unset`);
    result.copies.push({
      tombo: barcode,
      codBiblioteca,
      codTipoEmprestimo,
      localizacao: values('callNumber').join(' ') || titleCallNumber || '',
      colecao: collectionCode === undefined ? null : (map.collections[collectionCode] ?? collectionCode),
      status,
      volume: first('volume') ?? null,
      material: first('material') ?? null,
      dataAquisicao,
    });
  }
  return result;
}
