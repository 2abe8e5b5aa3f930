/**
 * The rule of migrations an old node survives (issue 58, docs/operations/upgrades.md, decision
 * 0061): expand → migrate → contract. During a rolling upgrade the new release's migrations run
 * while a node of the previous release still serves, so one migration must never both add the
 * new shape and remove the old one (that node would meet a missing table or column), and must
 * not hold a table locked for a long rewrite or scan (the desk would wait on it) unless a
 * `-- rewrite-ok: <reason>` line in the file says why that is acceptable.
 *
 * The SQL is read by PostgreSQL's own parser (libpg-query, the server's grammar compiled to
 * WebAssembly), not by patterns: a statement is classified by its parse tree. What it cannot
 * see: the bodies of functions and DO blocks (PL/pgSQL), which hold no shape changes here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadModule, parseSync } from 'libpg-query';

/** One statement that breaks the rule. */
export interface Finding {
  file: string;
  rule: 'adds-and-drops' | 'rewrite';
  /** The statement's first line, to find it in the file. */
  statement: string;
  why: string;
}

/** The note that admits a long rewrite or scan: `-- rewrite-ok: <reason>` on a line of its own. */
const REWRITE_NOTE = /^[ \t]*--[ \t]*rewrite-ok:[ \t]*\S.{4,}$/m;

/** Functions a column default may call and stay non-volatile (PostgreSQL then stores it once, no rewrite). */
const STABLE_DEFAULTS = new Set(['now', 'transaction_timestamp', 'statement_timestamp', 'current_date', 'localtimestamp']);

/** Column types whose default is a sequence's nextval (volatile: every row is rewritten). */
const SERIAL_TYPES = new Set(['serial', 'serial4', 'bigserial', 'serial8', 'smallserial', 'serial2']);

/** DROP of these removes a shape the old release may use. Indexes, triggers and constraints it never names. */
const DROPPED_SHAPES = new Set([
  'OBJECT_TABLE',
  'OBJECT_VIEW',
  'OBJECT_MATVIEW',
  'OBJECT_SEQUENCE',
  'OBJECT_TYPE',
  'OBJECT_DOMAIN',
  'OBJECT_SCHEMA',
  'OBJECT_FUNCTION',
  'OBJECT_PROCEDURE',
]);

/** Statements that add a shape (the expand step). */
const ADDING_STATEMENTS = new Set([
  'CreateStmt',
  'CreateTableAsStmt',
  'IndexStmt',
  'ViewStmt',
  'CreateSeqStmt',
  'CreateEnumStmt',
  'CompositeTypeStmt',
  'CreateDomainStmt',
  'CreateFunctionStmt',
  'CreateTrigStmt',
  'CreateExtensionStmt',
  'AlterEnumStmt',
]);

/** Sub-commands of ALTER TABLE that add (expand) or remove/reshape (contract). */
const ADDING_COMMANDS = new Set(['AT_AddColumn', 'AT_AddConstraint', 'AT_AddIndex']);
const DROPPING_COMMANDS = new Set(['AT_DropColumn', 'AT_AlterColumnType']);

/** ALTER TABLE sub-commands that rewrite every row of an existing table. */
const REWRITING_COMMANDS: Record<string, string> = {
  AT_AlterColumnType: 'ALTER COLUMN … TYPE rewrites the table under an exclusive lock',
  AT_SetNotNull: 'SET NOT NULL scans the whole table under an exclusive lock (add a CHECK … NOT VALID and VALIDATE it first)',
  AT_SetLogged: 'SET LOGGED rewrites the table',
  AT_SetUnLogged: 'SET UNLOGGED rewrites the table',
  AT_SetTableSpace: 'SET TABLESPACE copies the table under an exclusive lock',
};

// The parser's tree, as far as this rule reads it (the full types are @pgsql/types').
type Node = Record<string, unknown>;
type AnyNode = { [kind: string]: Node };

/**
 * Migrations written before the rule (issue 58) that break it, each with why it was acceptable
 * then. Never extended for a new migration: a new one splits its steps or carries its note.
 * An entry a migration no longer needs is an error too (checkFolder's `unneeded`).
 */
export const BEFORE_THE_RULE: Record<string, { rules: Finding['rule'][]; why: string }> = {
  '0022_staff_role.sql': { rules: ['rewrite'], why: 'a CHECK on people (a library’s patrons, tens of thousands of rows): a scan well under a second' },
  '0030_journal_interest.sql': {
    rules: ['rewrite'],
    why: 'CHECKs and foreign keys on patron_alerts and interest_entries, a few rows per patron: scans of well under a second',
  },
  '0033_acquisitions_life.sql': { rules: ['rewrite'], why: 'foreign keys and CHECKs on professors and acquisition_suggestions, hundreds of rows' },
  '0041_staff_roles.sql': {
    rules: ['adds-and-drops'],
    why: 'staff_roles replaced people.papel in one step while an upgrade still stopped the only node first; under the rule it is two releases (add staff_roles and read it, then drop papel)',
  },
  '0043_category_loan_limit.sql': { rules: ['rewrite'], why: 'a CHECK on patron_categories, a few dozen rows' },
  '0044_request_assignee.sql': { rules: ['rewrite'], why: 'a foreign key on a new column of patron_requests, hundreds of rows' },
  '0045_patron_notes_libraries.sql': { rules: ['rewrite'], why: 'a CHECK on a new column of people (tens of thousands of rows): a scan well under a second' },
  '0047_acquisition_prices_budgets.sql': { rules: ['rewrite'], why: 'a CHECK on a new column of acquisition_suggestions, hundreds of rows' },
  '0051_category_event_translations.sql': { rules: ['rewrite'], why: 'a widened CHECK on value_translations, a few hundred rows' },
};

/** The committed migrations' folder. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

let loaded: Promise<void> | undefined;

/** Loads the parser (WebAssembly) once. */
export function loadParser(): Promise<void> {
  loaded ??= loadModule();
  return loaded;
}

/** The findings of one migration's SQL; call loadParser() first. */
export function checkMigration(file: string, sql: string): Finding[] {
  const statements = (parseSync(sql).stmts ?? []).map((s) => {
    const start = s.stmt_location ?? 0;
    const text = sql.slice(start, s.stmt_len ? start + s.stmt_len : undefined);
    const [kind, node] = Object.entries(s.stmt as unknown as AnyNode)[0]!;
    return { kind, node, first: firstLine(text) };
  });
  const created = new Set(statements.filter((s) => s.kind === 'CreateStmt').map((s) => relname(s.node)));
  const findings: Finding[] = [];

  const adds = statements.filter((s) => adding(s.kind, s.node));
  const drops = statements.flatMap((s) => {
    const why = dropping(s.kind, s.node);
    return why ? [{ ...s, why }] : [];
  });
  if (adds.length && drops.length)
    for (const d of drops)
      findings.push({
        file,
        rule: 'adds-and-drops',
        statement: d.first,
        why: `${d.why} in a migration that also adds (${adds[0]!.first}): contract in a later release`,
      });

  if (!REWRITE_NOTE.test(sql))
    for (const s of statements)
      for (const why of rewrites(s.kind, s.node, created))
        findings.push({ file, rule: 'rewrite', statement: s.first, why: `${why}; without a "-- rewrite-ok: <reason>" note` });
  return findings;
}

/**
 * Every migration of `dir` checked, less what BEFORE_THE_RULE accepts; `unneeded`: its entries
 * no finding uses; `journal`: files and meta/_journal.json entries without each other (Drizzle
 * runs what the journal lists, so a file missing from it would never run).
 */
export async function checkFolder(
  dir: string = MIGRATIONS_DIR,
  accepted: typeof BEFORE_THE_RULE = BEFORE_THE_RULE,
): Promise<{ findings: Finding[]; unneeded: string[]; journal: string[] }> {
  await loadParser();
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const all = files.flatMap((file) => checkMigration(file, readFileSync(path.join(dir, file), 'utf8')));
  const findings = all.filter((f) => !accepted[f.file]?.rules.includes(f.rule));
  const unneeded = Object.entries(accepted).flatMap(([file, entry]) =>
    entry.rules.filter((rule) => !all.some((f) => f.file === file && f.rule === rule)).map((rule) => `${file} (${rule})`),
  );
  const tags: string[] = (JSON.parse(readFileSync(path.join(dir, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] }).entries.map(
    (e) => `${e.tag}.sql`,
  );
  const journal = [
    ...files.filter((f) => !tags.includes(f)).map((f) => `${f} is not in meta/_journal.json`),
    ...tags.filter((t) => !files.includes(t)).map((t) => `meta/_journal.json lists ${t}, which does not exist`),
  ];
  return { findings, unneeded, journal };
}

function adding(kind: string, node: Node): boolean {
  if (ADDING_STATEMENTS.has(kind)) return true;
  return kind === 'AlterTableStmt' && commands(node).some((c) => ADDING_COMMANDS.has(String(c.subtype)));
}

/** Why this statement removes or reshapes what the old release uses; null when it does not. */
function dropping(kind: string, node: Node): string | null {
  if (kind === 'DropStmt' && DROPPED_SHAPES.has(String(node.removeType))) return `DROP ${String(node.removeType).slice(7)}`;
  if (kind === 'RenameStmt') return `RENAME (${String(node.renameType).slice(7)})`;
  if (kind === 'AlterTableStmt') {
    const command = commands(node).find((c) => DROPPING_COMMANDS.has(String(c.subtype)));
    if (command) return command.subtype === 'AT_DropColumn' ? `DROP COLUMN ${String(command.name)}` : `ALTER COLUMN ${String(command.name)} TYPE`;
  }
  return null;
}

/** Why this statement rewrites or scans a table that already holds rows under a lock (tables created in the same migration are empty). */
function rewrites(kind: string, node: Node, created: Set<string>): string[] {
  if (kind === 'VacuumStmt' && options(node).includes('full')) return ['VACUUM FULL rewrites the table under an exclusive lock'];
  if (kind === 'ClusterStmt') return ['CLUSTER rewrites the table under an exclusive lock'];
  if (kind !== 'AlterTableStmt' || created.has(relname(node))) return [];
  const table = relname(node);
  return commands(node).flatMap((c) => {
    const subtype = String(c.subtype);
    if (REWRITING_COMMANDS[subtype]) return [`${table}: ${REWRITING_COMMANDS[subtype]}`];
    if (subtype === 'AT_AddColumn') return addedColumn(table, (c.def as AnyNode).ColumnDef!);
    if (subtype === 'AT_AddConstraint') {
      const constraint = (c.def as AnyNode).Constraint!;
      return validated(constraint)
        ? [`${table}: ADD CONSTRAINT ${String(constraint.conname ?? '')} checks every row under a lock (add it NOT VALID, VALIDATE it later)`]
        : [];
    }
    return [];
  });
}

/** An added column rewrites the table when its default is volatile; a CHECK or REFERENCES on it scans the table. */
function addedColumn(table: string, column: Node): string[] {
  const name = String(column.colname);
  const type = ((column.typeName as Node).names as AnyNode[]).map((n) => String(n.String!.sval)).at(-1)!;
  const constraints = ((column.constraints as AnyNode[] | undefined) ?? []).map((c) => c.Constraint!);
  const found: string[] = [];
  if (SERIAL_TYPES.has(type)) found.push(`${table}.${name}: a ${type} column fills every row from a sequence (a rewrite)`);
  for (const c of constraints) {
    if (c.contype === 'CONSTR_IDENTITY' || c.contype === 'CONSTR_GENERATED') found.push(`${table}.${name}: an identity or generated column rewrites the table`);
    if (c.contype === 'CONSTR_DEFAULT' && !constant(c.raw_expr as AnyNode)) found.push(`${table}.${name}: a volatile default rewrites the table`);
    if (validated(c)) found.push(`${table}.${name}: its ${c.contype === 'CONSTR_CHECK' ? 'CHECK' : 'REFERENCES'} checks every row under a lock`);
  }
  return found;
}

/** A CHECK or FOREIGN KEY that PostgreSQL verifies against existing rows (not NOT VALID). */
function validated(constraint: Node): boolean {
  return (constraint.contype === 'CONSTR_CHECK' || constraint.contype === 'CONSTR_FOREIGN') && !constraint.skip_validation;
}

/** A default PostgreSQL evaluates once for all existing rows: a constant, a cast of one, a stable clock. */
function constant(expression: AnyNode): boolean {
  const [kind, node] = Object.entries(expression)[0]!;
  if (kind === 'A_Const' || kind === 'SQLValueFunction') return true;
  if (kind === 'TypeCast') return constant(node.arg as AnyNode);
  if (kind === 'A_ArrayExpr') return ((node.elements as AnyNode[] | undefined) ?? []).every(constant);
  if (kind === 'FuncCall') {
    const name = (node.funcname as AnyNode[]).map((n) => String(n.String!.sval)).at(-1)!;
    return STABLE_DEFAULTS.has(name) && !node.args;
  }
  return false;
}

function commands(node: Node): Node[] {
  return ((node.cmds as AnyNode[] | undefined) ?? []).map((c) => c.AlterTableCmd!);
}

function relname(node: Node): string {
  return String((node.relation as Node | undefined)?.relname ?? '');
}

function options(node: Node): string[] {
  return ((node.options as AnyNode[] | undefined) ?? []).map((o) => String(o.DefElem?.defname ?? ''));
}

function firstLine(text: string): string {
  const line = text
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l && !l.startsWith('--'));
  return (line ?? text.trim()).replace(/--> statement-breakpoint$/, '').slice(0, 120);
}
