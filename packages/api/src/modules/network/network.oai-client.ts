import { SaxesParser } from 'saxes';

/**
 * An OAI-PMH 2.0 harvester's side of the protocol (openarchives.org/OAI/openarchivesprotocol.html):
 * Identify, ListMetadataFormats and ListRecords page by page, over Node's fetch, each answer read
 * with one saxes pass. Every request has a timeout; a 503 (or 429) with Retry-After is waited out a few
 * times (§3.1.2.1 "flow control"); an OAI error answer is an OaiError with its code; anything
 * that is not a well-formed OAI-PMH answer is a HarvestError. Decision 0026.
 */

/** The datestamp granularity a repository declares: YYYY-MM-DD or YYYY-MM-DDThh:mm:ssZ. */
export type Granularity = 'day' | 'second';

/** What a repository's Identify says about itself. */
export interface OaiIdentity {
  repositoryName: string;
  baseUrl: string;
  protocolVersion: string;
  granularity: Granularity;
  earliestDatestamp: string | null;
  deletedRecord: string | null;
  /** The title of the toolkit description (`<toolkit><title>`), when there is one: "Estante" for ours. */
  toolkit: string | null;
}

export interface OaiFormat {
  prefix: string;
  schema: string | null;
  namespace: string | null;
}

/** A Dublin Core element of an oai_dc record: its local name (title, creator, …) and text. */
export interface DcValue {
  name: string;
  value: string;
}

/**
 * A record's metadata: MARCXML (the `<record>` element's text, read by marc/marcxml.ts), the
 * Dublin Core elements of oai_dc, or something else (its root element's name).
 */
export type OaiMetadata = { kind: 'marc'; xml: string } | { kind: 'dc'; values: DcValue[] } | { kind: 'other'; root: string };

export interface OaiRecord {
  identifier: string;
  datestamp: string;
  deleted: boolean;
  metadata: OaiMetadata | null;
}

/** One answer of a list: its records and the token of the next (null: the list is complete). */
export interface OaiPage {
  records: OaiRecord[];
  resumptionToken: string | null;
  completeListSize: number | null;
}

/** The repository answered with an OAI-PMH error (§3.6): badResumptionToken, noRecordsMatch, … */
export class OaiError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(`OAI-PMH error ${code}${message ? `: ${message}` : ''}`);
  }
}

/** The repository could not be harvested: unreachable, timed out, an HTTP error, not OAI-PMH XML. */
export class HarvestError extends Error {}

export interface OaiClientOptions {
  /** How long one request may take, answer read included (ms). */
  timeoutMs?: number;
  /** How many times a 503 with Retry-After is waited out before giving up. */
  busyRetries?: number;
  /** The longest Retry-After honoured (s); a longer one fails the request. */
  maxRetryAfterSeconds?: number;
  /** The largest answer read (bytes of text). */
  maxBytes?: number;
}

const DEFAULTS: Required<OaiClientOptions> = { timeoutMs: 60_000, busyRetries: 3, maxRetryAfterSeconds: 120, maxBytes: 64 * 1024 * 1024 };
const USER_AGENT = 'Estante OAI-PMH harvester';

/** A client for one repository's base URL. */
export class OaiClient {
  private readonly options: Required<OaiClientOptions>;

  constructor(
    readonly baseUrl: string,
    options: OaiClientOptions = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  /** Identify: the repository's name, granularity, deletion policy and toolkit. */
  async identify(): Promise<OaiIdentity> {
    const answer = await this.request({ verb: 'Identify' });
    const identify = answer.child('Identify');
    if (!identify) throw new HarvestError('the Identify answer has no <Identify> element');
    const text = (name: string) => identify.child(name)?.text.trim() || null;
    const granularity = text('granularity');
    const toolkit = identify.children
      .filter((c) => c.name === 'description')
      .flatMap((d) => d.children)
      .find((c) => c.name === 'toolkit')
      ?.child('title')
      ?.text.trim();
    return {
      repositoryName: text('repositoryName') ?? '',
      baseUrl: text('baseURL') ?? this.baseUrl,
      protocolVersion: text('protocolVersion') ?? '',
      granularity: granularity === 'YYYY-MM-DDThh:mm:ssZ' ? 'second' : 'day',
      earliestDatestamp: text('earliestDatestamp'),
      deletedRecord: text('deletedRecord'),
      toolkit: toolkit || null,
    };
  }

  /** ListMetadataFormats: the formats the repository disseminates. */
  async listMetadataFormats(): Promise<OaiFormat[]> {
    const answer = await this.request({ verb: 'ListMetadataFormats' });
    const list = answer.child('ListMetadataFormats');
    if (!list) throw new HarvestError('the ListMetadataFormats answer has no <ListMetadataFormats> element');
    return list.children
      .filter((c) => c.name === 'metadataFormat')
      .map((f) => ({
        prefix: f.child('metadataPrefix')?.text.trim() ?? '',
        schema: f.child('schema')?.text.trim() || null,
        namespace: f.child('metadataNamespace')?.text.trim() || null,
      }))
      .filter((f) => f.prefix !== '');
  }

  /**
   * One page of ListRecords: the first (metadataPrefix, and `from` for an incremental harvest)
   * or the next (resumptionToken). `noRecordsMatch` is an empty, complete page.
   */
  async listRecords(args: { metadataPrefix: string; from?: string } | { resumptionToken: string }): Promise<OaiPage> {
    const params: Record<string, string> = { verb: 'ListRecords' };
    if ('resumptionToken' in args) params.resumptionToken = args.resumptionToken;
    else {
      params.metadataPrefix = args.metadataPrefix;
      if (args.from) params.from = args.from;
    }
    let answer: Element;
    try {
      answer = await this.request(params);
    } catch (error) {
      if (error instanceof OaiError && error.code === 'noRecordsMatch') return { records: [], resumptionToken: null, completeListSize: 0 };
      throw error;
    }
    const list = answer.child('ListRecords');
    if (!list) throw new HarvestError('the ListRecords answer has no <ListRecords> element');
    const records: OaiRecord[] = [];
    let resumptionToken: string | null = null;
    let completeListSize: number | null = null;
    for (const node of list.children) {
      if (node.name === 'resumptionToken') {
        resumptionToken = node.text.trim() || null;
        const size = Number(node.attributes.completeListSize);
        completeListSize = Number.isInteger(size) && size >= 0 ? size : null;
      } else if (node.name === 'record') {
        const header = node.child('header');
        records.push({
          identifier: header?.child('identifier')?.text.trim() ?? '',
          datestamp: header?.child('datestamp')?.text.trim() ?? '',
          deleted: header?.attributes.status === 'deleted',
          metadata: node.child('metadata')?.metadata ?? null,
        });
      }
    }
    return { records, resumptionToken, completeListSize };
  }

  /** Sends one request and reads its answer: waits out 503s, fails on HTTP errors and OAI errors. */
  private async request(params: Record<string, string>): Promise<Element> {
    const url = new URL(this.baseUrl);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    for (let attempt = 0; ; attempt++) {
      const { status, retryAfter, text } = await this.fetchText(url);
      if ((status === 503 || status === 429) && retryAfter !== null && attempt < this.options.busyRetries) {
        if (retryAfter > this.options.maxRetryAfterSeconds) throw new HarvestError(`HTTP ${status}: the partner asks to come back in ${retryAfter} s`);
        await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
        continue;
      }
      if (status >= 200 && status < 300) return readAnswer(text);
      // Some repositories send their OAI errors (noRecordsMatch, badResumptionToken) with a 4xx.
      let answer: Element | null = null;
      try {
        answer = readAnswer(text);
      } catch (error) {
        if (error instanceof OaiError) throw error;
      }
      throw new HarvestError(`HTTP ${status}${answer ? '' : ` from ${url.origin}`}`);
    }
  }

  private async fetchText(url: URL): Promise<{ status: number; retryAfter: number | null; text: string }> {
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    try {
      const response = await fetch(url, { headers: { accept: 'text/xml, application/xml', 'user-agent': USER_AGENT }, redirect: 'follow', signal });
      const text = await readBody(response, this.options.maxBytes);
      return { status: response.status, retryAfter: retryAfterSeconds(response.headers.get('retry-after')), text };
    } catch (error) {
      if (error instanceof HarvestError) throw error;
      if (signal.aborted) throw new HarvestError(`no answer within ${Number((this.options.timeoutMs / 1000).toFixed(1))} s from ${url.origin}`);
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : '';
      throw new HarvestError(`could not reach ${url.origin}: ${error instanceof Error ? error.message : String(error)}${cause ? ` (${cause})` : ''}`);
    }
  }
}

/** The body as text (OAI-PMH answers are UTF-8), refusing one larger than `maxBytes`. */
async function readBody(response: Response, maxBytes: number): Promise<string> {
  if (!response.body) return '';
  const decoder = new TextDecoder('utf-8');
  const parts: string[] = [];
  let bytes = 0;
  for await (const chunk of response.body) {
    bytes += chunk.byteLength;
    if (bytes > maxBytes) {
      await response.body.cancel().catch(() => undefined);
      throw new HarvestError(
        `the answer is larger than ${maxBytes >= 1024 * 1024 ? `${Math.round(maxBytes / 1024 / 1024)} MB` : `${Math.round(maxBytes / 1024)} kB`}`,
      );
    }
    parts.push(decoder.decode(chunk, { stream: true }));
  }
  parts.push(decoder.decode());
  return parts.join('');
}

/** Retry-After in seconds: a number of seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterSeconds(value: string | null): number | null {
  if (!value) return null;
  if (/^\s*\d+\s*$/.test(value)) return Number(value);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/**
 * A light element tree of an answer. The metadata of a record is not built into it: a MARC
 * record is kept as its text (marc/marcxml.ts reads it), Dublin Core as its elements' texts.
 */
class Element {
  readonly children: Element[] = [];
  text = '';
  metadata?: OaiMetadata;

  constructor(
    readonly name: string,
    readonly attributes: Record<string, string>,
  ) {}

  child(name: string): Element | undefined {
    return this.children.find((c) => c.name === name);
  }
}

function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon === -1 ? name : name.slice(colon + 1);
}

/**
 * Reads an OAI-PMH answer into an element tree (namespace prefixes dropped); throws OaiError for
 * an `<error>` answer and HarvestError for text that is not well-formed OAI-PMH XML.
 */
export function readAnswer(text: string): Element {
  const parser = new SaxesParser({ xmlns: false, position: true });
  const stack: Element[] = [];
  let root: Element | null = null;
  // Inside a record's <metadata>: where its content starts, its depth, and what it is.
  let metadata: { element: Element; start: number; depth: number; root: string | null; dc: DcValue[] } | null = null;
  let dcText: string | null = null;

  parser.on('opentag', (node) => {
    const name = localName(node.name);
    if (metadata) {
      const depth = stack.length + 1;
      stack.push(metadata.element);
      if (depth === metadata.depth + 1 && metadata.root === null) metadata.root = name;
      else if (depth === metadata.depth + 2 && metadata.root === 'dc') dcText = '';
      return;
    }
    const attributes: Record<string, string> = {};
    for (const [key, value] of Object.entries(node.attributes)) attributes[localName(key)] = typeof value === 'string' ? value : String(value);
    const element = new Element(name, attributes);
    const parent = stack.at(-1);
    if (parent) parent.children.push(element);
    else if (root) throw new Error('more than one root element');
    else root = element;
    stack.push(element);
    if (name === 'metadata' && stack.length === 4) metadata = { element, start: parser.position, depth: stack.length, root: null, dc: [] };
  });
  parser.on('text', (value) => {
    if (metadata) {
      if (dcText !== null) dcText += value;
      return;
    }
    const current = stack.at(-1);
    if (current) current.text += value;
  });
  parser.on('cdata', (value) => {
    if (metadata) {
      if (dcText !== null) dcText += value;
      return;
    }
    const current = stack.at(-1);
    if (current) current.text += value;
  });
  parser.on('closetag', (node) => {
    if (metadata) {
      const depth = stack.length;
      if (depth === metadata.depth + 2 && dcText !== null) {
        const value = dcText.replace(/\s+/g, ' ').trim();
        if (value) metadata.dc.push({ name: localName(node.name), value });
        dcText = null;
      }
      if (depth === metadata.depth) {
        const end = text.lastIndexOf('<', parser.position - 1);
        metadata.element.metadata =
          metadata.root === 'record' || metadata.root === 'collection'
            ? { kind: 'marc', xml: text.slice(metadata.start, end) }
            : metadata.root === 'dc'
              ? { kind: 'dc', values: metadata.dc }
              : { kind: 'other', root: metadata.root ?? '' };
        metadata = null;
      }
    }
    stack.pop();
  });

  try {
    parser.write(text).close();
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new HarvestError(`malformed XML (line ${parser.line}, column ${parser.column}): ${reason}`);
  }
  const answer = root as Element | null;
  if (!answer || answer.name !== 'OAI-PMH') throw new HarvestError(`not an OAI-PMH answer (root element ${answer ? `<${answer.name}>` : 'missing'})`);
  const error = answer.child('error');
  if (error) throw new OaiError(error.attributes.code ?? 'unknown', error.text.replace(/\s+/g, ' ').trim());
  return answer;
}
