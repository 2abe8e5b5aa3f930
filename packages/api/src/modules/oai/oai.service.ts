import type { Db } from '../../db/client.js';
import type { MarcRecord } from '../../marc/record.js';
import { countItems, findItem, type ItemRow, listItems, type Position, repositoryFacts, type Selection, type SetFilter, setRows } from './oai.queries.js';
import { isKnownPrefix, type ListQuery, parseArguments, parseDateBound } from './oai.request.js';
import { readToken, type TokenState, writeToken } from './oai.token.js';
import {
  envelope,
  errorElements,
  headerElement,
  identifyElement,
  type ItemView,
  METADATA_FORMATS,
  type MetadataPrefix,
  metadataFormatsElement,
  type OaiError,
  recordElement,
  type RequestEcho,
  resumptionElement,
  type ResumptionView,
  setsElement,
} from './oai.xml.js';

/** Items per part of a list (ListIdentifiers, ListRecords). */
export const PAGE_SIZE = 100;
/** The repository identifier when the site's host name cannot be one (localhost, an IP address). */
export const FALLBACK_REPOSITORY_ID = 'estante.local';
/** An address Identify can give when the institution names none (the oai-identifier emailType). */
const EMAIL = /^\S+@(\S+\.)+\S+$/;
const FALLBACK_EMAIL = 'nao-responda@estante.local';

/** Where the repository is: the site's public address (PUBLIC_URL, else the request's own). */
export interface Site {
  origin: string;
  /** MAIL_FROM, whose address Identify gives when no library has an e-mail. */
  mailFrom: string;
}

export interface OaiDeps {
  db: Db;
  /** The key resumption tokens are signed with (shared by every process, kept across restarts). */
  tokenKey: () => Promise<Buffer>;
}

/**
 * Answers one OAI-PMH 2.0 request (its arguments as given, repeated ones included) with the whole
 * XML response: the verb's answer, or the protocol's errors (always a 200 response).
 */
export async function answerOai(deps: OaiDeps, pairs: [string, string][], site: Site, now = new Date()): Promise<string> {
  const baseUrl = `${site.origin}/oai`;
  const repositoryId = repositoryIdentifierOf(site.origin);
  const parsed = parseArguments(pairs);
  const reply = (echo: RequestEcho, body: string) => envelope(now, baseUrl, echo, body);
  if (!parsed.ok) return reply({}, errorElements(parsed.errors));
  const { request, echo } = parsed;
  const fail = (...errors: OaiError[]) => reply(echo, errorElements(errors));

  switch (request.verb) {
    case 'Identify': {
      const facts = await repositoryFacts(deps.db);
      const emails = facts.emails.filter((e) => EMAIL.test(e));
      return reply(
        echo,
        identifyElement({
          repositoryName: facts.name ?? 'Estante',
          baseUrl,
          adminEmails: emails.length > 0 ? emails : [mailAddress(site.mailFrom)],
          earliestDatestamp: facts.earliest ? secondOf(facts.earliest) : now,
          repositoryIdentifier: repositoryId,
          sampleIdentifier: `oai:${repositoryId}:${facts.sample ?? 1}`,
        }),
      );
    }
    case 'ListMetadataFormats': {
      if (request.identifier !== undefined) {
        const id = itemNumber(request.identifier, repositoryId);
        if (id === null || !(await findItem(deps.db, id))) return fail(noSuchItem(request.identifier));
      }
      return reply(echo, metadataFormatsElement(Object.keys(METADATA_FORMATS) as MetadataPrefix[]));
    }
    case 'ListSets': {
      if (request.resumptionToken !== undefined)
        return fail({ code: 'badResumptionToken', message: 'ListSets answers in one part: it gives no resumption tokens.' });
      const sets = await setRows(deps.db);
      return reply(
        echo,
        setsElement([
          { spec: 'biblioteca', name: 'Bibliotecas: títulos com exemplares na biblioteca' },
          ...sets.libraries.map((l) => ({ spec: `biblioteca:${l.id}`, name: l.name })),
          { spec: 'tipo', name: 'Tipos de obra' },
          ...sets.types.map((t) => ({ spec: `tipo:${t.id}`, name: t.name })),
        ]),
      );
    }
    case 'GetRecord': {
      const errors: OaiError[] = [];
      if (!isKnownPrefix(request.metadataPrefix)) errors.push(cannotDisseminate(request.metadataPrefix));
      const id = itemNumber(request.identifier, repositoryId);
      const row = id === null ? undefined : await findItem(deps.db, id);
      if (!row) errors.push(noSuchItem(request.identifier));
      if (errors.length > 0 || !row) return fail(...errors);
      const record = recordElement(itemView(row, repositoryId, site.origin), request.metadataPrefix as MetadataPrefix);
      return reply(echo, `<GetRecord>\n${record}\n</GetRecord>`);
    }
    case 'ListIdentifiers':
    case 'ListRecords': {
      const verb = request.verb;
      let state: TokenState;
      let resumed = false;
      if ('resumptionToken' in request) {
        const read = readToken(await deps.tokenKey(), request.resumptionToken);
        const resumedState = read && read.verb === verb && isKnownPrefix(read.p) && selectionOf(read) ? read : null;
        if (!resumedState)
          return fail({ code: 'badResumptionToken', message: 'The resumption token is not valid: not one of ours, altered, or for another verb.' });
        state = resumedState;
        resumed = true;
      } else {
        const query: ListQuery = request;
        if (!isKnownPrefix(query.metadataPrefix)) return fail(cannotDisseminate(query.metadataPrefix));
        state = {
          v: 1,
          verb,
          p: query.metadataPrefix,
          s: query.set,
          f: query.from?.text,
          u: query.until?.text,
          a: ['0001-01-01T00:00:00.000000Z', 0],
          c: 0,
          n: null,
        };
      }
      const selection = selectionOf(state);
      if (!selection) return fail({ code: 'noRecordsMatch', message: `This repository has no set ${state.s}.` });
      const after: Position | null = resumed ? { stamp: state.a[0], id: state.a[1] } : null;
      const rows = await listItems(deps.db, selection, after, PAGE_SIZE + 1, verb === 'ListRecords');
      if (rows.length === 0) return fail({ code: 'noRecordsMatch', message: 'No item matches the arguments.' });
      const page = rows.slice(0, PAGE_SIZE);
      const more = rows.length > PAGE_SIZE;
      let resumption: ResumptionView | null = null;
      if (more) {
        // Counted once, at the first part (null: too many to count cheaply); an estimate after
        // that (§3.5), but never less than what is known to exist now.
        const counted = resumed ? state.n : await countItems(deps.db, selection);
        const total = counted === null ? null : Math.max(counted, state.c + page.length + 1);
        const last = page.at(-1)!;
        const next: TokenState = { ...state, a: [last.stamp, last.id], c: state.c + page.length, n: total };
        resumption = { token: writeToken(await deps.tokenKey(), next), cursor: state.c, completeListSize: total };
      } else if (resumed) {
        resumption = { token: '', cursor: state.c, completeListSize: state.n === null ? null : Math.max(state.n, state.c + page.length) };
      }
      const prefix = state.p as MetadataPrefix;
      const items = page.map((row) => itemView(row, repositoryId, site.origin));
      const lines = items.map((item) => (verb === 'ListRecords' ? recordElement(item, prefix) : headerElement(item)));
      if (resumption) lines.push(resumptionElement(resumption));
      return reply(echo, [`<${verb}>`, ...lines, `</${verb}>`].join('\n'));
    }
  }
}

/** A request refused before its arguments could be read (a POST body of another type): badArgument. */
export function refuseOai(site: Site, message: string, now = new Date()): string {
  return envelope(now, `${site.origin}/oai`, {}, errorElements([{ code: 'badArgument', message }]));
}

/**
 * The repository identifier (oai-identifier scheme): the site's host name, which must look like a
 * domain name (letters first in each label); otherwise a fixed one. Set PUBLIC_URL so identifiers
 * do not depend on the address a harvester used.
 */
export function repositoryIdentifierOf(origin: string): string {
  let host = '';
  try {
    host = new URL(origin).hostname.toLowerCase();
  } catch {
    // not an address: the fixed identifier
  }
  return /^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)+$/.test(host) ? host : FALLBACK_REPOSITORY_ID;
}

/** The title number in one of our identifiers (`oai:<repository>:<number>`), or null. */
export function itemNumber(identifier: string, repositoryId: string): number | null {
  const prefix = `oai:${repositoryId}:`;
  if (!identifier.startsWith(prefix)) return null;
  const rest = identifier.slice(prefix.length);
  if (!/^[1-9]\d{0,9}$/.test(rest)) return null;
  const n = Number(rest);
  return n <= 2_147_483_647 ? n : null;
}

/** A set spec as a filter, or null when the repository has no such set. */
function setFilterOf(spec: string | undefined): SetFilter | null {
  if (spec === undefined) return { kind: 'all' };
  if (spec === 'biblioteca') return { kind: 'library', id: null };
  if (spec === 'tipo') return { kind: 'type', id: null };
  const match = /^(biblioteca|tipo):([1-9]\d{0,8})$/.exec(spec);
  if (!match) return null;
  const id = Number(match[2]);
  if (match[1] === 'tipo') return id <= 32_767 ? { kind: 'type', id } : null;
  return { kind: 'library', id };
}

/** The selection a list's state stands for; null when its set is none of ours or its dates are not dates. */
function selectionOf(state: TokenState): Selection | null {
  const set = setFilterOf(state.s);
  const from = state.f === undefined ? undefined : parseDateBound(state.f);
  const until = state.u === undefined ? undefined : parseDateBound(state.u);
  if (!set || from === null || until === null) return null;
  return { set, from: from?.start ?? null, before: until?.end ?? null };
}

function itemView(row: ItemRow, repositoryId: string, origin: string): ItemView {
  return {
    identifier: `oai:${repositoryId}:${row.id}`,
    datestamp: secondOf(row.stamp),
    deleted: row.deleted,
    setSpecs: [`tipo:${row.tipo}`, ...(row.deleted ? [] : row.libraries.map((l) => `biblioteca:${l}`))],
    marc: row.deleted ? null : (row.marc as MarcRecord),
    webAddress: `${origin}/acervo/${row.id}`,
  };
}

/** A microsecond datestamp (`…T10:00:00.123456Z`) cut to the second, the repository's granularity. */
function secondOf(stamp: string): Date {
  return new Date(`${stamp.slice(0, 19)}Z`);
}

/** The address in a From header (`Name <address>` or the address alone). */
function mailAddress(from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
  return EMAIL.test(address) ? address : FALLBACK_EMAIL;
}

function noSuchItem(identifier: string): OaiError {
  return { code: 'idDoesNotExist', message: `${identifier} is not an identifier of this repository.` };
}

function cannotDisseminate(prefix: string): OaiError {
  return { code: 'cannotDisseminateFormat', message: `${prefix} is not a format of this repository (oai_dc, marc21).` };
}
