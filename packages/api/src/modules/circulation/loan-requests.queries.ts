import type { Solicitacao, SolicitacaoFila } from '@estante/contracts/circulation';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
import type { HoldParts } from './holds.queries.js';

const OPEN = sql`('aguardando', 'em_transito', 'disponivel')`;

/** Per library, the title's copies on the shelf that lend (matching the parts), and the requests still open for them. */
export async function requestableCopies(db: Db, codAcervo: number, parts: HoldParts = { volume: null, tomo: null, parte: null }) {
  return queryRows<{ cod_biblioteca: number; desc_biblioteca: string; disponiveis: number; abertas: number }>(
    db,
    sql`select c.cod_biblioteca, l.desc_biblioteca, count(*)::int as disponiveis,
               (select count(*)::int from loan_requests r where r.cod_acervo = c.cod_acervo and r.biblioteca_origem = c.cod_biblioteca and r.situacao in ${OPEN}
                  and coalesce(r.volume, '') = coalesce(${parts.volume}::text, '') and coalesce(r.tomo, '') = coalesce(${parts.tomo}::text, '')
                  and coalesce(r.parte, '') = coalesce(${parts.parte}::text, '')) as abertas
        from copies c join libraries l on l.cod_biblioteca = c.cod_biblioteca join loan_types lt on lt.cod_tipo_emprestimo = c.cod_tipo_emprestimo
        where c.cod_acervo = ${codAcervo} and c.status = 'disponivel' and lt.permite_emprestimo and not c.acervo_fechado
          and (${parts.volume}::text is null or c.volume = ${parts.volume}) and (${parts.tomo}::text is null or c.tomo = ${parts.tomo})
          and (${parts.parte}::text is null or c.parte = ${parts.parte})
        group by c.cod_acervo, c.cod_biblioteca, l.desc_biblioteca order by l.desc_biblioteca`,
  );
}

export async function allLibraries(db: Db) {
  return queryRows<{ cod_biblioteca: number; desc_biblioteca: string }>(
    db,
    sql`select cod_biblioteca, desc_biblioteca from libraries order by desc_biblioteca`,
  );
}

export async function openRequestsOf(db: Db, codPessoa: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from loan_requests where cod_pessoa = ${codPessoa} and situacao in ${OPEN}`);
  return row?.n ?? 0;
}

export async function hasIdenticalRequest(db: Db, codPessoa: number, codAcervo: number, origin: number, parts: HoldParts): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`select 1 from loan_requests where cod_pessoa = ${codPessoa} and cod_acervo = ${codAcervo} and biblioteca_origem = ${origin} and situacao in ${OPEN}
          and coalesce(volume, '') = coalesce(${parts.volume}::text, '') and coalesce(tomo, '') = coalesce(${parts.tomo}::text, '')
          and coalesce(parte, '') = coalesce(${parts.parte}::text, '')`,
  );
  return rows.length > 0;
}

export async function libraryExists(db: Db, codBiblioteca: number): Promise<boolean> {
  return (await queryRows(db, sql`select 1 from libraries where cod_biblioteca = ${codBiblioteca}`)).length > 0;
}

export async function insertRequest(
  db: Db,
  r: {
    codPessoa: number;
    codAcervo: number;
    origem: number;
    recebimento: number;
    volume: string | null;
    tomo: string | null;
    parte: string | null;
    material: string | null;
    telefone: string;
    email: string;
    local: number;
    autorizada: string | null;
    domicilio: string | null;
    textual: string | null;
  },
): Promise<number> {
  const [row] = await queryRows<{ cod_solicitacao: number }>(
    db,
    sql`insert into loan_requests (cod_pessoa, cod_acervo, biblioteca_origem, biblioteca_recebimento, volume, tomo, parte, material, telefone, email,
                                   cod_local_recebimento, pessoa_autorizada, domicilio, recebimento_textual)
        values (${r.codPessoa}, ${r.codAcervo}, ${r.origem}, ${r.recebimento}, ${r.volume}, ${r.tomo}, ${r.parte}, ${r.material}, ${r.telefone}, ${r.email},
                ${r.local}, ${r.autorizada}, ${r.domicilio}, ${r.textual})
        returning cod_solicitacao`,
  );
  return row!.cod_solicitacao;
}

/** The patron's requests made in a period, with the given status (or all), newest first. */
export async function requestsOf(db: Db, codPessoa: number, from: string, to: string, status: string) {
  return queryRows<Solicitacao>(
    db,
    sql`select r.cod_solicitacao, r.cod_acervo, t.title as titulo, o.desc_biblioteca as origem, d.desc_biblioteca as recebimento, r.volume, r.tomo, r.parte,
               r.cod_local_recebimento::int as cod_local_recebimento, r.situacao, r.criada_em::text as data_solicitacao, r.atualizada_em::text as data_atualizacao
        from loan_requests r join titles t on t.cod_acervo = r.cod_acervo
        join libraries o on o.cod_biblioteca = r.biblioteca_origem join libraries d on d.cod_biblioteca = r.biblioteca_recebimento
        where r.cod_pessoa = ${codPessoa} and r.criada_em >= ${from}::date and r.criada_em < ${to}::date + 1
          and (${status} = 'todas' or r.situacao = ${status})
        order by r.cod_solicitacao desc`,
  );
}

/** Moves a request from one status to the next, if it is still in `from`; answers whether it moved. */
export async function moveRequest(db: Db, codSolicitacao: number, from: readonly string[], to: string): Promise<string | null> {
  const [row] = await queryRows<{ situacao: string }>(db, sql`select situacao from loan_requests where cod_solicitacao = ${codSolicitacao} for update`);
  if (!row) return null;
  if (!from.includes(row.situacao)) return row.situacao;
  await db.execute(sql`update loan_requests set situacao = ${to}, atualizada_em = now() where cod_solicitacao = ${codSolicitacao}`);
  return to;
}

/** The library's queue of loan requests: oldest first, by status and receiving library; one by number. */
export function queuedLoanRequests(db: Db, filter: { status: string; biblioteca?: number } | { id: number }) {
  const where =
    'id' in filter
      ? sql`r.cod_solicitacao = ${filter.id}`
      : sql`(${filter.status} = 'todas' or r.situacao = ${filter.status}) ${filter.biblioteca === undefined ? sql`` : sql`and r.biblioteca_recebimento = ${filter.biblioteca}`}`;
  return queryRows<SolicitacaoFila>(
    db,
    sql`select r.cod_solicitacao, r.cod_acervo, t.title as titulo, o.desc_biblioteca as origem, d.desc_biblioteca as recebimento, r.volume, r.tomo, r.parte,
               r.cod_local_recebimento::int as cod_local_recebimento, r.situacao, r.criada_em::text as data_solicitacao, r.atualizada_em::text as data_atualizacao,
               r.cod_pessoa, p.nome_pessoa as pessoa, r.telefone, r.email, r.material, r.pessoa_autorizada, r.domicilio, r.recebimento_textual
        from loan_requests r join titles t on t.cod_acervo = r.cod_acervo join people p on p.cod_pessoa = r.cod_pessoa
        join libraries o on o.cod_biblioteca = r.biblioteca_origem join libraries d on d.cod_biblioteca = r.biblioteca_recebimento
        where ${where} order by r.criada_em, r.cod_solicitacao limit 500`,
  );
}

/** A patron's loan requests still open, oldest first (the desk shows them with the service requests). */
export function openLoanRequestsOf(db: Db, codPessoa: number) {
  return queryRows<{ tipo: string; codigo: number; titulo: string; situacao: string; data: string }>(
    db,
    sql`select 'solicitacoes-emprestimo' as tipo, r.cod_solicitacao as codigo, t.title as titulo, r.situacao, to_char(r.criada_em, 'YYYY-MM-DD') as data
        from loan_requests r join titles t on t.cod_acervo = r.cod_acervo
        where r.cod_pessoa = ${codPessoa} and r.situacao in ('aguardando', 'em_transito', 'disponivel')
        order by r.criada_em, r.cod_solicitacao`,
  );
}

/** Loan requests still open (awaiting, in transit, available). */
export async function openLoanRequestCount(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from loan_requests where situacao in ('aguardando', 'em_transito', 'disponivel')`,
  );
  return row?.n ?? 0;
}
