import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
import type { MarcRecord } from '../../marc/record.js';

/** The MARC records of titles, in the order asked (titles gone meanwhile are left out): one query per page. */
export async function marcRecords(db: Db, ids: number[]): Promise<{ cod_acervo: number; marc: MarcRecord }[]> {
  if (ids.length === 0) return [];
  return queryRows<{ cod_acervo: number; marc: MarcRecord }>(
    db,
    sql`select t.cod_acervo, t.marc from titles t
        where t.cod_acervo in ${ids} and not t.suppressed
        order by array_position(${sql.raw(`array[${ids.map((id) => Math.trunc(id)).join(',')}]::int[]`)}, t.cod_acervo)`,
  );
}

/** The institution's name, for the explain record's database title (null before it is set up). */
export async function institutionName(db: Db): Promise<string | null> {
  const [row] = await queryRows<{ nome: string }>(db, sql`select nome from institution limit 1`);
  return row?.nome ?? null;
}
