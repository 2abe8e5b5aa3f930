import { type AnyColumn, getTableColumns, inArray, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
import { authorities, languages, titles } from '../../db/schema/index.js';

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
  const { codAcervo: _id, controlNumber: _cn, createdAt: _c, searchVector: _v, updatedAt: _u, ...derived } = getTableColumns(titles);
  const set = Object.fromEntries(Object.entries(derived).map(([key, column]) => [key, excluded(column)]));
  const result = await tx
    .insert(titles)
    .values(rows)
    .onConflictDoUpdate({
      target: titles.controlNumber,
      set: { ...set, updatedAt: sql`now()` },
      setWhere: sql`${titles.marc} is distinct from excluded.marc or ${titles.dadosAdicionais} is null`,
    })
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  return countUpserts(result);
}

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
