import cluster, { type Worker } from 'node:cluster';
import type { SearchRow, SearchState } from '@estante/contracts/search';
import type { Db } from '../../db/client.js';
import { onPrimary, readingOnPrimary } from '../../db/replicas.js';
import type { CodeLookup } from './search.codes.js';
import { type IndexFigures, type SearchIndex, type SearchOutcome, TextKeys } from './search.index.js';
import { isMultiFacet, MULTI_FACETS, type MultiFacet, type MultiValued, type Snapshot } from './search.snapshot.js';
import { CATALOGUE, type CatalogueSource, NETWORK } from './search.source.js';
import type { Suggestion } from './search.suggest.js';

/**
 * What a search's answer carries of its snapshot: the names it describes facet values and
 * filters by (search.service.ts; a multi-valued value shown also carries its own, FacetCount.nome),
 * and the snapshot's version.
 */
export interface SnapshotNames {
  version: number;
  names: Snapshot['names'];
  /** A facet's values by code, and their names (a remote answer's: only the values it shows). */
  multi: Record<MultiFacet, { codes: CodeLookup; names: MultiValued['names'] }>;
}

/** A search's answer: the page, the total and the facets, and the names to show them by. */
export interface SearchAnswer extends Omit<SearchOutcome, 'snapshot'> {
  snapshot: SnapshotNames;
}

/**
 * What the routes and services ask of a catalogue's search (decision 0040): the index itself
 * (SearchIndex) in a single API process, or, with several API workers, the one index the
 * primary process holds for all of them (RemoteIndex).
 */
export interface Searcher {
  /** The database its hydrating queries read (the page's rows, headings, look-ups). */
  readonly database: Db;
  readonly source: CatalogueSource;
  run(state: SearchState): Promise<SearchAnswer | null>;
  /** "Did you mean" for a search that found `found` titles (search.suggest.ts), worked out where the index is. */
  suggest(state: SearchState, found: number): Promise<Suggestion | null>;
  titleKey(phrase: string): Promise<string>;
  summary(): Promise<{ version: number; titles: number }>;
  /** The snapshot in use, without asking the database (readiness, decision 0059). */
  figures(): Promise<IndexFigures>;
}

type Op = 'run' | 'suggest' | 'summary' | 'figures';

/** A worker's call, over the cluster's IPC channel. */
export interface Call {
  estanteSearch: number;
  source: CatalogueSource['name'];
  op: Op;
  args: unknown[];
  /** The read-your-writes flag of the request that asks (decision 0038): read on the primary database. */
  primary: boolean;
  /** The snapshot version whose names the worker holds (it gets them again when another answers). */
  namesOf: number | null;
}

/**
 * A run's answer as it travels: facet counts as tuples (a broad search's are hundreds, and the
 * channel writes JSON), the multi-valued facets' names only for the codes it shows.
 */
interface WireAnswer extends Omit<SearchOutcome, 'snapshot' | 'facets'> {
  /** A multi-valued facet's value carries its name (FacetCount.nome). */
  facets: (
    [faceta: string, codigo: string, total: number, semFiltro: number] | [faceta: string, codigo: string, total: number, semFiltro: number, nome: string]
  )[];
  version: number;
  names?: Snapshot['names'];
  /** The names of multi-valued values filtered on (those among the facets come with them). */
  multi: [MultiFacet, string, string][];
}

/** An error as it travels (wireError, back with errorOf): its message and code, and its causes' (drizzle wraps a driver's error as `cause`). */
export interface WireError {
  message: string;
  code?: unknown;
  statusCode?: unknown;
  cause?: WireError;
}

interface Reply {
  estanteSearch: number;
  value?: unknown;
  error?: WireError;
}

/** How long a worker waits for the primary's answer before the request fails (as the request itself would). */
const CALL_TIMEOUT_MS = 60_000;

/** The primary did not answer a call within CALL_TIMEOUT_MS. */
class CallTimeout extends Error {}

export function wireError(error: unknown, depth = 0): WireError {
  const { message, code, statusCode, cause } = (error ?? {}) as { message?: unknown; code?: unknown; statusCode?: unknown; cause?: unknown };
  return {
    message: typeof message === 'string' ? message : String(error),
    ...(code !== undefined ? { code } : {}),
    ...(statusCode !== undefined ? { statusCode } : {}),
    ...(cause !== undefined && cause !== null && depth < 5 ? { cause: wireError(cause, depth + 1) } : {}),
  };
}

export function errorOf(wire: WireError): Error {
  const { message, cause, ...rest } = wire;
  return Object.assign(new Error(message, cause ? { cause: errorOf(cause) } : undefined), rest);
}

function isCall(message: unknown): message is Call {
  return typeof message === 'object' && message !== null && typeof (message as Call).estanteSearch === 'number' && 'op' in message;
}

/**
 * A worker's call answered from `indexes`, as the worker's own index would (reading on the
 * primary database when the request carried the read-your-writes cookie).
 */
export function answerFrom(indexes: Record<CatalogueSource['name'], SearchIndex>): (call: Call) => Promise<unknown> {
  const answer = async (call: Call): Promise<unknown> => {
    const index = indexes[call.source];
    switch (call.op) {
      case 'run': {
        const state = call.args[0] as SearchState;
        const outcome = await index.run(state);
        return outcome && wireAnswer(outcome, state, call.namesOf);
      }
      case 'suggest': {
        const state = call.args[0] as SearchState;
        const suggestion = await index.suggest(state, call.args[1] as number);
        return (
          suggestion && {
            linhas: suggestion.linhas,
            safe: suggestion.safe,
            outcome: wireAnswer(suggestion.outcome, { ...state, linhas: suggestion.linhas }, call.namesOf),
          }
        );
      }
      case 'summary':
        return index.summary();
      case 'figures':
        return index.figures();
    }
  };
  return (call) => (call.primary ? onPrimary(() => answer(call)) : answer(call));
}

/**
 * The primary's side: answers the workers' calls (`answer`: answerFrom its index); a failure goes back as an error the worker throws (a database away stays a 503).
 * Returns the function that stops answering.
 */
export function serveSearches(
  answer: (call: Call) => Promise<unknown>,
  /** Told of every failure the workers are answered with (a database away included). */
  failed: (error: unknown) => void = () => undefined,
): () => void {
  const onMessage = (worker: Worker, message: unknown) => {
    if (!isCall(message)) return;
    answer(message).then(
      (value) => send(worker, { estanteSearch: message.estanteSearch, value }),
      (error: unknown) => {
        failed(error);
        send(worker, { estanteSearch: message.estanteSearch, error: wireError(error) });
      },
    );
  };
  cluster.on('message', onMessage);
  return () => cluster.off('message', onMessage);
}

function send(worker: Worker, reply: Reply) {
  // A worker that has gone (restarted) no longer waits for its answer; one whose channel fails
  // meanwhile times the call out (a throw here would be an unhandled rejection in the primary).
  try {
    if (worker.isConnected()) worker.send(reply, () => undefined);
  } catch {
    // The worker is going.
  }
}

/** The outcome without its snapshot: the names of the multi-valued values it shows (with their counts) and filters on. */
function wireAnswer({ snapshot, ...outcome }: SearchOutcome, state: SearchState, namesOf: number | null): WireAnswer {
  const multi: [MultiFacet, string, string][] = [];
  for (const { tipo, codigo } of state.filtros) {
    if (!isMultiFacet(tipo)) continue;
    const value = snapshot.multi[tipo].codes.get(codigo);
    if (value !== undefined) multi.push([tipo, codigo, snapshot.multi[tipo].names.at(value)!]);
  }
  const facets = outcome.facets.map(({ faceta, codigo, total, sem_filtro, nome }): WireAnswer['facets'][number] =>
    nome === undefined ? [faceta, codigo, total, sem_filtro] : [faceta, codigo, total, sem_filtro, nome],
  );
  return { ...outcome, facets, version: snapshot.version, multi, ...(namesOf === snapshot.version ? {} : { names: snapshot.names }) };
}

/** The worker's side of the channel: calls waiting for their answer, by number. */
const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>();
let lastCall = 0;
let listening = false;

function listen() {
  if (listening) return;
  listening = true;
  process.on('message', (message: unknown) => {
    const reply = message as Reply;
    if (typeof reply?.estanteSearch !== 'number' || 'op' in reply) return;
    const call = waiting.get(reply.estanteSearch);
    if (!call) return;
    waiting.delete(reply.estanteSearch);
    if (reply.error) call.reject(errorOf(reply.error));
    else call.resolve(reply.value);
  });
  // The primary gone, no answer will come: the calls waiting fail (the worker is ending too).
  process.on('disconnect', () => {
    for (const call of waiting.values()) call.reject(new Error('the search index (primary process) is gone'));
    waiting.clear();
  });
}

/**
 * An API worker's search: the primary process holds the one index of all workers (decision
 * 0040), and this asks it over the cluster's IPC channel: a search in one call, its "did you
 * mean" in one more. The keys of phrases (typeahead), and the queries that fill a results page,
 * stay in the worker (its own database connections).
 */
export class RemoteIndex implements Searcher {
  private names: { version: number; names: Snapshot['names'] } | null = null;
  private readonly textKeys: TextKeys;
  readonly source: CatalogueSource;

  constructor(
    readonly database: Db,
    source: CatalogueSource['name'] = 'catalogue',
  ) {
    this.source = source === 'network' ? NETWORK : CATALOGUE;
    this.textKeys = new TextKeys(database);
    listen();
  }

  private call<T>(op: Op, ...args: unknown[]): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (!process.send) return reject(new Error('not an API worker: no primary process to search in'));
      const id = ++lastCall;
      const message: Call = { estanteSearch: id, source: this.source.name, op, args, primary: readingOnPrimary(), namesOf: this.names?.version ?? null };
      // An answer lost on the way would otherwise hold the patron's request for ever.
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new CallTimeout(`the search index (primary process) did not answer ${op} within ${CALL_TIMEOUT_MS / 1000} s`));
      }, CALL_TIMEOUT_MS);
      const settle =
        <V>(done: (value: V) => void) =>
        (value: V) => {
          clearTimeout(timer);
          done(value);
        };
      waiting.set(id, { resolve: settle(resolve as (value: unknown) => void), reject: settle(reject) });
      try {
        process.send(message, undefined, {}, (error: Error | null) => {
          if (!error || !waiting.delete(id)) return;
          clearTimeout(timer);
          reject(error);
        });
      } catch (error) {
        waiting.delete(id);
        clearTimeout(timer);
        reject(error);
      }
    });
  }

  async run(state: SearchState): Promise<SearchAnswer | null> {
    // The names held when asking: an answer without names is of their version (others may arrive meanwhile).
    const held = this.names;
    const wire = await this.call<WireAnswer | null>('run', state);
    return wire && this.answerOf(wire, held);
  }

  /** One call: the primary works the suggestion out with its index's atoms and counts (several steps, none of them over the channel). */
  async suggest(state: SearchState, found: number): Promise<Suggestion | null> {
    const held = this.names;
    const wire = await this.call<{ linhas: SearchRow[]; safe: boolean; outcome: WireAnswer } | null>('suggest', state, found);
    return wire && { linhas: wire.linhas, safe: wire.safe, outcome: this.answerOf(wire.outcome, held) };
  }

  /** An answer as it travelled, made whole again: its facets as objects, its names (kept from an earlier answer of the same version when it came without). */
  private answerOf(wire: WireAnswer, held: RemoteIndex['names']): SearchAnswer {
    const { version, names, multi: shown, facets, ...outcome } = wire;
    if (names && (!this.names || version >= this.names.version)) this.names = { version, names };
    const named = Object.fromEntries(MULTI_FACETS.map((facet) => [facet, { codes: new Map<string, number>(), names: [] as string[] }])) as Record<
      MultiFacet,
      { codes: Map<string, number>; names: string[] }
    >;
    for (const [facet, code, name] of shown) named[facet].codes.set(code, named[facet].names.push(name) - 1);
    const multi: SnapshotNames['multi'] = named;
    return {
      ...outcome,
      // A multi-valued value shown keeps its name (FacetCount.nome); `multi` names the filters.
      facets: facets.map(([faceta, codigo, total, sem_filtro, nome]) => ({ faceta, codigo, total, sem_filtro, ...(nome === undefined ? {} : { nome }) })),
      snapshot: { version, names: names ?? held!.names, multi },
    };
  }

  summary(): Promise<{ version: number; titles: number }> {
    return this.call('summary');
  }

  /** The primary's snapshot as /health/ready sees it. */
  figures(): Promise<IndexFigures> {
    return this.call('figures');
  }

  /**
   * Resolves once the primary's index has its first snapshot (loaded from disk in a second or
   * two, read from the database in up to minutes at a million titles: asked again after each
   * CALL_TIMEOUT_MS); rejects when the primary could not make it. A worker listens only then.
   */
  async ready(): Promise<void> {
    for (;;) {
      try {
        await this.summary();
        return;
      } catch (error) {
        if (!(error instanceof CallTimeout)) throw error;
      }
    }
  }

  titleKey(phrase: string): Promise<string> {
    return this.textKeys.titleKey(phrase);
  }
}
