/**
 * The cataloguing screens' reads and writes (issue 57, item 3): titles as the staff find them
 * (suppressed ones too), a title's copies, a copy written, moved or deleted, a title suppressed,
 * and the uploads' progress rows (catalog_uploads, migration 0052).
 */
import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client.js';
import { foreignKeysTo } from './holdings.queries.js';

type Conn = Db | Tx;

export interface TitleRow {
  cod_acervo: number;
  control_number: string;
  title: string;
  author: string | null;
  ano_publicacao: number | null;
  suppressed: boolean;
  copies: number;
}

const TITLE_COLUMNS = sql`t.cod_acervo, t.control_number, t.title, t.author, t.ano_publicacao, t.suppressed,
  (select count(*)::int from copies c where c.cod_acervo = t.cod_acervo) as copies`;

/**
 * Titles by number (`123`), control number (exact) or words of the title and its authors (the
 * search vector, every word), suppressed ones too: at most `limit`, the exact matches first.
 */
export async function findTitles(db: Conn, term: string, limit = 20): Promise<TitleRow[]> {
  const number = /^\d{1,9}$/.test(term) ? Number(term) : null;
  return queryRows<TitleRow>(
    db,
    sql`select ${TITLE_COLUMNS} from titles t
        where ${number !== null ? sql`t.cod_acervo = ${number} or` : sql``} t.control_number = ${term}
           or t.search_vector @@ plainto_tsquery('estante', ${term})
        order by (${number !== null ? sql`t.cod_acervo = ${number}` : sql`false`} or t.control_number = ${term}) desc, t.title_fold, t.cod_acervo
        limit ${limit}`,
  );
}

/** One title (suppressed or not), locked for the caller's transaction when `lock`. */
export async function titleRow(db: Conn, id: number, lock = false): Promise<TitleRow | undefined> {
  const [row] = await queryRows<TitleRow>(db, sql`select ${TITLE_COLUMNS} from titles t where t.cod_acervo = ${id}${lock ? sql` for update of t` : sql``}`);
  return row;
}

export interface CopyRow {
  cod_exemplar: number;
  tombo: string;
  cod_acervo: number;
  cod_biblioteca: number;
  biblioteca: string;
  cod_tipo_emprestimo: number;
  tipo_emprestimo: string;
  localizacao: string;
  colecao: string | null;
  volume: string | null;
  material: string | null;
  status: string;
  acervo_fechado: boolean;
  data_aquisicao: string;
}

const COPY_SELECT = sql`select c.cod_exemplar, c.tombo, c.cod_acervo, c.cod_biblioteca, l.desc_biblioteca as biblioteca,
  c.cod_tipo_emprestimo::int as cod_tipo_emprestimo, lt.descricao as tipo_emprestimo, c.localizacao, c.colecao, c.volume, c.material,
  c.status, c.acervo_fechado, to_char(c.data_aquisicao, 'YYYY-MM-DD') as data_aquisicao
  from copies c join libraries l on l.cod_biblioteca = c.cod_biblioteca join loan_types lt on lt.cod_tipo_emprestimo = c.cod_tipo_emprestimo`;

/** A title's copies, by library and barcode. */
export async function copiesOfTitle(db: Conn, id: number): Promise<CopyRow[]> {
  return queryRows<CopyRow>(db, sql`${COPY_SELECT} where c.cod_acervo = ${id} order by l.desc_biblioteca, c.tombo`);
}

/** One copy, locked for the caller's transaction. */
export async function copyForUpdate(tx: Tx, id: number): Promise<CopyRow | undefined> {
  const [row] = await queryRows<CopyRow>(tx, sql`${COPY_SELECT} where c.cod_exemplar = ${id} for update of c`);
  return row;
}

export async function libraryExists(db: Conn, id: number): Promise<boolean> {
  return (await queryRows(db, sql`select 1 from libraries where cod_biblioteca = ${id}`)).length > 0;
}

export async function loanTypeExists(db: Conn, id: number): Promise<boolean> {
  return (await queryRows(db, sql`select 1 from loan_types where cod_tipo_emprestimo = ${id}`)).length > 0;
}

/** What a cataloguer writes of a copy. */
export interface CopyWrite {
  tombo: string;
  codAcervo: number;
  codBiblioteca: number;
  codTipoEmprestimo: number;
  localizacao: string;
  colecao: string | null;
  volume: string | null;
  material: string | null;
  status: string;
  acervoFechado: boolean;
}

/** Adds a copy; undefined when its barcode is taken (meanwhile). */
export async function insertCopy(tx: Tx, copy: CopyWrite): Promise<number | undefined> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into copies (cod_acervo, tombo, cod_biblioteca, cod_tipo_emprestimo, localizacao, colecao, volume, material, status, acervo_fechado)
        values (${copy.codAcervo}, ${copy.tombo}, ${copy.codBiblioteca}, ${copy.codTipoEmprestimo}, ${copy.localizacao}, ${copy.colecao},
                ${copy.volume}, ${copy.material}, ${copy.status}, ${copy.acervoFechado})
        on conflict (tombo) do nothing
        returning cod_exemplar as id`,
  );
  return row?.id;
}

/** Writes a copy; false when its new barcode is taken (meanwhile). */
export async function updateCopy(tx: Tx, id: number, copy: CopyWrite): Promise<boolean> {
  const taken = await queryRows(tx, sql`select 1 from copies where tombo = ${copy.tombo} and cod_exemplar <> ${id}`);
  if (taken.length > 0) return false;
  await tx.execute(
    sql`update copies set tombo = ${copy.tombo}, cod_acervo = ${copy.codAcervo}, cod_biblioteca = ${copy.codBiblioteca},
          cod_tipo_emprestimo = ${copy.codTipoEmprestimo}, localizacao = ${copy.localizacao}, colecao = ${copy.colecao},
          volume = ${copy.volume}, material = ${copy.material}, status = ${copy.status}, acervo_fechado = ${copy.acervoFechado}
        where cod_exemplar = ${id}`,
  );
  return true;
}

/** The tables whose rows refer to this copy (loans past or present, holds, requests…): every foreign key, read from the catalogue. */
export async function copyReferences(tx: Tx, id: number): Promise<string[]> {
  const keys = await foreignKeysTo(tx, 'copies');
  if (keys.length === 0) return [];
  const rows = await queryRows<{ table: string }>(
    tx,
    sql.join(
      keys.map(
        (k) =>
          sql`select ${k.table}::text as table where exists (select 1 from ${sql.identifier(k.schema)}.${sql.identifier(k.table)} where ${sql.identifier(k.column)} = ${id})`,
      ),
      sql` union all `,
    ),
  );
  return [...new Set(rows.map((r) => r.table))];
}

export async function deleteCopy(tx: Tx, id: number): Promise<void> {
  await tx.execute(sql`delete from copies where cod_exemplar = ${id}`);
}

/**
 * Suppresses a title from the OPAC or shows it again; its datestamp moves (OAI-PMH harvesters
 * see it deleted, or back), and with the row the catalogue's version (the search index reads again).
 */
export async function setSuppressed(tx: Tx, id: number, suppressed: boolean): Promise<void> {
  await tx.execute(sql`update titles set suppressed = ${suppressed}, updated_at = now() where cod_acervo = ${id} and suppressed <> ${suppressed}`);
}

/** The libraries and loan types a copy may name. */
export async function copyOptions(db: Conn) {
  const libraries = await queryRows<{ cod_biblioteca: number; sigla: string; nome: string }>(
    db,
    sql`select cod_biblioteca, sigla, desc_biblioteca as nome from libraries order by desc_biblioteca`,
  );
  const loanTypes = await queryRows<{ cod_tipo_emprestimo: number; descricao: string }>(
    db,
    sql`select cod_tipo_emprestimo::int as cod_tipo_emprestimo, descricao from loan_types order by cod_tipo_emprestimo`,
  );
  return { libraries, loanTypes };
}

// ---- Uploads (catalog_uploads) ----

export interface UploadRow {
  id: number;
  arquivo: string;
  estado: 'executando' | 'concluida' | 'falhou' | 'interrompida';
  bytes: number;
  total: number;
  lidos: number;
  relatorio: unknown;
  erro: string | null;
  iniciada_em: string;
  terminada_em: string | null;
}

const UPLOAD_COLUMNS = sql`id, arquivo, estado, bytes::float8 as bytes, total::float8 as total, lidos, relatorio, erro,
  to_char(iniciada_em at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as iniciada_em,
  to_char(terminada_em at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as terminada_em`;

/**
 * Starts an upload's row, or answers the one running: the partial unique index lets one run at a
 * time across every API process. A running row its process has not moved for `staleSeconds` is an
 * import that process did not finish (it stopped): it is marked interrupted first.
 */
export async function claimUpload(
  db: Db,
  upload: { arquivo: string; autor: string; total: number },
  staleSeconds: number,
): Promise<{ started: UploadRow } | { running: UploadRow }> {
  await db.execute(
    sql`update catalog_uploads set estado = 'interrompida', terminada_em = now()
        where estado = 'executando' and atualizada_em < now() - make_interval(secs => ${staleSeconds})`,
  );
  const [started] = await queryRows<UploadRow>(
    db,
    sql`insert into catalog_uploads (arquivo, autor, total) values (${upload.arquivo}, ${upload.autor}, ${upload.total})
        on conflict do nothing returning ${UPLOAD_COLUMNS}`,
  );
  if (started) return { started };
  const [running] = await queryRows<UploadRow>(db, sql`select ${UPLOAD_COLUMNS} from catalog_uploads where estado = 'executando'`);
  // Ended between the insert and this read: the caller may try again; said as running, which it was.
  return { running: running ?? (await lastUpload(db))! };
}

/** The upload started last. */
export async function lastUpload(db: Conn): Promise<UploadRow | undefined> {
  const [row] = await queryRows<UploadRow>(db, sql`select ${UPLOAD_COLUMNS} from catalog_uploads order by id desc limit 1`);
  return row;
}

/** How far a running upload got (bytes of its file's `total`, records read). */
export async function uploadProgress(db: Db, id: number, bytes: number, read: number, total: number): Promise<void> {
  await db.execute(
    sql`update catalog_uploads set bytes = ${bytes}, lidos = ${read}, total = ${total}, atualizada_em = now() where id = ${id} and estado = 'executando'`,
  );
}

/** An upload ended: done with its report, or failed with its reason. */
export async function endUpload(
  db: Db,
  id: number,
  end: { estado: 'concluida'; relatorio: unknown; bytes: number; lidos: number } | { estado: 'falhou'; erro: string },
) {
  if (end.estado === 'concluida')
    await db.execute(
      sql`update catalog_uploads set estado = 'concluida', relatorio = ${JSON.stringify(end.relatorio)}::jsonb, bytes = ${end.bytes}, lidos = ${end.lidos},
            atualizada_em = now(), terminada_em = now() where id = ${id}`,
    );
  else await db.execute(sql`update catalog_uploads set estado = 'falhou', erro = ${end.erro}, atualizada_em = now(), terminada_em = now() where id = ${id}`);
}
