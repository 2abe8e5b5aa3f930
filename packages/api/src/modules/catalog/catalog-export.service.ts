/**
 * The catalogue as the library exports it (issue 57 item 4, decision 0056): every title's stored
 * MARC record with its copies written in a holdings map (holdings.write.ts), then every authority
 * record — read a page at a time in number order, so that memory holds one page whatever the
 * catalogue's size. The file's format and where it goes are the export module's.
 */
import type { Db } from '../../db/client.js';
import type { MarcRecord } from '../../marc/record.js';
import { authoritiesAfter, catalogueSize, copiesOfTitles, copyCodes, titlesAfter } from './catalog-export.queries.js';
import { BUILT_IN_MAPS, type HoldingsMap, mapFromFile } from './holdings.map.js';
import { holdingsFields, type HoldingsTally, withHoldings } from './holdings.write.js';

export { emptyTally, importArguments, loanTypesLost, type CopyCodes, type HoldingsTally } from './holdings.write.js';
export type { HoldingsMap } from './holdings.map.js';

/** The map an export writes copies in: `koha`, `marc21`, or a library's own from its JSON text (its mistakes thrown, named). */
export function exportMap(name: string, text?: string): HoldingsMap {
  if (text === undefined) {
    const map = BUILT_IN_MAPS[name];
    if (!map) throw new Error(`the holdings map is ${Object.keys(BUILT_IN_MAPS).join(' or ')}, or a JSON file`);
    return map;
  }
  return mapFromFile(text, name);
}

/** How many titles, copies and authority records the export will write. */
export const exportSize = (db: Db) => catalogueSize(db);

/** The loan types and statuses the catalogue's copies are in (what the import's options map back). */
export const exportCopyCodes = (db: Db) => copyCodes(db);

/** Titles (and authorities) read a page at a time. */
const PAGE = 200;

/** One record of the export, as it will be written. */
export interface ExportedRecord {
  kind: 'title' | 'authority';
  /** The title's or authority's number in this catalogue (what a report names). */
  id: number;
  record: MarcRecord;
}

/**
 * Every title with its copies in `map`, then every authority record, a page at a time; `between`
 * runs after each page (the embedded database's calls get their turn), `tally` counts the copies.
 */
export async function* catalogueRecords(
  db: Db,
  map: HoldingsMap,
  tally: HoldingsTally,
  options: { between?: () => Promise<void> } = {},
): AsyncGenerator<ExportedRecord> {
  for (let after = 0; ;) {
    const titles = await titlesAfter(db, after, PAGE);
    if (titles.length === 0) break;
    const copies = await copiesOfTitles(
      db,
      titles.map((t) => t.id),
    );
    for (const title of titles) {
      const fields = holdingsFields(copies.get(title.id) ?? [], map, tally);
      yield { kind: 'title', id: title.id, record: withHoldings(title.marc, fields, map) };
    }
    after = titles.at(-1)!.id;
    await options.between?.();
  }
  for (let after = 0; ;) {
    const authorities = await authoritiesAfter(db, after, PAGE);
    if (authorities.length === 0) break;
    for (const authority of authorities) yield { kind: 'authority', id: authority.id, record: authority.marc };
    after = authorities.at(-1)!.id;
    await options.between?.();
  }
}
