import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client.js';

export interface ClosedStackCopy {
  cod_exemplar: number;
  tombo: string;
  cod_biblioteca: number;
  desc_biblioteca: string;
  localizacao: string;
  volume: string | null;
  tomo: string | null;
  parte: string | null;
  disponivel: boolean;
}

/** A copy can be fetched when it is on the shelf and in no pending request. */
const AVAILABLE = sql`(c.status = 'disponivel' and not exists (
  select 1 from closed_stack_request_items i join closed_stack_requests r on r.cod_pedido = i.cod_pedido
  where i.cod_exemplar = c.cod_exemplar and r.situacao = 'pendente'))`;

/** The title's closed-stack copies (optionally of one library), by library, parts and accession number. */
export async function closedStackCopies(db: Db | Tx, codAcervo: number, library?: number): Promise<ClosedStackCopy[]> {
  const where: SQL = library === undefined ? sql`` : sql`and c.cod_biblioteca = ${library}`;
  return queryRows<ClosedStackCopy>(
    db,
    sql`select c.cod_exemplar, c.tombo, c.cod_biblioteca, l.desc_biblioteca, c.localizacao, c.volume, c.tomo, c.parte, ${AVAILABLE} as disponivel
        from copies c join libraries l on l.cod_biblioteca = c.cod_biblioteca
        where c.cod_acervo = ${codAcervo} and c.acervo_fechado ${where}
        order by l.desc_biblioteca, c.volume nulls first, c.tomo nulls first, c.parte nulls first, c.tombo`,
  );
}

/**
 * Locks the library's closed-stack copies of these titles for a request being written, then
 * reads them. Two statements on purpose: under READ COMMITTED a statement that waited for a
 * row lock still sees other tables as they were when it began, so availability (which depends
 * on other requests' items) is read by a second statement, after the lock is held.
 */
export async function lockClosedStackCopies(tx: Tx, codAcervos: number[], library: number) {
  await tx.execute(
    sql`select c.cod_exemplar from copies c
        where c.cod_acervo in ${codAcervos} and c.cod_biblioteca = ${library} and c.acervo_fechado
        order by c.cod_exemplar for update`,
  );
  return queryRows<ClosedStackCopy & { cod_acervo: number; titulo: string }>(
    tx,
    sql`select c.cod_exemplar, c.cod_acervo, t.title as titulo, c.tombo, c.cod_biblioteca, l.desc_biblioteca, c.localizacao,
               c.volume, c.tomo, c.parte, ${AVAILABLE} as disponivel
        from copies c join libraries l on l.cod_biblioteca = c.cod_biblioteca join titles t on t.cod_acervo = c.cod_acervo
        where c.cod_acervo in ${codAcervos} and c.cod_biblioteca = ${library} and c.acervo_fechado
        order by c.tombo`,
  );
}

/** Writes a pending request with its protocol number (AF + year + sequence) and its copies. */
export async function insertRequest(tx: Tx, codPessoa: number, library: number, copies: number[]) {
  const [request] = await queryRows<{ cod_pedido: number; protocolo: string; criado_em: string }>(
    tx,
    sql`insert into closed_stack_requests (cod_pedido, protocolo, cod_pessoa, cod_biblioteca)
        select s.n, 'AF' || to_char(now(), 'YYYY') || '-' || lpad(s.n::text, 6, '0'), ${codPessoa}, ${library}
        from (select nextval(pg_get_serial_sequence('closed_stack_requests', 'cod_pedido'))::int as n) s
        returning cod_pedido, protocolo, to_char(criado_em at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as criado_em`,
  );
  await tx.execute(
    sql`insert into closed_stack_request_items (cod_pedido, cod_exemplar) values ${sql.join(
      copies.map((c) => sql`(${request!.cod_pedido}, ${c})`),
      sql`, `,
    )}`,
  );
  return request!;
}

export async function libraryName(db: Db | Tx, library: number): Promise<string | undefined> {
  const [row] = await queryRows<{ desc_biblioteca: string }>(db, sql`select desc_biblioteca from libraries where cod_biblioteca = ${library}`);
  return row?.desc_biblioteca;
}
