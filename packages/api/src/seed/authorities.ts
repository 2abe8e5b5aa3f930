import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.js';
import type { ReadItem } from '../marc/iso2709.js';
import type { MarcRecord } from '../marc/record.js';
import { importMarcRecords } from '../modules/catalog/catalog.import.js';

/**
 * Authority records for the generated catalogue's most used authors and subjects, so that the
 * demo's authority pages list titles (the 40 real LC authorities name people and subjects the
 * demo's titles do not). Each record has the heading, a "see from" form with the given names
 * first (authors) and a source note. Control numbers `estante-aut-N`; imported through the
 * same pipeline as a file, so re-running changes nothing.
 */
export async function seedHeadingAuthorities(db: Db, authors = 12, subjects = 8): Promise<number> {
  const names = await queryRows<{ heading: string }>(
    db,
    sql`select author as heading from titles where author is not null and control_number like 'GEN%'
        group by author order by count(*) desc, author limit ${authors}`,
  );
  const topics = await queryRows<{ heading: string }>(
    db,
    sql`select split_part(s, ' -- ', 1) as heading from titles, unnest(subjects) s where control_number like 'GEN%'
        group by 1 order by count(*) desc, 1 limit ${subjects}`,
  );
  const field = (tag: string, ind: string, ...subfields: [string, string][]) => ({
    tag,
    ind1: ind[0]!,
    ind2: ind[1]!,
    subfields: subfields.map(([code, value]) => ({ code, value })),
  });
  const records: MarcRecord[] = [
    ...names.map(({ heading }, i) => {
      const [family, given] = heading.split(/,\s*/, 2);
      return {
        leader: '00000nz  a2200000n  4500',
        fields: [
          { tag: '001', value: `estante-aut-a${i + 1}` },
          field('100', '1 ', ['a', heading]),
          ...(given ? [field('400', '0 ', ['a', `${given} ${family}`])] : []),
          field('670', '  ', ['a', 'Catálogo da biblioteca (forma usada nos registros bibliográficos)']),
        ],
      };
    }),
    ...topics.map(({ heading }, i) => ({
      leader: '00000nz  a2200000n  4500',
      fields: [
        { tag: '001', value: `estante-aut-s${i + 1}` },
        field('150', '  ', ['a', heading]),
        field('680', '  ', ['i', `Obras sobre ${heading.toLowerCase()} em geral.`]),
      ],
    })),
  ];
  const items: ReadItem[] = records.map((record, i) => ({ kind: 'record', position: i + 1, offset: i, record, warnings: [] }));
  const report = await importMarcRecords(db, items);
  return report.inserted;
}
