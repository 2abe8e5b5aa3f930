import type { FeedKind } from '@estante/contracts/feeds';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';

/** A timestamp as ISO 8601 in UTC. */
const UTC = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** The patron's feeds that have an address, with when it was made. */
export function feedsOf(db: Db, codPessoa: number) {
  return queryRows<{ tipo: FeedKind; criado_em: string }>(
    db,
    sql`select tipo, ${UTC(sql`criado_em`)} as criado_em from feed_keys where cod_pessoa = ${codPessoa}`,
  );
}

/** Gives the patron's feed of that kind a new secret (by its digest); the earlier one is gone. */
export async function replaceKey(db: Db, codPessoa: number, tipo: FeedKind, hash: string): Promise<string> {
  const [row] = await queryRows<{ criado_em: string }>(
    db,
    sql`insert into feed_keys (cod_pessoa, tipo, chave_hash) values (${codPessoa}, ${tipo}, ${hash})
        on conflict (cod_pessoa, tipo) do update set chave_hash = excluded.chave_hash, criado_em = now()
        returning ${UTC(sql`criado_em`)} as criado_em`,
  );
  return row!.criado_em;
}

/** Revokes the patron's feed of that kind; false when it had no address. */
export async function deleteKey(db: Db, codPessoa: number, tipo: FeedKind): Promise<boolean> {
  const rows = await queryRows<{ cod_pessoa: number }>(db, sql`delete from feed_keys where cod_pessoa = ${codPessoa} and tipo = ${tipo} returning cod_pessoa`);
  return rows.length > 0;
}

/** Whose feed of that kind a secret's digest opens, and since when, if any. */
export async function ownerOf(db: Db, tipo: FeedKind, hash: string): Promise<{ cod_pessoa: number; criado_em: string } | undefined> {
  const [row] = await queryRows<{ cod_pessoa: number; criado_em: string }>(
    db,
    sql`select cod_pessoa, ${UTC(sql`criado_em`)} as criado_em from feed_keys where chave_hash = ${hash} and tipo = ${tipo}`,
  );
  return row;
}

/** The patron's newest alerts, for their Atom feed. */
export function feedAlerts(db: Db, codPessoa: number, limit: number) {
  return queryRows<{ id: number; cod_acervo: number; titulo: string; autor: string | null; motivo: string; criado_em: string }>(
    db,
    sql`select a.cod_alerta as id, a.cod_acervo, t.title as titulo, t.author as autor, a.motivo, ${UTC(sql`a.criado_em`)} as criado_em
        from patron_alerts a join titles t on t.cod_acervo = a.cod_acervo
        where a.cod_pessoa = ${codPessoa} order by a.criado_em desc, a.cod_alerta desc limit ${limit}`,
  );
}

/** The patron's open loans, for their due-date calendar. */
export function feedLoans(db: Db, codPessoa: number) {
  return queryRows<{ cod_emprestimo: number; cod_acervo: number; titulo: string; tombo: string; desc_biblioteca: string; vence: string; renovacoes: number }>(
    db,
    sql`select l.cod_emprestimo, c.cod_acervo, t.title as titulo, c.tombo, b.desc_biblioteca,
               l.data_devolucao_prevista::text as vence, l.renovacoes::int as renovacoes
        from loans l join copies c on c.cod_exemplar = l.cod_exemplar join titles t on t.cod_acervo = c.cod_acervo
        join libraries b on b.cod_biblioteca = c.cod_biblioteca
        where l.cod_pessoa = ${codPessoa} and l.data_devolucao is null
        order by l.data_devolucao_prevista, l.cod_emprestimo`,
  );
}

/** When these titles were catalogued (the search feed's entry dates). */
export function cataloguedAt(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return queryRows<{ cod_acervo: number; created_at: string }>(
    db,
    sql`select cod_acervo, ${UTC(sql`created_at`)} as created_at from titles where cod_acervo in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
}

/** The institution's name (the feeds' author). */
export async function institutionName(db: Db): Promise<string> {
  const [row] = await queryRows<{ nome: string }>(db, sql`select nome from institution limit 1`);
  return row?.nome ?? 'Estante';
}
