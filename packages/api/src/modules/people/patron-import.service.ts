import { randomBytes } from 'node:crypto';
import { dadosPessoaisBodySchema, novoLeitorSchema, phoneField, taxNumberField } from '@estante/contracts/people';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { recordStaffAct } from '../../lib/audit.js';
import { csvDay, type CsvRow, readCsvFile } from '../../lib/csv-file.js';
import { AppError } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mail.js';
import { passwordHashForm } from '../../lib/password.js';
import { startRecovery } from '../auth/recovery.service.js';
import { addLogin, importReferences, lockPatronOfLogin, loginOwner, setBlock, setContact, setImportedPassword, setPhone } from './patron-import.queries.js';
import { insertPatron, setLibraries, setRegistration } from './people.queries.js';

/**
 * Patrons from another library system, from one CSV file of a documented header (issue 57 item
 * 2, decision 0055). Every row is checked with the rules the staff's own forms use (the
 * contracts' schemas: login, name, CPF, e-mail, phone) before anything is written; a row is
 * then written in a transaction of its own, so that a row is imported whole or not at all and a
 * rejected one never stops the others. A login already there is updated only where the file
 * differs from it: the same file twice changes nothing the second time.
 */

/** The header, in any order: every column present, no other (a wrong header refuses the file). */
export const PATRON_COLUMNS = ['matricula', 'nome', 'cpf', 'email', 'telefone', 'categoria', 'biblioteca', 'validade', 'senha_hash'] as const;
/**
 * Columns a file may have besides (Estante's own export writes them): `pessoa`, the old system's
 * key of the person — rows with the same one are one patron's logins —, and `bloqueio`, the
 * reason a patron is blocked (blank: not blocked; a file without the column blocks nobody and
 * unblocks nobody).
 */
export const PATRON_OPTIONAL_COLUMNS = ['pessoa', 'bloqueio'] as const;
type Column = (typeof PATRON_COLUMNS)[number] | (typeof PATRON_OPTIONAL_COLUMNS)[number];

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** A CPF as old systems export it: digits, or the usual 000.000.000-00 (the punctuation dropped, then the contracts' rule). */
const cpfColumn = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d{3}\.\d{3}\.\d{3}-\d{2}\s*$/.test(v) ? v.replace(/[.-]/g, '') : blankToUndefined(v)),
  taxNumberField.optional(),
);

/** A day as YYYY-MM-DD or as Brazil writes it, DD/MM/YYYY; a day that is no day of the calendar is refused. */
const dayColumn = z
  .string()
  .trim()
  .transform((v, ctx) => (v === '' ? null : (csvDay(v) ?? (ctx.addIssue({ code: 'custom', message: 'a day is YYYY-MM-DD or DD/MM/YYYY' }), z.NEVER))));

/** One row, with the contracts' rules for each field. */
const rowSchema = z.object({
  matricula: novoLeitorSchema.shape.login,
  nome: novoLeitorSchema.shape.nome,
  cpf: cpfColumn,
  email: dadosPessoaisBodySchema.shape.email,
  telefone: phoneField,
  categoria: z.string().trim().min(1, 'a category is needed').max(200),
  biblioteca: z.string().trim().max(1000),
  validade: dayColumn,
  senha_hash: z.string().trim().max(500),
  pessoa: z.string().trim().max(100).optional(),
  bloqueio: z.string().trim().max(500).optional(),
});

/** What became of one row of the file. */
export type RowOutcome =
  | { line: number; login: string; outcome: 'created'; codPessoa: number; password: 'imported' | 'none'; alsoLoginOf?: number }
  | { line: number; login: string; outcome: 'updated'; codPessoa: number; fields: string[] }
  | { line: number; login: string; outcome: 'unchanged'; codPessoa: number }
  | { line: number; login?: string; outcome: 'rejected'; reason: string };

/** The import's report: every row's outcome, and what became of the first-sign-in e-mails. */
export interface PatronImportReport {
  dryRun: boolean;
  rows: RowOutcome[];
  /** Patrons created without a password: the recovery e-mail sent, or why not. */
  firstAccess: { line: number; login: string; sent: boolean; note: string }[];
}

type ParsedRow = CsvRow<Column>;

/** Reads the file's rows (the header checked first); a file that is no CSV of this header is refused whole. */
export function readPatronFile(bytes: Uint8Array): ParsedRow[] {
  return readCsvFile(bytes, { required: PATRON_COLUMNS, optional: PATRON_OPTIONAL_COLUMNS }) as ParsedRow[];
}

/** A row ready to write: checked, its category and libraries named by their codes. */
interface CheckedRow {
  line: number;
  login: string;
  nome: string;
  cpf: string | null;
  email: string | null;
  telefone: string | null;
  categoria: string;
  bibliotecas: number[];
  validade: string | null;
  senhaHash: string | null;
  /** The old system's key of the person (null: the row is a patron of its own). */
  pessoa: string | null;
  /** Blocked with this reason, null not blocked; undefined when the file has no such column (nothing changes). */
  bloqueio: string | null | undefined;
}

type References = Awaited<ReturnType<typeof importReferences>>;

/** A category by its code, else by its name (case and accents as written, spaces and case ignored). */
function categoryOf(refs: References, given: string): string | undefined {
  const exact = refs.categorias.find((c) => c.codigo === given);
  if (exact) return exact.codigo;
  const named = refs.categorias.filter((c) => c.descricao.trim().toLowerCase() === given.toLowerCase());
  return named.length === 1 ? named[0]!.codigo : undefined;
}

/** A library by its number, its abbreviation or its name. */
function libraryOf(refs: References, given: string): number | undefined {
  const lower = given.toLowerCase();
  return refs.bibliotecas.find((b) => String(b.codigo) === given || b.sigla.toLowerCase() === lower || b.nome.trim().toLowerCase() === lower)?.codigo;
}

/** Checks one row: the row ready to write, or why it is rejected. */
function checkRow(row: ParsedRow, refs: References): CheckedRow | string {
  if (row.count !== undefined) return `${row.count} values where the header has ${Object.keys(row.values).length}`;
  const parsed = rowSchema.safeParse(row.values);
  if (!parsed.success) return parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
  const r = parsed.data;
  const categoria = categoryOf(refs, r.categoria);
  if (categoria === undefined) return `categoria: no category '${r.categoria}' (by code or name)`;
  const bibliotecas: number[] = [];
  for (const given of r.biblioteca
    .split(';')
    .map((b) => b.trim())
    .filter(Boolean)) {
    const codigo = libraryOf(refs, given);
    if (codigo === undefined) return `biblioteca: no library '${given}' (by number, abbreviation or name)`;
    if (!bibliotecas.includes(codigo)) bibliotecas.push(codigo);
  }
  if (r.senha_hash && !passwordHashForm(r.senha_hash))
    return r.senha_hash.startsWith('$argon2')
      ? 'senha_hash: argon2 cannot be verified here; leave it blank and the patron gets a first-sign-in e-mail'
      : 'senha_hash: not a bcrypt ($2a$/$2b$/$2y$), PBKDF2 (pbkdf2_sha256$…, as Django writes it) or Estante scrypt (scrypt$…) hash';
  return {
    line: row.line,
    login: r.matricula,
    nome: r.nome,
    cpf: r.cpf ?? null,
    email: r.email,
    telefone: r.telefone,
    categoria,
    bibliotecas: bibliotecas.sort((a, b) => a - b),
    validade: r.validade,
    senhaHash: r.senha_hash || null,
    pessoa: r.pessoa || null,
    bloqueio: r.bloqueio === undefined ? undefined : r.bloqueio || null,
  };
}

/**
 * No hash to import: a password nobody knows (random bytes in our scrypt form, hashed from
 * nothing), so the login can recover — recovery needs a password — and nobody can sign in
 * before the patron chooses theirs.
 */
const unusablePassword = () => ['scrypt', 16384, 8, 5, randomBytes(16).toString('base64'), randomBytes(32).toString('base64')].join('$');

/** Thrown to undo a dry run's row once its outcome is known. */
class DryRun extends Error {
  constructor(readonly outcome: RowOutcome) {
    super('dry run');
  }
}

/** Writes one checked row in its own transaction: created, updated where it differs, or unchanged. */
async function writeRow(db: Db, row: CheckedRow, actor: string, dryRun: boolean): Promise<RowOutcome> {
  try {
    return await db.transaction(async (tx) => {
      const outcome = await applyRow(tx, row, actor);
      if (dryRun) throw new DryRun(outcome);
      return outcome;
    });
  } catch (error) {
    if (error instanceof DryRun) return error.outcome;
    // The database's own words (drizzle wraps them in the query it failed, with its parameters: left out).
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    const reason = cause instanceof AppError ? cause.text('en') : cause instanceof Error ? cause.message : String(cause);
    return { line: row.line, login: row.login, outcome: 'rejected', reason: `not written: ${reason}` };
  }
}

async function applyRow(tx: Db, row: CheckedRow, actor: string): Promise<RowOutcome> {
  const current = await lockPatronOfLogin(tx, row.login);
  if (!current) {
    const codPessoa = await insertPatron(tx, {
      nome: row.nome,
      login: row.login,
      categoria: row.categoria,
      email: row.email,
      cpf: row.cpf,
      validade: row.validade,
      passwordHash: row.senhaHash ?? unusablePassword(),
    });
    if (row.telefone) await setPhone(tx, codPessoa, row.telefone);
    if (row.bibliotecas.length) await setLibraries(tx, codPessoa, row.bibliotecas);
    if (row.bloqueio) await setBlock(tx, codPessoa, row.bloqueio);
    await recordStaffAct(tx, {
      autor: actor,
      acao: 'people.import',
      alvo: `pessoa:${codPessoa}`,
      detalhes: {
        linha: row.line,
        login: row.login,
        criado: true,
        categoria: row.categoria,
        senha: row.senhaHash ? passwordHashForm(row.senhaHash) : null,
        ...(row.bloqueio ? { bloqueio: row.bloqueio } : {}),
      },
    });
    return { line: row.line, login: row.login, outcome: 'created', codPessoa, password: row.senhaHash ? 'imported' : 'none' };
  }
  const codPessoa = current.cod_pessoa;
  // A CPF is never cleared by a blank (it links a person's registrations, decision 0022); a password only reaches a login without one.
  const wanted = {
    nome: row.nome,
    categoria: row.categoria,
    validade: row.validade,
    cpf: row.cpf ?? current.cpf,
    email: row.email,
    telefone: row.telefone,
    bibliotecas: row.bibliotecas,
    // A file without the column leaves the block as it is.
    bloqueio: row.bloqueio === undefined ? (current.bloqueio ? current.motivo_bloqueio : null) : row.bloqueio,
  };
  const had = {
    nome: current.nome,
    categoria: current.cod_categoria,
    validade: current.validade,
    cpf: current.cpf,
    email: current.email,
    telefone: current.telefone,
    bibliotecas: current.bibliotecas,
    bloqueio: current.bloqueio ? current.motivo_bloqueio : null,
  };
  const fields = (Object.keys(wanted) as (keyof typeof wanted)[]).filter((k) => JSON.stringify(wanted[k]) !== JSON.stringify(had[k]));
  const password = row.senhaHash !== null && current.password_hash === null;
  if (fields.length === 0 && !password) return { line: row.line, login: row.login, outcome: 'unchanged', codPessoa };
  if (fields.some((f) => f === 'nome' || f === 'categoria' || f === 'validade')) await setRegistration(tx, codPessoa, wanted);
  if (fields.includes('cpf') || fields.includes('email')) await setContact(tx, codPessoa, wanted);
  if (fields.includes('telefone')) await setPhone(tx, codPessoa, wanted.telefone);
  if (fields.includes('bibliotecas')) await setLibraries(tx, codPessoa, wanted.bibliotecas);
  if (fields.includes('bloqueio')) await setBlock(tx, codPessoa, wanted.bloqueio);
  if (password) await setImportedPassword(tx, row.login, row.senhaHash!);
  const pick = (o: Record<string, unknown>) => Object.fromEntries(fields.map((f) => [f, o[f]]));
  await recordStaffAct(tx, {
    autor: actor,
    acao: 'people.import',
    alvo: `pessoa:${codPessoa}`,
    detalhes: { linha: row.line, login: row.login, antes: pick(had), depois: pick(wanted), ...(password ? { senha: passwordHashForm(row.senhaHash!) } : {}) },
  });
  return { line: row.line, login: row.login, outcome: 'updated', codPessoa, fields: password ? [...fields, 'senha_hash'] : fields };
}

/**
 * A further login of a patron an earlier row of the file made or found (the same `pessoa`): made
 * with the row's hash (none: a password nobody knows, and the recovery e-mail, as for a patron),
 * unchanged when it is already that patron's, rejected when it is someone else's. The row's other
 * columns are the patron's, given by their first row.
 */
async function writeLogin(db: Db, row: CheckedRow, codPessoa: number, actor: string, dryRun: boolean): Promise<RowOutcome> {
  try {
    return await db.transaction(async (tx) => {
      const owner = await loginOwner(tx, row.login);
      let outcome: RowOutcome;
      if (owner === codPessoa) outcome = { line: row.line, login: row.login, outcome: 'unchanged', codPessoa };
      else if (owner !== undefined)
        outcome = { line: row.line, login: row.login, outcome: 'rejected', reason: `matricula ${row.login} is another patron's login` };
      else {
        await addLogin(tx, { login: row.login, codPessoa, passwordHash: row.senhaHash ?? unusablePassword() });
        await recordStaffAct(tx, {
          autor: actor,
          acao: 'people.import',
          alvo: `pessoa:${codPessoa}`,
          detalhes: { linha: row.line, login: row.login, criado: true, outro_login: true, senha: row.senhaHash ? passwordHashForm(row.senhaHash) : null },
        });
        outcome = { line: row.line, login: row.login, outcome: 'created', codPessoa, password: row.senhaHash ? 'imported' : 'none', alsoLoginOf: codPessoa };
      }
      if (dryRun) throw new DryRun(outcome);
      return outcome;
    });
  } catch (error) {
    if (error instanceof DryRun) return error.outcome;
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    return { line: row.line, login: row.login, outcome: 'rejected', reason: `not written: ${cause instanceof Error ? cause.message : String(cause)}` };
  }
}

/**
 * Imports the patrons of a CSV file (`npm run staff -- people import <file> [--dry-run]`): a
 * wrong header refuses the whole file (CsvFileRefused) before anything is written; then every
 * row is checked, a login given twice rejected on its second line, and each good row written in
 * its own transaction. A dry run writes nothing (each row's transaction undone) and sends no
 * e-mail. Patrons created without a password hash are sent the recovery e-mail (auth's step 1)
 * once their row is committed, to choose their password.
 */
export async function importPatrons(
  db: Db,
  mailer: Mailer,
  bytes: Uint8Array,
  options: { actor: string; dryRun?: boolean; progress?: (done: number, count: number) => void },
): Promise<PatronImportReport> {
  const dryRun = options.dryRun ?? false;
  const parsed = readPatronFile(bytes);
  const refs = await importReferences(db);
  const firstLine = new Map<string, number>();
  /** Each `pessoa` key's first row: its line and, once written, the patron it is. */
  const people = new Map<string, { line: number; codPessoa?: number }>();
  const rows: RowOutcome[] = [];
  for (const [n, row] of parsed.entries()) {
    const checked = checkRow(row, refs);
    const login = typeof checked === 'string' ? novoLeitorSchema.shape.login.safeParse(row.values.matricula).data : checked.login;
    const earlier = login === undefined ? undefined : firstLine.get(login);
    if (login !== undefined && earlier === undefined) firstLine.set(login, row.line);
    const person = typeof checked === 'string' || checked.pessoa === null ? undefined : people.get(checked.pessoa);
    if (earlier !== undefined) rows.push({ line: row.line, login, outcome: 'rejected', reason: `matricula ${login} is on line ${earlier} too` });
    else if (typeof checked === 'string') rows.push({ line: row.line, ...(login ? { login } : {}), outcome: 'rejected', reason: checked });
    else if (person?.codPessoa === undefined && person !== undefined)
      rows.push({
        line: row.line,
        login: checked.login,
        outcome: 'rejected',
        reason: `pessoa ${checked.pessoa}: its first row (line ${person.line}) was not imported`,
      });
    else if (person) rows.push(await writeLogin(db, checked, person.codPessoa!, options.actor, dryRun));
    else {
      const outcome = await writeRow(db, checked, options.actor, dryRun);
      if (checked.pessoa !== null) people.set(checked.pessoa, { line: row.line, codPessoa: outcome.outcome === 'rejected' ? undefined : outcome.codPessoa });
      rows.push(outcome);
    }
    options.progress?.(n + 1, parsed.length);
  }
  const firstAccess: PatronImportReport['firstAccess'] = [];
  if (!dryRun)
    for (const row of rows) {
      if (row.outcome !== 'created' || row.password !== 'none') continue;
      const sent = await startRecovery(db, mailer, row.login, 'pt').then(
        (started) => ({ sent: true, note: `recovery e-mail sent to ${started.emails.join(', ')}` }),
        (error: unknown) => ({ sent: false, note: error instanceof AppError ? error.text('en') : String(error) }),
      );
      firstAccess.push({ line: row.line, login: row.login, ...sent });
    }
  return { dryRun, rows, firstAccess };
}

/** The report as the command prints it: the counts, then every rejected row with its line and reason, then the e-mails. */
export function describeImport(report: PatronImportReport): string {
  const count = (outcome: RowOutcome['outcome']) => report.rows.filter((r) => r.outcome === outcome).length;
  const lines = [
    `${report.dryRun ? 'dry run, nothing written: ' : ''}${report.rows.length} rows: ${count('created')} created, ${count('updated')} updated, ${count('unchanged')} unchanged, ${count('rejected')} rejected`,
  ];
  for (const row of report.rows) {
    if (row.outcome === 'rejected') lines.push(`line ${row.line}: rejected${row.login ? ` (${row.login})` : ''}: ${row.reason}`);
    else if (row.outcome === 'updated') lines.push(`line ${row.line}: ${row.login} updated: ${row.fields.join(', ')}`);
  }
  for (const mail of report.firstAccess)
    lines.push(`line ${mail.line}: ${mail.login} has no password yet; ${mail.sent ? mail.note : `no e-mail sent: ${mail.note}`}`);
  return lines.join('\n');
}
