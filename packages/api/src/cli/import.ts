import path from 'node:path';
import { SingleBar } from 'cli-progress';
import { callAdmin } from '../admin/channel.js';
import { type FileImport, importDeleteList, importFile } from '../admin/import-file.js';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { BUILT_IN_MAPS, holdingsArgv, parseImportArgs } from '../modules/catalog/holdings.map.js';

const USAGE = `usage: npm run import -- [holdings options] [--delete-list list.txt] <file.mrc|file.xml> [more files]  (ISO 2709 or MARCXML, chosen by content)
  a record whose leader/05 is 'd' deletes the title with its control number (001) and its copies
  --delete-list <list.txt>    deletes the titles whose control numbers it lists, one a line (blank lines
                              and # comments ignored), after the files; a title with a copy on loan, or
                              that loans, holds and the like refer to, is kept and reported
holdings options (copies read from each record's holdings fields; without them no copy is read):
  --holdings koha|marc21      Koha's 952, or MARC 21's 852 with 876-878
  --holdings-map <map.json>   the library's own map (README: "Copies from holdings")
  --map-library CODE=N        the source's library code CODE is Estante's library N (a library whose code is CODE needs none)
  --map-loan-type CODE=N      the source's item type CODE is Estante's loan type N ('*=N': copies that name none)
  --map-collection CODE=NAME  the source's collection CODE is called NAME
  --map-status VALUE=STATUS   a status the source writes (MARC 21 876 $j) is Estante's STATUS, or withdrawn`;

/**
 * `npm run import -- <file>`: imports MARC 21 records into the configured database
 * (DATABASE_URL, else the embedded one under DATA_DIR), upserting by control number.
 * While a server runs on the embedded database it owns it: the import then goes through the
 * server (its admin socket), which reads the file and reports its progress here, and whose
 * search sees the new records at once. Delete lists (`--delete-list`) are applied after the
 * files, in their order. Exit code 0 when every record went in and every deletion asked for was
 * done or found nothing to do, 2 when records were rejected or titles kept, 1 on a fatal error.
 */
async function main(): Promise<number> {
  const args = parseImportArgs(process.argv.slice(2));
  const files = args.files.map((f) => (f === '--help' ? f : path.resolve(f)));
  const lists = (args.deleteLists ?? []).map((f) => path.resolve(f));
  const holdings = args.holdings && { ...args.holdings, map: BUILT_IN_MAPS[args.holdings.map!] ? args.holdings.map : path.resolve(args.holdings.map!) };
  if (files.length + lists.length === 0 || files.includes('--help')) {
    process.stderr.write(`${USAGE}\n`);
    return files.length === 0 ? 1 : 0;
  }
  const config = loadConfig();
  let rejected = 0;
  /** Each file, then each delete list (`list: true`), one after another with its progress bar. */
  const run = async (importOne: (file: string, bar: SingleBar, list: boolean) => Promise<FileImport>) => {
    for (const [file, list] of [...files.map((f) => [f, false] as const), ...lists.map((f) => [f, true] as const)]) {
      const bar = new SingleBar({
        format: `${path.basename(file)} [{bar}] {percentage}% | {read} records | {eta_formatted} left`,
        stream: process.stderr,
        noTTYOutput: false,
      });
      bar.start(1, 0, { read: 0 });
      const result = await importOne(file, bar, list);
      bar.stop();
      process.stdout.write(`${result.lines.join('\n')}\n`);
      rejected += result.rejected + (result.kept ?? 0);
    }
  };
  const progress = (bar: SingleBar) => (p: { offset?: unknown; size?: unknown; read?: unknown }) => {
    bar.setTotal(Number(p.size) || 1);
    bar.update(Number(p.offset) || 0, { read: Number(p.read) || 0 });
  };

  // A running server on the embedded database: ask it.
  if (config.adminSocket) {
    const probe = await callAdmin(config.adminSocket, { command: 'ping', args: [] });
    if (probe) {
      await run(async (file, bar, list) => {
        const args = list ? ['--delete-list', file] : [file, ...holdingsArgv(holdings)];
        const answer = await callAdmin(config.adminSocket!, { command: 'catalog.import', args }, progress(bar));
        if (!answer) throw new Error('the server stopped answering');
        if (!answer.ok) throw new Error(answer.error);
        return JSON.parse(answer.output) as FileImport;
      });
      return rejected > 0 ? 2 : 0;
    }
  }
  const database = await openDatabase(config.database.kind === 'postgres' ? { ...config.database, work: 'batch' } : config.database);
  try {
    await database.migrate();
    await run((file, bar, list) => (list ? importDeleteList(database.db, file, progress(bar)) : importFile(database.db, file, progress(bar), { holdings })));
  } finally {
    await database.close();
  }
  return rejected > 0 ? 2 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const message = error instanceof ConfigError || error instanceof Error ? error.message : String(error);
    process.stderr.write(`import: ${message}\n`);
    process.exit(1);
  },
);
