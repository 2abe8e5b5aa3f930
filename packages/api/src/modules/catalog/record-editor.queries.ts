import type { AuthorityType } from '@estante/contracts/catalog';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
import type { MarcRecord } from '../../marc/record.js';
import type { Tx } from './catalog.queries.js';

/** A title's record as the editor reads it: its number of earlier versions gives its own. */
export interface EditedTitleRow {
  cod_acervo: number;
  control_number: string;
  title: string;
  marc: MarcRecord;
  updated_at: string;
  created_at: string;
  versions: number;
}

/** The title and how many earlier versions it has; `lock` takes its row for the save (the optimistic check reads under it). */
export async function titleForEditing(db: Pick<Db, 'execute'>, id: number, lock = false): Promise<EditedTitleRow | undefined> {
  // The row is locked first, by a statement of its own: a save that waited for another's lock then
  // counts the versions in a new statement, which sees the one just kept. Counted in the locking
  // statement, the count would be that statement's, from before the wait (twenty saves at once
  // passed the check together and collided on the version's key: 500s).
  if (lock) await db.execute(sql`select 1 from titles where cod_acervo = ${id} for update`);
  const [row] = await queryRows<EditedTitleRow>(
    db,
    sql`select t.cod_acervo, t.control_number, t.title, t.marc, to_char(t.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as updated_at, to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at,
               (select count(*)::int from title_versions v where v.cod_acervo = t.cod_acervo) as versions
        from titles t where t.cod_acervo = ${id}`,
  );
  return row;
}

/** Keeps the record being replaced as version `versao`. */
export async function keepVersion(tx: Tx, row: { codAcervo: number; versao: number; marc: MarcRecord; criadaEm: string; por: string }): Promise<void> {
  await tx.execute(
    sql`insert into title_versions (cod_acervo, versao, marc, criada_em, substituida_por)
        values (${row.codAcervo}, ${row.versao}, ${JSON.stringify(row.marc)}::jsonb, ${row.criadaEm}::timestamptz, ${row.por})`,
  );
}

export interface VersionRow {
  versao: number;
  criada_em: string;
  substituida_em: string;
  substituida_por: string;
}

/** A title's earlier versions, newest first. */
export async function versionsOf(db: Db, id: number): Promise<VersionRow[]> {
  return queryRows<VersionRow>(
    db,
    sql`select versao, to_char(criada_em at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as criada_em, to_char(substituida_em at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as substituida_em, substituida_por
        from title_versions where cod_acervo = ${id} order by versao desc`,
  );
}

/** One earlier version with its record. */
export async function versionOf(db: Db, id: number, versao: number): Promise<(VersionRow & { marc: MarcRecord }) | undefined> {
  const [row] = await queryRows<VersionRow & { marc: MarcRecord }>(
    db,
    sql`select versao, to_char(criada_em at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as criada_em, to_char(substituida_em at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as substituida_em, substituida_por, marc
        from title_versions where cod_acervo = ${id} and versao = ${versao}`,
  );
  return row;
}

/** Titles by words of their title (all of them, accent- and case-blind) or by control number, at most `limit`. */
export async function findTitles(db: Db, term: string, limit: number) {
  const words = term.split(/\s+/).filter(Boolean);
  const match = sql.join(
    words.map((w) => sql`estante_key(t.title) like '%' || estante_key(${w}) || '%'`),
    sql` and `,
  );
  return queryRows<{ cod_acervo: number; numero_controle: string; titulo: string; autor: string | null; ano_publicacao: number | null }>(
    db,
    sql`select t.cod_acervo, t.control_number as numero_controle, t.title as titulo, t.author as autor, t.ano_publicacao
        from titles t where t.control_number = ${term} or (${match})
        order by (t.control_number = ${term}) desc, t.title_fold, t.cod_acervo limit ${limit}`,
  );
}

/** An authority as the editor reads it; `lock` takes its row for the save. */
export async function authorityForEditing(db: Pick<Db, 'execute'>, id: number, lock = false) {
  const [row] = await queryRows<{ cod_autoridade: number; control_number: string; tipo: AuthorityType; heading: string; marc: MarcRecord; updated_at: string }>(
    db,
    sql`select cod_autoridade, control_number, tipo, heading, marc, to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as updated_at
        from authorities where cod_autoridade = ${id} ${lock ? sql`for update` : sql``}`,
  );
  return row;
}

/** Titles with a field whose $0 is this control number (a heading linked to the authority), with their records. */
export async function titlesLinkedTo(db: Pick<Db, 'execute'>, controlNumber: string) {
  const probe = JSON.stringify({ fields: [{ subfields: [{ code: '0', value: controlNumber }] }] });
  return queryRows<{ cod_acervo: number; title: string; marc: MarcRecord }>(
    db,
    sql`select cod_acervo, title, marc from titles where marc @> ${probe}::jsonb order by cod_acervo limit 1000`,
  );
}

/** The Portuguese name of a work type. */
export async function workTypePortuguese(db: Db, code: number): Promise<string | null> {
  const [row] = await queryRows<{ name: string }>(db, sql`select desc_tipo_obra as name from work_types where cod_tipo_obra = ${code}`);
  return row?.name ?? null;
}
