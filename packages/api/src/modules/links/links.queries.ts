import { sql } from 'drizzle-orm';
import { type Db, executeCount, queryRows } from '../../db/client.js';

/** What a hand-over may tell a provider about the patron, and what decides their access (the category). */
export interface PatronProfile {
  cod_pessoa: number;
  nome: string;
  email: string | null;
  cod_categoria: string;
  bloqueio: boolean;
}

/** The patron a hand-over speaks for, or undefined for an unknown person. */
export async function patronProfile(db: Db, codPessoa: number): Promise<PatronProfile | undefined> {
  const [row] = await queryRows<PatronProfile>(
    db,
    sql`select cod_pessoa, nome_pessoa as nome, email, cod_categoria, bloqueio from people where cod_pessoa = ${codPessoa}`,
  );
  return row;
}

/** Records an issued hand-over, valid `seconds` from now (the database's clock); answers when it expires. */
export async function insertHandover(
  db: Db,
  row: { id: string; tipo: 'provedor' | 'sessao'; recurso: string | null; codPessoa: number; destino: string | null; seconds: number },
): Promise<Date> {
  const [inserted] = await queryRows<{ expira_em: Date | string }>(
    db,
    sql`insert into handovers (id, tipo, recurso, cod_pessoa, destino, expira_em)
        values (${row.id}, ${row.tipo}, ${row.recurso}, ${row.codPessoa}, ${row.destino}, now() + make_interval(secs => ${row.seconds}))
        returning expira_em`,
  );
  return new Date(inserted!.expira_em);
}

/**
 * Uses up a provider's hand-over: the one row of that jti, provider and patron that is unused and
 * unexpired gets `usado_em` in one statement — of two racing redemptions one wins, a replay none.
 */
export async function redeemProviderHandover(db: Db, jti: string, recurso: string, codPessoa: number): Promise<boolean> {
  const done = await executeCount(
    db,
    sql`update handovers set usado_em = now()
        where id = ${jti} and tipo = 'provedor' and recurso = ${recurso} and cod_pessoa = ${codPessoa}
          and usado_em is null and expira_em > now()`,
  );
  return done === 1;
}

/** Whether a hand-over was already used (a replay), as opposed to unknown or expired. */
export async function handoverUsed(db: Db, id: string): Promise<boolean> {
  const [row] = await queryRows<{ used: boolean }>(db, sql`select usado_em is not null as used from handovers where id = ${id}`);
  return row?.used === true;
}

/** Uses up a session redirect code (by its hash): its patron and destination, once, while unexpired. */
export async function redeemSessionCode(db: Db, hash: string): Promise<{ cod_pessoa: number; destino: string | null } | undefined> {
  const [row] = await queryRows<{ cod_pessoa: number; destino: string | null }>(
    db,
    sql`update handovers set usado_em = now()
        where id = ${hash} and tipo = 'sessao' and usado_em is null and expira_em > now()
        returning cod_pessoa, destino`,
  );
  return row;
}

/** Forgets hand-overs a day past their expiry (used or not: they can no longer be redeemed anyway). */
export function purgeHandovers(db: Db): Promise<number> {
  return executeCount(db, sql`delete from handovers where expira_em < now() - interval '1 day'`);
}

/** The patron's chosen account area, or null when they have not chosen. */
export async function accountBaseOf(db: Db, codPessoa: number): Promise<'interna' | 'externa' | null> {
  const [row] = await queryRows<{ base: 'interna' | 'externa' }>(db, sql`select base from account_area_bases where cod_pessoa = ${codPessoa}`);
  return row?.base ?? null;
}

/** Keeps the patron's choice of account area (one row per patron). */
export async function saveAccountBase(db: Db, codPessoa: number, base: 'interna' | 'externa'): Promise<void> {
  await db.execute(
    sql`insert into account_area_bases (cod_pessoa, base) values (${codPessoa}, ${base})
        on conflict (cod_pessoa) do update set base = excluded.base, alterado_em = now()`,
  );
}

/** A database of the e-resources open to every category or to `categoria` (Meu Pergamum's databases), by its code. */
export async function eResourceFor(db: Db, codBase: number, categoria: string): Promise<{ nome: string; url: string } | undefined> {
  const [row] = await queryRows<{ nome: string; url: string }>(
    db,
    sql`select nome, url from e_resources where cod_base = ${codBase} and (categorias is null or ${categoria}::text = any(categorias))`,
  );
  return row;
}

/** A title's work type and MARC record (a technical standard is work type 19), or undefined. */
export async function titleForStandard(db: Db, codAcervo: number): Promise<{ cod_tipo_obra: number | null; marc: unknown } | undefined> {
  const [row] = await queryRows<{ cod_tipo_obra: number | null; marc: unknown }>(
    db,
    sql`select cod_tipo_obra, marc from titles where cod_acervo = ${codAcervo}`,
  );
  return row;
}

/** Staff: writes (or, with null, removes) one provider's entry in the institution's settings; false before the institution is set up. */
export async function writeProviderEntry(db: Db, recurso: string, entry: unknown): Promise<boolean> {
  const value =
    entry === null
      ? sql`coalesce(parametros->'provedores', '{}'::jsonb) - ${recurso}::text`
      : sql`coalesce(parametros->'provedores', '{}'::jsonb) || jsonb_build_object(${recurso}::text, ${JSON.stringify(entry)}::jsonb)`;
  return (await executeCount(db, sql`update institution set parametros = coalesce(parametros, '{}'::jsonb) || jsonb_build_object('provedores', ${value})`)) > 0;
}
