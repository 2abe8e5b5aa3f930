import { settingsEndpoints } from '@estante/contracts/parameters';
import { serialsStaffEndpoints } from '@estante/contracts/catalog';
import { asImport } from '../../lib/import-window.js';
import { importDeleteList, importFile } from '../../admin/import-file.js';
import { BUILT_IN_MAPS, parseImportArgs } from './holdings.map.js';
import { hasControlCharacters, staffCommands } from '../../lib/staff-commands.js';
import { addGeneratedTitles, seedDemoIfEmpty } from '../../seed/demo.js';
import { indexArticle, receiveIssue } from './serials.desk.js';
import { listValueTranslations, setValueTranslation, VALUE_KINDS, type ValueKind } from './value-names.js';

staffCommands.define({
  group: 'institution',
  verb: 'translate',
  screen: settingsEndpoints.translate,
  args: "<kind> '<valor>' <en|es> '<text>'",
  summary:
    "a controlled value's name in English or Spanish: kind area,\ntipo_area, tipo_emprestimo (loan type), colecao (collection) or\ncategoria (patron category), the value as written in Portuguese; '' removes the translation",
  run: async (args, { db, actor }) => {
    const [kind = '', value = '', language = '', text] = args;
    if (!(VALUE_KINDS as readonly string[]).includes(kind) || !value.trim() || !['en', 'es'].includes(language) || text === undefined)
      throw new Error(
        `a kind (${VALUE_KINDS.join(', ')}), the value in Portuguese, a language (en, es) and a text are needed\n${staffCommands.usage('institution')}`,
      );
    if (hasControlCharacters(value + text) || value.length > 300 || text.length > 300)
      throw new Error('a value and a text of at most 300 characters, without control characters');
    await setValueTranslation(db, kind as ValueKind, value.trim(), language as 'en' | 'es', text, actor);
    return text.trim() ? `${kind} '${value.trim()}' in ${language}: ${text.trim()}` : `${kind} '${value.trim()}' in ${language} unset`;
  },
});

staffCommands.define({
  group: 'institution',
  verb: 'translations',
  screen: 'reads',
  summary: 'the controlled values translated so far',
  run: async (_args, { db }) => {
    const rows = await listValueTranslations(db);
    return rows.length
      ? rows.map((r) => `${r.kind} · ${r.valor} · en: ${r.en ?? '—'} · es: ${r.es ?? '—'}`).join('\n')
      : 'no controlled value is translated yet';
  },
});

staffCommands.define({
  group: 'serials',
  verb: 'receive',
  screen: serialsStaffEndpoints.receive,
  args: '<title> <library> <year> <month> [volume] [number]',
  summary: 'record a serial issue as received today (the patrons who\nfollow the serial are told within a minute)',
  run: async (args, { db, actor }) => {
    const [title = '', library = '', year = '', month = '', volume, number] = args;
    if (!/^\d{1,9}$/.test(title) || !/^\d{1,9}$/.test(library) || !/^\d{4}$/.test(year) || !/^(0?[1-9]|1[0-2])$/.test(month))
      throw new Error(`a title number, a library number, a year and a month are needed\n${staffCommands.usage('serials')}`);
    const text = (v: string | undefined) => (v && v.trim() ? v.trim().slice(0, 50) : null);
    const issue = await receiveIssue(
      db,
      {
        codAcervo: Number(title),
        codBiblioteca: Number(library),
        ano: Number(year),
        mes: Number(month),
        volume: text(volume),
        numero: text(number),
      },
      actor,
    );
    return `issue ${issue.cod_fasciculo} ${issue.novo ? 'added and ' : ''}received today`;
  },
});

staffCommands.define({
  group: 'serials',
  verb: 'article',
  screen: serialsStaffEndpoints.indexArticle,
  args: '<issue> <title> [authors] [pages]',
  summary: "index an article in an issue's table of contents",
  run: async (args, { db, actor }) => {
    const [issue = '', titulo = '', autores, paginas] = args;
    if (!/^\d{1,9}$/.test(issue) || !titulo.trim()) throw new Error(`an issue number and an article title are needed\n${staffCommands.usage('serials')}`);
    const seq = await indexArticle(
      db,
      Number(issue),
      {
        titulo: titulo.trim().slice(0, 500),
        autores: autores?.trim().slice(0, 500) || null,
        paginas: paginas?.trim().slice(0, 50) || null,
      },
      actor,
    );
    return `article ${seq} of issue ${issue} indexed`;
  },
});

// npm run import while the server runs: the server reads the file (same machine, same user).
staffCommands.define({
  group: 'catalog',
  verb: 'import',
  args: '<absolute file path> [--holdings koha|marc21 | --holdings-map <absolute path>] [--map-library CODE=N] … | --delete-list <absolute path>',
  summary: 'import MARC records, or delete the titles a list names (what npm run import asks the running server)',
  hidden: true,
  run: async (args, { db, progress, actor }) => {
    const { files, holdings, deleteLists = [] } = parseImportArgs(args);
    if (deleteLists.length > 0) {
      const [list] = deleteLists;
      if (files.length > 0 || deleteLists.length > 1 || holdings || !list!.startsWith('/'))
        throw new Error('one delete list, by its absolute path, and nothing else');
      return JSON.stringify(await asImport(() => importDeleteList(db, list!, progress, { shared: true, actor })));
    }
    const [file] = files;
    if (!file || !file.startsWith('/') || files.length > 1) throw new Error('an absolute file path is needed');
    if (holdings?.map && !BUILT_IN_MAPS[holdings.map] && !holdings.map.startsWith('/')) throw new Error('the holdings map is given by its absolute path');
    return JSON.stringify(await asImport(() => importFile(db, file, progress, { shared: true, actor, holdings })));
  },
});

staffCommands.define({
  group: 'catalog',
  verb: 'generate',
  args: '<count> [from]',
  summary: 'add generated titles (what npm run generate asks the running server)',
  hidden: true,
  run: async (args, { db, progress }) => {
    const [count = '', from = '1'] = args;
    if (!/^\d{1,9}$/.test(count) || !/^\d{1,9}$/.test(from) || Number(count) < 1 || Number(from) < 1)
      throw new Error('usage: npm run generate -- --titles N [--from K]');
    await seedDemoIfEmpty(db, { titles: 0 });
    const started = Date.now();
    const made = await addGeneratedTitles(db, Number(count), Number(from), (n) => progress({ n, count: Number(count) }));
    return `${made.titles} titles and ${made.copies} copies written in ${((Date.now() - started) / 1000).toFixed(1)} s (through the running server)`;
  },
});
