import { novoLeitorSchema } from '@estante/contracts/people';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { DEBT_SERVICES } from '../../db/schema/index.js';
import { recordStaffAct } from '../../lib/audit.js';
import { csvDay, type CsvRow, headerText, readCsvFile } from '../../lib/csv-file.js';
import { AppError } from '../../lib/errors.js';
import { lockPatron } from '../account/account.service.js';
import {
  activeHoldOn,
  copiesAt,
  debtsLike,
  insertImportedDebt,
  insertImportedHold,
  importLibraries,
  insertImportedLoan,
  latestLoanOf,
  loanOfDay,
  openLoanOfCopy,
  setDebtPayment,
  setLoanDue,
  setLoanRenewals,
  setReturnedLoan,
  titleBy,
} from './circulation-import.queries.js';
import { lockCopy, personByLogin, setCopyStatus } from './desk.queries.js';
import { lockTitle } from './holds.queries.js';

/**
 * Patrons' open loans, holds and debts from another library system, each from one CSV file of a
 * documented header (issue 57 item 2, decision 0055, "Open loans, holds and debts"), imported
 * after the patrons themselves (`people import`). As there: the header is checked first (a wrong
 * one refuses the file), every row is checked before anything is written, each good row is
 * written in a transaction of its own (a rejected row never stops the others), and the same file
 * twice changes nothing the second time.
 */

/** What a file holds. */
export type StateKind = 'loans' | 'holds' | 'debts';

/** Each kind's header: the columns always there, those that may be, and those of which exactly one is. */
export const STATE_COLUMNS = {
  loans: { required: ['matricula', 'tombo', 'data_emprestimo', 'data_devolucao_prevista'], optional: ['renovacoes', 'data_devolucao'], oneOf: [] },
  holds: { required: ['matricula', 'biblioteca', 'data'], optional: [], oneOf: ['cod_acervo', 'numero_controle'] },
  debts: { required: ['matricula', 'tipo', 'valor', 'data'], optional: ['tombo', 'descricao', 'desconto', 'valor_pago', 'data_pagamento'], oneOf: [] },
} as const satisfies Record<StateKind, { required: readonly string[]; optional: readonly string[]; oneOf: readonly string[] }>;

/** The header as the command's help and the README write it. */
export const headerOf = (kind: StateKind): string => headerText(STATE_COLUMNS[kind]);

/** What became of one row of the file. */
export type StateRowOutcome =
  | { line: number; login: string; outcome: 'created' | 'unchanged'; what: string }
  | { line: number; login: string; outcome: 'updated'; what: string; fields: string[] }
  | { line: number; login?: string; outcome: 'rejected'; reason: string };

export interface StateImportReport {
  kind: StateKind;
  dryRun: boolean;
  rows: StateRowOutcome[];
}

type ParsedRow = CsvRow;

/** Reads the file's rows, its header checked first; a file that is no CSV of the kind's header is refused whole. */
export function readStateFile(kind: StateKind, bytes: Uint8Array): ParsedRow[] {
  return readCsvFile(bytes, STATE_COLUMNS[kind]);
}

/** A day as YYYY-MM-DD or as Brazil writes it, DD/MM/YYYY, never after today; a day that is no day of the calendar is refused. */
const dayColumn = z
  .string()
  .trim()
  .transform((v, ctx) => csvDay(v) ?? (ctx.addIssue({ code: 'custom', message: 'a day is YYYY-MM-DD or DD/MM/YYYY' }), z.NEVER));
/** A past day: the old system's loans, holds and debts all began before the import. */
const pastDay = dayColumn.refine((d) => d <= today(), 'a day after today');
const today = () => new Date().toLocaleDateString('sv-SE');

const tombo = z.string().trim().min(1, 'a copy’s accession number is needed').max(100);

/** Money in reais, `12.50` or `12,50`: more than zero, cents at most, within the debts' column (numeric(10, 2)). */
const moneyColumn = z
  .string()
  .trim()
  .regex(/^\d{1,8}([.,]\d{1,2})?$/, 'an amount in reais: digits, then cents after a point or comma (at most 99999999,99)')
  .transform((v) => v.replace(',', '.'))
  .refine((v) => Number(v) > 0, 'an amount more than zero');

/** A part of a debt already settled (discounted or paid): zero or more, in reais as `valor`. */
const partColumn = z
  .string()
  .trim()
  .regex(/^\d{1,8}([.,]\d{1,2})?$/, 'an amount in reais: digits, then cents after a point or comma (at most 99999999,99)')
  .transform((v) => Number(v.replace(',', '.')).toFixed(2));

/** Renewals a loan had: a whole number, none when blank. */
const renewalsColumn = z
  .string()
  .trim()
  .regex(/^\d{1,4}$/, 'renewals are a whole number (at most 9999)')
  .transform(Number);

const rowSchemas = {
  loans: z
    .object({
      matricula: novoLeitorSchema.shape.login,
      tombo,
      data_emprestimo: pastDay,
      data_devolucao_prevista: dayColumn,
      renovacoes: renewalsColumn.optional(),
      data_devolucao: pastDay.optional(),
    })
    .refine((r) => r.data_devolucao_prevista >= r.data_emprestimo, { path: ['data_devolucao_prevista'], message: 'before data_emprestimo' })
    .refine((r) => r.data_devolucao === undefined || r.data_devolucao >= r.data_emprestimo, { path: ['data_devolucao'], message: 'before data_emprestimo' }),
  holds: z.object({
    matricula: novoLeitorSchema.shape.login,
    biblioteca: z.string().trim().min(1, 'a library is needed').max(1000),
    data: pastDay,
    cod_acervo: z
      .string()
      .trim()
      .regex(/^\d{1,9}$/, 'a title’s number')
      .transform(Number)
      .optional(),
    numero_controle: z.string().trim().min(1, 'a control number is needed').max(100).optional(),
  }),
  debts: z
    .object({
      matricula: novoLeitorSchema.shape.login,
      tipo: z.enum(DEBT_SERVICES, { error: `one of ${DEBT_SERVICES.join(', ')}` }),
      valor: moneyColumn,
      data: pastDay,
      tombo: z.string().trim().max(100).optional(),
      descricao: z.string().trim().max(500, 'at most 500 characters').optional(),
      desconto: partColumn.optional(),
      valor_pago: partColumn.optional(),
      data_pagamento: pastDay.optional(),
    })
    // Only once the amount is one (its own mistake is said already).
    .refine((r) => !/^\d{1,8}(\.\d{1,2})?$/.test(r.valor) || Number(r.desconto ?? 0) + Number(r.valor_pago ?? 0) <= Number(r.valor), {
      path: ['valor_pago'],
      message: 'desconto and valor_pago together more than valor',
    })
    .refine((r) => Number(r.valor_pago ?? 0) > 0 === (r.data_pagamento !== undefined), {
      path: ['data_pagamento'],
      message: 'a day of payment exactly when something was paid',
    }),
};

/** One row checked: what to write, and what in the file may not be repeated (its key). */
type Checked =
  | { kind: 'loans'; line: number; login: string; key: string; tombo: string; loanedOn: string; due: string; renewals: number; returnedOn: string | null }
  | { kind: 'holds'; line: number; login: string; key: string; title: { codAcervo: number } | { controlNumber: string }; codBiblioteca: number; day: string }
  | {
      kind: 'debts';
      line: number;
      login: string;
      key: string;
      tipo: string;
      valor: string;
      day: string;
      tombo: string | null;
      descricao: string | null;
      desconto: string;
      valorPago: string;
      paidOn: string | null;
    };

type Libraries = Awaited<ReturnType<typeof importLibraries>>;

/** A library by its number, its abbreviation or its name (as the patrons' import reads them). */
function libraryOf(libraries: Libraries, given: string): number | undefined {
  const lower = given.toLowerCase();
  return libraries.find((b) => String(b.codigo) === given || b.sigla.toLowerCase() === lower || b.nome.trim().toLowerCase() === lower)?.codigo;
}

/** Checks one row: the row ready to write, or why it is rejected. */
function checkRow(kind: StateKind, row: ParsedRow, libraries: Libraries, columns: number): Checked | string {
  if (row.count !== undefined) return `${row.count} values where the header has ${columns}`;
  const blanksOut = Object.fromEntries(
    Object.entries(row.values).map(([k, v]) => [k, (STATE_COLUMNS[kind].optional as readonly string[]).includes(k) && !v.trim() ? undefined : v]),
  );
  const parsed = rowSchemas[kind].safeParse(blanksOut);
  if (!parsed.success) return parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
  const line = row.line;
  if (kind === 'loans') {
    const r = parsed.data as z.infer<typeof rowSchemas.loans>;
    const returnedOn = r.data_devolucao ?? null;
    // An open loan of a copy is one at a time; a returned one is that patron's on that day.
    const key = returnedOn === null ? `tombo ${r.tombo}` : `the returned loan of tombo ${r.tombo} to ${r.matricula} on ${r.data_emprestimo}`;
    return {
      kind,
      line,
      login: r.matricula,
      key,
      tombo: r.tombo,
      loanedOn: r.data_emprestimo,
      due: r.data_devolucao_prevista,
      renewals: r.renovacoes ?? 0,
      returnedOn,
    };
  }
  if (kind === 'holds') {
    const r = parsed.data as z.infer<typeof rowSchemas.holds>;
    const codBiblioteca = libraryOf(libraries, r.biblioteca);
    if (codBiblioteca === undefined) return `biblioteca: no library '${r.biblioteca}' (by number, abbreviation or name)`;
    const title = r.cod_acervo !== undefined ? { codAcervo: r.cod_acervo } : { controlNumber: r.numero_controle! };
    const named = 'codAcervo' in title ? `title ${title.codAcervo}` : `title ${title.controlNumber}`;
    return { kind, line, login: r.matricula, key: `the hold of ${r.matricula} on ${named} at library ${codBiblioteca}`, title, codBiblioteca, day: r.data };
  }
  const r = parsed.data as z.infer<typeof rowSchemas.debts>;
  const valor = Number(r.valor).toFixed(2);
  return {
    kind,
    line,
    login: r.matricula,
    key: `${r.matricula} ${r.tipo} ${valor} ${r.data}`,
    tipo: r.tipo,
    valor,
    day: r.data,
    tombo: r.tombo ?? null,
    descricao: r.descricao ?? null,
    desconto: r.desconto ?? '0.00',
    valorPago: r.valor_pago ?? '0.00',
    paidOn: r.data_pagamento ?? null,
  };
}

/** A row the database's state refuses: its transaction undone, its line reported with the reason. */
class Rejected extends Error {}

/** Thrown to undo a dry run's row once its outcome is known. */
class DryRun extends Error {
  constructor(readonly outcome: StateRowOutcome) {
    super('dry run');
  }
}

/** The person behind a row's login, locked for the change (as the desk locks a patron lending to them). */
async function patronOf(tx: Db, login: string): Promise<number> {
  const person = await personByLogin(tx, login);
  if (!person) throw new Rejected(`matricula: no patron '${login}' (import the patrons first: people import)`);
  await lockPatron(tx, person.cod_pessoa);
  return person.cod_pessoa;
}

/**
 * An open loan: the copy must be on the shelf, and becomes lent with the file's due date in the
 * same transaction. The same loan (patron, copy, loan day) already there is unchanged, or has its
 * due date moved when the file's differs; a copy lent to anyone else, or not on the shelf, is
 * rejected with why.
 */
async function applyLoan(tx: Db, row: Extract<Checked, { kind: 'loans' }>, actor: string): Promise<StateRowOutcome> {
  const codPessoa = await patronOf(tx, row.login);
  const copy = await lockCopy(tx, row.tombo);
  if (!copy) throw new Rejected(`tombo: no copy '${row.tombo}'`);
  if (row.returnedOn !== null) return applyReturnedLoan(tx, row, actor, codPessoa, copy);
  const what = `tombo ${copy.tombo}`;
  const open = await openLoanOfCopy(tx, copy.cod_exemplar);
  if (open && open.cod_pessoa !== codPessoa)
    throw new Rejected(`tombo ${copy.tombo} is lent to ${open.login ?? `person ${open.cod_pessoa}`} since ${open.emprestimo}`);
  if (open && open.emprestimo !== row.loanedOn) throw new Rejected(`tombo ${copy.tombo} is lent to ${row.login} since ${open.emprestimo}, not ${row.loanedOn}`);
  if (open) {
    const fields = [...(open.devolucao === row.due ? [] : ['data_devolucao_prevista']), ...(open.renovacoes === row.renewals ? [] : ['renovacoes'])];
    if (fields.length === 0) return { line: row.line, login: row.login, outcome: 'unchanged', what };
    if (open.devolucao !== row.due) await setLoanDue(tx, open.cod_emprestimo, copy.cod_exemplar, row.due);
    if (open.renovacoes !== row.renewals) await setLoanRenewals(tx, open.cod_emprestimo, row.renewals);
    await recordStaffAct(tx, {
      autor: actor,
      acao: 'circulation.import',
      alvo: `exemplar:${copy.tombo}`,
      detalhes: {
        linha: row.line,
        tipo: 'emprestimo',
        cod_emprestimo: open.cod_emprestimo,
        antes: { devolucao: open.devolucao, renovacoes: open.renovacoes },
        depois: { devolucao: row.due, renovacoes: row.renewals },
      },
    });
    return { line: row.line, login: row.login, outcome: 'updated', what, fields };
  }
  if (copy.status !== 'disponivel') throw new Rejected(`tombo ${copy.tombo} is not on the shelf (${copy.status}) and has no open loan`);
  const codEmprestimo = await insertImportedLoan(tx, {
    codExemplar: copy.cod_exemplar,
    codPessoa,
    loanedOn: row.loanedOn,
    due: row.due,
    renewals: row.renewals,
    returnedOn: null,
  });
  await setCopyStatus(tx, copy.cod_exemplar, 'emprestado', row.due);
  await recordStaffAct(tx, {
    autor: actor,
    acao: 'circulation.import',
    alvo: `exemplar:${copy.tombo}`,
    detalhes: {
      linha: row.line,
      tipo: 'emprestimo',
      cod_pessoa: codPessoa,
      cod_emprestimo: codEmprestimo,
      emprestimo: row.loanedOn,
      devolucao: row.due,
      renovacoes: row.renewals,
    },
  });
  return { line: row.line, login: row.login, outcome: 'created', what };
}

/**
 * A returned loan (a row with `data_devolucao`): the patron's history, and what a debt of theirs
 * names its title by. The copy is not touched. The same loan (patron, copy, loan day) already
 * returned is unchanged, or has its dates and renewals corrected; one still open is rejected (it is
 * returned at the desk, not by a file).
 */
async function applyReturnedLoan(
  tx: Db,
  row: Extract<Checked, { kind: 'loans' }>,
  actor: string,
  codPessoa: number,
  copy: { cod_exemplar: number; tombo: string },
): Promise<StateRowOutcome> {
  const what = `tombo ${copy.tombo} returned ${row.returnedOn}`;
  const same = await loanOfDay(tx, codPessoa, copy.cod_exemplar, row.loanedOn);
  if (same && same.devolvido === null)
    throw new Rejected(`tombo ${copy.tombo} is lent to ${row.login} since ${row.loanedOn} and not returned: return it at the desk`);
  if (same) {
    const had = { data_devolucao_prevista: same.devolucao, data_devolucao: same.devolvido, renovacoes: same.renovacoes };
    const wanted = { data_devolucao_prevista: row.due, data_devolucao: row.returnedOn, renovacoes: row.renewals };
    const fields = (Object.keys(wanted) as (keyof typeof wanted)[]).filter((k) => had[k] !== wanted[k]);
    if (fields.length === 0) return { line: row.line, login: row.login, outcome: 'unchanged', what };
    await setReturnedLoan(tx, same.cod_emprestimo, { due: row.due, returnedOn: row.returnedOn!, renewals: row.renewals });
    await recordStaffAct(tx, {
      autor: actor,
      acao: 'circulation.import',
      alvo: `exemplar:${copy.tombo}`,
      detalhes: { linha: row.line, tipo: 'emprestimo_devolvido', cod_emprestimo: same.cod_emprestimo, antes: had, depois: wanted },
    });
    return { line: row.line, login: row.login, outcome: 'updated', what, fields };
  }
  const codEmprestimo = await insertImportedLoan(tx, {
    codExemplar: copy.cod_exemplar,
    codPessoa,
    loanedOn: row.loanedOn,
    due: row.due,
    renewals: row.renewals,
    returnedOn: row.returnedOn,
  });
  await recordStaffAct(tx, {
    autor: actor,
    acao: 'circulation.import',
    alvo: `exemplar:${copy.tombo}`,
    detalhes: {
      linha: row.line,
      tipo: 'emprestimo_devolvido',
      cod_pessoa: codPessoa,
      cod_emprestimo: codEmprestimo,
      emprestimo: row.loanedOn,
      devolucao: row.due,
      devolvido: row.returnedOn,
      renovacoes: row.renewals,
    },
  });
  return { line: row.line, login: row.login, outcome: 'created', what };
}

/**
 * A hold in the queue, placed on the file's day. The title must exist and the library have a copy
 * of it to serve it; unlike a patron's own hold, copies on the shelf, the patron's limit or a
 * block do not refuse it (the old system had it). The same hold already there (same day) is
 * unchanged; one of another day is rejected as a duplicate.
 */
async function applyHold(tx: Db, row: Extract<Checked, { kind: 'holds' }>, actor: string): Promise<StateRowOutcome> {
  const codPessoa = await patronOf(tx, row.login);
  const title = await titleBy(tx, row.title);
  if (!title)
    throw new Rejected('codAcervo' in row.title ? `cod_acervo: no title ${row.title.codAcervo}` : `numero_controle: no title '${row.title.controlNumber}'`);
  await lockTitle(tx, title.cod_acervo);
  const what = `title ${title.cod_acervo}`;
  if ((await copiesAt(tx, title.cod_acervo, row.codBiblioteca)) === 0)
    throw new Rejected(`biblioteca: library ${row.codBiblioteca} has no copy of title ${title.cod_acervo} to serve the hold`);
  const held = await activeHoldOn(tx, codPessoa, title.cod_acervo, row.codBiblioteca);
  if (held && held.dia === row.day) return { line: row.line, login: row.login, outcome: 'unchanged', what };
  if (held)
    throw new Rejected(`${row.login} already holds title ${title.cod_acervo} at library ${row.codBiblioteca}, since ${held.dia} (hold ${held.cod_reserva})`);
  const codReserva = await insertImportedHold(tx, { codAcervo: title.cod_acervo, codBiblioteca: row.codBiblioteca, codPessoa, placedOn: row.day });
  await recordStaffAct(tx, {
    autor: actor,
    acao: 'circulation.import',
    alvo: `reserva:${codReserva}`,
    detalhes: { linha: row.line, tipo: 'reserva', cod_pessoa: codPessoa, cod_acervo: title.cod_acervo, cod_biblioteca: row.codBiblioteca, data: row.day },
  });
  return { line: row.line, login: row.login, outcome: 'created', what };
}

/**
 * A debt arisen on the file's day, with what of it was discounted or paid (`desconto`,
 * `valor_pago` on `data_pagamento`; nothing when blank). A copy named by `tombo` must exist; the
 * debt is tied to the patron's latest loan of it, when there is one (the patron then reads the
 * title). The debts table keeps no key of the old system: a row is the k-th of its patron, kind,
 * amount and day in the file, and is unchanged when the patron already has k such debts, the k-th
 * as discounted and paid as the row says (else its payment is corrected).
 */
async function applyDebt(tx: Db, row: Extract<Checked, { kind: 'debts' }>, actor: string, occurrence: number): Promise<StateRowOutcome> {
  const codPessoa = await patronOf(tx, row.login);
  const what = `${row.tipo} ${row.valor}`;
  let codEmprestimo: number | null = null;
  if (row.tombo !== null) {
    const copy = await lockCopy(tx, row.tombo);
    if (!copy) throw new Rejected(`tombo: no copy '${row.tombo}'`);
    codEmprestimo = (await latestLoanOf(tx, codPessoa, copy.cod_exemplar)) ?? null;
  }
  const same = (await debtsLike(tx, { codPessoa, tipo: row.tipo, valor: row.valor, day: row.day }))[occurrence - 1];
  if (same) {
    const had = { desconto: same.desconto, valor_pago: same.valor_pago, data_pagamento: same.data_pagamento };
    const wanted = { desconto: row.desconto, valor_pago: row.valorPago, data_pagamento: row.paidOn };
    const fields = (Object.keys(wanted) as (keyof typeof wanted)[]).filter((k) => had[k] !== wanted[k]);
    if (fields.length === 0) return { line: row.line, login: row.login, outcome: 'unchanged', what };
    await setDebtPayment(tx, same.cod_debito, { desconto: row.desconto, valorPago: row.valorPago, paidOn: row.paidOn });
    await recordStaffAct(tx, {
      autor: actor,
      acao: 'circulation.import',
      alvo: `debito:${same.cod_debito}`,
      detalhes: { linha: row.line, tipo: 'debito', cod_pessoa: codPessoa, antes: had, depois: wanted },
    });
    return { line: row.line, login: row.login, outcome: 'updated', what, fields };
  }
  const codDebito = await insertImportedDebt(tx, {
    codPessoa,
    codEmprestimo,
    tipo: row.tipo,
    valor: row.valor,
    day: row.day,
    desconto: row.desconto,
    valorPago: row.valorPago,
    paidOn: row.paidOn,
  });
  await recordStaffAct(tx, {
    autor: actor,
    acao: 'circulation.import',
    alvo: `debito:${codDebito}`,
    detalhes: {
      linha: row.line,
      tipo: 'debito',
      cod_pessoa: codPessoa,
      tipo_servico: row.tipo,
      valor: row.valor,
      data: row.day,
      tombo: row.tombo,
      descricao: row.descricao,
      desconto: row.desconto,
      valor_pago: row.valorPago,
      data_pagamento: row.paidOn,
    },
  });
  return { line: row.line, login: row.login, outcome: 'created', what };
}

/** Writes one checked row in its own transaction (undone on a dry run, or when the database's state rejects it). */
async function writeRow(db: Db, row: Checked, actor: string, dryRun: boolean, occurrence: number): Promise<StateRowOutcome> {
  try {
    return await db.transaction(async (tx) => {
      const outcome =
        row.kind === 'loans'
          ? await applyLoan(tx, row, actor)
          : row.kind === 'holds'
            ? await applyHold(tx, row, actor)
            : await applyDebt(tx, row, actor, occurrence);
      if (dryRun) throw new DryRun(outcome);
      return outcome;
    });
  } catch (error) {
    if (error instanceof DryRun) return error.outcome;
    if (error instanceof Rejected) return { line: row.line, login: row.login, outcome: 'rejected', reason: error.message };
    // The database's own words (drizzle wraps them in the query it failed, with its parameters: left out).
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    const reason = cause instanceof AppError ? cause.text('en') : cause instanceof Error ? cause.message : String(cause);
    return { line: row.line, login: row.login, outcome: 'rejected', reason: `not written: ${reason}` };
  }
}

/**
 * Imports a file of open loans, holds or debts (`npm run staff -- people import-loans|import-holds|
 * import-debts <file> [--dry-run]`): a wrong header refuses the file (CsvFileRefused) before
 * anything is written; every row is checked, a loan of a copy or a hold given twice rejected on
 * its second line, and each good row written in its own transaction. Holds are written oldest
 * first, so that the queues keep the old system's order. A dry run undoes every row's transaction.
 */
export async function importCirculationState(
  db: Db,
  kind: StateKind,
  bytes: Uint8Array,
  options: { actor: string; dryRun?: boolean; progress?: (done: number, count: number) => void },
): Promise<StateImportReport> {
  const dryRun = options.dryRun ?? false;
  const parsed = readStateFile(kind, bytes);
  const libraries = await importLibraries(db);
  const columns = parsed.length ? Object.keys(parsed[0]!.values).length : 0;
  const rows: StateRowOutcome[] = [];
  const firstLine = new Map<string, number>();
  const occurrences = new Map<string, number>();
  const toWrite: { row: Checked; occurrence: number }[] = [];
  for (const row of parsed) {
    const checked = checkRow(kind, row, libraries, columns);
    const login = novoLeitorSchema.shape.login.safeParse(row.values.matricula).data;
    if (typeof checked === 'string') {
      rows.push({ line: row.line, ...(login ? { login } : {}), outcome: 'rejected', reason: checked });
      continue;
    }
    const occurrence = (occurrences.get(checked.key) ?? 0) + 1;
    occurrences.set(checked.key, occurrence);
    const earlier = firstLine.get(checked.key);
    if (earlier === undefined) firstLine.set(checked.key, row.line);
    if (earlier !== undefined && kind !== 'debts')
      rows.push({ line: row.line, login: checked.login, outcome: 'rejected', reason: `${checked.key} is on line ${earlier} too` });
    else toWrite.push({ row: checked, occurrence });
  }
  if (kind === 'holds') toWrite.sort((a, b) => (a.row as { day: string }).day.localeCompare((b.row as { day: string }).day) || a.row.line - b.row.line);
  for (const [n, { row, occurrence }] of toWrite.entries()) {
    rows.push(await writeRow(db, row, options.actor, dryRun, occurrence));
    options.progress?.(n + 1, toWrite.length);
  }
  return { kind, dryRun, rows: rows.sort((a, b) => a.line - b.line) };
}

/** The report as the command prints it: the counts, then every rejected and updated row with its line. */
export function describeStateImport(report: StateImportReport): string {
  const count = (outcome: StateRowOutcome['outcome']) => report.rows.filter((r) => r.outcome === outcome).length;
  const lines = [
    `${report.dryRun ? 'dry run, nothing written: ' : ''}${report.rows.length} ${report.kind}: ${count('created')} created, ${count('updated')} updated, ${count('unchanged')} unchanged, ${count('rejected')} rejected`,
  ];
  for (const row of report.rows) {
    if (row.outcome === 'rejected') lines.push(`line ${row.line}: rejected${row.login ? ` (${row.login})` : ''}: ${row.reason}`);
    else if (row.outcome === 'updated') lines.push(`line ${row.line}: ${row.login} ${row.what} updated: ${row.fields.join(', ')}`);
  }
  return lines.join('\n');
}
