import type { Solicitacao, SolicitacaoFila, SolicitacaoInicial } from '@estante/contracts/circulation';
import type { solicitacaoBodySchema } from '@estante/contracts/circulation';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { recordStaffAct } from '../../lib/audit.js';
import { errors } from './circulation.messages.js';
import { loanRequestRefusal } from './circulation.policy.js';
import { currentPerson } from '../auth/auth.service.js';
import { titleExists, titlesForExport } from '../catalog/title.service.js';
import { institutionNumber } from '../parameters/parameters.service.js';
import { activeDeviation, lockPatron } from '../account/account.service.js';
import { lockTitle, titleParts } from './holds.queries.js';
import {
  allLibraries,
  hasIdenticalRequest,
  insertRequest,
  libraryExists,
  moveRequest,
  openLoanRequestCount,
  openRequestsOf,
  queuedLoanRequests,
  requestableCopies,
  requestsOf,
} from './loan-requests.queries.js';

type Body = z.output<typeof solicitacaoBodySchema>;
/** Open loan requests a patron may have, unless the institution sets `limite_solicitacoes`. */
const DEFAULT_REQUEST_LIMIT = 3;

/** `GET /solicitacao-emprestimo/{id}/informacoes-iniciais`: where copies are on the shelf, where they can go, the parts. */
export async function requestStart(db: Db, codAcervo: number, codPessoa: number | null): Promise<SolicitacaoInicial> {
  if (!(await titleExists(db, codAcervo))) throw errors.titleNotFound(codAcervo);
  const [title] = await titlesForExport(db, [codAcervo]);
  const parts = await titleParts(db, codAcervo);
  const email = codPessoa === null ? null : (await currentPerson(db, codPessoa)).user.email;
  return {
    cod_acervo: codAcervo,
    titulo: title?.title ?? '',
    origens: (await requestableCopies(db, codAcervo)).map(({ cod_biblioteca, desc_biblioteca, disponiveis }) => ({
      cod_biblioteca,
      desc_biblioteca,
      disponiveis,
    })),
    recebimento: await allLibraries(db),
    ...parts,
    email,
  };
}

/**
 * `POST /solicitacao-emprestimo/{id}` (spec §5, §8): the rules of loanRequestRefusal
 * (circulation.policy.ts) over the title's parts, the libraries' copies and the patron's open
 * requests as they are now. The patron, then the title, are locked meanwhile (parallel requests
 * are counted one after the other).
 */
export async function requestLoan(db: Db, codPessoa: number, codAcervo: number, body: Body): Promise<{ cod_solicitacao: number }> {
  return db.transaction(async (tx) => {
    await lockPatron(tx, codPessoa);
    if (!(await lockTitle(tx, codAcervo))) throw errors.titleNotFound(codAcervo);
    const refusal = loanRequestRefusal({
      parts: await titleParts(tx, codAcervo),
      chosen: body,
      receivingLibrary: { id: body.biblioteca_recebimento, exists: await libraryExists(tx, body.biblioteca_recebimento) },
      away: await activeDeviation(tx, codPessoa),
      origin: (await requestableCopies(tx, codAcervo, body)).find((l) => l.cod_biblioteca === body.biblioteca_origem),
      identicalOpen: await hasIdenticalRequest(tx, codPessoa, codAcervo, body.biblioteca_origem, body),
      openRequests: await openRequestsOf(tx, codPessoa),
      limit: await institutionNumber(tx, 'limite_solicitacoes', DEFAULT_REQUEST_LIMIT),
    });
    if (refusal) throw refusal;
    const id = await insertRequest(tx, {
      codPessoa,
      codAcervo,
      origem: body.biblioteca_origem,
      recebimento: body.biblioteca_recebimento,
      volume: body.volume,
      tomo: body.tomo,
      parte: body.parte,
      material: body.material_adicional,
      telefone: body.telefone,
      email: body.email,
      local: body.cod_local_recebimento,
      autorizada: body.pessoa_autorizada,
      domicilio: body.domicilio,
      textual: body.recebimento_textual,
    });
    return { cod_solicitacao: id };
  });
}

/** `GET /api/solicitacao-emprestimo`: the patron's requests of a period, by status. */
export function myRequests(db: Db, codPessoa: number, from: string, to: string, status: string): Promise<Solicitacao[]> {
  return requestsOf(db, codPessoa, from, to, status);
}

/** The steps staff move a request through (spec §4): waiting → in transit → available → picked up → finished; cancel until picked up. */
const NEXT: Record<string, readonly string[]> = {
  em_transito: ['aguardando'],
  disponivel: ['em_transito'],
  retirada: ['disponivel'],
  atendida: ['retirada'],
  cancelada: ['aguardando', 'em_transito', 'disponivel'],
};

/**
 * Staff (the queue screen, `npm run staff -- circ request <n> <status>`): moves a loan request one
 * step — 404 when there is none, 409 when it is not at the step before — with a staff_audit row.
 */
export async function advanceRequest(db: Db, codSolicitacao: number, to: string, actor: string): Promise<SolicitacaoFila> {
  const from = NEXT[to];
  if (!from) throw errors.loanRequestStepUnknown(to);
  await db.transaction(async (tx) => {
    const now = await moveRequest(tx, codSolicitacao, from, to);
    if (now === null) throw errors.loanRequestNotFound(codSolicitacao);
    if (now !== to) throw errors.loanRequestOutOfOrder(codSolicitacao, now, to);
    await recordStaffAct(tx, { autor: actor, acao: 'circulation.request', alvo: `solicitacao-emprestimo:${codSolicitacao}`, detalhes: { situacao: to } });
  });
  return (await queuedLoanRequests(db, { id: codSolicitacao }))[0]!;
}

/** The library's queue of loan requests, oldest first. */
export function loanRequestQueue(db: Db, status: string, biblioteca?: number): Promise<SolicitacaoFila[]> {
  return queuedLoanRequests(db, { status, biblioteca });
}

/** Loan requests still open, for the queue's menu. */
export async function openLoanRequests(db: Db): Promise<{ abertas: number }> {
  return { abertas: await openLoanRequestCount(db) };
}
