import { createWriteStream, existsSync } from 'node:fs';
import { readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { type CatalogueFormat, type PeopleFile } from '@estante/contracts/export';
import { staffCommands } from '../../lib/staff-commands.js';
import { exportCatalogue, exportPeopleFile, type ExportStream, mapForExport, PEOPLE_EXPORTS } from './export.service.js';

/**
 * Writes an export to the file a command names (by its absolute path; run by the server when one
 * is running, so its user writes it): into `<file>.partial-<pid>` first, renamed once whole, so a
 * file of that name is always a finished export; a file already there is never overwritten.
 */
async function writeTo(file: string, make: () => Promise<ExportStream>, report: (line: string) => void): Promise<ExportStream & { written: number }> {
  if (!path.isAbsolute(file)) throw new Error(`the file is given by its absolute path ("$PWD/${file}")`);
  if (existsSync(file)) throw new Error(`${file} is there already: name another file, or remove it first`);
  if (!existsSync(path.dirname(file))) throw new Error(`no folder ${path.dirname(file)}`);
  const partial = `${file}.partial-${process.pid}`;
  const exported = await make();
  let written = 0;
  const progress = setInterval(() => report(`${written.toLocaleString('en')} bytes written`), 5_000);
  const count = async function* (source: AsyncIterable<Buffer>) {
    for await (const chunk of source) {
      written += chunk.length;
      yield chunk;
    }
  };
  try {
    await pipeline(exported.stream, count, createWriteStream(partial, { flags: 'wx' }));
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    clearInterval(progress);
  }
  return { ...exported, written };
}

/** `--flag value` or `--flag=value` among a command's arguments; the rest are its files. */
function options(args: string[], flags: readonly string[]): { files: string[]; values: Record<string, string> } {
  const files: string[] = [];
  const values: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith('--')) {
      files.push(arg);
      continue;
    }
    const flag = arg.split('=')[0]!;
    if (!flags.includes(flag)) throw new Error(`unknown option ${arg}`);
    const value = arg.length > flag.length ? arg.slice(flag.length + 1) : args[++i];
    if (!value) throw new Error(`${flag} needs a value`);
    if (values[flag] !== undefined) throw new Error(`${flag} is given twice`);
    values[flag] = value;
  }
  return { files, values };
}

staffCommands.define({
  group: 'catalog',
  verb: 'export',
  screen: 'reads',
  args: '<absolute path of the file> [--format iso2709|marcxml] (--holdings koha|marc21 | --holdings-map <absolute path of map.json>)',
  summary:
    'export the whole catalogue (every title with its copies in the holdings map given, then the\nauthority records) as ISO 2709 or MARCXML (by default from the file name: .xml is MARCXML);\nprints the npm run import line that reads it back (README: "Exporting what the library owns")',
  run: async (args, { db, progress, actor }) => {
    const { files, values } = options(args, ['--format', '--holdings', '--holdings-map']);
    const [file] = files;
    if (files.length !== 1 || !file) throw new Error(`one file, by its absolute path, is needed\n${staffCommands.usage('catalog')}`);
    const format = (values['--format'] ?? (file.toLowerCase().endsWith('.xml') ? 'marcxml' : 'iso2709')) as CatalogueFormat;
    if (format !== 'iso2709' && format !== 'marcxml') throw new Error('--format is iso2709 or marcxml');
    const builtIn = values['--holdings'];
    const own = values['--holdings-map'];
    if ((builtIn === undefined) === (own === undefined))
      throw new Error('name the holdings map copies are written in: --holdings koha, --holdings marc21 or --holdings-map <file.json>');
    if (builtIn !== undefined && builtIn !== 'koha' && builtIn !== 'marc21') throw new Error('--holdings is koha or marc21 (a file: --holdings-map)');
    if (own !== undefined && !path.isAbsolute(own)) throw new Error('the holdings map is given by its absolute path');
    const text =
      own === undefined
        ? undefined
        : await readFile(own, 'utf8').catch((error: NodeJS.ErrnoException) => {
            throw new Error(`cannot read ${own}: ${error.code ?? error.message}`);
          });
    const map = own === undefined ? mapForExport(builtIn as 'koha' | 'marc21') : mapForExport('proprio', text, path.basename(own));
    const exported = await writeTo(
      file,
      () => exportCatalogue(db, { format, map, actor }),
      (line) => progress({ line }),
    );
    const summary = await exported.done;
    const d = summary.details as {
      titulos: number;
      autoridades: number;
      copias: number;
      longos_demais_total?: number;
      sem_lugar_no_mapa?: Record<string, number>;
      tipo_emprestimo_perdido?: number;
    };
    const mapArgs = own === undefined ? ['--holdings', builtIn!] : ['--holdings-map', own];
    const lines = [
      `${file}: ${d.titulos} titles with ${d.copias} copies (holdings map ${map.name}) and ${d.autoridades} authority records, ${format === 'marcxml' ? 'MARCXML' : 'ISO 2709'}, ${exported.written.toLocaleString('en')} bytes`,
    ];
    if (d.longos_demais_total) lines.push(`${d.longos_demais_total} titles left out: too long for ISO 2709 with their copies (export them as MARCXML)`);
    for (const [part, n] of Object.entries(d.sem_lugar_no_mapa ?? {}))
      lines.push(`${n} copies have a ${part.replace('status:', 'status ')} the map has no place for (written without it)`);
    if (d.tipo_emprestimo_perdido)
      lines.push(`${d.tipo_emprestimo_perdido} copies have another loan type than the one the import gives every copy (the map has none)`);
    lines.push(`read it back with: npm run import -- ${[...mapArgs, ...exported.importArgs].map(quoted).join(' ')} ${quoted(file)}`);
    return lines.join('\n');
  },
});

/** An argument as a shell reads it back. */
function quoted(arg: string): string {
  return /^[\w./=:@-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}

const PEOPLE_VERBS: Record<string, PeopleFile> = {
  'export-patrons': 'leitores',
  'export-loans': 'emprestimos',
  'export-holds': 'reservas',
  'export-debts': 'debitos',
};
const WHAT: Record<PeopleFile, string> = {
  leitores: 'the patrons (one row a login, with the password hash they sign in with)',
  emprestimos: 'the open loans (and the returned ones an unsettled debt arose from)',
  reservas: 'the holds waiting or kept at the desk, in each queue’s order',
  debitos: 'the unsettled debts, with what of each is discounted or paid',
};

for (const [verb, file] of Object.entries(PEOPLE_VERBS)) {
  staffCommands.define({
    group: 'people',
    verb,
    screen: 'reads',
    args: '<absolute path of file.csv>',
    summary: `export ${WHAT[file]} as CSV with the header\nnpm run staff -- ${PEOPLE_EXPORTS[file].command} reads (README: "Exporting what the library owns")`,
    run: async (args, { db, progress, actor }) => {
      const { files } = options(args, []);
      const [target] = files;
      if (files.length !== 1 || !target) throw new Error(`one file, by its absolute path, is needed\n${staffCommands.usage('people')}`);
      const exported = await writeTo(
        target,
        () => Promise.resolve(exportPeopleFile(db, file, { actor })),
        (line) => progress({ line }),
      );
      const summary = await exported.done;
      const leftOut = (summary.details.deixados ?? {}) as Record<string, number>;
      return [
        `${target}: ${summary.written} rows`,
        ...Object.entries(leftOut).map(([why, n]) => `${n} left out: ${why}`),
        `read it back with: npm run staff -- ${PEOPLE_EXPORTS[file].command} ${quoted(target)}`,
      ].join('\n');
    },
  });
}
