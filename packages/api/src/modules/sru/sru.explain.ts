import { SRU_DEFAULT_RECORDS, SRU_MAX_RECORDS, type SruVersion } from '@estante/contracts/sru';
import { RECORD_SCHEMAS } from './sru.records.js';
import { CONTEXT_SETS, INDEXES, RELATIONS } from './sru.search.js';
import { EXPLAIN_NAMESPACE, escapeXml } from './sru.xml.js';

/** Where the server is, as the explain record's serverInfo says it. */
export interface ServerAddress {
  host: string;
  port: number;
  /** The database: the path without its leading slash (`sru`). */
  database: string;
}

/**
 * The explain record (ZeeRex 2.0, as OASIS's explain.xsd defines it): where the server is, the
 * database, the context sets and indexes a query may use, the record schemas, and the
 * defaults and limits. Written from the same tables the server searches and answers with.
 */
export function explainRecord(version: SruVersion, server: ServerAddress, database: { name: string | null; titles: number }): string {
  const x = escapeXml;
  const title = database.name ?? 'Estante';
  const sets = Object.entries(CONTEXT_SETS).map(([name, identifier]) => `<set name="${name}" identifier="${x(identifier)}"/>`);
  const indexes = INDEXES.map(
    (i) => `<index search="true" scan="false" sort="false"><title lang="en">${x(i.title)}</title><map><name set="${i.set}">${i.name}</name></map></index>`,
  );
  const schemas = Object.entries(RECORD_SCHEMAS).map(
    ([name, s]) =>
      `<schema identifier="${x(s.identifier)}" name="${name}" location="${x(s.location)}" sort="false" retrieve="true"><title lang="en">${x(s.title)}</title></schema>`,
  );
  return [
    `<explain xmlns="${EXPLAIN_NAMESPACE}" authoritative="true">`,
    `<serverInfo protocol="SRU" version="${version}" transport="http"><host>${x(server.host)}</host><port>${server.port}</port>`,
    `<database numRecs="${database.titles}">${x(server.database)}</database></serverInfo>`,
    `<databaseInfo><title primary="true">${x(title)}</title>`,
    '<description lang="en" primary="true">The library catalogue: its bibliographic records, searched with CQL and retrieved as MARCXML or Dublin Core.</description>',
    '<langUsage codes="por eng spa">Portuguese, English, Spanish</langUsage>',
    '<implementation identifier="estante"><title lang="en">Estante</title></implementation></databaseInfo>',
    `<indexInfo>${sets.join('')}${indexes.join('')}</indexInfo>`,
    '<searchInfo><queryExample>dc.title = "vidas secas" and dc.creator = ramos</queryExample></searchInfo>',
    `<schemaInfo>${schemas.join('')}</schemaInfo>`,
    '<configInfo>',
    `<default type="numberOfRecords">${SRU_DEFAULT_RECORDS}</default>`,
    `<setting type="maximumRecords">${SRU_MAX_RECORDS}</setting>`,
    '<default type="retrieveSchema">marcxml</default>',
    '<default type="contextSet">cql</default>',
    '<default type="index">cql.serverChoice</default>',
    '<default type="relation">=</default>',
    ...RELATIONS.map((r) => `<supports type="relation">${x(r)}</supports>`),
    '<supports type="relationModifier">stem</supports>',
    ...['and', 'or', 'not'].map((b) => `<supports type="boolean">${b}</supports>`),
    '<supports type="anchoring">start</supports>',
    '<supports type="recordPacking">xml</supports><supports type="recordPacking">string</supports>',
    '</configInfo>',
    '</explain>',
  ].join('');
}
