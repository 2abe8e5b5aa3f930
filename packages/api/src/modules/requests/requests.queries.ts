import type { Pedido, RequestStatus, RequestType, SwitchingKind } from '@estante/contracts/requests';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';

/** A request as the patron and the staff queue see it. */
export type RequestRow = Pedido & {
  cod_pessoa: number;
  pessoa: string;
  email_pessoa: string | null;
  dados: unknown;
  classificacao: string | null;
  cutter: string | null;
  cod_biblioteca: number;
  responsavel: { cod_pessoa: number; nome: string } | null;
};

const UTC = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** The statuses a filter keeps (`todas`: every one). */
const statusIs = (status: RequestStatus | 'todas') => (status === 'todas' ? sql`true` : sql`r.situacao = ${status}`);

const COLUMNS = sql`r.cod_solicitacao, r.tipo, r.subtipo, r.resumo, b.desc_biblioteca as biblioteca, r.situacao, r.nota, ${UTC(sql`r.criado_em`)} as criado_em,
  coalesce((select json_agg(json_build_object('situacao', e.situacao, 'nota', e.nota, 'em', ${UTC(sql`e.em`)}) order by e.em, e.cod_evento)
            from request_events e where e.cod_solicitacao = r.cod_solicitacao), '[]'::json) as historico,
  (r.tipo = 'ficha-catalografica' and r.classificacao is not null and r.cutter is not null and r.situacao in ('disponivel', 'retirada', 'atendida')) as ficha_pronta,
  r.cod_pessoa, p.nome_pessoa as pessoa, p.email as email_pessoa, r.dados, r.classificacao, r.cutter, r.cod_biblioteca,
  (select json_build_object('cod_pessoa', a.cod_pessoa, 'nome', a.nome_pessoa) from people a where a.cod_pessoa = r.responsavel) as responsavel`;

const FROM = sql`from patron_requests r join libraries b on b.cod_biblioteca = r.cod_biblioteca join people p on p.cod_pessoa = r.cod_pessoa`;

/** How many of the patron's requests of a type are still open. */
export async function openCount(db: Db, codPessoa: number, tipo: RequestType): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from patron_requests where cod_pessoa = ${codPessoa} and tipo = ${tipo} and situacao in ('aguardando', 'em_transito', 'disponivel')`,
  );
  return row?.n ?? 0;
}

/** Stores a request and its first status; answers its number. */
export async function insertRequest(
  db: Db,
  request: { codPessoa: number; tipo: RequestType; subtipo: SwitchingKind | null; codBiblioteca: number; resumo: string; dados: unknown },
): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`with made as (
          insert into patron_requests (cod_pessoa, tipo, subtipo, cod_biblioteca, resumo, dados)
          values (${request.codPessoa}, ${request.tipo}, ${request.subtipo}, ${request.codBiblioteca}, ${request.resumo}, ${JSON.stringify(request.dados)}::jsonb)
          returning cod_solicitacao),
        event as (insert into request_events (cod_solicitacao, situacao) select cod_solicitacao, 'aguardando' from made)
        select cod_solicitacao as id from made`,
  );
  return row!.id;
}

/** The patron's requests of a type, newest first. */
export function requestsOf(db: Db, codPessoa: number, tipo: RequestType, status: RequestStatus | 'todas') {
  return queryRows<RequestRow>(
    db,
    sql`select ${COLUMNS} ${FROM} where r.cod_pessoa = ${codPessoa} and r.tipo = ${tipo} and ${statusIs(status)}
        order by r.criado_em desc, r.cod_solicitacao desc limit 500`,
  );
}

/** One request (the patron's own when `codPessoa` is given), optionally locked for a change. */
export async function requestById(db: Db, id: number, codPessoa?: number, lock = false): Promise<RequestRow | undefined> {
  const whose = codPessoa === undefined ? sql`` : sql`and r.cod_pessoa = ${codPessoa}`;
  if (lock) await db.execute(sql`select 1 from patron_requests where cod_solicitacao = ${id} for update`);
  const [row] = await queryRows<RequestRow>(db, sql`select ${COLUMNS} ${FROM} where r.cod_solicitacao = ${id} ${whose}`);
  return row;
}

/** The library's queue: oldest first, of a type, status and library when given. */
export function queueOf(db: Db, tipo: RequestType | undefined, status: RequestStatus | 'todas', codBiblioteca?: number) {
  const ofType = tipo ? sql`and r.tipo = ${tipo}` : sql``;
  const atLibrary = codBiblioteca === undefined ? sql`` : sql`and r.cod_biblioteca = ${codBiblioteca}`;
  return queryRows<RequestRow>(
    db,
    sql`select ${COLUMNS} ${FROM} where ${statusIs(status)} ${ofType} ${atLibrary} order by r.criado_em, r.cod_solicitacao limit 500`,
  );
}

/** Open requests (awaiting, in transit, available) by type. */
export async function openByType(db: Db): Promise<Partial<Record<RequestType, number>>> {
  const rows = await queryRows<{ tipo: RequestType; n: number }>(
    db,
    sql`select tipo, count(*)::int as n from patron_requests where situacao in ('aguardando', 'em_transito', 'disponivel') group by tipo`,
  );
  return Object.fromEntries(rows.map((r) => [r.tipo, r.n]));
}

/** Whom a request is assigned to (null: nobody). */
export async function assignRequest(db: Db, id: number, codPessoa: number | null): Promise<void> {
  await db.execute(sql`update patron_requests set responsavel = ${codPessoa}, atualizado_em = now() where cod_solicitacao = ${id}`);
}

/** Moves a request on, with the library's note (and a sheet's classification), and records the step. */
export async function changeRequest(
  db: Db,
  id: number,
  change: { situacao: RequestStatus; nota: string | null; classificacao?: string; cutter?: string },
): Promise<void> {
  await db.execute(
    sql`update patron_requests set situacao = ${change.situacao}, nota = ${change.nota}, atualizado_em = now(),
          classificacao = coalesce(${change.classificacao ?? null}, classificacao), cutter = coalesce(${change.cutter ?? null}, cutter)
        where cod_solicitacao = ${id}`,
  );
  await db.execute(sql`insert into request_events (cod_solicitacao, situacao, nota) values (${id}, ${change.situacao}, ${change.nota})`);
}

/** A library's name and e-mail address (where its requests go). */
export async function libraryOf(db: Db, codBiblioteca: number) {
  const [row] = await queryRows<{ nome: string; email: string | null }>(
    db,
    sql`select desc_biblioteca as nome, email from libraries where cod_biblioteca = ${codBiblioteca}`,
  );
  return row;
}

/** A person's name and e-mail address. */
export async function personOf(db: Db, codPessoa: number) {
  const [row] = await queryRows<{ nome: string; email: string | null }>(db, sql`select nome_pessoa as nome, email from people where cod_pessoa = ${codPessoa}`);
  return row;
}
