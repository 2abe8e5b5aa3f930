import {
  type AcaoSugestao,
  type EstatisticasAquisicao,
  type Orcamento,
  ORDERABLE_STATUSES,
  type PedidoCompra,
  SUGGESTION_ACTIONS,
  SUGGESTION_STATUSES,
  type Sugestao,
  type SugestaoEquipe,
  type SuggestionStatus,
} from '@estante/contracts/acquisitions';
import { type Language } from '@estante/contracts/kernel';
import type { Db } from '../../db/client.js';
import type { Mailer } from '../../lib/mail.js';
import { recordStaffAct } from '../../lib/audit.js';
import { type ValueNamer, valueNamer } from '../catalog/value-names.js';
import { errors, messages } from './acquisitions.messages.js';
import {
  budgetsOf,
  changeSuggestion,
  countsWhere,
  insertOrder,
  libraryExists,
  lockSuggestions,
  markOrderClosed,
  orderById,
  orderIds,
  ordersByIds,
  orderItems,
  ordersOf,
  type SuggestionFilter,
  type SuggestionRow,
  suggestionById,
  suggestionsWhere,
  titleExists,
  upsertBudget,
} from './acquisitions.queries.js';

/** Patrons are written to in the institution's language, as the library's other notices. */
const MAIL_LANGUAGE: Language = 'pt';

const statusName = (situacao: SuggestionStatus, language: Language) => messages.t(`status.${situacao}`, language);

/** `GET /aquisicao/sugestoes/situacao`: the statuses of §4 in the call's language. */
export function statuses(language: Language) {
  return SUGGESTION_STATUSES.map((codigo) => ({ codigo, descricao: statusName(codigo, language) }));
}

function asSugestao(row: SuggestionRow, language: Language): Sugestao {
  const { cod_pessoa: _p, email: _e, encerrado: _c, preco: _v, fornecedor: _f, categoria: _k, cod_categoria: _kc, ...rest } = row;
  return { ...rest, descricao_situacao: statusName(row.situacao, language) };
}

/** A suggestion as the acquisition staff see it: with the quote's price and supplier and the requester's category (named by `named`, in the call's language). */
function asSugestaoEquipe(row: SuggestionRow, language: Language, named: ValueNamer): SugestaoEquipe {
  return {
    ...asSugestao(row, language),
    preco: row.preco,
    fornecedor: row.fornecedor,
    categoria: named('categoria', row.categoria),
    cod_categoria: row.cod_categoria,
  };
}

/** The patron's own suggestions, newest first. */
export async function mySuggestions(db: Db, codPessoa: number, filter: Omit<SuggestionFilter, 'codPessoa'>, language: Language) {
  return (await suggestionsWhere(db, { ...filter, codPessoa }, 'newest')).map((r) => asSugestao(r, language));
}

/** One of the patron's own suggestions (another patron's: 404, as if it did not exist). */
export async function mySuggestion(db: Db, codPessoa: number, id: number, language: Language) {
  const row = await suggestionById(db, id, codPessoa);
  if (!row) throw errors.suggestionNotFound(id);
  return asSugestao(row, language);
}

/** The patron's suggestions counted: the same filter as the list, so the two always agree. */
export async function statistics(db: Db, codPessoa: number, filter: Omit<SuggestionFilter, 'codPessoa' | 'situacao'>, language: Language) {
  if (filter.biblioteca !== undefined && !(await libraryExists(db, filter.biblioteca))) throw errors.libraryInvalid(filter.biblioteca);
  const counts = await countsWhere(db, { ...filter, codPessoa });
  return {
    total: counts.total,
    exemplares_sugeridos: counts.sugeridos,
    exemplares_entregues: counts.entregues,
    por_situacao: counts.byStatus.map((s) => ({ ...s, descricao: statusName(s.situacao, language) })),
    por_biblioteca: counts.byLibrary,
    por_mes: counts.byMonth,
  } satisfies EstatisticasAquisicao;
}

async function ordersWithItems(db: Db, ids: number[], language: Language, codPessoa?: number) {
  const items = await orderItems(db, ids, codPessoa);
  const orders = await ordersByIds(db, ids);
  return orders.map((o) => ({
    ...o,
    itens: items
      .filter((i) => i.pedido === o.codigo)
      .map((i) => ({
        sugestao: i.codigo,
        titulo: i.titulo,
        situacao: i.situacao,
        descricao_situacao: statusName(i.situacao, language),
        quantidade: i.quantidade,
        total_entregue: i.total_entregue,
        cod_acervo: i.cod_acervo,
      })),
  }));
}

/** The purchase orders holding the patron's suggestions, each with only the patron's own items. */
export async function myOrders(db: Db, codPessoa: number, language: Language): Promise<PedidoCompra[]> {
  const ids = (await ordersOf(db, codPessoa)).map((o) => o.codigo);
  return (await ordersWithItems(db, ids, language, codPessoa)).map(({ cod_biblioteca: _b, ...o }) => o);
}

/** The library's suggestions of a status, oldest first (staff). */
export async function queue(db: Db, filter: Omit<SuggestionFilter, 'codPessoa'>, language: Language): Promise<SugestaoEquipe[]> {
  const [rows, named] = await Promise.all([suggestionsWhere(db, filter, 'oldest'), valueNamer(db, language, ['categoria'])]);
  return rows.map((r) => asSugestaoEquipe(r, language, named));
}

/** The purchase orders for the staff, open first then newest. */
export async function staffOrders(db: Db, biblioteca: number | undefined, language: Language) {
  return ordersWithItems(db, await orderIds(db, biblioteca), language);
}

const cents = (value: string) => Math.round(Number(value) * 100);
const reais = (centavos: number) => (centavos / 100).toFixed(2);

/** Every library's budget for a year with what is committed and spent (one library's when asked). */
export async function budgets(db: Db, ano: number, biblioteca?: number): Promise<Orcamento[]> {
  return (await budgetsOf(db, ano, biblioteca)).map((b) => ({
    ...b,
    ano,
    saldo: b.valor === null ? null : reais(cents(b.valor) - cents(b.comprometido) - cents(b.gasto)),
  }));
}

/** Sets a library's budget for a year (422 for a library that does not exist); audited with what it was. */
export async function setBudget(db: Db, codBiblioteca: number, ano: number, valor: string, actor: string): Promise<Orcamento> {
  if (!(await libraryExists(db, codBiblioteca))) throw errors.libraryInvalid(codBiblioteca);
  await db.transaction(async (tx) => {
    const before = await upsertBudget(tx, codBiblioteca, ano, valor);
    await recordStaffAct(tx, {
      autor: actor,
      acao: 'acquisitions.budget',
      alvo: `biblioteca:${codBiblioteca}`,
      detalhes: { ano, antes: before, depois: valor },
    });
  });
  return (await budgets(db, ano, codBiblioteca))[0]!;
}

/** What the staff side needs besides the database: the mailer and where the catalogue is. */
export interface StaffDeps {
  mailer: Mailer;
  /** The catalogue's public address (PUBLIC_URL), for links in e-mails; null when not known. */
  origin: string | null;
  /** Who acts, as the staff audit names them (`pessoa:<n>` or `command line (<user>)`). */
  actor: string;
}

/** Tells the patron of a step; a failure undoes the step (the caller's transaction) with a 502. */
async function tellPatron(deps: StaffDeps, row: SuggestionRow, nota: string | null) {
  if (!row.email) return;
  const t = (key: Parameters<typeof messages.t>[0], params?: Record<string, string | number>) => messages.t(key, MAIL_LANGUAGE, params);
  const status = statusName(row.situacao, MAIL_LANGUAGE);
  let detail = '';
  if (row.pedido && row.situacao === 'aguardando_entrega')
    detail += t('mail.ordered', {
      order: row.pedido,
      estimate: row.previsao_entrega ? t('mail.estimate', { date: row.previsao_entrega.split('-').reverse().join('/') }) : '',
    });
  if (row.total_entregue > 0) detail += t('mail.delivered', { delivered: row.total_entregue, ordered: row.quantidade });
  if (row.cod_acervo) detail += t('mail.title', { url: deps.origin ? `${deps.origin}/acervo/${row.cod_acervo}` : `nº ${row.cod_acervo}` });
  try {
    await deps.mailer.send({
      to: [row.email],
      subject: t('mail.subject', { id: row.codigo, status }),
      text: t('mail.body', {
        name: row.solicitante.split(' ')[0] ?? '',
        id: row.codigo,
        title: row.titulo,
        library: row.biblioteca,
        status,
        detail,
        note: nota ? t('mail.note', { note: nota }) : '',
      }),
    });
  } catch {
    throw errors.patronMailFailed(row.solicitante);
  }
}

/**
 * The library acts on a suggestion: only from the statuses the action allows (409 otherwise),
 * under a row lock (two staff at once cannot both deliver the last copy). Recorded in its
 * history and e-mailed to the patron in one transaction.
 */
export async function act(db: Db, deps: StaffDeps, id: number, action: AcaoSugestao, language: Language): Promise<SugestaoEquipe> {
  if ('acervo' in action && action.acervo !== undefined && !(await titleExists(db, action.acervo))) throw errors.titleNotFound(action.acervo);
  await db.transaction(async (tx) => {
    const [locked] = await lockSuggestions(tx, [id]);
    if (!locked) throw errors.suggestionNotFound(id);
    const allowed: readonly SuggestionStatus[] = SUGGESTION_ACTIONS[action.acao];
    if (!allowed.includes(locked.situacao)) throw errors.actionNotAllowed(id, locked.situacao, action.acao);
    const row = (await suggestionById(tx, id))!;
    const nota = action.nota || null;
    switch (action.acao) {
      case 'aceitar':
        await changeSuggestion(tx, id, { situacao: 'sugestao_compra', nota });
        break;
      case 'cotar':
        await changeSuggestion(tx, id, {
          situacao: 'em_cotacao',
          nota,
          quantidade: action.quantidade,
          dataCotacao: true,
          obraEstrangeira: action.obra_estrangeira,
          preco: action.preco,
          fornecedor: action.fornecedor,
        });
        break;
      case 'negociar':
        await changeSuggestion(tx, id, { situacao: 'em_negociacao', nota });
        break;
      case 'recusar':
        if (action.situacao === 'ja_existe' && action.acervo === undefined) throw errors.titleForStatus();
        await changeSuggestion(tx, id, { situacao: action.situacao, nota, codAcervo: action.acervo });
        break;
      case 'entregar': {
        if (row.encerrado) throw errors.orderClosed(row.pedido!);
        const total = row.total_entregue + action.quantidade;
        if (total > row.quantidade) throw errors.beyondOrder(row.quantidade, row.total_entregue, action.quantidade);
        await changeSuggestion(tx, id, {
          situacao: total === row.quantidade ? 'atendida' : 'parcialmente_atendida',
          nota,
          totalEntregue: total,
          codAcervo: action.acervo,
        });
        break;
      }
    }
    const after = (await suggestionById(tx, id))!;
    await tellPatron(deps, after, nota);
    await recordStaffAct(tx, {
      autor: deps.actor,
      acao: `acquisitions.${action.acao}`,
      alvo: `sugestao:${id}`,
      motivo: nota,
      detalhes: {
        antes: { situacao: row.situacao, total_entregue: row.total_entregue, cod_acervo: row.cod_acervo, preco: row.preco, fornecedor: row.fornecedor },
        depois: {
          situacao: after.situacao,
          total_entregue: after.total_entregue,
          cod_acervo: after.cod_acervo,
          preco: after.preco,
          fornecedor: after.fornecedor,
        },
      },
    });
  });
  return asSugestaoEquipe((await suggestionById(db, id))!, language, await valueNamer(db, language, ['categoria']));
}

/**
 * A purchase order: suggestions of one library (422 otherwise), each orderable (quoted, in
 * trade or a purchase suggestion; 409 otherwise), locked in id order. Each patron is e-mailed;
 * one failed e-mail undoes the order.
 */
export async function placeOrder(
  db: Db,
  deps: StaffDeps,
  order: { fornecedor: string; biblioteca: number; sugestoes: number[]; previsao_entrega?: string; nota?: string },
  language: Language,
) {
  if (!(await libraryExists(db, order.biblioteca))) throw errors.libraryInvalid(order.biblioteca);
  const codigo = await db.transaction(async (tx) => {
    const locked = await lockSuggestions(tx, order.sugestoes);
    for (const id of order.sugestoes) {
      const found = locked.find((s) => s.id === id);
      if (!found) throw errors.suggestionNotFound(id);
      if (!(ORDERABLE_STATUSES as readonly SuggestionStatus[]).includes(found.situacao)) throw errors.actionNotAllowed(id, found.situacao, 'pedir');
      if (found.cod_biblioteca !== order.biblioteca) throw errors.otherLibrary(id);
    }
    const made = await insertOrder(tx, {
      codBiblioteca: order.biblioteca,
      fornecedor: order.fornecedor,
      previsaoEntrega: order.previsao_entrega ?? null,
      nota: order.nota || null,
    });
    for (const id of order.sugestoes) {
      await changeSuggestion(tx, id, { situacao: 'aguardando_entrega', nota: order.nota || null, codPedido: made });
      await tellPatron(deps, (await suggestionById(tx, id))!, order.nota || null);
    }
    await recordStaffAct(tx, {
      autor: deps.actor,
      acao: 'acquisitions.order',
      alvo: `pedido:${made}`,
      motivo: order.nota || null,
      detalhes: { fornecedor: order.fornecedor, biblioteca: order.biblioteca, sugestoes: order.sugestoes, previsao_entrega: order.previsao_entrega ?? null },
    });
    return made;
  });
  return (await ordersWithItems(db, [codigo], language))[0]!;
}

/**
 * Closes a purchase order: what was partly delivered is finished incomplete, what never came
 * is not attended; each such patron is e-mailed.
 */
export async function closeOrder(db: Db, deps: StaffDeps, id: number, language: Language) {
  await db.transaction(async (tx) => {
    const order = await orderById(tx, id, true);
    if (!order) throw errors.orderNotFound(id);
    if (order.encerrado) throw errors.orderClosed(id);
    const items = await orderItems(tx, [id]);
    await lockSuggestions(
      tx,
      items.map((i) => i.codigo),
    );
    await markOrderClosed(tx, id);
    const closed: { sugestao: number; antes: SuggestionStatus; depois: SuggestionStatus }[] = [];
    for (const item of items) {
      const situacao: SuggestionStatus | null =
        item.situacao === 'aguardando_entrega' ? 'nao_atendida' : item.situacao === 'parcialmente_atendida' ? 'finalizada_incompleta' : null;
      if (!situacao) continue;
      await changeSuggestion(tx, item.codigo, { situacao, nota: null });
      await tellPatron(deps, (await suggestionById(tx, item.codigo))!, null);
      closed.push({ sugestao: item.codigo, antes: item.situacao, depois: situacao });
    }
    await recordStaffAct(tx, { autor: deps.actor, acao: 'acquisitions.close', alvo: `pedido:${id}`, detalhes: { sugestoes: closed } });
  });
  return (await ordersWithItems(db, [id], language))[0]!;
}
