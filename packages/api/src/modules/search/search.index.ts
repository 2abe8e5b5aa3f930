import { existsSync } from 'node:fs';
import { BASE_WORK_TYPES, newSearchState, type SearchRow, type SearchState, searchRow } from '@estante/contracts/search';
import { type Db, isDatabaseUnavailable } from '../../db/client.js';
import { EMPTY, type IdSet, idSet, intersect, subtract } from './id-sets.js';
import { type KeptFacets, patchFacets } from './search.facet-patch.js';
import { fitsSnapshot, type PackedFacets, packedBytes } from './search.facets.js';
import { type Atom, type AtomQuery, atomOf, mergeAtoms, singleLexeme } from './search.atoms.js';
import { fetchWordAtom, fetchWordPositions, frequentWords, highestTitle, type KeyAsked, textKeys } from './search.queries.js';
import { KeptPerSnapshot, keptPromise } from './search.kept.js';
import { type Filtered, levelsOf, patchRanking, type Ranking, rankingOf, Run, type RunSource, type SearchOutcome } from './search.run.js';
import {
  databaseIdentity,
  facetsFile,
  type KeptWords,
  loadFacets,
  loadSnapshot,
  loadPostings,
  loadWords,
  postingsFile,
  type ReadAhead,
  saveFacets,
  savePostings,
  saveSnapshot,
  saveWords,
  snapshotFile,
  wordsFile,
} from './search.persist.js';
import { patchSnapshot } from './search.patch.js';
import type { ReadApart } from './search.apart.js';
import { readSnapshot, readVersion, type Snapshot } from './search.snapshot.js';
import { Postings } from './search.postings.js';
import { PREWARM_WORDS } from './search.config.js';
import { CATALOGUE, type CatalogueSource } from './search.source.js';
import { frequentHeadingSearches, type NearWord, nearWords } from './search.suggest.queries.js';
import { type Suggestion, suggestSearch } from './search.suggest.js';
import { importRunning } from '../../lib/import-window.js';

export type { FacetCount, SearchOutcome } from './search.run.js';

/** A search index's snapshot as /metrics and /health/ready see it (SearchIndex.figures). */
export interface IndexFigures {
  /** The catalogue version of the snapshot in use; null until the first one is made. */
  version: number | null;
  titles: number;
  /** When the snapshot in use was made (read from the database, or loaded from disk), in ms since the epoch. */
  madeAt: number | null;
  /** Snapshots made by patching (search.patch.ts) and by reading the whole catalogue, since start; the last patch's seconds. */
  patches?: number;
  fullReads?: number;
  patchSeconds?: number | null;
}

/**
 * The search index (decision 0007). PostgreSQL stays the one store and does all text matching
 * (its GIN indexes, text search configurations and stemming); this class keeps what makes a
 * results page fast at a million titles:
 *
 * - a snapshot of every title's facet values and sort positions, in typed arrays, rebuilt
 *   whenever `catalog_version` moves;
 * - "atoms": the ids (and field masks) PostgreSQL answers for one word or one phrase, cached
 *   until the catalogue changes, so a common word's 40,000 matches are read from the heap once,
 *   not on every search, every facet click and every page.
 *
 * Combining rows (AND / OR / NOT), filtering, counting facets, ranking and paging then run
 * over sorted id arrays in memory.
 */
export class SearchIndex implements RunSource {
  private snapshot: Snapshot | null = null;
  /** When the snapshot in use was made here (read from the database, or loaded from disk): Date.now(). */
  private madeAt: number | null = null;
  /** The last read of the catalogue's version, shared by searches of a slow snapshot (latestVersion). */
  private versionRead: { at: number; version: Promise<number> } | null = null;
  private building: Promise<Snapshot> | null = null;
  private atoms = new Map<string, AtomEntry>();
  private readonly textKeys: TextKeys;
  /** Facets of unfiltered texts (facetsFor), rankings of broad texts (rankingFor), filtered searches (filteredFor). */
  private readonly facets: KeptPerSnapshot<KeptFacets>;
  /**
   * What patches carried (decision 0067): kept facets carried and given up, given up and counted
   * again in the background (recountGivenUp), kept rankings and decoded words carried; and the
   * kept facets loaded from disk at start.
   */
  private readonly carry = { facetsCarried: 0, facetsRecounted: 0, facetsCountedAgain: 0, rankingsCarried: 0, listsCarried: 0, facetsLoaded: 0 };
  private readonly facetsAheadFrom: number;
  private readonly rankings: KeptPerSnapshot<Promise<Ranking>>;
  private readonly filtered: KeptPerSnapshot<Filtered>;
  private readonly phrases: KeptPerSnapshot<Promise<IdSet | null>>;
  private readonly near = new KeptPerSnapshot<NearWord[]>({ maxBytes: NEAR_WORDS_MEGABYTES * 2 ** 20 });
  private atomBytes = 0;
  /** Reading ahead after the last new snapshot (how many words), while it runs and after. */
  private warming: Promise<number> | null = null;
  /** The last snapshot whose read-ahead ran to its end (a newer snapshot took over an unfinished one). */
  private warmedSnapshot: Snapshot | null = null;
  /** A snapshot of at least this many titles is read ahead (prewarm) when it is new. */
  private readonly prewarmFrom: number;
  /** A snapshot that took longer than this to make is not waited for when the catalogue changes (current). */
  private readonly waitForSnapshotMs: number;
  private readonly waitBelowTitles: number;
  private readonly maxBytes: number;
  private readonly prewarmWords: number;
  /** The title records this index searches: our catalogue, or the partner network's. */
  readonly source: CatalogueSource;
  /** A text matching at least this many titles keeps its whole relevance ranking (rankingFor). */
  readonly keepRankingsFrom: number;
  /** Where snapshots are kept on disk (search.persist.ts); null: never. */
  private readonly snapshotDir: string | null;
  /** The file of this index's snapshot and the database's identity, once known; whether it was looked at. */
  private kept: { file: string; identity: string } | null = null;
  private diskTried = false;
  /** When the last snapshot was written to disk, and whether one is being written. */
  private savedAt = 0;
  private saving = false;
  /** The read-ahead kept on disk beside the snapshot loaded at start. */
  private keptWords: KeptWords | null = null;
  /** The facets kept on disk for the snapshot loaded at start (loadFacets), until it is in use; and the version whose facets were last kept on disk. */
  private keptFacetSets: [string, KeptFacets][] | null = null;
  private facetsKept: number | null = null;
  /** The version and the words asked for of the read-ahead last kept (one of the same version asking more is kept again). */
  private wordsKept: { version: number; limit: number } | null = null;
  /** The version of the snapshot kept on disk (loaded from it, or being written to it). */
  private onDisk: number | null = null;
  /** The last read-ahead's words and how many it asked for. */
  private readAhead: ReadAhead = { words: [], limit: 0 };
  /**
   * The posting lists of every lexeme (search.postings.ts, decision 0064), once read or loaded:
   * a single-lexeme word's atom is decoded from them instead of asked of PostgreSQL. Patched to
   * each new snapshot before it is used; null until the first are ready (words go to PostgreSQL).
   */
  private postings: Postings | null = null;
  /** Work on the lists, one piece at a time (reading, patching, saving). */
  private postingsChain: Promise<unknown> = Promise.resolve();
  /** Whether words are decoded from posting lists (else always asked of PostgreSQL, as while the first lists are read). */
  private readonly usePostings: boolean;
  /** The first lists while they are read beside the first snapshot (rebuild). */
  private firstLists: Promise<Postings> | null = null;
  /** Whether reading (or loading) the first lists has started. */
  private postingsStarted = false;
  /** When the lists were last written to disk. */
  private postingsSavedAt = 0;
  /** Snapshots made by patching (search.patch.ts), and patches that failed and were replaced by a full read. */
  private patches = 0;
  private patchFailures = 0;
  private fullReads = 0;
  /**
   * Where a full read runs (search.apart.ts, decision 0066): in a process of its own that leaves
   * the snapshot on disk, so the heap a read grows is given back; null: in this process.
   */
  private readonly readApart: ReadApart | null;
  private readonly apartFrom: number;
  /** The first full read apart (snapshot and lists together), once begun: true when it left its files. */
  private apart: Promise<boolean> | null = null;
  /** How long a patched snapshot's names may drift from a full read's (REFRESH_EVERY_MS). */
  private readonly refreshEveryMs: number;
  /** A full read to refresh patched snapshots, while it runs; what it read, until the next snapshot is made from it. */
  private refreshing: Promise<void> | null = null;
  private refreshed: Snapshot | null = null;
  /** Full reads done apart, and reads apart that failed (then done here). */
  private readsApart = 0;
  private apartFailures = 0;
  /** Atoms decoded from the lists, by lexeme, for the snapshot in use (least recently used dropped past DECODED_MEGABYTES). */
  private readonly decoded = new KeptPerSnapshot<Atom>({ maxBytes: DECODED_MEGABYTES * 2 ** 20 });

  /**
   * `cacheMegabytes` bounds the atoms kept; `prewarmWords` frequent words are read ahead after
   * each new snapshot of a large catalogue (PREWARM_FROM_TITLES titles or more; 0: never);
   * `source` is what it searches (our catalogue by default); `keepRankingsFrom` (titles) which
   * texts keep their whole ranking; `snapshotDir` where snapshots are kept across restarts
   * (search.persist.ts; none by default); `waitForSnapshotMs` which snapshots count as slow to
   * make (not waited for after a change; the version read at most every VERSION_EVERY_MS) unless
   * the catalogue has fewer than `waitBelowTitles` titles;
   * `postings` false: no posting lists, every word asked of PostgreSQL (as while the first are read);
   * `readApart` where full reads run, when `snapshotDir` is set (search.apart.ts; else here), for
   * catalogues of `apartFromTitles` titles or more; `refreshEveryMs` how long after its last full
   * read a patched snapshot is read whole again (in the background); `facetsAheadFrom` which
   * searches have their facets counted ahead after a new snapshot (the titles they find).
   */
  constructor(
    private readonly db: Db,
    options: {
      cacheMegabytes?: number;
      prewarmWords?: number;
      prewarmFromTitles?: number;
      waitForSnapshotMs?: number;
      waitBelowTitles?: number;
      source?: CatalogueSource;
      keepRankingsFrom?: number;
      snapshotDir?: string | null;
      postings?: boolean;
      readApart?: ReadApart | null;
      apartFromTitles?: number;
      refreshEveryMs?: number;
      facetsAheadFrom?: number;
    } = {},
  ) {
    this.usePostings = options.postings ?? true;
    this.facets = new KeptPerSnapshot({ maxEntries: FACET_SETS });
    this.rankings = new KeptPerSnapshot({ maxBytes: RANKINGS_MEGABYTES * 2 ** 20 });
    this.filtered = new KeptPerSnapshot({ maxBytes: FILTERED_MEGABYTES * 2 ** 20 });
    this.phrases = new KeptPerSnapshot({ maxBytes: PHRASES_MEGABYTES * 2 ** 20 });
    this.prewarmFrom = options.prewarmFromTitles ?? PREWARM_FROM_TITLES;
    this.waitForSnapshotMs = options.waitForSnapshotMs ?? WAIT_FOR_SNAPSHOT_MS;
    this.waitBelowTitles = options.waitBelowTitles ?? WAIT_BELOW_TITLES;
    this.snapshotDir = options.snapshotDir ?? null;
    this.readApart = options.readApart ?? null;
    this.apartFrom = options.apartFromTitles ?? APART_FROM_TITLES;
    this.refreshEveryMs = options.refreshEveryMs ?? REFRESH_EVERY_MS;
    this.facetsAheadFrom = options.facetsAheadFrom ?? FACETS_AHEAD_FROM;
    this.keepRankingsFrom = options.keepRankingsFrom ?? KEEP_RANKINGS_FROM;
    this.maxBytes = (options.cacheMegabytes ?? 256) * 1024 * 1024;
    this.prewarmWords = options.prewarmWords ?? 0;
    this.source = options.source ?? CATALOGUE;
    this.textKeys = new TextKeys(db);
  }

  /**
   * The snapshot of the catalogue as it is now, rebuilt (once, however many ask) when stale.
   * A small catalogue's snapshot is read in milliseconds and simply waited for, so a change is
   * visible to the very next search. A large one's takes seconds (about 25 s at a million
   * titles): searches keep using the previous snapshot until the new one is ready, so titles
   * catalogued meanwhile appear a little later, never a search that waits.
   */
  async current(): Promise<Snapshot> {
    for (;;) {
      // A catalogue being imported into (lib/import-window.ts) is read again once the import ends.
      if (this.snapshot && importRunning()) return this.snapshot;
      const version = await this.latestVersion();
      const previous = this.snapshot;
      if (previous && previous.version >= version && !this.refreshed) return previous;
      const building = this.rebuild();
      if (previous && !this.waitsAfter(previous)) return previous;
      const built = await building;
      if (built.version >= version) return built;
    }
  }

  /**
   * The catalogue's version. Read for every search while a snapshot is quick to make (a change
   * shows in the very next search). When making one takes longer than `waitForSnapshotMs`,
   * searches answer from the previous snapshot for that long after a change anyway: one read
   * then serves every search of the next VERSION_EVERY_MS (at 100 searches a second, one query
   * instead of a hundred).
   */
  private latestVersion(): Promise<number> {
    if (!this.snapshot || this.waitsAfter(this.snapshot)) return readVersion(this.db, this.source);
    const now = performance.now();
    const last = this.versionRead;
    if (last && now - last.at < VERSION_EVERY_MS) return last.version;
    const version = readVersion(this.db, this.source);
    const read = { at: now, version };
    this.versionRead = read;
    // A failed read (the database away) is not kept: the next search asks again.
    version.catch(() => {
      if (this.versionRead === read) this.versionRead = null;
    });
    return version;
  }

  /**
   * Whether searches after a change wait for the next snapshot: when this one was quick to make,
   * or is a small catalogue's (fewer than `waitBelowTitles` titles: read in milliseconds, however
   * long the last read took on a loaded machine; an import into a small library is searchable by
   * the very next search).
   */
  private waitsAfter(snapshot: Snapshot): boolean {
    return snapshot.buildMs <= this.waitForSnapshotMs || snapshot.all.length < this.waitBelowTitles;
  }

  private rebuild(): Promise<Snapshot> {
    if (!this.building) {
      // The first posting lists are begun beside the first snapshot: both read the whole table,
      // and PostgreSQL serves the two together while this process takes in each one's rows.
      if (this.usePostings && !this.postings && !this.postingsStarted && !this.firstLists) {
        this.firstLists = this.firstPostings();
        this.firstLists.catch(() => undefined);
      }
      this.building = this.nextSnapshot()
        .then(async (s) => {
          const previous = this.snapshot;
          // What a patch from `previous` changed, once for the three carries below.
          const change = previous ? PatchChange.of(previous, s) : null;
          // What the kept facets counted of the titles a patch changed, read before the lists move on.
          const leaving = previous && change ? await this.facetsLeaving(previous, change) : null;
          await this.followPostings(s);
          const patched = previous ? await this.patchedAtoms(previous, s) : null;
          const texts = previous && change && leaving ? await this.patchedTexts(previous, s, change, leaving, patched?.atoms ?? new Map()) : null;
          const decoded = previous && change ? this.carriedLists(previous, s, change) : [];
          this.snapshot = s;
          // The facets kept on disk with the snapshot loaded at start (those whose every value is
          // the snapshot's), or those a patch carried; the rankings it carried.
          const fromDisk = previous ? [] : (this.keptFacetSets ?? []).filter(([, k]) => fitsSnapshot(k.facets, s));
          for (const [key, kept] of previous ? (texts?.facets ?? []) : fromDisk) this.facets.set(s, key, kept);
          for (const [key, ranking] of texts?.rankings ?? []) this.rankings.set(s, key, Promise.resolve(ranking), rankingBytes(ranking));
          for (const [lexeme, atom] of decoded) this.decoded.set(s, lexeme, atom, atom.bytes);
          if (texts?.givenUp.length) this.recountGivenUp(s, texts.givenUp).catch(() => undefined);
          this.carry.facetsLoaded += fromDisk.length;
          this.keptFacetSets = null;
          this.madeAt = Date.now();
          if (s.builtAt > s.readAt && Date.now() - s.readAt >= this.refreshEveryMs) this.refresh();
          const loaded = previous ? null : this.keptAtoms(s);
          this.atoms = patched?.atoms ?? loaded?.atoms ?? new Map();
          this.atomBytes = patched?.bytes ?? loaded?.bytes ?? 0;
          // A new snapshot is read ahead unless its atoms were carried over from one that was read
          // ahead to the end (a start from a kept snapshot a little behind the database replaces it
          // while its read-ahead has only begun: that read-ahead stops, this one goes on).
          const warmed = patched && previous !== null && this.warmedSnapshot === previous;
          if (warmed) {
            this.warmedSnapshot = s;
            this.keepWords(s, this.readAhead).catch(() => (this.wordsKept = null));
            this.keepFacets(s).catch(() => (this.facetsKept = null));
          } else if (this.prewarmWords > 0 && s.all.length >= this.prewarmFrom)
            this.warming = this.prewarm({ limit: this.prewarmWords, kept: this.keptWords ?? undefined }).catch(() => 0);
          return s;
        })
        .finally(() => (this.building = null));
      // Nobody may be waiting (a large catalogue answers from the previous snapshot meanwhile).
      this.building.catch(() => undefined);
    }
    return this.building;
  }

  /**
   * The snapshot to use next: at the first call, the one kept on disk when there is one (however
   * old: `current` then reads the new one while answering from it); else read from the database,
   * and kept on disk (at most every SAVE_EVERY_MS, in the background).
   */
  private async nextSnapshot(): Promise<Snapshot> {
    if (this.snapshotDir && !this.diskTried && !this.snapshot) {
      // Marked tried once the database answered who it is (a start during an outage tries again).
      const { file, identity } = await this.keptFile();
      this.diskTried = true;
      const kept = await loadSnapshot(file, identity, this.source);
      if (kept) {
        this.onDisk = kept.version;
        // An index that reads nothing ahead has no use for the words, nor one with posting lists kept.
        if (this.prewarmWords > 0 && !existsSync(postingsFile(file))) this.keptWords = await loadWords(wordsFile(file), identity, this.source);
        const facets = await loadFacets(facetsFile(file), identity, this.source);
        if (facets?.version === kept.version) {
          this.keptFacetSets = facets.kept;
          this.facetsKept = kept.version;
        }
        return kept;
      }
    }
    const refreshed = this.refreshed;
    this.refreshed = null;
    // A refresh read whole: the next snapshot is made from it (moved on by the changes since).
    if (refreshed) {
      const moved = await this.patched(refreshed);
      if (moved || refreshed.version >= (await readVersion(this.db, this.source))) return moved ?? refreshed;
    }
    let snapshot = await this.patched(this.snapshot);
    if (!snapshot) {
      // The first read brings the first lists with it; a later one (a patch that could not be made) only the snapshot.
      const read = await this.wholeApart(!this.snapshot);
      if (read) {
        this.fullReads++;
        this.onDisk = read.version;
        this.savedAt = Date.now();
        return read;
      }
      snapshot = await readSnapshot(this.db, this.source);
      this.fullReads++;
    }
    if (this.snapshotDir && !this.saving && Date.now() - this.savedAt >= SAVE_EVERY_MS) {
      this.saving = true;
      this.savedAt = Date.now();
      this.onDisk = snapshot.version;
      void this.keptFile()
        .then(({ file, identity }) => saveSnapshot(file, identity, this.source, snapshot))
        .catch(() => {
          this.savedAt = 0;
          this.onDisk = null;
        })
        .finally(() => (this.saving = false));
    }
    return snapshot;
  }

  /**
   * The snapshot in use moved to the catalogue's version by the change log (search.patch.ts,
   * decision 0065): only the titles changed since are read. Null when there is none to move, or
   * the log cannot say (then the whole catalogue is read). A patch that fails for another reason
   * than the database is counted and the whole catalogue read, so a fault of the patch never
   * leaves search behind the catalogue.
   */
  private async patched(previous: Snapshot | null): Promise<Snapshot | null> {
    if (!previous) return null;
    try {
      const patched = await patchSnapshot(this.db, previous, this.source);
      if (patched) this.patches++;
      return patched;
    } catch (error) {
      if (isDatabaseUnavailable(error)) throw error;
      this.patchFailures++;
      return null;
    }
  }

  /**
   * Reads the catalogue whole in the background (apart when it can), for the next snapshot to be
   * made from: patches name values by their first spelling and keep values nobody carries any
   * more (decision 0065), a full read puts that right. Searches meanwhile use the patched
   * snapshots; a failed refresh is tried again after the next patch.
   */
  private refresh(): void {
    if (this.refreshing) return;
    this.refreshing = (async () => {
      this.refreshed = (await this.wholeApart(false)) ?? (await readSnapshot(this.db, this.source));
      this.fullReads++;
    })()
      .catch(() => undefined)
      .finally(() => (this.refreshing = null));
  }

  /** Resolves once a refresh begun is over (its snapshot waiting for the next search, or failed). */
  async refreshDone(): Promise<void> {
    await this.refreshing;
  }

  /**
   * A full read apart (the first one, with the first lists, or another) loaded from the file it
   * left; null when full reads run here or it failed.
   */
  private async wholeApart(first: boolean): Promise<Snapshot | null> {
    if (!(await (first ? this.firstApart() : this.apartRead(false)))) return null;
    const { file, identity } = await this.keptFile();
    return loadSnapshot(file, identity, this.source);
  }

  /** The first full read apart, begun by whichever of the first snapshot and the first lists needs it first. */
  private firstApart(): Promise<boolean> {
    if (!this.apart) {
      const apart = this.apartRead(this.usePostings);
      this.apart = apart;
      // The database away before it began: the next attempt begins it again.
      apart.catch(() => {
        if (this.apart === apart) this.apart = null;
      });
    }
    return this.apart;
  }

  /**
   * A full read in a process of its own, left in the kept files: true once they are written;
   * false when full reads run here (no `readApart` or `snapshotDir`, a small catalogue) or the
   * read apart failed (counted; the caller then reads here, so search never depends on the child).
   */
  private async apartRead(postings: boolean): Promise<boolean> {
    if (!this.readApart || !this.snapshotDir) return false;
    if ((await highestTitle(this.db, this.source)) < this.apartFrom) return false;
    const { file, identity } = await this.keptFile();
    try {
      await this.readApart({ source: this.source.name, file, identity, postings });
      this.readsApart++;
      return true;
    } catch {
      this.apartFailures++;
      return false;
    }
  }

  private async keptFile(): Promise<{ file: string; identity: string }> {
    if (!this.kept) {
      const identity = await databaseIdentity(this.db);
      this.kept = { file: snapshotFile(this.snapshotDir!, identity, this.source), identity };
    }
    return this.kept;
  }

  /**
   * The atoms the read-ahead kept on disk (saveWords), as cache entries of `snapshot`, when they
   * were read for its very version (decision 0037: a restart with the catalogue unchanged).
   */
  private keptAtoms(snapshot: Snapshot): { atoms: Map<string, AtomEntry>; bytes: number } | null {
    const kept = this.keptWords;
    if (!kept || kept.version !== snapshot.version) return null;
    const atoms = new Map<string, AtomEntry>();
    let bytes = 0;
    for (const [lexeme, atom] of kept.atoms) {
      const key = `'${lexeme}'`;
      atoms.set(`${snapshot.version}\u0000${wordCacheKey(key, false)}`, {
        atom: Promise.resolve(atom),
        query: this.wordQuery(key, lexeme, false),
        bytes: atom.bytes,
      });
      bytes += atom.bytes;
    }
    this.wordsKept = { version: snapshot.version, limit: kept.limit };
    return { atoms, bytes };
  }

  /**
   * Keeps the read-ahead of `snapshot` on disk beside its snapshot file (once per version, so as
   * often as that file is written, at most every SAVE_EVERY_MS; again when a read-ahead of the
   * same version read more words, as after SEARCH_PREWARM_WORDS was raised): the words and the
   * atoms of single lexemes cached for it now.
   */
  private async keepWords(snapshot: Snapshot, { words, limit }: ReadAhead): Promise<void> {
    // Only beside a snapshot file of the same version: a restart loads them together or not at all.
    if (!this.snapshotDir || this.onDisk !== snapshot.version) return;
    if (this.wordsKept?.version === snapshot.version && limit <= this.wordsKept.limit) return;
    this.wordsKept = { version: snapshot.version, limit };
    const prefix = `${snapshot.version}\u0000`;
    const atoms = new Map<string, Atom>();
    for (const [key, entry] of this.atoms) {
      if (!key.startsWith(prefix) || entry.bytes === 0) continue;
      const [kind, similar, wordKey] = JSON.parse(key.slice(prefix.length)) as [string, boolean, string];
      const lexeme = kind === 'word' && !similar ? singleLexeme(wordKey) : null;
      if (lexeme !== null) atoms.set(lexeme, await entry.atom);
    }
    const { file, identity } = await this.keptFile();
    await saveWords(wordsFile(file), identity, this.source, { version: snapshot.version, words, limit, atoms });
  }

  /**
   * Keeps the facets kept for `snapshot` on disk beside its snapshot file (decision 0067; once
   * per version, so as often as that file is written): a restart loads them with it.
   */
  private async keepFacets(snapshot: Snapshot): Promise<void> {
    if (!this.snapshotDir || this.onDisk !== snapshot.version || this.facetsKept === snapshot.version) return;
    this.facetsKept = snapshot.version;
    const { file, identity } = await this.keptFile();
    await saveFacets(facetsFile(file), identity, this.source, snapshot.version, this.facets.keptFor(snapshot));
  }

  /**
   * The cached atoms carried over to a new snapshot: when few titles changed between the two
   * (their row version, xmin, differs, or they are new or gone), each atom drops those titles
   * and asks PostgreSQL about just them again. Null (start empty) when too many changed.
   */
  private async patchedAtoms(previous: Snapshot, next: Snapshot): Promise<{ atoms: Map<string, AtomEntry>; bytes: number } | null> {
    const changed = changedTitles(previous, next);
    if (changed.length > Math.max(PATCH_MIN_TITLES, next.all.length / 100)) return null;
    const changedSet = idSet(changed);
    const atoms = new Map<string, AtomEntry>();
    let bytes = 0;
    const prefix = `${previous.version}\u0000`;
    for (const [key, entry] of [...this.atoms]) {
      if (!key.startsWith(prefix)) continue;
      try {
        const atom = await entry.atom;
        const fresh = changed.length ? atomOf(next, await entry.query(changed)) : null;
        const kept = subtract(atom.ids, changedSet);
        const patched = fresh ? mergeAtoms(atom, kept, fresh) : atom;
        const moved = { atom: Promise.resolve(patched), query: entry.query, bytes: patched.bytes };
        atoms.set(`${next.version}\u0000${key.slice(prefix.length)}`, moved);
        bytes += patched.bytes;
      } catch {
        // An atom whose query failed is simply not carried over.
      }
    }
    return { atoms, bytes };
  }

  /**
   * The kept facets a patch can carry to `next` (decision 0067): those of a single word searched
   * in every field, a broad search's usual form and the ones counted ahead. For each, the changed
   * titles its word matched in `previous` (none when every changed title is new), read from the
   * lists or atoms of `previous` while they are still its (`change`: the patch from it).
   */
  private async facetsLeaving(previous: Snapshot, change: PatchChange): Promise<Map<string, IdSet> | null> {
    // However many titles the patch changed (it was cheaper than a full read): carrying a text's
    // facets visits only those of them it matches, where counting again visits all it matches.
    if (this.facets.size === 0) return null;
    const present = change.leaving;
    const leaving = new Map<string, IdSet>();
    for (const [key] of this.facets.keptFor(previous)) {
      const word = singleWordOf(key);
      if (word === null) continue;
      if (present.length === 0) {
        leaving.set(key, EMPTY);
        continue;
      }
      const atom = await this.atomIfAt(previous, word);
      if (atom) leaving.set(key, intersect(atom.ids, present));
    }
    return leaving;
  }

  /**
   * The kept facets and rankings of `previous`'s one-word texts that `leaving` names, carried to
   * `next` (patchFacets, patchRanking): the changed titles the word matches now, read once per
   * text. Facets it cannot carry are counted again when searched.
   */
  private async patchedTexts(
    previous: Snapshot,
    next: Snapshot,
    change: PatchChange,
    leaving: Map<string, IdSet>,
    atoms: Map<string, AtomEntry>,
  ): Promise<{ facets: [string, KeptFacets][]; rankings: [string, Ranking][]; givenUp: string[] }> {
    const { arriving } = change;
    // The titles just read are in the lists' overlay (until a merge): a word's few there tell which match.
    const overlay = this.overlayOf(next, change);
    const matching = new Map<string, Promise<Matching | null>>();
    const matches = (word: string) => {
      let known = matching.get(word);
      if (!known) {
        known = (async () => {
          if (arriving.length === 0) return { ids: EMPTY, masks: new Uint8Array(0) };
          const lexeme = singleLexeme(word);
          return overlay && lexeme !== null ? change.arrivingWith(overlay, lexeme) : among(await this.atomIfAt(next, word, atoms), arriving);
        })();
        matching.set(word, known);
      }
      return known;
    };
    const facets: [string, KeptFacets][] = [];
    const givenUp: string[] = [];
    for (const [key, kept] of this.facets.keptFor(previous)) {
      const was = leaving.get(key);
      const is = was && (await matches(singleWordOf(key)!));
      if (!was || !is) continue;
      const patched = patchFacets(kept, previous, next, was, is.ids);
      if (patched) facets.push([key, patched]);
      else givenUp.push(key);
    }
    this.carry.facetsRecounted += givenUp.length;
    this.carry.facetsCarried += facets.length;
    // A ranking drops every changed title and takes back, at its level now, each it matches.
    const rankings: [string, Ranking][] = [];
    for (const [key, kept] of this.rankings.keptFor(previous)) {
      const ranked = rankingOf(key);
      const word = ranked && !ranked.similar && leaving.has(ranked.textKey) ? singleWordOf(ranked.textKey) : null;
      if (word === null || ranked!.keys.length !== 1 || ranked!.keys[0] !== word) continue;
      const is = await matches(word);
      const ranking = await kept.catch(() => null);
      if (!is || !ranking) continue;
      rankings.push([key, patchRanking(ranking, change.marks, is.ids, levelsOf(next, is.ids, [is], ranked!.title))]);
    }
    this.carry.rankingsCarried += rankings.length;
    return { facets, rankings, givenUp };
  }

  /**
   * Counts again, in the background, the facets of the texts a patch gave up (patchedTexts), one
   * at a time with searches let in between, most recently used first, so that their next search
   * finds them kept as a second sight would; a search that comes first counts its own. Stops when
   * a newer snapshot takes over.
   */
  private async recountGivenUp(snapshot: Snapshot, keys: string[]): Promise<void> {
    const run = new Run(this, snapshot, newSearchState({}));
    for (const key of keys.reverse()) {
      await new Promise((resolve) => setImmediate(resolve));
      if (this.snapshot !== snapshot) return;
      if (this.facets.get(snapshot, key)) continue;
      const word = singleWordOf(key)!;
      const atom = await this.wordAtom(snapshot, word, singleLexeme(word) ?? word, false).catch(() => null);
      if (!atom || this.snapshot !== snapshot || this.facets.get(snapshot, key)) continue;
      this.facets.set(snapshot, key, run.ownFacets(atom.ids));
      this.carry.facetsCountedAgain++;
    }
  }

  /**
   * The words decoded from the lists for `previous`, carried to `next` (its patch) by the titles
   * it changed (Postings.carried), when the lists hold every changed title's new vector in their
   * overlay: a word's first search after a patch then decodes nothing.
   */
  private carriedLists(previous: Snapshot, next: Snapshot, change: PatchChange): [string, Atom][] {
    const overlay = this.overlayOf(next, change);
    if (!overlay) return [];
    const carried = this.decoded
      .keptFor(previous)
      .map(([lexeme, atom]): [string, Atom] => [lexeme, overlay.carried(lexeme, next, atom, change.marks, change.arrivingWith(overlay, lexeme))]);
    this.carry.listsCarried += carried.length;
    return carried;
  }

  /** The lists when they are at `next` and hold every title `change` brought in their overlay (read since their last merge). */
  private overlayOf(next: Snapshot, change: PatchChange): Postings | null {
    const postings = this.postings;
    return postings && postings.version === next.version && postings.readSince(change.arriving) ? postings : null;
  }

  /**
   * A word's atom (its key, wordKey) as `snapshot` has it, when it can be had without asking
   * PostgreSQL: from the lists while they are at `snapshot`, else from the atoms kept (`atoms`:
   * those patched for it); null otherwise.
   */
  private async atomIfAt(snapshot: Snapshot, key: string, atoms = this.atoms): Promise<Atom | null> {
    const lexeme = singleLexeme(key);
    if (lexeme !== null && this.postings?.version === snapshot.version) return this.decoded.get(snapshot, lexeme) ?? this.postings.atom(lexeme, snapshot);
    const entry = atoms.get(`${snapshot.version}\u0000${wordCacheKey(key, false)}`);
    return entry ? entry.atom.catch(() => null) : null;
  }

  /**
   * The atom of a word whose key (wordKey) is `key`: decoded from the posting lists when it is
   * one lexeme of the plain vectors and the lists match `snapshot`, else asked of PostgreSQL.
   */
  wordAtom(snapshot: Snapshot, key: string, word: string, similar: boolean): Promise<Atom> {
    const lexeme = similar ? null : singleLexeme(key);
    const postings = this.postings;
    if (lexeme !== null && postings && postings.version === snapshot.version) {
      const kept = this.decoded.get(snapshot, lexeme);
      if (kept) return Promise.resolve(kept);
      const atom = postings.atom(lexeme, snapshot);
      this.decoded.set(snapshot, lexeme, atom, atom.bytes);
      return Promise.resolve(atom);
    }
    return this.atom(snapshot, wordCacheKey(key, similar), this.wordQuery(key, word, similar));
  }

  /**
   * Brings the posting lists to `snapshot` before it is used (the titles changed since read
   * again, search.postings.ts). The first lists are loaded from disk, or read from the database:
   * waited for on a small catalogue, in the background on a large one (its words go to
   * PostgreSQL meanwhile). A failure leaves no lists: the next snapshot starts them again.
   */
  private async followPostings(s: Snapshot): Promise<void> {
    if (!this.usePostings || (!this.postings && this.postingsStarted)) return;
    const first = !this.postings;
    this.postingsStarted = true;
    const work = this.onPostings(async () => {
      const early = this.firstLists;
      this.firstLists = null;
      const postings = this.postings ?? (await (early ?? this.firstPostings()));
      // The snapshot in use may have moved on while the first lists were read.
      const target = first && this.snapshot && this.snapshot.version > s.version ? this.snapshot : s;
      if (postings.version !== target.version) await postings.patchTo(this.db, target, this.source);
      this.postings = postings;
      if (this.snapshotDir && Date.now() - this.postingsSavedAt >= SAVE_EVERY_MS) {
        this.postingsSavedAt = Date.now();
        const { file, identity } = await this.keptFile();
        savePostings(postingsFile(file), identity, this.source, postings).catch(() => (this.postingsSavedAt = 0));
      }
    });
    // Lists that fail to follow a snapshot fail its making (the next search tries again): a
    // snapshot is never used with lists behind it. The first lists failing leave none (words go
    // to PostgreSQL) until the next snapshot begins them again.
    if (!first) return work;
    const begun = work.catch(() => {
      this.postings = null;
      this.postingsStarted = false;
    });
    if (s.all.length < this.prewarmFrom) await begun;
  }

  /** The lists kept on disk for this database, else read apart with the first snapshot, else read here. */
  private async firstPostings(): Promise<Postings> {
    if (this.snapshotDir) {
      const { file, identity } = await this.keptFile();
      const kept =
        (await loadPostings(postingsFile(file), identity, this.source)) ??
        ((await this.firstApart()) ? await loadPostings(postingsFile(file), identity, this.source) : null);
      if (kept) {
        // Kept at the time they were: not written again until they change.
        this.postingsSavedAt = Date.now();
        return kept;
      }
    }
    return Postings.read(this.db, this.source);
  }

  /** Resolves once the posting lists being read or patched are in: true, or false when there are none (a failure, or `postings: false`). */
  async postingsReady(): Promise<boolean> {
    await this.postingsChain;
    return this.postings !== null;
  }

  /** Runs `work` on the lists after whatever work on them was asked before. */
  private onPostings<T>(work: () => Promise<T>): Promise<T> {
    const run = this.postingsChain.then(work);
    this.postingsChain = run.catch(() => undefined);
    return run;
  }

  /** How a word's atom is read: a word that is one lexeme of the plain vector with its positions (phrases in memory). */
  private wordQuery(key: string, word: string, similar: boolean): AtomQuery {
    const lexeme = similar ? null : singleLexeme(key);
    return (only) => (lexeme !== null ? fetchWordPositions(this.db, lexeme, only, this.source) : fetchWordAtom(this.db, word, similar, only, this.source));
  }

  /** A word's cache key, from PostgreSQL once per spelling (then remembered). */
  wordKey(word: string, similar: boolean): Promise<string | null> {
    return this.textKeys.wordKey(word, similar);
  }

  /** How many titles a word (its key from wordKey) is found in, in the snapshot in use (no version asked). */
  async wordTitles(key: string, word: string, similar: boolean): Promise<number> {
    return (await this.wordAtom(this.snapshot ?? (await this.current()), key, word, similar)).ids.length;
  }

  /** The current snapshot's version and number of titles. */
  async summary(): Promise<{ version: number; titles: number }> {
    const snapshot = await this.current();
    return { version: snapshot.version, titles: snapshot.all.length };
  }

  /**
   * Reads ahead the atoms of the `limit` words found in the most titles (at least `minTitles`):
   * the words whose first search would otherwise read thousands of rows. Reads two at a time;
   * stops early when the snapshot is replaced.
   * Resolves to how many atoms it read.
   */
  async prewarm({
    minTitles = PREWARM_MIN_TITLES,
    limit = PREWARM_WORDS,
    concurrency = PREWARM_CONCURRENCY,
    kept,
  }: { minTitles?: number; limit?: number; concurrency?: number; kept?: ReadAhead } = {}): Promise<number> {
    let snapshot = await this.current();
    // The first posting lists, when being read, spare reading the words from PostgreSQL.
    await this.postingsChain;
    snapshot = this.snapshot ?? snapshot;
    const postings = this.postings?.version === snapshot.version ? this.postings : null;
    // The words a previous read-ahead chose (kept on disk) spare the scan that finds them, unless
    // it asked for fewer than are asked for now (the setting raised since).
    const words = postings
      ? postings.frequent(minTitles, limit)
      : kept && kept.limit >= limit
        ? kept.words.slice(0, limit)
        : await frequentWords(this.db, minTitles, limit, this.source);
    this.readAhead = { words, limit };
    let next = 0;
    let n = 0;
    // Two at a time: PostgreSQL reads one word while the API takes in the other's rows.
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < words.length && this.snapshot === snapshot) {
          const word = words[next++]!;
          // The lexeme is its own spelling: it folds to itself.
          await this.wordAtom(snapshot, `'${word}'`, word, false);
          n++;
        }
      }),
    );
    if (this.snapshot === snapshot && this.source === CATALOGUE) await this.warmFacets(snapshot, words);
    if (this.snapshot === snapshot) {
      this.warmedSnapshot = snapshot;
      // In the background: a write that fails only means the next start reads them again. With
      // posting lists there is nothing to keep: they are kept themselves.
      if (!postings) this.keepWords(snapshot, { words, limit }).catch(() => (this.wordsKept = null));
      this.keepFacets(snapshot).catch(() => (this.facetsKept = null));
    }
    return n;
  }

  /**
   * Counts ahead the facets of the broad searches (issue 27): a frequent word in any field,
   * a frequent author word in the author field, a frequent subject heading in the subject
   * field, each found in FACETS_AHEAD_FROM titles or more, so that their first search after a
   * start reads the facets from the cache as later ones do (as a search engine's warming
   * queries fill its caches before it serves). Counting a 40,000-title result's facets takes
   * some 15 ms at a million titles; these are the searches that would pay it.
   */
  private async warmFacets(snapshot: Snapshot, words: string[]): Promise<void> {
    const searches: SearchRow[] = [];
    for (const word of words) {
      const atom = await this.wordAtom(snapshot, `'${word}'`, word, false);
      if (atom.ids.length >= this.facetsAheadFrom) searches.push(searchRow(word));
    }
    for (const { campo, termo } of await frequentHeadingSearches(this.db, this.facetsAheadFrom, FACETS_AHEAD_LIMIT)) searches.push(searchRow(termo, { campo }));
    for (const row of searches.slice(0, FACETS_AHEAD_LIMIT)) {
      if (this.snapshot !== snapshot) return;
      const state = newSearchState({ linhas: [row], quantPag: 1 });
      // A search thread counts only those that will be asked of it.
      await new Run(this, snapshot, state).execute();
    }
  }

  /**
   * Makes the index ready to answer quickly: reads the snapshot and, for a large catalogue,
   * reads ahead its frequent words (which a new snapshot starts in the background; this waits
   * for it). The server takes connections once the snapshot is in and calls this after
   * (decision 0037); the partner network's index, and the benchmark, wait on it.
   */
  async warm(): Promise<{ snapshot: Snapshot; prewarmed: number }> {
    let snapshot = await this.current();
    // Until the latest read-ahead is over (a newer snapshot may have started another meanwhile).
    for (;;) {
      const warming = this.warming;
      const prewarmed = (await warming) ?? 0;
      if (warming === this.warming) return { snapshot: this.snapshot ?? snapshot, prewarmed };
      snapshot = this.snapshot ?? snapshot;
    }
  }

  /** Facets of an unfiltered text search, computed once per text and snapshot (the FACET_SETS last used kept). */
  facetsFor(snapshot: Snapshot, key: string, count: () => KeptFacets): PackedFacets {
    const kept = this.facets.get(snapshot, key);
    if (kept) return kept.facets;
    const counted = count();
    this.facets.set(snapshot, key, counted);
    return counted.facets;
  }

  /** The facets kept for an unfiltered text search (facetsFor), if they are; a use keeps them longer. */
  keptFacets(snapshot: Snapshot, key: string): PackedFacets | undefined {
    return this.facets.get(snapshot, key)?.facets;
  }

  /**
   * A filtered search's titles and facets, kept per text and filters until the catalogue changes
   * (least recently used dropped past FILTERED_MEGABYTES): its next page or another sort of it
   * counts nothing again.
   */
  filteredFor(snapshot: Snapshot, key: string, count: () => Filtered): Filtered {
    const kept = this.filtered.get(snapshot, key);
    if (kept) return kept;
    const counted = count();
    // Exactly its own size: a subarray would hold the whole buffer it was cut from.
    const filtered = { passing: counted.passing.slice(), facets: counted.facets };
    this.filtered.set(snapshot, key, filtered, filteredBytes(filtered));
    return filtered;
  }

  /**
   * The whole relevance ranking of a text matching many titles, kept per text and snapshot
   * (least recently used dropped past RANKINGS_MEGABYTES), computed once however many ask.
   */
  rankingFor(snapshot: Snapshot, key: string, rank: () => Promise<Ranking>): Promise<Ranking> {
    return keptPromise(this.rankings, snapshot, key, rank, rankingBytes);
  }

  /**
   * A phrase's titles matched in memory (null: it cannot be there), kept per phrase and field
   * until the catalogue changes (least recently used dropped past PHRASES_MEGABYTES): its next
   * page, another sort or a filter does not match its words' positions again.
   */
  phraseFor(snapshot: Snapshot, key: string, match: () => Promise<IdSet | null>): Promise<IdSet | null> {
    // Exactly its own size: a subarray would hold the whole buffer it was cut from.
    const exact = async () => (await match())?.slice() ?? null;
    // Its key and entry reckoned too: a phrase found nowhere, or left to PostgreSQL (null), is not free.
    return keptPromise(this.phrases, snapshot, key, exact, (ids) => (ids?.byteLength ?? 0) + 2 * key.length + 64);
  }

  /**
   * The words of the catalogue's vocabulary spelt near each typed word (nearWords: a trigram
   * search of some milliseconds a word in PostgreSQL), kept per word and field until the catalogue
   * changes — the statements that change titles change the vocabulary with them — so that a
   * misspelling, or a search of common words that finds nothing, met again asks the database
   * nothing. In the order given; one query for the words not kept.
   */
  async nearWords(typed: { folded: string; sound: string; campo: SearchRow['campo'] }[]): Promise<NearWord[][]> {
    const snapshot = await this.current();
    const keys = typed.map((t) => JSON.stringify([t.folded, t.sound, t.campo]));
    const found = new Map<string, NearWord[]>();
    const asked = new Map<string, (typeof typed)[number]>();
    for (const [i, key] of keys.entries()) {
      const kept = this.near.get(snapshot, key);
      if (kept) found.set(key, kept);
      else asked.set(key, typed[i]!);
    }
    if (asked.size > 0) {
      const answers = await nearWords(this.db, [...asked.values()]);
      for (const [i, key] of [...asked.keys()].entries()) {
        const words = answers[i]!;
        found.set(key, words);
        // Its key, the entry, and each word's strings and fields.
        this.near.set(snapshot, key, words, 2 * key.length + 64 + words.reduce((sum, w) => sum + 2 * (w.word.length + w.sound.length) + 64, 0));
      }
    }
    return keys.map((key) => found.get(key)!);
  }

  /** A phrase's title key as PostgreSQL folds it (estante_key), once per phrase. */
  titleKey(phrase: string): Promise<string> {
    return this.textKeys.titleKey(phrase);
  }

  /**
   * What `/metrics` and `/health/ready` say of this index (decision 0059): the snapshot in use
   * (version null: none yet), its titles, and when it was made. Asked before any snapshot was
   * made, it starts making the first (as the first search would).
   */
  async figures(): Promise<IndexFigures> {
    if (!this.snapshot) this.current().catch(() => undefined);
    return {
      version: this.snapshot?.version ?? null,
      titles: this.snapshot?.all.length ?? 0,
      madeAt: this.madeAt,
      patches: this.patches,
      fullReads: this.fullReads,
      patchSeconds: this.snapshot?.patchMs === undefined ? null : this.snapshot.patchMs / 1000,
    };
  }

  /**
   * The catalogue's version in the database now. When it is ahead of the snapshot in use, the
   * next snapshot is started (as the next search would), so an index nobody searches still
   * follows the catalogue and a scrape never reports one stale for want of searches.
   */
  async catalogueVersion(): Promise<number> {
    const version = await readVersion(this.db, this.source);
    if (this.snapshot && version > this.snapshot.version) this.current().catch(() => undefined);
    return version;
  }

  /** Figures for logs and the benchmark. */
  stats() {
    return {
      version: this.snapshot?.version ?? null,
      titles: this.snapshot?.all.length ?? 0,
      buildMs: this.snapshot?.buildMs ?? 0,
      /** The last patch (the snapshot in use, when it was patched): ms, titles read; how many patches and failed patches so far. */
      patchMs: this.snapshot?.patchMs ?? null,
      changedTitles: this.snapshot?.changedTitles ?? null,
      patches: this.patches,
      patchFailures: this.patchFailures,
      fullReads: this.fullReads,
      readsApart: this.readsApart,
      apartFailures: this.apartFailures,
      atoms: this.atoms.size,
      atomBytes: this.atomBytes,
      facetSets: this.facets.size,
      ...this.carry,
      filteredSets: this.filtered.size,
      filteredBytes: this.filtered.bytes,
      rankings: this.rankings.size,
      rankingBytes: this.rankings.bytes,
      phrases: this.phrases.size,
      phraseBytes: this.phrases.bytes,
      nearWords: this.near.size,
      nearWordBytes: this.near.bytes,
      decoded: this.decoded.size,
      decodedBytes: this.decoded.bytes,
      postings: this.postings?.stats() ?? null,
    };
  }

  /** How many titles `state` finds (no page ordered, no facets of a filtered search kept). */
  async count(state: SearchState): Promise<number | null> {
    const snapshot = await this.current();
    return new Run(this, snapshot, state).count();
  }

  /** Runs the search part of `state` (everything but reading the page's rows). */
  async run(state: SearchState): Promise<SearchOutcome | null> {
    const snapshot = await this.current();
    const run = new Run(this, snapshot, state);
    return run.execute();
  }

  /**
   * "Did you mean" for a search that found `found` titles (search.suggest.ts): worked out here,
   * where the word atoms and counts are, so an API worker asks it in one call.
   */
  suggest(state: SearchState, found: number): Promise<Suggestion<SearchOutcome> | null> {
    return suggestSearch(this, state, found);
  }

  /**
   * A cached atom, fetched once however many searches ask for it at the same time. `query`
   * reads its rows (of just the given titles, when patching it for a new snapshot).
   */
  atom(snapshot: Snapshot, key: string, query: AtomQuery): Promise<Atom> {
    const cacheKey = `${snapshot.version}\u0000${key}`;
    const cached = this.atoms.get(cacheKey);
    if (cached) {
      // Least recently used goes first: a hit moves the entry to the end.
      this.atoms.delete(cacheKey);
      this.atoms.set(cacheKey, cached);
      return cached.atom;
    }
    const promise = query().then(
      (rows) => {
        const atom = atomOf(snapshot, rows);
        if (this.snapshot !== snapshot) this.atoms.delete(cacheKey);
        else if (this.atoms.get(cacheKey) === entry) this.remember(entry, atom);
        return atom;
      },
      (error: unknown) => {
        this.atoms.delete(cacheKey);
        throw error;
      },
    );
    // The callbacks above run later, once `entry` is set.
    const entry: AtomEntry = { atom: promise, query, bytes: 0 };
    this.atoms.set(cacheKey, entry);
    return promise;
  }

  /**
   * Counts a fetched atom and drops the least recently used until the rest fit. Sizes are read
   * synchronously from the entries (an atom still being fetched counts nothing and stays).
   */
  private remember(entry: AtomEntry, atom: Atom) {
    entry.bytes = atom.bytes;
    this.atomBytes += atom.bytes;
    for (const [key, old] of this.atoms) {
      if (this.atomBytes <= this.maxBytes) break;
      if (old === entry || old.bytes === 0) continue;
      this.atoms.delete(key);
      this.atomBytes -= old.bytes;
    }
  }

  get database(): Db {
    return this.db;
  }
}

/**
 * The keys PostgreSQL gives a word (its lexemes, wordKey) and a phrase (its title key,
 * estante_key), asked once per spelling and remembered (up to 100,000 of each). The keys asked
 * in one turn of the event loop — a search's words, the searches arriving together — are asked
 * in one statement (textKeys), as a DataLoader batches: a first sight's four or so keys cost one
 * round trip, not one each. An API worker whose searches run in the primary's index
 * (search.remote.ts) keeps its own, for typeahead's phrases.
 */
export class TextKeys {
  private words = new Map<string, string | null>();
  private phrases = new Map<string, string>();
  /** Keys asked and not known yet, by spelling (words) or phrase: one promise each. */
  private asking = new Map<string, Promise<string | null>>();
  /** The keys of this turn, asked together at its end. */
  private batch: { key: string; asked: KeyAsked; resolve: (key: string | null) => void; reject: (error: unknown) => void }[] = [];

  constructor(private readonly db: Db) {}

  async wordKey(word: string, similar: boolean): Promise<string | null> {
    const spelling = `${similar ? 1 : 0}${word}`;
    const known = this.words.get(spelling);
    if (known !== undefined) return known;
    const key = await this.ask(`w${spelling}`, { word, similar });
    if (this.words.size >= 100_000) this.words.clear();
    this.words.set(spelling, key);
    return key;
  }

  async titleKey(phrase: string): Promise<string> {
    const known = this.phrases.get(phrase);
    if (known !== undefined) return known;
    const key = (await this.ask(`p${phrase}`, { phrase })) ?? '';
    if (this.phrases.size >= 100_000) this.phrases.clear();
    this.phrases.set(phrase, key);
    return key;
  }

  private ask(key: string, asked: KeyAsked): Promise<string | null> {
    let answer = this.asking.get(key);
    if (answer) return answer;
    answer = new Promise<string | null>((resolve, reject) => {
      if (this.batch.length === 0) queueMicrotask(() => this.flush());
      this.batch.push({ key, asked, resolve, reject });
    });
    this.asking.set(key, answer);
    return answer;
  }

  private flush(): void {
    const batch = this.batch;
    this.batch = [];
    textKeys(
      this.db,
      batch.map((b) => b.asked),
    ).then(
      (keys) => {
        for (const [i, b] of batch.entries()) {
          this.asking.delete(b.key);
          b.resolve(keys[i]!);
        }
      },
      (error: unknown) => {
        for (const b of batch) {
          this.asking.delete(b.key);
          b.reject(error);
        }
      },
    );
  }
}

/** A word atom's key in the cache (after the snapshot version): its key from wordKey, and whether similar words count. */
function wordCacheKey(key: string, similar: boolean): string {
  return JSON.stringify(['word', similar, key]);
}

/** Unfiltered texts whose facets are kept (facetsFor): a broad text's are some 200 values. */
const FACET_SETS = 2000;

/** Texts matching at least this many titles keep their ranking: below, ranking a page costs under a millisecond. */
const KEEP_RANKINGS_FROM = 5000;

/**
 * Memory for the kept rankings of texts matching many titles (about a byte and a third a title,
 * their ids as gaps: Ranking). At a million titles the benchmark's passes keep 705 rankings, 23.8
 * MB (73.2 MB at 4 bytes a title, when this bound was 128 MB): room for twice as many again of
 * texts searched since, before the read-ahead's are dropped.
 */
const RANKINGS_MEGABYTES = 64;

/**
 * Memory for the kept filtered searches (filteredFor): their titles (4 bytes each) and facets
 * (some 200 values, packed in 17 bytes each). A broad text's filtered search keeps tens of
 * thousands of titles: room for some hundreds of them.
 */
const FILTERED_MEGABYTES = 32;

/** Memory for the atoms decoded from the posting lists (a common word's is some 300 KB with its positions). */
const DECODED_MEGABYTES = 32;

/** Memory for the phrases matched in memory (phraseFor): 4 bytes a title; a phrase of common words finds some thousands. */
const PHRASES_MEGABYTES = 16;

/** Memory for the near spellings kept (nearWords): up to 30 words a typed word, some 2 KB; room for some thousands. */
const NEAR_WORDS_MEGABYTES = 8;

function filteredBytes({ passing, facets }: Filtered): number {
  return passing.byteLength + packedBytes(facets) + 64;
}

/** A new snapshot is written to disk at most this often (a large one is some 100 MB). */
const SAVE_EVERY_MS = 5 * 60_000;

/** Words read ahead at the same time. */
const PREWARM_CONCURRENCY = 2;

/** Searches finding at least this many titles have their facets counted ahead (warmFacets), at most the limit. */
const FACETS_AHEAD_FROM = 5000;
const FACETS_AHEAD_LIMIT = 1000;

/**
 * Words in fewer titles than this are not read ahead however high the limit: a word in a hundred
 * titles at a million is read in a few tens of milliseconds, and the vocabulary's tail is long.
 */
const PREWARM_MIN_TITLES = 100;

/** Below this many titles every word's first search is quick: no reading ahead. */
const PREWARM_FROM_TITLES = 50_000;

/**
 * Below this many titles (the highest title number) a full read is done in the process: it
 * takes well under a second and a few tens of MB, less than starting a process to do it
 * (decision 0066).
 */
const APART_FROM_TITLES = 100_000;

/**
 * A patched snapshot whose catalogue was last read whole longer ago than this is read whole again
 * in the background (search.index.ts refresh): a day's drift of names at most.
 */
const REFRESH_EVERY_MS = 24 * 60 * 60 * 1000;

/** Snapshots that took longer than this to read are not waited for when the catalogue changes. */
const WAIT_FOR_SNAPSHOT_MS = 1000;

/**
 * A catalogue with fewer titles than this is always waited for after a change: its snapshot is
 * read or patched in milliseconds on an idle machine, and one slow read (a loaded machine, the
 * embedded database's first read) must not leave the next imports unsearchable for a while.
 */
const WAIT_BELOW_TITLES = 50_000;

/** With such a snapshot, the catalogue's version is read at most this often (latestVersion). */
const VERSION_EVERY_MS = 1000;

interface AtomEntry {
  atom: Promise<Atom>;
  query: AtomQuery;
  /** The atom's size once fetched (0 while it is being fetched). */
  bytes: number;
}

/** Atoms are patched rather than dropped when at most this many (or 1%) of titles changed. */
const PATCH_MIN_TITLES = 1000;

/**
 * The word key (wordKey) of a kept facets key (Run.filtered: the base, then the text's parts)
 * when it is one word searched in every field, as typed (not "similar"), in no special base;
 * else null.
 */
function singleWordOf(key: string): string | null {
  try {
    const [base, match] = JSON.parse(key) as [string | null, string];
    if (base && BASE_WORK_TYPES[base as keyof typeof BASE_WORK_TYPES] !== undefined) return null;
    const parts = JSON.parse(match) as [string | null, string][];
    if (parts.length !== 1) return null;
    const row = JSON.parse(parts[0]![1]) as unknown[];
    const words = row[3];
    if (row[0] !== 'palavras' || row[1] !== 15 || row[2] !== false || !Array.isArray(words) || words.length !== 1) return null;
    return typeof words[0] === 'string' ? words[0] : null;
  } catch {
    return null;
  }
}

/** The titles a patch changed that a word matches now, with the word's fields in each. */
interface Matching {
  ids: IdSet;
  masks: Uint8Array | null;
}

/** Of a word's titles (with their fields), those among `ids` (both ascending); null for no titles known. */
function among(listed: Matching | null, ids: IdSet): Matching | null {
  if (!listed) return null;
  const out = new Int32Array(Math.min(listed.ids.length, ids.length));
  const masks = listed.masks ? new Uint8Array(out.length) : null;
  let n = 0;
  for (let i = 0, j = 0; i < listed.ids.length && j < ids.length; i++) {
    const id = listed.ids[i]!;
    while (j < ids.length && ids[j]! < id) j++;
    if (ids[j] !== id) continue;
    if (masks) masks[n] = listed.masks![i]!;
    out[n++] = id;
  }
  return { ids: out.subarray(0, n), masks: masks?.subarray(0, n) ?? null };
}

/**
 * What a patch changed between the snapshot it began from and the one it made, computed once for
 * what it carries (facets, rankings, decoded lists: decision 0067).
 */
class PatchChange {
  private withLexeme = new Map<string, Matching>();

  private constructor(
    /** The changed titles present before (their old values leave the kept counts). */
    readonly leaving: IdSet,
    /** The changed titles present now. */
    readonly arriving: IdSet,
    /** A mark by id on every changed title (new, gone or changed). */
    readonly marks: Uint8Array,
  ) {}

  /** The change from `previous` to `next`, null when `next` is not a patch of it. */
  static of(previous: Snapshot, next: Snapshot): PatchChange | null {
    const titles = next.patch?.titles;
    if (!titles || next.patch?.from.deref() !== previous) return null;
    const marks = new Uint8Array(Math.max(previous.present.length, next.present.length));
    for (const id of titles) if (id < marks.length) marks[id] = 1;
    return new PatchChange(idSet(titles.filter((id) => previous.present[id] === 1)), idSet(titles.filter((id) => next.present[id] === 1)), marks);
  }

  /** The arriving titles whose new vectors (the lists' overlay, `overlay`) hold `lexeme`, with its fields in each; once per lexeme. */
  arrivingWith(overlay: Postings, lexeme: string): Matching & { masks: Uint8Array } {
    let known = this.withLexeme.get(lexeme);
    if (!known) {
      known = among(overlay.readSinceWith(lexeme), this.arriving)!;
      this.withLexeme.set(lexeme, known);
    }
    return known as Matching & { masks: Uint8Array };
  }
}

/** What a kept ranking is reckoned to weigh: its ids' bytes and its levels' counts. */
function rankingBytes(ranking: Ranking): number {
  return ranking.bytes.byteLength + ranking.levels.byteLength;
}

/** Titles new, gone or changed (another row version) between two snapshots, ascending. */
function changedTitles(previous: Snapshot, next: Snapshot): number[] {
  const changed: number[] = [];
  const size = Math.max(previous.present.length, next.present.length);
  for (let id = 0; id < size; id++) {
    const before = previous.present[id] === 1;
    const after = next.present[id] === 1;
    if (before !== after || (after && previous.stamp[id] !== next.stamp[id])) changed.push(id);
  }
  return changed;
}
