import { type AcaoSugestao, acaoSugestaoSchema, novoPedidoCompraSchema, SUGGESTION_STATUSES, type SuggestionStatus } from '@estante/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Mailer } from '../../lib/mail.js';
import { act, closeOrder, placeOrder, queue } from './acquisitions.service.js';

export const ACQUISITIONS_VERBS = ['list', 'accept', 'quote', 'trade', 'refuse', 'order', 'deliver', 'close'] as const;

export const ACQUISITIONS_USAGE = `  npm run acquisitions -- list [status]
                                      acquisition suggestions, oldest first (every status unless one
                                      is given: pre_sugestao, sugestao_compra, em_cotacao, …)
  npm run acquisitions -- accept <n> [note]
                                      take pre-suggestion n up as a purchase suggestion
  npm run acquisitions -- quote <n> [copies] [foreign] [note]
                                      quote suggestion n today (copies to buy; "foreign" marks an
                                      imported work)
  npm run acquisitions -- trade <n> [note]
                                      a quoted suggestion is being negotiated with the supplier
  npm run acquisitions -- refuse <n> <status> [title] [note]
                                      end suggestion n: cancelada, duplicada, esgotada, ja_existe (with
                                      the title the library holds), nao_atendida or nao_localizada
  npm run acquisitions -- order <library> <supplier> <n[,n…]> [YYYY-MM-DD] [note]
                                      group suggestions of a library in a purchase order (with the
                                      expected delivery date)
  npm run acquisitions -- deliver <n> <copies> [title] [note]
                                      copies of suggestion n received (with the catalogue title
                                      they are now under); all of them: attended, some: partial
  npm run acquisitions -- close <order>
                                      close a purchase order: partly delivered suggestions finish
                                      incomplete, undelivered ones are not attended
                                      (every step is e-mailed to the patron)`;

const number = /^\d{1,9}$/;

/** A body checked with the contracts' schema, as the staff API checks it: the first problem, in words. */
function parsed<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new Error(`${issue.path.join('.') || 'input'}: ${issue.message}`);
  }
  return result.data;
}

/** `npm run acquisitions -- <verb> …`: the staff side of a suggestion's life, from a terminal. */
export async function acquisitionsCommand(db: Db, verb: string, args: string[], mailer: Mailer, usage: string): Promise<string> {
  const deps = { mailer, origin: process.env.PUBLIC_URL?.replace(/\/+$/, '') || null };
  const need = (what: string) => new Error(`${what}\n${usage}`);
  const [first = '', ...rest] = args;
  if (verb === 'list') {
    if (first && !(SUGGESTION_STATUSES as readonly string[]).includes(first)) throw need('an acquisition suggestion status is expected');
    const rows = await queue(db, (first || undefined) as SuggestionStatus | undefined, 'pt');
    if (rows.length === 0) return 'no acquisition suggestions';
    return rows
      .map(
        (r) =>
          `#${r.codigo}  ${r.criado_em}  [${r.situacao}]  "${r.titulo}"${r.autor ? ` / ${r.autor}` : ''} for ${r.biblioteca} (library ${r.cod_biblioteca}), ` +
          `${r.total_entregue}/${r.quantidade} cop.${r.pedido ? `, order ${r.pedido}` : ''}, by ${r.solicitante}`,
      )
      .join('\n');
  }
  if (verb === 'order') {
    const [supplier = '', ids = '', ...more] = rest;
    if (!number.test(first) || !supplier.trim() || !/^\d{1,9}(,\d{1,9})*$/.test(ids)) throw need('a library, a supplier and suggestion numbers are needed');
    const date = more[0] && /^\d{4}-\d{2}-\d{2}$/.test(more[0]) ? more.shift() : undefined;
    const body = parsed(novoPedidoCompraSchema, {
      biblioteca: Number(first),
      fornecedor: supplier,
      sugestoes: ids.split(',').map(Number),
      previsao_entrega: date,
      nota: more.join(' ').trim() || undefined,
    });
    const order = await placeOrder(db, deps, body, 'pt');
    return `purchase order ${order.codigo} (${order.fornecedor}) holds suggestion(s) ${order.itens.map((i) => i.sugestao).join(', ')}, now awaiting delivery; the patrons were e-mailed`;
  }
  if (!number.test(first)) throw need(`a ${verb === 'close' ? 'purchase order' : 'suggestion'} number is needed`);
  if (verb === 'close') {
    const order = await closeOrder(db, deps, Number(first), 'pt');
    return `purchase order ${order.codigo} closed: ${order.itens.map((i) => `#${i.sugestao} ${i.situacao}`).join(', ')}`;
  }
  const words = [...rest];
  const take = (pattern: RegExp) => (words[0] !== undefined && pattern.test(words[0]) ? words.shift() : undefined);
  let action: unknown;
  switch (verb) {
    case 'accept':
      action = { acao: 'aceitar' };
      break;
    case 'trade':
      action = { acao: 'negociar' };
      break;
    case 'quote': {
      const copies = take(number);
      const foreign = take(/^foreign$/);
      action = { acao: 'cotar', quantidade: copies ? Number(copies) : undefined, obra_estrangeira: foreign ? true : undefined };
      break;
    }
    case 'refuse': {
      const situacao = words.shift();
      const title = take(number);
      action = { acao: 'recusar', situacao, acervo: title ? Number(title) : undefined };
      break;
    }
    case 'deliver': {
      const copies = take(number);
      const title = take(number);
      action = { acao: 'entregar', quantidade: copies ? Number(copies) : undefined, acervo: title ? Number(title) : undefined };
      break;
    }
    default:
      throw need(`unknown command ${verb}`);
  }
  const body: AcaoSugestao = parsed(acaoSugestaoSchema, { ...(action as object), nota: words.join(' ').trim() || undefined });
  const done = await act(db, deps, Number(first), body, 'pt');
  return `suggestion ${done.codigo} is now ${done.situacao} (${done.descricao_situacao})${done.cod_acervo ? `, title ${done.cod_acervo}` : ''}; shown in Meu Pergamum and e-mailed to the patron`;
}
