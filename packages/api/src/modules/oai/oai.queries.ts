import { randomBytes } from 'node:crypto';
import { asc, eq, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
import { libraries, serverSecrets, workTypes } from '../../db/schema/index.js';

/** The name of the shared secret that signs resumption tokens (server_secrets). */
const TOKEN_SECRET = 'oai-resumption-token';

/**
 * The key resumption tokens are signed with, created on first use. Every API process, and the
 * same process after a restart, reads the same row, so a token outlives both.
 */
export async function tokenKey(db: Db): Promise<Buffer> {
  await db
    .insert(serverSecrets)
    .values({ name: TOKEN_SECRET, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, TOKEN_SECRET));
  if (!row) throw new Error('the resumption token secret could not be read');
  return Buffer.from(row.value, 'base64url');
}

/** A datestamp as text to the microsecond, in UTC: keyset positions compare exactly. */
const stampText = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export interface RepositoryRow {
  name: string | null;
  emails: string[];
  /** The earliest datestamp of a title or a tombstone; null for an empty repository. */
  earliest: string | null;
  sample: number | null;
}

/** What Identify says of the repository, in one query. */
export async function repositoryFacts(db: Db): Promise<RepositoryRow> {
  const [row] = await queryRows<RepositoryRow>(
    db,
    sql`select (select nome from institution limit 1) as name,
               array(select distinct email from libraries where email is not null order by 1) as emails,
               ${stampText(sql`least((select min(updated_at) from titles), (select min(deleted_at) from deleted_titles))`)} as earliest,
               (select min(cod_acervo) from titles) as sample`,
  );
  return row!;
}

/** The libraries and work types, the two families of sets. */
export async function setRows(db: Db) {
  const [libraryRows, typeRows] = await Promise.all([
    db.select({ id: libraries.codBiblioteca, name: libraries.nome }).from(libraries).orderBy(asc(libraries.codBiblioteca)),
    db.select({ id: workTypes.codTipoObra, name: workTypes.descricao }).from(workTypes).orderBy(asc(workTypes.codTipoObra)),
  ]);
  return { libraries: libraryRows, types: typeRows };
}

/** Which items a set holds: titles with a copy in a library (any library), titles of a work type, or all. */
export type SetFilter = { kind: 'all' } | { kind: 'library'; id: number | null } | { kind: 'type'; id: number | null };

/** A list's selection: the set and the datestamps as a half-open range [from, before). */
export interface Selection {
  set: SetFilter;
  from: Date | null;
  before: Date | null;
}

/** The keyset position after which a list goes on: an item's exact datestamp and its number. */
export interface Position {
  stamp: string;
  id: number;
}

export interface ItemRow {
  id: number;
  deleted: boolean;
  tipo: number;
  /** The datestamp to the microsecond, UTC (`…T10:00:00.123456Z`). */
  stamp: string;
  marc: unknown;
  libraries: number[];
}

/** The conditions on live titles (alias t) and on tombstones (alias d) for a selection. */
function conditions(selection: Selection, after: Position | null) {
  const live: SQL[] = [];
  const gone: SQL[] = [sql`not exists (select 1 from titles x where x.cod_acervo = d.cod_acervo)`];
  if (selection.from) {
    live.push(sql`t.updated_at >= ${selection.from.toISOString()}::timestamptz`);
    gone.push(sql`d.deleted_at >= ${selection.from.toISOString()}::timestamptz`);
  }
  if (selection.before) {
    live.push(sql`t.updated_at < ${selection.before.toISOString()}::timestamptz`);
    gone.push(sql`d.deleted_at < ${selection.before.toISOString()}::timestamptz`);
  }
  if (after) {
    live.push(sql`(t.updated_at, t.cod_acervo) > (${after.stamp}::timestamptz, ${after.id}::int)`);
    gone.push(sql`(d.deleted_at, d.cod_acervo) > (${after.stamp}::timestamptz, ${after.id}::int)`);
  }
  const { set } = selection;
  if (set.kind === 'type' && set.id !== null) {
    live.push(sql`t.cod_tipo_obra = ${set.id}`);
    gone.push(sql`d.cod_tipo_obra = ${set.id}`);
  }
  // A tombstone cannot be placed in a library (its copies were gone before it could be deleted):
  // every library's set lists every tombstone (decision 0024).
  if (set.kind === 'library' && set.id === null) live.push(sql`exists (select 1 from copies c where c.cod_acervo = t.cod_acervo)`);
  if (set.kind === 'library' && set.id !== null) {
    live.push(sql`exists (select 1 from copies c where c.cod_acervo = t.cod_acervo and c.cod_biblioteca = ${set.id})`);
    gone.push(sql`exists (select 1 from libraries l where l.cod_biblioteca = ${set.id})`);
  }
  const and = (parts: SQL[]) => (parts.length === 0 ? sql`true` : sql.join(parts, sql` and `));
  return { live: and(live), gone: and(gone) };
}

/**
 * One part of a list: the next `limit` items after `after`, live titles and tombstones together in
 * (datestamp, number) order, each side walked along its own index (titles_updated_idx,
 * deleted_titles_deleted_idx) — never an offset. With `withMarc`, the MARC records come along;
 * each live item's libraries (its sets) too. One query, whatever the page size.
 */
export async function listItems(db: Db, selection: Selection, after: Position | null, limit: number, withMarc: boolean): Promise<ItemRow[]> {
  const where = conditions(selection, after);
  return queryRows<ItemRow>(
    db,
    sql`select u.id, u.deleted, u.tipo, ${stampText(sql`u.stamp`)} as stamp, u.marc,
               case when u.deleted then '{}'::int[]
                    else array(select distinct c.cod_biblioteca from copies c where c.cod_acervo = u.id order by 1) end as libraries
        from ((select t.cod_acervo as id, t.suppressed as deleted, t.cod_tipo_obra as tipo, t.updated_at as stamp,
                      ${withMarc ? sql`case when t.suppressed then null else t.marc end` : sql`null::jsonb`} as marc
               from titles t where ${where.live}
               order by t.updated_at, t.cod_acervo limit ${limit})
              union all
              (select d.cod_acervo, true, d.cod_tipo_obra, d.deleted_at, null::jsonb
               from deleted_titles d where ${where.gone}
               order by d.deleted_at, d.cod_acervo limit ${limit})) u
        order by u.stamp, u.id
        limit ${limit}`,
  );
}

/** Past this many items a list is not counted: completeListSize is left out (it is optional). */
export const COUNT_CAP = 100_000;

/**
 * How many items a selection holds, titles and tombstones (completeListSize), or null when there
 * are `cap` or more: counting is bounded, so the first part of a huge list stays cheap.
 */
export async function countItems(db: Db, selection: Selection, cap = COUNT_CAP): Promise<number | null> {
  const where = conditions(selection, null);
  const [row] = await queryRows<{ live: number; gone: number }>(
    db,
    sql`select (select count(*) from (select 1 from titles t where ${where.live} limit ${cap}) x)::int as live,
               (select count(*) from (select 1 from deleted_titles d where ${where.gone} limit ${cap}) y)::int as gone`,
  );
  if (!row || row.live >= cap || row.gone >= cap || row.live + row.gone >= cap) return null;
  return row.live + row.gone;
}

/** One item, live or deleted, with its MARC record when live; undefined when the number was never a title. */
export async function findItem(db: Db, id: number): Promise<ItemRow | undefined> {
  const [row] = await queryRows<ItemRow>(
    db,
    sql`select t.cod_acervo as id, t.suppressed as deleted, t.cod_tipo_obra as tipo, ${stampText(sql`t.updated_at`)} as stamp,
               case when t.suppressed then null else t.marc end as marc,
               case when t.suppressed then '{}'::int[]
                    else array(select distinct c.cod_biblioteca from copies c where c.cod_acervo = t.cod_acervo order by 1) end as libraries
        from titles t where t.cod_acervo = ${id}
        union all
        select d.cod_acervo, true, d.cod_tipo_obra, ${stampText(sql`d.deleted_at`)}, null::jsonb, '{}'::int[]
        from deleted_titles d where d.cod_acervo = ${id} and not exists (select 1 from titles x where x.cod_acervo = d.cod_acervo)`,
  );
  return row;
}
