import { type AnyColumn, getTableColumns, inArray, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
import { authorities, languages, titles } from '../../db/schema/index.js';
import { copiesNotKept, deleteCopies, foreignKeysTo } from './holdings.queries.js';

export type TitleInsert = typeof titles.$inferInsert;
export type AuthorityInsert = typeof authorities.$inferInsert;
type LanguageInsert = typeof languages.$inferInsert;
/** A transaction or the database: queries run in whichever the service hands them. */
export type Tx = Pick<Db, 'insert' | 'select' | 'execute' | 'update' | 'delete'>;

/** `excluded.<column>`: the value the conflicting insert proposed. */
function excluded(column: AnyColumn): ReturnType<typeof sql> {
  return sql.raw(`excluded."${column.name}"`);
}

/** The result of an upsert: how many rows were new and how many changed. */
export interface UpsertCounts {
  inserted: number;
  updated: number;
}

/**
 * Inserts titles or, for a control number already present, replaces the derived columns
 * when the MARC record differs. An identical record changes nothing (not even updated_at).
 */
export async function upsertTitles(tx: Tx, rows: TitleInsert[]): Promise<UpsertCounts> {
  if (rows.length === 0) return { inserted: 0, updated: 0 };
  // One statement, one parameter: the rows as JSON, read back by jsonb_to_recordset. Building a
  // parameter per value (a 500-row batch has ~15,000) cost the import more than the database did.
  const columns = TITLE_COLUMNS.filter(([key]) => rows.some((row) => row[key] !== undefined));
  const json = JSON.stringify(rows.map((row) => Object.fromEntries(columns.map(([key, column]) => [column.name, row[key] ?? null]))));
  const names = columns.map(([, column]) => `"${column.name}"`).join(', ');
  const types = columns.map(([, column]) => `"${column.name}" ${column.getSQLType()}`).join(', ');
  const updates = columns
    .filter(([key]) => key !== 'controlNumber')
    .map(([, column]) => `"${column.name}" = excluded."${column.name}"`)
    .join(', ');
  const result = await queryRows<{ inserted: boolean }>(
    tx,
    sql`insert into titles (${sql.raw(names)}) select ${sql.raw(names)} from jsonb_to_recordset(${json}::jsonb) as r(${sql.raw(types)})
        on conflict (control_number) do update set ${sql.raw(updates)}, updated_at = now()
        where titles.marc is distinct from excluded.marc or titles.dados_adicionais is null
        returning (xmax = 0) as inserted`,
  );
  return countUpserts(result);
}

/** The columns an import writes (all but the key, the timestamps and what triggers compute), by property name. */
const TITLE_COLUMNS = (() => {
  const { codAcervo: _id, createdAt: _c, searchVector: _v, updatedAt: _u, ...written } = getTableColumns(titles);
  return Object.entries(written) as [keyof TitleInsert, AnyColumn][];
})();

/** Inserts authorities or updates those whose MARC record changed (see `upsertTitles`). */
export async function upsertAuthorities(tx: Tx, rows: AuthorityInsert[]): Promise<UpsertCounts> {
  if (rows.length === 0) return { inserted: 0, updated: 0 };
  const result = await tx
    .insert(authorities)
    .values(rows)
    .onConflictDoUpdate({
      target: authorities.controlNumber,
      set: {
        tipo: excluded(authorities.tipo),
        heading: excluded(authorities.heading),
        marc: excluded(authorities.marc),
        updatedAt: sql`now()`,
      },
      setWhere: sql`${authorities.marc} is distinct from excluded.marc`,
    })
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  return countUpserts(result);
}

function countUpserts(result: { inserted: boolean }[]): UpsertCounts {
  const inserted = result.filter((r) => r.inserted).length;
  return { inserted, updated: result.length - inserted };
}

/** The language codes among `codes` that the languages table already has. */
export async function existingLanguageCodes(tx: Tx, codes: string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await tx.select({ codigo: languages.codigo }).from(languages).where(inArray(languages.codigo, codes));
  return new Set(rows.map((r) => r.codigo));
}

/** Adds languages, leaving existing ones as they are. */
export async function insertLanguages(tx: Tx, rows: LanguageInsert[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(languages).values(rows).onConflictDoNothing();
}

/** Titles after `after` whose additional data has not been derived yet (imported before migration 0024), in id order. */
export async function titlesNotDerived(db: Db, after: number, limit: number): Promise<{ cod_acervo: number; marc: unknown }[]> {
  return queryRows(db, sql`select cod_acervo, marc from titles where cod_acervo > ${after} and dados_adicionais is null order by cod_acervo limit ${limit}`);
}

/** Stores derived additional data (and work type, when given) for titles, in one statement. */
export async function saveDerived(db: Db, rows: { id: number; t: number | null; d: string[] }[]): Promise<void> {
  await db.execute(sql`
    update titles t set dados_adicionais = array(select jsonb_array_elements_text(x->'d')),
                        cod_tipo_obra = coalesce((x->>'t')::smallint, t.cod_tipo_obra)
    from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) x
    where t.cod_acervo = (x->>'id')::int`);
}

/**
 * Tables whose rows referencing a title do not keep it from being deleted: bookkeeping that goes
 * with the title (the queue of new titles still to match against interest profiles; the earlier
 * versions of its record, migration 0053). Its copies
 * are weighed one by one (deleteTitle).
 */
const DELETABLE_REFERENCES = new Set(['interest_pending', 'copies', 'title_versions']);

/** Copy statuses circulation set: a copy in one of them is in someone's hands or on its way to them. */
const CIRCULATING: Record<string, string> = { emprestado: 'on loan', reservado: 'on the hold shelf', em_transito: 'in transit' };

/** What deleting a title by its control number came to. */
export type TitleDeletion =
  | { kind: 'deleted'; codAcervo: number; copies: number }
  | { kind: 'absent' }
  /**
   * The title is kept, and nothing of it changed, for these reasons (a copy on loan, rows that
   * refer to it), written out for the import's report and, for a screen to say in its reader's
   * language, as they are: `blockers`.
   */
  | { kind: 'kept'; codAcervo: number; reasons: string[]; blockers: DeletionBlockers };

/** Why a title cannot be deleted: its copies circulation holds, its copies with a history, the tables that refer to the title itself. */
export interface DeletionBlockers {
  circulating: { tombo: string; status: string }[];
  history: { tombo: string; tables: string[] }[];
  tables: string[];
}

/**
 * Deletes the title with this control number and its copies, in the caller's transaction — or
 * keeps both when a copy is on loan (on the hold shelf, in transit) or rows of another table
 * refer to a copy (loans past or present, holds, closed-stack requests …) or to the title (holds,
 * loan requests, comments, baskets, plans, alerts …): every foreign key, read from the catalogue
 * so a new one counts too, but DELETABLE_REFERENCES. The title and its copies are locked first, so
 * no such row can appear between the check and the delete. Most of those keys cascade, which is
 * why they are checked rather than left to the database. The titles_tombstone trigger (migration
 * 0037) leaves the OAI-PMH tombstone; the catalogue's version moves with the delete (0007), so
 * the search index drops the title.
 */
export async function deleteTitle(tx: Tx, controlNumber: string): Promise<TitleDeletion> {
  const [title] = await queryRows<{ id: number }>(tx, sql`select cod_acervo as id from titles where control_number = ${controlNumber} for update`);
  if (!title) return { kind: 'absent' };
  const keys = await foreignKeysTo(tx, 'titles');
  const checks = keys
    .filter((k) => !DELETABLE_REFERENCES.has(k.table))
    .map(
      (k) =>
        sql`select ${k.table}::text as table where exists (select 1 from ${sql.identifier(k.schema)}.${sql.identifier(k.table)} where ${sql.identifier(k.column)} = ${title.id})`,
    );
  const referenced = checks.length === 0 ? [] : await queryRows<{ table: string }>(tx, sql.join(checks, sql` union all `));
  const copies = await copiesNotKept(tx, [title.id], []);
  const blockers: DeletionBlockers = {
    circulating: copies.filter((c) => CIRCULATING[c.status]).map((c) => ({ tombo: c.tombo, status: c.status })),
    history: copies.filter((c) => !CIRCULATING[c.status] && c.referenced.length > 0).map((c) => ({ tombo: c.tombo, tables: c.referenced })),
    tables: [...new Set(referenced.map((r) => r.table))],
  };
  const reasons = [
    ...copies.flatMap((c) => {
      if (CIRCULATING[c.status]) return [`copy ${c.tombo} is ${CIRCULATING[c.status]}`];
      return c.referenced.length > 0 ? [`copy ${c.tombo}: ${c.referenced.join(', ')} refer to it`] : [];
    }),
    ...(blockers.tables.length > 0 ? [`${blockers.tables.join(', ')} refer to it`] : []),
  ];
  if (reasons.length > 0) return { kind: 'kept', codAcervo: title.id, reasons, blockers };
  await deleteCopies(
    tx,
    copies.map((c) => c.id),
  );
  await tx.execute(sql`delete from titles where cod_acervo = ${title.id}`);
  return { kind: 'deleted', codAcervo: title.id, copies: copies.length };
}
