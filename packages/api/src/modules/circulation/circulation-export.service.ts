/**
 * The patrons' open loans, holds and debts as the library exports them (issue 57 item 4,
 * decision 0056): the rows of the circulation import's own headers (circulation-import.service.ts),
 * each patron named by the `matricula` the patrons' export gives them, so that importing the
 * files after the patrons gives each the same loans, queue places and debts. Read a page at a
 * time, in number order.
 */
import type { Db } from '../../db/client.js';
import { exportLogins } from '../people/patron-export.service.js';
import { type StateKind, STATE_COLUMNS } from './circulation-import.service.js';
import { debtsAfter, holdsAfter, loansAfter } from './circulation-export.queries.js';

/** Each file's header as the export writes it: the import's columns (holds by control number), optional ones included. */
export const STATE_EXPORT_COLUMNS: Record<StateKind, readonly string[]> = {
  loans: [...STATE_COLUMNS.loans.required, ...STATE_COLUMNS.loans.optional],
  holds: ['matricula', 'numero_controle', 'biblioteca', 'data'],
  debts: [...STATE_COLUMNS.debts.required, ...STATE_COLUMNS.debts.optional],
};

export type StateExportRow = Record<string, string>;

/** What an export of one kind left out, by reason (a hold on one volume: the import takes holds on whole titles). */
export type StateExportTally = { rows: number; leftOut: Record<string, number> };

const PAGE = 500;

/** Pages of a kind's rows: each page's people named once. */
async function* pages<R extends { cod_pessoa: number }>(
  db: Db,
  read: (after: number) => Promise<R[]>,
  key: (row: R) => number,
  between?: () => Promise<void>,
): AsyncGenerator<{ rows: R[]; names: Map<number, string> }> {
  for (let after = 0; ;) {
    const rows = await read(after);
    if (rows.length === 0) return;
    yield { rows, names: await exportLogins(db, [...new Set(rows.map((r) => r.cod_pessoa))]) };
    after = key(rows.at(-1)!);
    await between?.();
  }
}

/**
 * Every row of a kind: loans (open, and returned ones an unsettled debt names), active holds on a
 * whole title (in number order: each queue's order), unsettled debts with what of them is paid.
 */
export async function* stateRows(
  db: Db,
  kind: StateKind,
  tally: StateExportTally,
  options: { between?: () => Promise<void> } = {},
): AsyncGenerator<StateExportRow> {
  const leave = (why: string) => (tally.leftOut[why] = (tally.leftOut[why] ?? 0) + 1);
  if (kind === 'loans') {
    for await (const { rows, names } of pages(
      db,
      (a) => loansAfter(db, a, PAGE),
      (r) => r.cod_emprestimo,
      options.between,
    ))
      for (const l of rows) {
        const matricula = names.get(l.cod_pessoa);
        if (!matricula) continue;
        tally.rows++;
        yield {
          matricula,
          tombo: l.tombo,
          data_emprestimo: l.emprestimo,
          data_devolucao_prevista: l.devolucao,
          renovacoes: String(l.renovacoes),
          data_devolucao: l.devolvido ?? '',
        };
      }
    return;
  }
  if (kind === 'holds') {
    for await (const { rows, names } of pages(
      db,
      (a) => holdsAfter(db, a, PAGE),
      (r) => r.cod_reserva,
      options.between,
    ))
      for (const h of rows) {
        const matricula = names.get(h.cod_pessoa);
        if (!matricula) continue;
        if (!h.whole) {
          leave('a hold on a volume, tome, part or location (the import takes holds on whole titles)');
          continue;
        }
        tally.rows++;
        yield { matricula, numero_controle: h.numero_controle, biblioteca: h.sigla, data: h.dia };
      }
    return;
  }
  for await (const { rows, names } of pages(
    db,
    (a) => debtsAfter(db, a, PAGE),
    (r) => r.cod_debito,
    options.between,
  ))
    for (const d of rows) {
      const matricula = names.get(d.cod_pessoa);
      if (!matricula) continue;
      tally.rows++;
      yield {
        matricula,
        tipo: d.tipo,
        valor: d.valor,
        data: d.dia,
        tombo: d.tombo ?? '',
        descricao: '',
        desconto: d.desconto,
        valor_pago: d.valor_pago,
        data_pagamento: d.data_pagamento ?? '',
      };
    }
}
