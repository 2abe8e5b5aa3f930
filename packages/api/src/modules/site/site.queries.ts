import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';

/** A title's page in the sitemap: its number and when its record last changed (UTC, to the second). */
export interface SitemapRow {
  id: number;
  lastmod: string;
}

const utcSeconds = sql`'YYYY-MM-DD"T"HH24:MI:SS"Z"'`;

/** How many titles the catalogue holds, and when the latest of them changed. */
export async function titleTotals(db: Db): Promise<{ total: number; lastmod: string | null }> {
  const [row] = await queryRows<{ total: number; lastmod: string | null }>(
    db,
    sql`select count(*)::int as total, to_char(max(updated_at) at time zone 'UTC', ${utcSeconds}) as lastmod from titles where not suppressed`,
  );
  return row ?? { total: 0, lastmod: null };
}

/**
 * One part of the sitemap: `limit` titles in number order after the first `offset`, walked along
 * the primary key; with each part's last change, for the index.
 */
export async function sitemapRows(db: Db, offset: number, limit: number): Promise<SitemapRow[]> {
  return queryRows<SitemapRow>(
    db,
    sql`select cod_acervo as id, to_char(updated_at at time zone 'UTC', ${utcSeconds}) as lastmod
        from titles where not suppressed order by cod_acervo limit ${limit} offset ${offset}`,
  );
}

/** The latest change of each part of `size` titles in number order (the sitemap index's lastmod). */
export async function partsLastmod(db: Db, size: number): Promise<string[]> {
  const rows = await queryRows<{ lastmod: string }>(
    db,
    sql`select to_char(max(updated_at) at time zone 'UTC', ${utcSeconds}) as lastmod
        from (select updated_at, (row_number() over (order by cod_acervo) - 1) / ${size} as part from titles where not suppressed) t
        group by part order by part`,
  );
  return rows.map((r) => r.lastmod);
}
