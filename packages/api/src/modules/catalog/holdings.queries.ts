import { sql } from 'drizzle-orm';
import { type Db, executeCount, queryRows } from '../../db/client.js';
import type { Tx } from './catalog.queries.js';
import type { CopyRow } from './holdings.map.js';

/** Every library's number and code (sigla). */
export async function librarySiglas(db: Db): Promise<{ id: number; sigla: string }[]> {
  return queryRows(db, sql`select cod_biblioteca as id, sigla from libraries`);
}

/** Every loan type's number. */
export async function loanTypeIds(db: Db): Promise<number[]> {
  return (await queryRows<{ id: number }>(db, sql`select cod_tipo_emprestimo::int as id from loan_types`)).map((r) => r.id);
}

/** The collections copies already name. */
export async function collectionNames(db: Db): Promise<string[]> {
  return (await queryRows<{ c: string }>(db, sql`select distinct colecao as c from copies where colecao is not null`)).map((r) => r.c);
}

/** A copy as it is in the database: what an import compares with what a record says. */
export interface StoredCopy {
  tombo: string;
  codAcervo: number;
  controlNumber: string;
  codBiblioteca: number;
  codTipoEmprestimo: number;
  localizacao: string;
  colecao: string | null;
  status: string;
  volume: string | null;
  material: string | null;
  /** YYYY-MM-DD. */
  dataAquisicao: string;
}

/** What a batch of an import needs to know before writing its copies, read in one statement. */
export interface BatchCopies {
  /** Title numbers by control number. */
  titles: Map<string, number>;
  /** The copies these barcodes already are. */
  byBarcode: Map<string, StoredCopy>;
  /** The copies of these titles whose barcodes are not among these: those the batch may no longer hold. */
  others: StoredCopy[];
}

/**
 * The titles with these control numbers, the copies with these barcodes and the other copies of
 * those titles, in one round trip (issue 57: an import used to ask three times a batch).
 */
export async function batchCopies(tx: Tx, numbers: string[], barcodes: string[]): Promise<BatchCopies> {
  const result: BatchCopies = { titles: new Map(), byBarcode: new Map(), others: [] };
  if (numbers.length === 0 && barcodes.length === 0) return result;
  const columns = sql.raw(
    `c.tombo, c.cod_acervo, c.cod_biblioteca, c.cod_tipo_emprestimo::int as cod_tipo_emprestimo, c.localizacao, c.colecao, c.status, c.volume, c.material,
     to_char(c.data_aquisicao, 'YYYY-MM-DD') as data_aquisicao`,
  );
  // Each title's copies are read by its number (copies_acervo_idx): `offset 0` keeps the planner
  // from joining them otherwise, and while an import fills copies its statistics are those of a
  // far smaller table — joined, it read the whole table for each batch (45 ms a batch at 200,000 copies).
  const rows = await queryRows<{
    part: 't' | 'b' | 'k';
    n: string;
    tombo: string | null;
    cod_acervo: number;
    cod_biblioteca: number | null;
    cod_tipo_emprestimo: number | null;
    localizacao: string | null;
    colecao: string | null;
    status: string | null;
    volume: string | null;
    material: string | null;
    data_aquisicao: string | null;
  }>(
    tx,
    sql`with t as materialized (
          select control_number as n, cod_acervo from titles
          where control_number in (select jsonb_array_elements_text(${JSON.stringify(numbers)}::jsonb))
        )
        select 't' as part, n, null as tombo, cod_acervo, null::int as cod_biblioteca, null::int as cod_tipo_emprestimo, null as localizacao,
               null as colecao, null as status, null as volume, null as material, null as data_aquisicao
        from t
        union all
        select 'b', tt.control_number, ${columns} from copies c join titles tt using (cod_acervo)
        where c.tombo in (select jsonb_array_elements_text(${JSON.stringify(barcodes)}::jsonb))
        union all
        select 'k', t.n, ${columns} from t cross join lateral (select * from copies where copies.cod_acervo = t.cod_acervo offset 0) c
        where c.tombo not in (select jsonb_array_elements_text(${JSON.stringify(barcodes)}::jsonb))`,
  );
  for (const r of rows) {
    if (r.part === 't') {
      result.titles.set(r.n, r.cod_acervo);
      continue;
    }
    const copy: StoredCopy = {
      tombo: r.tombo!,
      codAcervo: r.cod_acervo,
      controlNumber: r.n,
      codBiblioteca: r.cod_biblioteca!,
      codTipoEmprestimo: r.cod_tipo_emprestimo!,
      localizacao: r.localizacao!,
      colecao: r.colecao,
      status: r.status!,
      volume: r.volume,
      material: r.material,
      dataAquisicao: r.data_aquisicao!,
    };
    if (r.part === 'b') result.byBarcode.set(copy.tombo, copy);
    else result.others.push(copy);
  }
  return result;
}

/** Statuses circulation sets, which an import leaves as they are. */
const CIRCULATING = new Set(['emprestado', 'reservado', 'em_transito']);

/**
 * Whether updating `stored` with `row` would change it — `updateCopies`' own test, made on what
 * `batchCopies` read, so that a copy the record says nothing new of is not sent at all.
 */
export function copyDiffers(stored: StoredCopy, row: CopyRow): boolean {
  const status = CIRCULATING.has(stored.status) ? stored.status : row.status;
  return (
    stored.codBiblioteca !== row.codBiblioteca ||
    stored.codTipoEmprestimo !== row.codTipoEmprestimo ||
    stored.localizacao !== row.localizacao ||
    stored.colecao !== row.colecao ||
    stored.status !== status ||
    stored.volume !== row.volume ||
    stored.material !== row.material ||
    stored.dataAquisicao !== (row.dataAquisicao ?? stored.dataAquisicao)
  );
}

type Written = CopyRow & { codAcervo: number };

const COPY_RECORD = sql.raw(
  `r(cod_acervo int, tombo text, cod_biblioteca int, cod_tipo_emprestimo smallint, localizacao text, colecao text, status text, volume text, material text, data_aquisicao date)`,
);

function asJson(rows: Written[]): string {
  return JSON.stringify(
    rows.map((r) => ({
      cod_acervo: r.codAcervo,
      tombo: r.tombo,
      cod_biblioteca: r.codBiblioteca,
      cod_tipo_emprestimo: r.codTipoEmprestimo,
      localizacao: r.localizacao,
      colecao: r.colecao,
      status: r.status,
      volume: r.volume,
      material: r.material,
      data_aquisicao: r.dataAquisicao,
    })),
  );
}

/** Adds copies (one statement); a barcode taken meanwhile is skipped. Answers how many went in. */
export async function insertCopies(tx: Tx, rows: Written[]): Promise<number> {
  if (rows.length === 0) return 0;
  return executeCount(
    tx,
    sql`insert into copies (cod_acervo, tombo, cod_biblioteca, cod_tipo_emprestimo, localizacao, colecao, status, volume, material, data_aquisicao)
        select cod_acervo, tombo, cod_biblioteca, cod_tipo_emprestimo, localizacao, colecao, status, volume, material, coalesce(data_aquisicao, current_date)
        from jsonb_to_recordset(${asJson(rows)}::jsonb) as ${COPY_RECORD}
        on conflict (tombo) do nothing`,
  );
}

/**
 * Updates copies of the same title by barcode where the record says something else (one
 * statement). What circulation set — on loan, on the hold shelf, in transit — stays: the import
 * does not know the loan. A copy with no acquisition date in the record keeps its own. Answers
 * how many changed.
 */
export async function updateCopies(tx: Tx, rows: Written[]): Promise<number> {
  if (rows.length === 0) return 0;
  const status = sql`case when c.status in ('emprestado', 'reservado', 'em_transito') then c.status else r.status end`;
  const acquired = sql`coalesce(r.data_aquisicao, c.data_aquisicao)`;
  return executeCount(
    tx,
    sql`update copies c set cod_biblioteca = r.cod_biblioteca, cod_tipo_emprestimo = r.cod_tipo_emprestimo, localizacao = r.localizacao,
          colecao = r.colecao, status = ${status}, volume = r.volume, material = r.material, data_aquisicao = ${acquired}
        from jsonb_to_recordset(${asJson(rows)}::jsonb) as ${COPY_RECORD}
        where c.tombo = r.tombo and c.cod_acervo = r.cod_acervo
          and (c.cod_biblioteca, c.cod_tipo_emprestimo, c.localizacao, c.colecao, c.status, c.volume, c.material, c.data_aquisicao)
              is distinct from (r.cod_biblioteca, r.cod_tipo_emprestimo, r.localizacao, r.colecao, ${status}, r.volume, r.material, ${acquired})`,
  );
}

/** The copies of these titles whose barcode is not among `keep`, with whether anything refers to them. */
export async function copiesNotKept(
  tx: Tx,
  titles: number[],
  keep: string[],
): Promise<{ id: number; tombo: string; codAcervo: number; status: string; referenced: string[] }[]> {
  if (titles.length === 0) return [];
  const candidates = await queryRows<{ id: number; tombo: string; cod_acervo: number; status: string }>(
    tx,
    sql`select cod_exemplar as id, tombo, cod_acervo, status from copies
        where cod_acervo in (select jsonb_array_elements_text(${JSON.stringify(titles)}::jsonb)::int)
          and tombo not in (select jsonb_array_elements_text(${JSON.stringify(keep)}::jsonb))
        for update`,
  );
  if (candidates.length === 0) return [];
  // Every foreign key to copies, read from the catalogue so a new one counts too (as deleteTitle does for titles).
  const keys = await foreignKeysTo(tx, 'copies');
  const ids = JSON.stringify(candidates.map((c) => c.id));
  const referenced =
    keys.length === 0
      ? []
      : await queryRows<{ id: number; table: string }>(
          tx,
          sql.join(
            keys.map(
              (k) =>
                sql`select distinct ${sql.identifier(k.column)}::int as id, ${k.table}::text as table from ${sql.identifier(k.schema)}.${sql.identifier(k.table)}
                    where ${sql.identifier(k.column)} in (select jsonb_array_elements_text(${ids}::jsonb)::int)`,
            ),
            sql` union all `,
          ),
        );
  return candidates.map((c) => ({
    id: c.id,
    tombo: c.tombo,
    codAcervo: c.cod_acervo,
    status: c.status,
    referenced: [...new Set(referenced.filter((r) => r.id === c.id).map((r) => r.table))],
  }));
}

/** Deletes copies by number. */
export async function deleteCopies(tx: Tx, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`delete from copies where cod_exemplar in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::int)`);
}

/**
 * Every foreign key to `table` (its referencing table and column), read from the catalogue so a
 * key a later migration adds counts too: what may keep a title or a copy from being deleted.
 */
export function foreignKeysTo(tx: Tx, table: 'titles' | 'copies') {
  return queryRows<{ schema: string; table: string; column: string }>(
    tx,
    sql`select n.nspname as schema, r.relname as table, a.attname as column
        from pg_constraint c
        join pg_class r on r.oid = c.conrelid
        join pg_namespace n on n.oid = r.relnamespace
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
        where c.contype = 'f' and c.confrelid = ${table}::regclass
        order by r.relname`,
  );
}
