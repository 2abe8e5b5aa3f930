import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isDataField, type MarcRecord } from '../src/marc/record.js';

/** A record the partner holds: its local number, its datestamp, and its metadata in MARC or Dublin Core. */
export interface PartnerRecord {
  id: string;
  datestamp: string;
  deleted?: boolean;
  marc?: MarcRecord;
  /** Dublin Core elements as [name, value], e.g. ['title', 'Dom Casmurro']. */
  dc?: [string, string][];
}

export interface PartnerOptions {
  /** What ListMetadataFormats offers; the records are served in marc21 from `marc`, in oai_dc from `dc`. */
  formats?: string[];
  /** Identify carries the toolkit description titled "Estante". */
  estante?: boolean;
  granularity?: 'day' | 'second';
  pageSize?: number;
  records?: PartnerRecord[];
  /** Every answer is this text instead of OAI-PMH (a broken partner). */
  garbage?: string;
  /** ListRecords answers this OAI-PMH error code. */
  listError?: string;
  /** The path of the base URL. */
  path?: string;
}

/** A partner library's OAI-PMH data provider on a free local port, with faults to switch on. */
export interface OaiPartner {
  /** The base URL: `http://127.0.0.1:<port>/oai`. */
  url: string;
  origin: string;
  records: PartnerRecord[];
  /** Every request's arguments, in order. */
  requests: Record<string, string>[];
  /** The next request (of `verb`, when given) answers 503 with Retry-After: 1. */
  busyOnce(verb?: string): void;
  /** The next ListRecords request for the page starting at `cursor` has its connection dropped. */
  dropOnce(cursor: number): void;
  /** Tokens given so far are no longer accepted (badResumptionToken). */
  expireTokens(): void;
  options: PartnerOptions;
  close(): Promise<void>;
}

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

function marcXml(record: MarcRecord): string {
  const fields = record.fields
    .map((f) =>
      isDataField(f)
        ? `<marc:datafield tag="${f.tag}" ind1="${escape(f.ind1)}" ind2="${escape(f.ind2)}">${f.subfields
            .map((s) => `<marc:subfield code="${escape(s.code)}">${escape(s.value)}</marc:subfield>`)
            .join('')}</marc:datafield>`
        : `<marc:controlfield tag="${f.tag}">${escape(f.value)}</marc:controlfield>`,
    )
    .join('\n');
  return `<marc:record><marc:leader>${escape(record.leader)}</marc:leader>\n${fields}\n</marc:record>`;
}

function dcXml(values: [string, string][]): string {
  const elements = values.map(([name, value]) => `<dc:${name}>${escape(value)}</dc:${name}>`).join('\n');
  return `<oai_dc:dc xmlns:oai_dc="http://www.openarchives.org/OAI/2.0/oai_dc/" xmlns:dc="http://purl.org/dc/elements/1.1/">\n${elements}\n</oai_dc:dc>`;
}

/** Is `datestamp` at or after `from` (compared at the granularity `from` is written in)? */
function atOrAfter(datestamp: string, from: string): boolean {
  return (from.length === 10 ? datestamp.slice(0, 10) : datestamp) >= from;
}

/**
 * Starts a partner: Identify, ListMetadataFormats and ListRecords (`metadataPrefix`, `from`,
 * resumption tokens of `pageSize` records, deleted records as headers with
 * status="deleted"), as an OAI-PMH 2.0 data provider answers them.
 */
export async function startOaiPartner(options: PartnerOptions = {}): Promise<OaiPartner> {
  const formats = options.formats ?? ['marc21', 'oai_dc'];
  const granularity = options.granularity ?? 'day';
  const requests: Record<string, string>[] = [];
  let busy: string | null = null;
  const drops = new Set<number>();
  let generation = 0;
  const partner = { records: options.records ?? [] } as { records: PartnerRecord[] };

  const envelope = (url: string, args: Record<string, string>, body: string) =>
    `<?xml version="1.0" encoding="UTF-8"?>
<OAI-PMH xmlns="http://www.openarchives.org/OAI/2.0/" xmlns:marc="http://www.loc.gov/MARC21/slim" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.openarchives.org/OAI/2.0/ http://www.openarchives.org/OAI/2.0/OAI-PMH.xsd">
<responseDate>${new Date().toISOString().replace(/\.\d+Z$/, 'Z')}</responseDate>
<request ${Object.entries(args)
      .map(([k, v]) => `${k}="${escape(v)}"`)
      .join(' ')}>${escape(url)}</request>
${body}
</OAI-PMH>`;
  const oaiError = (code: string, text: string) => `<error code="${code}">${escape(text)}</error>`;

  const listRecords = (args: Record<string, string>): string => {
    if (options.listError) return oaiError(options.listError, 'as configured');
    let prefix = args.metadataPrefix ?? '';
    let from = args.from ?? '';
    let offset = 0;
    if (args.resumptionToken) {
      const [gen, p, f, o] = Buffer.from(args.resumptionToken, 'base64url').toString('utf8').split('|');
      if (Number(gen) !== generation || p === undefined || f === undefined || !/^\d+$/.test(o ?? '')) return oaiError('badResumptionToken', 'expired');
      [prefix, from, offset] = [p, f, Number(o)];
    }
    if (!formats.includes(prefix)) return oaiError('cannotDisseminateFormat', prefix);
    const matching = partner.records
      .filter((r) => !from || atOrAfter(r.datestamp, from))
      .sort((a, b) => (a.datestamp === b.datestamp ? a.id.localeCompare(b.id) : a.datestamp < b.datestamp ? -1 : 1));
    if (matching.length === 0) return oaiError('noRecordsMatch', 'nothing since then');
    const size = options.pageSize ?? 100;
    const slice = matching.slice(offset, offset + size);
    const records = slice
      .map((r) => {
        const header = `<header${r.deleted ? ' status="deleted"' : ''}><identifier>oai:parceiro.example:${escape(r.id)}</identifier><datestamp>${r.datestamp}</datestamp></header>`;
        if (r.deleted) return `<record>${header}</record>`;
        const metadata = prefix === 'marc21' && r.marc ? marcXml(r.marc) : prefix === 'oai_dc' && r.dc ? dcXml(r.dc) : '';
        return `<record>${header}<metadata>${metadata}</metadata></record>`;
      })
      .join('\n');
    const more = offset + size < matching.length;
    const token = more ? Buffer.from(`${generation}|${prefix}|${from}|${offset + size}`).toString('base64url') : '';
    return `<ListRecords>\n${records}\n<resumptionToken completeListSize="${matching.length}" cursor="${offset}">${token}</resumptionToken>\n</ListRecords>`;
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const args = Object.fromEntries(url.searchParams);
    requests.push(args);
    if (url.pathname !== (options.path ?? '/oai')) {
      res.writeHead(404).end('not here');
      return;
    }
    if (busy !== null && (busy === '' || busy === args.verb)) {
      busy = null;
      res.writeHead(503, { 'retry-after': '1', 'content-type': 'text/plain' }).end('busy, come back in a second');
      return;
    }
    if (options.garbage !== undefined) {
      res.writeHead(200, { 'content-type': 'text/xml' }).end(options.garbage);
      return;
    }
    if (args.verb === 'ListRecords' && args.resumptionToken) {
      const offset = Number(Buffer.from(args.resumptionToken, 'base64url').toString('utf8').split('|')[3]);
      if (drops.delete(offset)) {
        req.socket.destroy();
        return;
      }
    }
    const base = `${origin}${options.path ?? '/oai'}`;
    let body: string;
    switch (args.verb) {
      case 'Identify':
        body = `<Identify><repositoryName>Biblioteca Parceira</repositoryName><baseURL>${base}</baseURL><protocolVersion>2.0</protocolVersion>
<adminEmail>oai@parceiro.example</adminEmail><earliestDatestamp>2000-01-01</earliestDatestamp><deletedRecord>persistent</deletedRecord>
<granularity>${granularity === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM-DDThh:mm:ssZ'}</granularity>
<description><oai-identifier xmlns="http://www.openarchives.org/OAI/2.0/oai-identifier"><scheme>oai</scheme><repositoryIdentifier>parceiro.example</repositoryIdentifier><delimiter>:</delimiter><sampleIdentifier>oai:parceiro.example:1</sampleIdentifier></oai-identifier></description>
${options.estante ? '<description><toolkit xmlns="http://oai.dlib.vt.edu/OAI/metadata/toolkit"><title>Estante</title><author><name>Estante</name></author><version>1</version></toolkit></description>' : ''}
</Identify>`;
        break;
      case 'ListMetadataFormats':
        body = `<ListMetadataFormats>${formats
          .map(
            (f) =>
              `<metadataFormat><metadataPrefix>${f}</metadataPrefix><schema>http://example.org/${f}.xsd</schema><metadataNamespace>${
                f === 'marc21' ? 'http://www.loc.gov/MARC21/slim' : f === 'oai_dc' ? 'http://www.openarchives.org/OAI/2.0/oai_dc/' : `http://example.org/${f}`
              }</metadataNamespace></metadataFormat>`,
          )
          .join('')}</ListMetadataFormats>`;
        break;
      case 'ListRecords':
        body = listRecords(args);
        break;
      default:
        body = oaiError('badVerb', 'not a verb this partner answers');
    }
    res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' }).end(envelope(base, args, body));
  };

  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(partner, {
    url: `${origin}${options.path ?? '/oai'}`,
    origin,
    requests,
    options,
    busyOnce: (verb?: string) => {
      busy = verb ?? '';
    },
    dropOnce: (cursor: number) => {
      drops.add(cursor);
    },
    expireTokens: () => {
      generation++;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
