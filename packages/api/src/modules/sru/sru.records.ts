import type { MarcRecord } from '../../marc/record.js';
import { dublinCoreRecord, marcXmlRecord } from './sru.xml.js';

/** A record schema a searchRetrieve may ask for: its identifier, the names clients give it, and how a title is written in it. */
export interface RecordSchema {
  identifier: string;
  title: string;
  /** Where its XML schema is published (the explain record says it). */
  location: string;
  /** Other names clients use for it (`recordSchema=` is matched without regard to case). */
  aliases: string[];
  write: (record: MarcRecord) => string;
}

/** The record schemas answered, by their short names; `marcxml` is the default. */
export const RECORD_SCHEMAS: Record<'marcxml' | 'dc', RecordSchema> = {
  marcxml: {
    identifier: 'info:srw/schema/1/marcxml-v1.1',
    title: 'MARCXML (MARC 21 slim)',
    location: 'http://www.loc.gov/standards/marcxml/schema/MARC21slim.xsd',
    aliases: [
      'marcxml',
      'marc21',
      'marc21-xml',
      'marc21slim',
      'info:srw/schema/1/marcxml-v1.1',
      'info:srw/schema/1/marcxml-v1.1-light',
      'http://www.loc.gov/marc21/slim',
    ],
    write: marcXmlRecord,
  },
  dc: {
    identifier: 'info:srw/schema/1/dc-v1.1',
    title: 'Dublin Core (simple, SRU DC schema)',
    location: 'http://www.loc.gov/standards/sru/recordSchemas/dc-schema.xsd',
    aliases: ['dc', 'dublincore', 'dublin-core', 'info:srw/schema/1/dc-v1.1', 'info:srw/schema/1/dc-schema', 'http://purl.org/dc/elements/1.1/'],
    write: dublinCoreRecord,
  },
};

/** The schema a `recordSchema` value names, or null when it names none answered. */
export function recordSchema(name: string): RecordSchema | null {
  const wanted = name.trim().toLowerCase();
  return Object.values(RECORD_SCHEMAS).find((s) => s.aliases.includes(wanted)) ?? null;
}
