import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { deskEndpoints } from '@estante/contracts/circulation';
import { patronRecordEndpoints } from '@estante/contracts/people';
import { hasControlCharacters, staffCommands } from '../../lib/staff-commands.js';
import { describeStateImport, headerOf, importCirculationState, type StateKind } from '../circulation/circulation-import.service.js';
import { CsvFileRefused, headerText } from '../../lib/csv-file.js';
import { describeImport, importPatrons, PATRON_COLUMNS } from './patron-import.service.js';
import { changeStanding } from './people.service.js';

/** `<login> "<reason>"` as typed: refused without a reason (the audit keeps why), or with a control character in it. */
function loginAndReason(args: string[]): { login: string; reason: string } {
  const [login = '', ...words] = args;
  const reason = words.join(' ').trim();
  if (!login.trim() || !reason) throw new Error(`a login and a reason are needed\n${staffCommands.usage('people')}`);
  if (reason.length > 500) throw new Error('the reason is longer than 500 characters');
  if (hasControlCharacters(reason)) throw new Error('the reason has a control character');
  return { login: login.trim().toLowerCase(), reason };
}

for (const blocked of [true, false]) {
  staffCommands.define({
    group: 'people',
    verb: blocked ? 'block' : 'unblock',
    screen: deskEndpoints.standing,
    args: '<login> "<reason>"',
    summary: blocked
      ? 'block the patron behind a login: every session loses access at once (430),\nno loan, hold or renewal; the reason and who blocked are kept in the audit'
      : 'lift a block; the reason and who lifted it are kept in the audit',
    run: async (args, { db, actor }) => {
      const { login, reason } = loginAndReason(args);
      const done = await changeStanding(db, login, blocked, reason, actor);
      if (!done) throw new Error(`no login ${login}`);
      if (!done.changed) return `${done.nome} (#${done.codPessoa}) was already ${blocked ? 'blocked' : 'not blocked'}: nothing changed`;
      return `${done.nome} (#${done.codPessoa}) ${blocked ? 'blocked' : 'unblocked'}: ${reason}`;
    },
  });
}

/** The one CSV file a command reads, by its absolute path, and whether it is a dry run. */
async function csvFileOf(args: string[]): Promise<{ file: string; bytes: Buffer; dryRun: boolean }> {
  const dryRun = args.includes('--dry-run');
  const files = args.filter((a) => a !== '--dry-run');
  const [file] = files;
  if (files.length !== 1 || !file || !path.isAbsolute(file)) throw new Error(`one CSV file, by its absolute path, is needed\n${staffCommands.usage('people')}`);
  const bytes = await readFile(file).catch((error: NodeJS.ErrnoException) => {
    throw new Error(`cannot read ${file}: ${error.code ?? error.message}`);
  });
  return { file, bytes, dryRun };
}

type ImportProgress = (done: number, count: number) => void;

/**
 * Runs an import of the CSV file the command names: its bytes, the dry-run flag and a progress
 * line every 1,000 rows handed to `importFile`; a file refused whole is said with its name.
 */
async function importCsv<R>(
  args: string[],
  report: (line: string) => void,
  importFile: (bytes: Buffer, dryRun: boolean, progress: ImportProgress) => Promise<R>,
): Promise<R> {
  const { file, bytes, dryRun } = await csvFileOf(args);
  const progress: ImportProgress = (done, count) => {
    if (done % 1000 === 0) report(`${done} of ${count} rows`);
  };
  return importFile(bytes, dryRun, progress).catch((error: unknown) => {
    if (error instanceof CsvFileRefused) throw new Error(`${file}: ${error.message}`);
    throw error;
  });
}

// Patrons from another system's CSV (issue 57 item 2, decision 0055); each row what the staff's "new patron" does, audited.
staffCommands.define({
  group: 'people',
  verb: 'import',
  screen: patronRecordEndpoints.create,
  args: '<absolute path of file.csv> [--dry-run]',
  summary: `import patrons from a CSV file with the header\n${headerText({ required: PATRON_COLUMNS })}\n(README: "Importing patrons"); every rejected row is reported with its line\nand reason, the rest imported; --dry-run writes nothing and sends no e-mail`,
  run: async (args, { db, mailer, progress, actor }) => {
    const report = await importCsv(
      args,
      (line) => progress({ line }),
      (bytes, dryRun, rows) => importPatrons(db, mailer, bytes, { actor, dryRun, progress: rows }),
    );
    return describeImport(report);
  },
});

// The imported patrons' open loans, holds and debts, each from a CSV file of its own (issue 57 item 2, decision 0055).
// No staff call places a hold or charges a debt for a patron yet: holds and debts name the desk's nearest write.
const STATE_COMMANDS: { kind: StateKind; screen: (typeof deskEndpoints)[keyof typeof deskEndpoints]; what: string }[] = [
  { kind: 'loans', screen: deskEndpoints.checkOut, what: 'open loans (the copy becomes lent)' },
  { kind: 'holds', screen: deskEndpoints.checkOut, what: 'holds in the queue (oldest first)' },
  { kind: 'debts', screen: deskEndpoints.settleDebt, what: 'debts (nothing paid)' },
];
for (const { kind, screen, what } of STATE_COMMANDS) {
  staffCommands.define({
    group: 'people',
    verb: `import-${kind}`,
    screen,
    args: '<absolute path of file.csv> [--dry-run]',
    summary: `import the patrons' ${what} from a CSV file with the header\n${headerOf(kind)}\n(README: "Importing patrons"); rejected rows reported with line and reason`,
    run: async (args, { db, progress, actor }) => {
      const report = await importCsv(
        args,
        (line) => progress({ line }),
        (bytes, dryRun, rows) => importCirculationState(db, kind, bytes, { actor, dryRun, progress: rows }),
      );
      return describeStateImport(report);
    },
  });
}
