import { METADATA_FORMATS, type MetadataPrefix, type OaiError, type RequestEcho } from './oai.xml.js';

/** The six verbs (§3.1.1) and the arguments each takes, required or not; `resumptionToken` is exclusive. */
const VERBS = {
  Identify: { required: [], optional: [] },
  ListMetadataFormats: { required: [], optional: ['identifier'] },
  ListSets: { required: [], optional: ['resumptionToken'] },
  GetRecord: { required: ['identifier', 'metadataPrefix'], optional: [] },
  ListIdentifiers: { required: ['metadataPrefix'], optional: ['from', 'until', 'set', 'resumptionToken'] },
  ListRecords: { required: ['metadataPrefix'], optional: ['from', 'until', 'set', 'resumptionToken'] },
} as const;
export type Verb = keyof typeof VERBS;
type Argument = 'identifier' | 'metadataPrefix' | 'from' | 'until' | 'set' | 'resumptionToken';
const ARGUMENTS: readonly string[] = ['verb', 'identifier', 'metadataPrefix', 'from', 'until', 'set', 'resumptionToken'];

/** The value patterns of OAI-PMH.xsd (metadataPrefixType, setSpecType). */
const PREFIX_PATTERN = /^[A-Za-z0-9\-_.!~*'()]+$/;
const SET_PATTERN = /^[A-Za-z0-9\-_.!~*'()]+(:[A-Za-z0-9\-_.!~*'()]+)*$/;
/** Printable text: no control character (C0, DEL, C1), no lone surrogate. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNPRINTABLE = /[\u0000-\u001F\u007F-\u009F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** An identifier a URI could be: no white space, percent signs only as escapes. */
const URI_LIKE = /^(?:[^\s%]|%[0-9A-Fa-f]{2})+$/;

/** A datestamp bound as given (`from` / `until`) and the instant range it stands for. */
export interface DateBound {
  text: string;
  granularity: 'day' | 'second';
  /** The first instant the bound covers. */
  start: Date;
  /** The first instant after it: a day or a second later. */
  end: Date;
}

/** What the harvester asked, once every argument passed: the verb and its arguments. */
export type OaiRequest =
  | { verb: 'Identify' }
  | { verb: 'ListMetadataFormats'; identifier?: string }
  | { verb: 'ListSets'; resumptionToken?: string }
  | { verb: 'GetRecord'; identifier: string; metadataPrefix: string }
  | ({ verb: 'ListIdentifiers' | 'ListRecords' } & ({ resumptionToken: string } | ListQuery));

/** A list's selection (§3.3 selective harvesting): the format, the set, the datestamp range. */
export interface ListQuery {
  metadataPrefix: string;
  from?: DateBound;
  until?: DateBound;
  set?: string;
}

export type Parsed = { ok: true; request: OaiRequest; echo: RequestEcho } | { ok: false; errors: OaiError[]; echo: RequestEcho };

/**
 * Checks the arguments of a request, as they came (repeated ones included), against the protocol:
 * the verb (missing, repeated or unknown → badVerb), then every argument (unknown, repeated,
 * missing, empty, not printable, malformed dates, mixed granularities, until before from, a
 * resumption token with other arguments → badArgument). Neither error echoes the arguments (§3.2).
 */
export function parseArguments(pairs: [string, string][]): Parsed {
  const values = new Map<string, string[]>();
  for (const [key, value] of pairs) values.set(key, [...(values.get(key) ?? []), value]);
  const bad = (code: 'badVerb' | 'badArgument', message: string): Parsed => ({ ok: false, errors: [{ code, message }], echo: {} });

  const verbs = values.get('verb') ?? [];
  if (verbs.length === 0) return bad('badVerb', 'The verb argument is missing.');
  if (verbs.length > 1) return bad('badVerb', 'The verb argument is repeated.');
  const verb = verbs[0]!;
  if (!Object.hasOwn(VERBS, verb)) return bad('badVerb', `${printable(verb)} is not an OAI-PMH verb.`);
  const rules = VERBS[verb as Verb];

  for (const [key, given] of values) {
    if (!ARGUMENTS.includes(key)) return bad('badArgument', `${printable(key)} is not an OAI-PMH argument.`);
    if (given.length > 1) return bad('badArgument', `The argument ${key} is repeated.`);
    if (key === 'verb') continue;
    if (!(rules.required as readonly string[]).includes(key) && !(rules.optional as readonly string[]).includes(key))
      return bad('badArgument', `${verb} does not take the argument ${key}.`);
    if (given[0] === '') return bad('badArgument', `The argument ${key} is empty.`);
    if (UNPRINTABLE.test(given[0]!)) return bad('badArgument', `The argument ${key} has control characters.`);
  }
  const arg = (key: Argument) => values.get(key)?.[0];
  const token = arg('resumptionToken');
  if (token !== undefined) {
    if (values.size > 2) return bad('badArgument', 'resumptionToken is an exclusive argument: it comes with the verb alone.');
    return { ok: true, request: { verb, resumptionToken: token } as OaiRequest, echo: { verb, resumptionToken: token } };
  }
  for (const key of rules.required) if (arg(key) === undefined) return bad('badArgument', `${verb} requires the argument ${key}.`);

  const identifier = arg('identifier');
  if (identifier !== undefined && !URI_LIKE.test(identifier)) return bad('badArgument', 'The identifier is not a URI.');
  const prefix = arg('metadataPrefix');
  if (prefix !== undefined && !PREFIX_PATTERN.test(prefix)) return bad('badArgument', 'The metadataPrefix has characters a prefix cannot have.');
  const set = arg('set');
  if (set !== undefined && !SET_PATTERN.test(set)) return bad('badArgument', 'The set is not a setSpec.');
  const fromText = arg('from');
  const untilText = arg('until');
  const from = fromText === undefined ? undefined : parseDateBound(fromText);
  const until = untilText === undefined ? undefined : parseDateBound(untilText);
  if (from === null) return bad('badArgument', 'from is not a date (YYYY-MM-DD) nor a UTC time (YYYY-MM-DDThh:mm:ssZ).');
  if (until === null) return bad('badArgument', 'until is not a date (YYYY-MM-DD) nor a UTC time (YYYY-MM-DDThh:mm:ssZ).');
  if (from && until && from.granularity !== until.granularity) return bad('badArgument', 'from and until have different granularities.');
  if (from && until && until.start < from.start) return bad('badArgument', 'until is earlier than from.');

  const echo: RequestEcho = { verb, identifier, metadataPrefix: prefix, from: fromText, until: untilText, set };
  switch (verb as Verb) {
    case 'Identify':
      return { ok: true, request: { verb: 'Identify' }, echo };
    case 'ListSets':
      return { ok: true, request: { verb: 'ListSets' }, echo };
    case 'ListMetadataFormats':
      return { ok: true, request: { verb: 'ListMetadataFormats', ...(identifier ? { identifier } : {}) }, echo };
    case 'GetRecord':
      return { ok: true, request: { verb: 'GetRecord', identifier: identifier!, metadataPrefix: prefix! }, echo };
    default:
      return {
        ok: true,
        request: { verb: verb as 'ListRecords', metadataPrefix: prefix!, ...(from ? { from } : {}), ...(until ? { until } : {}), ...(set ? { set } : {}) },
        echo,
      };
  }
}

/** True for the prefixes we disseminate. */
export function isKnownPrefix(prefix: string): prefix is MetadataPrefix {
  return Object.hasOwn(METADATA_FORMATS, prefix);
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const SECOND = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z$/;

/** A `from` / `until` value at day or second granularity (§3.3.1), or null when it is neither or no real date. */
export function parseDateBound(text: string): DateBound | null {
  const match = DAY.exec(text) ?? SECOND.exec(text);
  if (!match) return null;
  const [year, month, day, hour = 0, minute = 0, second = 0] = match.slice(1).map(Number) as number[];
  if (year! < 1) return null;
  const start = new Date(Date.UTC(year!, month! - 1, day!, hour, minute, second));
  start.setUTCFullYear(year!); // Date.UTC reads years 0–99 as 1900–1999
  const real =
    start.getUTCFullYear() === year &&
    start.getUTCMonth() === month! - 1 &&
    start.getUTCDate() === day &&
    start.getUTCHours() === hour &&
    start.getUTCMinutes() === minute &&
    start.getUTCSeconds() === second;
  if (!real) return null;
  const granularity = match[4] === undefined ? 'day' : 'second';
  const end = new Date(start.getTime() + (granularity === 'day' ? 86_400_000 : 1_000));
  return { text, granularity, start, end };
}

/** A value quoted in an error message, cut short and without control characters. */
function printable(value: string): string {
  // eslint-disable-next-line no-control-regex -- dropping control characters is the point
  const text = value.replace(/[\u0000-\u001F\u007F-\u009F]/g, '');
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
}
