import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client.js';

/** Approved comments on a title, newest first, with the author's first name and the library. */
export async function approvedComments(db: Db, codAcervo: number) {
  return queryRows<{ cod_comentario: number; texto: string; data_envio: string; nome: string; desc_biblioteca: string }>(
    db,
    sql`select c.cod_comentario, c.texto, to_char(c.data_envio at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as data_envio,
               split_part(btrim(p.nome_pessoa), ' ', 1) as nome, l.desc_biblioteca
        from comments c
        join people p on p.cod_pessoa = c.cod_pessoa
        join libraries l on l.cod_biblioteca = c.cod_biblioteca
        where c.cod_acervo = ${codAcervo} and c.moderado
        order by c.data_envio desc, c.cod_comentario desc`,
  );
}

export interface OwnCommentRow {
  cod_comentario: number;
  cod_acervo: number;
  titulo: string;
  texto: string;
  data_envio: string;
  moderado: boolean;
  desc_biblioteca: string;
}

const OWN_COLUMNS = sql`c.cod_comentario, c.cod_acervo, t.title as titulo, c.texto,
  to_char(c.data_envio at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as data_envio, c.moderado, l.desc_biblioteca`;

/** A person's comments, optionally on one title, newest first. */
export async function ownComments(db: Db | Tx, codPessoa: number, codAcervo?: number) {
  const title = codAcervo === undefined ? sql`` : sql`and c.cod_acervo = ${codAcervo}`;
  return queryRows<OwnCommentRow>(
    db,
    sql`select ${OWN_COLUMNS}
        from comments c join titles t on t.cod_acervo = c.cod_acervo join libraries l on l.cod_biblioteca = c.cod_biblioteca
        where c.cod_pessoa = ${codPessoa} ${title}
        order by c.data_envio desc, c.cod_comentario desc`,
  );
}

/** The titles a person commented on, with how many comments and how many still pending. */
export async function commentedTitles(db: Db, codPessoa: number) {
  return queryRows<{ cod_acervo: number; titulo: string; total: number; pendentes: number }>(
    db,
    sql`select c.cod_acervo, t.title as titulo, count(*)::int as total, count(*) filter (where not c.moderado)::int as pendentes
        from comments c join titles t on t.cod_acervo = c.cod_acervo
        where c.cod_pessoa = ${codPessoa}
        group by c.cod_acervo, t.title order by max(c.data_envio) desc`,
  );
}

/** Locks the person's row so that two comments sent at once are counted one after the other. */
export async function lockPerson(tx: Tx, codPessoa: number): Promise<boolean> {
  const rows = await queryRows<{ cod_pessoa: number }>(tx, sql`select cod_pessoa from people where cod_pessoa = ${codPessoa} for no key update`);
  return rows.length > 0;
}

export async function pendingCount(tx: Tx, codPessoa: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from comments where cod_pessoa = ${codPessoa} and not moderado`);
  return row!.n;
}

export async function insertComment(tx: Tx, comment: { codAcervo: number; codPessoa: number; codBiblioteca: number; texto: string }): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into comments (cod_acervo, cod_pessoa, cod_biblioteca, texto)
        values (${comment.codAcervo}, ${comment.codPessoa}, ${comment.codBiblioteca}, ${comment.texto}) returning cod_comentario as id`,
  );
  return row!.id;
}

export async function libraryExists(db: Db | Tx, codBiblioteca: number): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(db, sql`select 1 as one from libraries where cod_biblioteca = ${codBiblioteca}`);
  return rows.length > 0;
}

/** Deletes a person's comment while under moderation; says what it found. */
export async function deletePending(db: Db, codPessoa: number, codComentario: number): Promise<'deleted' | 'missing' | 'moderated'> {
  return db.transaction(async (tx) => {
    const [row] = await queryRows<{ moderado: boolean }>(
      tx,
      sql`select moderado from comments where cod_comentario = ${codComentario} and cod_pessoa = ${codPessoa} for update`,
    );
    if (!row) return 'missing';
    if (row.moderado) return 'moderated';
    await tx.execute(sql`delete from comments where cod_comentario = ${codComentario}`);
    return 'deleted';
  });
}

/** Staff moderation (the `comments` command): approve or reject (delete) a pending comment. */
export async function approve(db: Db | Tx, codComentario: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update comments set moderado = true, data_aprovacao = now() where cod_comentario = ${codComentario} and not moderado returning cod_comentario as id`,
  );
  return rows.length > 0;
}

export async function reject(db: Db | Tx, codComentario: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`delete from comments where cod_comentario = ${codComentario} and not moderado returning cod_comentario as id`,
  );
  return rows.length > 0;
}

export async function pendingComments(db: Db) {
  return queryRows<{ cod_comentario: number; cod_acervo: number; titulo: string; nome: string; texto: string; data_envio: string }>(
    db,
    sql`select c.cod_comentario, c.cod_acervo, t.title as titulo, p.nome_pessoa as nome, c.texto,
               to_char(c.data_envio at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as data_envio
        from comments c join titles t on t.cod_acervo = c.cod_acervo join people p on p.cod_pessoa = c.cod_pessoa
        where not c.moderado order by c.data_envio, c.cod_comentario`,
  );
}

/** Comments as the moderators see them: awaiting approval oldest first, or published newest first; one by number. */
export async function moderationRows(db: Db | Tx, filter: { published: boolean } | { id: number; lock?: boolean }) {
  const where = 'id' in filter ? sql`c.cod_comentario = ${filter.id}` : sql`c.moderado = ${filter.published}`;
  const order =
    'id' in filter
      ? sql``
      : filter.published
        ? sql`order by c.data_aprovacao desc, c.cod_comentario desc limit 500`
        : sql`order by c.data_envio, c.cod_comentario limit 500`;
  return queryRows<{
    cod_comentario: number;
    cod_acervo: number;
    titulo: string;
    cod_pessoa: number;
    nome: string;
    biblioteca: string;
    texto: string;
    data_envio: string;
    publicado: boolean;
    data_aprovacao: string | null;
  }>(
    db,
    sql`select c.cod_comentario, c.cod_acervo, t.title as titulo, c.cod_pessoa, p.nome_pessoa as nome, b.desc_biblioteca as biblioteca, c.texto,
               to_char(c.data_envio at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as data_envio, c.moderado as publicado,
               to_char(c.data_aprovacao at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as data_aprovacao
        from comments c join titles t on t.cod_acervo = c.cod_acervo join people p on p.cod_pessoa = c.cod_pessoa
        join libraries b on b.cod_biblioteca = c.cod_biblioteca
        where ${where} ${order} ${'id' in filter && filter.lock ? sql`for update of c` : sql``}`,
  );
}

export async function setCommentText(db: Db | Tx, codComentario: number, texto: string): Promise<void> {
  await db.execute(sql`update comments set texto = ${texto} where cod_comentario = ${codComentario}`);
}

export async function unpublish(db: Db | Tx, codComentario: number): Promise<void> {
  await db.execute(sql`update comments set moderado = false, data_aprovacao = null where cod_comentario = ${codComentario}`);
}
