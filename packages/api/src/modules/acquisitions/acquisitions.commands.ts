import type { Endpoint } from '@estante/contracts/kernel';
import {
  type AcaoSugestao,
  acaoSugestaoSchema,
  acquisitionsEndpoints,
  novoPedidoCompraSchema,
  SUGGESTION_STATUSES,
  type SuggestionStatus,
} from '@estante/contracts/acquisitions';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Mailer } from '../../lib/mail.js';
import { staffCommands } from '../../lib/staff-commands.js';
import { act, closeOrder, placeOrder, queue } from './acquisitions.service.js';

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

/** `npm run staff -- acquisitions <verb> …`: the staff side of a suggestion's life, from a terminal. */
async function acquisitionsCommand(db: Db, verb: string, args: string[], mailer: Mailer, actor: string): Promise<string> {
  const usage = staffCommands.usage('acquisitions');
  const deps = { mailer, origin: process.env.PUBLIC_URL?.replace(/\/+$/, '') || null, actor };
  const need = (what: string) => new Error(`${what}\n${usage}`);
  const [first = '', ...rest] = args;
  if (verb === 'list') {
    if (first && !(SUGGESTION_STATUSES as readonly string[]).includes(first)) throw need('an acquisition suggestion status is expected');
    const rows = await queue(db, { situacao: (first || undefined) as SuggestionStatus | undefined }, 'pt');
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

const VERBS: { verb: string; args?: string; summary: string; screen: Endpoint | 'reads' }[] = [
  {
    verb: 'list',
    screen: 'reads',
    args: '[status]',
    summary: 'acquisition suggestions, oldest first (every status unless one\nis given: pre_sugestao, sugestao_compra, em_cotacao, …)',
  },
  { verb: 'accept', screen: acquisitionsEndpoints.act, args: '<n> [note]', summary: 'take pre-suggestion n up as a purchase suggestion' },
  {
    verb: 'quote',
    screen: acquisitionsEndpoints.act,
    args: '<n> [copies] [foreign] [note]',
    summary: 'quote suggestion n today (copies to buy; "foreign" marks an\nimported work)',
  },
  { verb: 'trade', screen: acquisitionsEndpoints.act, args: '<n> [note]', summary: 'a quoted suggestion is being negotiated with the supplier' },
  {
    verb: 'refuse',
    screen: acquisitionsEndpoints.act,
    args: '<n> <status> [title] [note]',
    summary: 'end suggestion n: cancelada, duplicada, esgotada, ja_existe (with\nthe title the library holds), nao_atendida or nao_localizada',
  },
  {
    verb: 'order',
    screen: acquisitionsEndpoints.order,
    args: '<library> <supplier> <n[,n…]> [YYYY-MM-DD] [note]',
    summary: 'group suggestions of a library in a purchase order (with the\nexpected delivery date)',
  },
  {
    verb: 'deliver',
    screen: acquisitionsEndpoints.act,
    args: '<n> <copies> [title] [note]',
    summary: 'copies of suggestion n received (with the catalogue title\nthey are now under); all of them: attended, some: partial',
  },
  {
    verb: 'close',
    screen: acquisitionsEndpoints.closeOrder,
    args: '<order>',
    summary:
      'close a purchase order: partly delivered suggestions finish\nincomplete, undelivered ones are not attended\n(every step is e-mailed to the patron)',
  },
];
for (const { verb, args, summary, screen } of VERBS) {
  staffCommands.define({
    group: 'acquisitions',
    verb,
    args,
    summary,
    screen,
    run: (words, { db, mailer, actor }) => acquisitionsCommand(db, verb, words, mailer, actor),
  });
}
