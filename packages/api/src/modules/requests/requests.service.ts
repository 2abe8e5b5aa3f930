import { type Language } from '@estante/contracts/kernel';
import {
  COMUTACAO_SCHEMAS,
  DEFAULT_REQUEST_LIMIT,
  type DadosPedido,
  type Ficha,
  type Pedido,
  type PedidoFila,
  REQUEST_TYPES,
  type RequestStatus,
  type RequestType,
  type SwitchingKind,
} from '@estante/contracts/requests';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, queryRows } from '../../db/client.js';
import { recordStaffAct } from '../../lib/audit.js';
import type { Mailer } from '../../lib/mail.js';
import { lockPatron } from '../account/account.service.js';
import { institutionNumber } from '../parameters/parameters.service.js';
import { requestRefusal } from './requests.policy.js';
import { errors, messages } from './requests.messages.js';
import {
  assignRequest,
  changeRequest,
  insertRequest,
  libraryOf,
  openByType,
  openCount,
  personOf,
  queueOf,
  type RequestRow,
  requestById,
  requestsOf,
} from './requests.queries.js';
import { members, rolesOfPerson } from '../staff/staff.service.js';
import { drawSheet } from './requests.sheet.js';

/** The library reads its requests in the institution's language. */
const LIBRARY_LANGUAGE: Language = 'pt';

/** What a request form starts from: the libraries, the patron's address, the institution's name, the limit. */
export async function startData(db: Db, codPessoa: number): Promise<DadosPedido> {
  const [libraries, person, [institution], limite] = await Promise.all([
    queryRows<{ cod_biblioteca: number; desc_biblioteca: string }>(db, sql`select cod_biblioteca, desc_biblioteca from libraries order by desc_biblioteca`),
    personOf(db, codPessoa),
    queryRows<{ nome: string }>(db, sql`select nome from institution limit 1`),
    institutionNumber(db, 'limite_solicitacoes', DEFAULT_REQUEST_LIMIT),
  ]);
  return { bibliotecas: libraries, email: person?.email ?? null, instituicao: institution?.nome ?? '', limite };
}

/** A switching body checked against the schema of its kind: a 400 naming each field that is wrong. */
export function parseSwitching(kind: SwitchingKind, body: unknown) {
  const parsed = COMUTACAO_SCHEMAS[kind].safeParse(body);
  if (!parsed.success) throw errors.badRequest(parsed.error.issues.map((i) => `body.${i.path.join('.')}: ${i.message}`).join('; '));
  return parsed.data;
}

/** What was asked for, in a line (the history, the e-mails). */
function summaryOf(tipo: RequestType, subtipo: SwitchingKind | null, d: Record<string, unknown>): string {
  const s = (key: string) => (d[key] === undefined ? '' : String(d[key]));
  switch (tipo) {
    case 'comutacao-bibliografica':
      if (subtipo === 'artigo') return `${s('titulo_artigo')} (${s('titulo_periodico')}, ${s('ano')})`;
      if (subtipo === 'parte') return `${s('titulo_parte')} — ${s('titulo_obra')}`;
      return `${s('titulo')} / ${s('autor')}`;
    case 'emprestimo-inter-bibliotecas':
      return `${s('titulo')} (${s('instituicao')})`;
    case 'ficha-catalografica':
      return s('titulo');
    default:
      return s('assunto');
  }
}

/** The form as lines "Label: value" for the library's e-mail. */
function fieldLines(body: Record<string, unknown>): string {
  return Object.entries(body)
    .filter(([key, value]) => key !== 'biblioteca' && value !== undefined && value !== '')
    .map(([key, value]) => {
      const label = messages.t(`field.${key}` as Parameters<typeof messages.t>[0], LIBRARY_LANGUAGE);
      const text = typeof value === 'boolean' ? messages.t(value ? 'yes' : 'no', LIBRARY_LANGUAGE) : Array.isArray(value) ? value.join(', ') : String(value);
      return `${label}: ${text}`;
    })
    .join('\n');
}

/**
 * A new request: the library must exist (422); the patron's open requests of the type stay
 * within the institution's limit (`limite_solicitacoes`, under a lock on the patron: two sent at
 * once cannot both pass it); stored and e-mailed to the library in one transaction — a request
 * the library never got is not stored (502).
 */
export async function createRequest(
  db: Db,
  mailer: Mailer,
  codPessoa: number,
  tipo: RequestType,
  subtipo: SwitchingKind | null,
  body: { biblioteca: number } & Record<string, unknown>,
  language: Language,
) {
  const library = await libraryOf(db, body.biblioteca);
  if (!library) throw errors.libraryInvalid(body.biblioteca);
  const person = await personOf(db, codPessoa);
  if (!person) throw errors.tokenInvalid();
  const limit = await institutionNumber(db, 'limite_solicitacoes', DEFAULT_REQUEST_LIMIT);
  const resumo = summaryOf(tipo, subtipo, body).slice(0, 600);
  const id = await db.transaction(async (tx) => {
    await lockPatron(tx, codPessoa);
    const refusal = requestRefusal(await openCount(tx, codPessoa, tipo), limit);
    if (refusal) throw refusal;
    const made = await insertRequest(tx, { codPessoa, tipo, subtipo, codBiblioteca: body.biblioteca, resumo, dados: body });
    if (library.email) {
      const type = messages.t(`type.${tipo}`, LIBRARY_LANGUAGE) + (subtipo ? ` (${subtipo})` : '');
      try {
        await mailer.send({
          to: [library.email],
          replyTo: person.email ?? undefined,
          subject: messages.t('mail.library.subject', LIBRARY_LANGUAGE, { type, id: made, summary: resumo }),
          text: messages.t('mail.library.body', LIBRARY_LANGUAGE, {
            from: `${person.nome}${person.email ? ` <${person.email}>` : ''}`,
            fields: `${messages.t('field.biblioteca' as Parameters<typeof messages.t>[0], LIBRARY_LANGUAGE)}: ${library.nome}\n${fieldLines(body)}`,
            id: made,
          }),
        });
      } catch {
        throw errors.libraryMailFailed();
      }
    }
    return made;
  });
  return { codigo: id, mensagem: messages.t('SolicitacaoEnviada', language, { id }) };
}

const asPedido = ({
  cod_pessoa: _p,
  pessoa: _n,
  email_pessoa: _e,
  dados: _d,
  classificacao: _c,
  cutter: _k,
  cod_biblioteca: _b,
  responsavel: _r,
  ...pedido
}: RequestRow): Pedido => pedido;

/** A request as the library's queue shows it: the patron's view, and what the staff need to serve it. */
const asQueued = (row: RequestRow): PedidoFila => ({
  ...asPedido(row),
  pessoa: row.pessoa,
  cod_pessoa: row.cod_pessoa,
  cod_biblioteca: row.cod_biblioteca,
  dados: (row.dados ?? {}) as Record<string, unknown>,
  classificacao: row.classificacao,
  cutter: row.cutter,
  responsavel: row.responsavel,
});

/** `GET /api/solicitacoes/{tipo}?status=`: the patron's own, newest first. */
export async function myRequests(db: Db, codPessoa: number, tipo: RequestType, status: RequestStatus | 'todas'): Promise<Pedido[]> {
  return (await requestsOf(db, codPessoa, tipo, status)).map(asPedido);
}

/** A patron's service requests still open (waiting, in transit, available), oldest first: the desk shows them. */
export function openRequestsOf(db: Db, codPessoa: number) {
  return queryRows<{ tipo: string; codigo: number; titulo: string; situacao: string; data: string }>(
    db,
    sql`select tipo, cod_solicitacao as codigo, resumo as titulo, situacao, to_char(criado_em, 'YYYY-MM-DD') as data
        from patron_requests where cod_pessoa = ${codPessoa} and situacao in ('aguardando', 'em_transito', 'disponivel')
        order by criado_em, cod_solicitacao`,
  );
}

/** The draft of a catalogue sheet, as the patron types it. */
export function sheetDraft(ficha: Ficha): Promise<Uint8Array> {
  return drawSheet(ficha, { classificacao: null, cutter: null }, true);
}

/** The reviewed sheet: the patron's own (404 otherwise), once the library released it (409 before). */
export async function reviewedSheet(db: Db, codPessoa: number, id: number, language: Language = 'pt'): Promise<{ pdf: Uint8Array; name: string }> {
  const request = await requestById(db, id, codPessoa);
  if (!request || request.tipo !== 'ficha-catalografica') throw errors.requestNotFound(id);
  if (!request.ficha_pronta) throw errors.sheetNotReviewed();
  const pdf = await drawSheet(request.dados as Ficha, { classificacao: request.classificacao, cutter: request.cutter }, false);
  return { pdf, name: `${messages.t('file.sheet', language)}-${id}.pdf` };
}

/** The library's queue (staff). */
export async function queue(db: Db, tipo: RequestType | undefined, status: RequestStatus | 'todas', codBiblioteca?: number): Promise<PedidoFila[]> {
  return (await queueOf(db, tipo, status, codBiblioteca)).map(asQueued);
}

/** The queue menu: open requests of every type (0 for none). */
export async function queueCounts(db: Db): Promise<Record<RequestType, number>> {
  const open = await openByType(db);
  return Object.fromEntries(REQUEST_TYPES.map((tipo) => [tipo, open[tipo] ?? 0])) as Record<RequestType, number>;
}

/** The colleagues a request may be assigned to: staff with the atendimento role. */
export async function colleagues(db: Db): Promise<{ cod_pessoa: number; nome: string }[]> {
  return (await members(db)).filter((m) => m.papeis.includes('atendimento')).map(({ cod_pessoa, nome }) => ({ cod_pessoa, nome }));
}

/** Assigns a request to a colleague with the atendimento role (422 otherwise), or to nobody; one staff_audit row. */
export async function assign(db: Db, id: number, codPessoa: number | null, actor: string): Promise<PedidoFila> {
  if (codPessoa !== null && !(await rolesOfPerson(db, codPessoa)).includes('atendimento')) throw errors.assigneeWithoutRole();
  await db.transaction(async (tx) => {
    const request = await requestById(tx, id, undefined, true);
    if (!request) throw errors.requestNotFound(id);
    await assignRequest(tx, id, codPessoa);
    await recordStaffAct(tx, {
      autor: actor,
      acao: 'requests.assign',
      alvo: `solicitacao:${id}`,
      detalhes: { responsavel: codPessoa, antes: request.responsavel?.cod_pessoa ?? null },
    });
  });
  return asQueued((await requestById(db, id))!);
}

/** A catalogue sheet request's sheet as the library would release it, with the classification and author mark given (not stored). */
export async function staffSheetPreview(db: Db, id: number, review: { classificacao: string; cutter: string }): Promise<Uint8Array> {
  const request = await requestById(db, id);
  if (!request || request.tipo !== 'ficha-catalografica') throw errors.requestNotFound(id);
  return drawSheet(request.dados as Ficha, review, false);
}

/**
 * The library moves a request on, with a note: recorded in its history and e-mailed to the
 * patron in one transaction (a patron with no address is told in Meu Pergamum only). A
 * catalogue sheet is released (available or finished) only with its classification and author mark.
 */
export async function moveRequest(
  db: Db,
  mailer: Mailer,
  id: number,
  change: { situacao: RequestStatus; nota?: string; classificacao?: string; cutter?: string },
  actor: string,
): Promise<PedidoFila> {
  await db.transaction(async (tx) => {
    const request = await requestById(tx, id, undefined, true);
    if (!request) throw errors.requestNotFound(id);
    const released = ['disponivel', 'retirada', 'atendida'].includes(change.situacao);
    if (request.tipo === 'ficha-catalografica' && released && !((change.classificacao ?? request.classificacao) && (change.cutter ?? request.cutter)))
      throw errors.sheetNeedsClassification();
    await changeRequest(tx, id, { situacao: change.situacao, nota: change.nota ?? null, classificacao: change.classificacao, cutter: change.cutter });
    await recordStaffAct(tx, {
      autor: actor,
      acao: 'requests.move',
      alvo: `solicitacao:${id}`,
      detalhes: {
        cod_pessoa: request.cod_pessoa,
        antes: request.situacao,
        situacao: change.situacao,
        ...(change.nota ? { nota: change.nota } : {}),
        ...(change.classificacao ? { classificacao: change.classificacao } : {}),
        ...(change.cutter ? { cutter: change.cutter } : {}),
      },
    });
    if (request.email_pessoa) {
      const status = messages.t(`status.${change.situacao}`, LIBRARY_LANGUAGE);
      try {
        await mailer.send({
          to: [request.email_pessoa],
          subject: messages.t('mail.patron.subject', LIBRARY_LANGUAGE, { id, status }),
          text: messages.t('mail.patron.body', LIBRARY_LANGUAGE, {
            name: request.pessoa.split(' ')[0] ?? '',
            id,
            type: messages.t(`type.${request.tipo}`, LIBRARY_LANGUAGE),
            summary: request.resumo,
            status,
            note: change.nota ? messages.t('mail.patron.note', LIBRARY_LANGUAGE, { note: change.nota }) : '',
          }),
        });
      } catch {
        throw errors.mailFailed();
      }
    }
  });
  return asQueued((await requestById(db, id))!);
}

export type SwitchingBody = z.output<(typeof COMUTACAO_SCHEMAS)[SwitchingKind]>;
