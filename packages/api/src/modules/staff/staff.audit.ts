import type { AtoEquipe } from '@estante/contracts/staff';
import { stringify } from 'csv-stringify/sync';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';

/** The audit's filters as the calls take them. */
export interface AuditFilter {
  autor?: number;
  acao?: string;
  pessoa?: number;
  de?: string;
  ate?: string;
}

const PAGE = 50;
/** Rows a CSV export holds at most (a year of a busy desk). */
const CSV_ROWS = 100_000;

function where(filter: AuditFilter) {
  const parts = [sql`true`];
  if (filter.autor !== undefined) parts.push(sql`a.autor = ${`pessoa:${filter.autor}`}`);
  if (filter.acao) parts.push(filter.acao.includes('.') ? sql`a.acao = ${filter.acao}` : sql`a.acao like ${`${filter.acao}.%`}`);
  if (filter.pessoa !== undefined) parts.push(sql`(a.alvo = ${`pessoa:${filter.pessoa}`} or a.detalhes->>'cod_pessoa' = ${String(filter.pessoa)})`);
  // Days in UTC, both ends included.
  if (filter.de) parts.push(sql`a.em >= ${filter.de}::date`);
  if (filter.ate) parts.push(sql`a.em < ${filter.ate}::date + 1`);
  return sql.join(parts, sql` and `);
}

/** The acts, newest first, with the names of who did them and to whom (when a person). */
function acts(db: Db, filter: AuditFilter, limit: number, offset: number) {
  return queryRows<AtoEquipe>(
    db,
    sql`select a.id::int as id, to_char(a.em at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as em, a.autor,
               (select nome_pessoa from people where a.autor like 'pessoa:%' and cod_pessoa::text = substr(a.autor, 8)) as autor_nome,
               a.acao, a.alvo,
               (select nome_pessoa from people where a.alvo like 'pessoa:%' and cod_pessoa::text = substr(a.alvo, 8)) as alvo_nome,
               a.motivo, a.detalhes
        from staff_audit a where ${where(filter)} order by a.em desc, a.id desc limit ${limit} offset ${offset}`,
  );
}

/** `GET /api/equipe/auditoria`: a page of 50 acts and the total the filters find. */
export async function auditPage(db: Db, filter: AuditFilter, pagina: number) {
  const [count] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from staff_audit a where ${where(filter)}`);
  return { total: count?.n ?? 0, pagina, itens: await acts(db, filter, PAGE, (pagina - 1) * PAGE) };
}

/** `GET /api/equipe/auditoria/csv`: every act the filters find (up to 100,000), as CSV (UTF-8 with BOM, CRLF: spreadsheets open it as is). */
export async function auditCsv(db: Db, filter: AuditFilter): Promise<string> {
  const rows = await acts(db, filter, CSV_ROWS, 0);
  const header = ['em', 'autor', 'autor_nome', 'acao', 'alvo', 'alvo_nome', 'motivo', 'detalhes'];
  return stringify(
    [
      header,
      ...rows.map((r) => [r.em, r.autor, r.autor_nome ?? '', r.acao, r.alvo, r.alvo_nome ?? '', r.motivo ?? '', r.detalhes ? JSON.stringify(r.detalhes) : '']),
    ],
    {
      bom: true,
      record_delimiter: 'windows',
    },
  );
}
