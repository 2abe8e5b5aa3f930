import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
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

/** Title numbers by control number. */
export async function titleIdsByControlNumber(tx: Tx, numbers: string[]): Promise<Map<string, number>> {
  if (numbers.length === 0) return new Map();
  const rows = await queryRows<{ n: string; id: number }>(
    tx,
    sql`select control_number as n, cod_acervo as id from titles where control_number in (select jsonb_array_elements_text(${JSON.stringify(numbers)}::jsonb))`,
  );
  return new Map(rows.map((r) => [r.n, r.id]));
}

/** The copies these barcodes already are, with their title. */
export async function copiesByBarcode(tx: Tx, barcodes: string[]): Promise<Map<string, { codAcervo: number; controlNumber: string }>> {
  if (barcodes.length === 0) return new Map();
  const rows = await queryRows<{ tombo: string; id: number; n: string }>(
    tx,
    sql`select c.tombo, c.cod_acervo as id, t.control_number as n from copies c join titles t using (cod_acervo)
        where c.tombo in (select jsonb_array_elements_text(${JSON.stringify(barcodes)}::jsonb))`,
  );
  return new Map(rows.map((r) => [r.tombo, { codAcervo: r.id, controlNumber: r.n }]));
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
  const result = await queryRows<{ tombo: string }>(
    tx,
    sql`insert into copies (cod_acervo, tombo, cod_biblioteca, cod_tipo_emprestimo, localizacao, colecao, status, volume, material, data_aquisicao)
        select cod_acervo, tombo, cod_biblioteca, cod_tipo_emprestimo, localizacao, colecao, status, volume, material, coalesce(data_aquisicao, current_date)
        from jsonb_to_recordset(${asJson(rows)}::jsonb) as ${COPY_RECORD}
        on conflict (tombo) do nothing
        returning tombo`,
  );
  return result.length;
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
  const result = await queryRows<{ tombo: string }>(
    tx,
    sql`update copies c set cod_biblioteca = r.cod_biblioteca, cod_tipo_emprestimo = r.cod_tipo_emprestimo, localizacao = r.localizacao,
          colecao = r.colecao, status = ${status}, volume = r.volume, material = r.material, data_aquisicao = ${acquired}
        from jsonb_to_recordset(${asJson(rows)}::jsonb) as ${COPY_RECORD}
        where c.tombo = r.tombo and c.cod_acervo = r.cod_acervo
          and (c.cod_biblioteca, c.cod_tipo_emprestimo, c.localizacao, c.colecao, c.status, c.volume, c.material, c.data_aquisicao)
              is distinct from (r.cod_biblioteca, r.cod_tipo_emprestimo, r.localizacao, r.colecao, ${status}, r.volume, r.material, ${acquired})
        returning c.tombo`,
  );
  return result.length;
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
