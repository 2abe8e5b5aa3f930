import { BASE_WORK_TYPES, NO_YEAR, type SearchFilter, type SearchRow, type SearchState } from '@estante/contracts/search';
import type { Db } from '../../db/client.js';
import type { CatalogueSource } from './search.source.js';
import { EMPTY, type IdSet, idSet, gallop, intersect, subtract, union } from './id-sets.js';
import { type Atom, type AtomQuery, inSequence, singleLexeme, withBits } from './search.atoms.js';
import { countedAs, facet as facetDefinition, FACETS } from './search.config.js';
import { KEPT_BEYOND, type KeptFacets, type Reserve } from './search.facet-patch.js';
import { type FacetCount, FacetPacker, facetCounts, FIRST_MULTI, type PackedFacets, valueOf } from './search.facets.js';
import { proximityPredicate, rowPredicate, searchWords, WEIGHT_BITS } from './search.predicates.js';
import { fetchPredicateAtom, planTitleIds } from './search.queries.js';
import {
  FLAG,
  isMultiFacet,
  keyHash,
  MULTI_FACETS,
  TAG_FACET_SHIFT,
  TAG_VALUE,
  TITLE_KEY_SLOTS,
  TITLE_KEY_WORDS,
  type Snapshot,
  yearOf,
} from './search.snapshot.js';

/** The bits of a word atom's mask a row's field accepts. */
const FIELD_BITS: Partial<Record<SearchRow['campo'], number>> = {
  livre: 15,
  titulo: WEIGHT_BITS.A,
  autor: WEIGHT_BITS.B,
  assunto: WEIGHT_BITS.C,
  serie: WEIGHT_BITS.D,
  editora: WEIGHT_BITS.D,
};

/** Relevance levels per tier (word points stay below it: at most 10 × 32 words). */
const TIER = 512;

/** Relevance points of a word found under each weight: title 10 > author 4 > subject 2 > other 1. */
const WEIGHT_POINTS = [0, 1, 2, 2, 4, 4, 4, 4, 10, 10, 10, 10, 10, 10, 10, 10];

export type { FacetCount } from './search.facets.js';

export interface SearchOutcome {
  total: number;
  /** The page's ids, in order. */
  page: number[];
  /** The facet values, as an answer shows them (made from `counted`). */
  facets: FacetCount[];
  /** The facet values as counted, or kept for the text or its filters (PackedFacets). */
  counted: PackedFacets;
  snapshot: Snapshot;
}

/** The titles that pass a search's filters, and its facets. */
export interface Filtered {
  passing: IdSet;
  facets: PackedFacets;
}

/** A row's (or the proximity of two rows') matches, and the key of what they depend on. */
interface Matches {
  ids: IdSet;
  key: string;
}

type FacetType = 'T' | 'Y' | 'I' | 'X' | 'K' | (typeof MULTI_FACETS)[number];

/**
 * What a run needs of the index it runs on (the SearchIndex of search.index.ts implements it):
 * the database, the cached atoms and keys, and the unfiltered facets kept per text. The run
 * depends on this, not on the index, so the two files import one way only.
 */
export interface RunSource {
  readonly database: Db;
  readonly source: CatalogueSource;
  atom(snapshot: Snapshot, key: string, query: AtomQuery): Promise<Atom>;
  wordKey(word: string, similar: boolean): Promise<string | null>;
  wordAtom(snapshot: Snapshot, key: string, word: string, similar: boolean): Promise<Atom>;
  titleKey(phrase: string): Promise<string>;
  facetsFor(snapshot: Snapshot, key: string, count: () => KeptFacets): PackedFacets;
  /** The unfiltered facets kept for a text, if they are. */
  keptFacets(snapshot: Snapshot, key: string): PackedFacets | undefined;
  rankingFor(snapshot: Snapshot, key: string, rank: () => Promise<Ranking>): Promise<Ranking>;
  /** A phrase's titles matched in memory (`match`; null: not there), once per phrase and field. */
  phraseFor(snapshot: Snapshot, key: string, match: () => Promise<IdSet | null>): Promise<IdSet | null>;
  /** A filtered search's titles and facets, counted once per text and filters (`count`). */
  filteredFor(snapshot: Snapshot, key: string, count: () => Filtered): Filtered;
  /** A text matching at least this many titles keeps its whole ranking (rankingFor). */
  readonly keepRankingsFrom: number;
}

/**
 * One search over one snapshot, as a list of named steps a newcomer can read and extend (the way
 * Blacklight's `default_processor_chain` is a list): the NARROWING steps in order, then
 * `filtered` (the facet filters, and every facet's counts), then `order` (the page, ranked or sorted).
 */
export class Run {
  /**
   * The steps that narrow the matches, in order. Each gets what the steps before it left (null:
   * nothing narrowed yet, the whole catalogue) and returns fewer titles, or null still. A new way
   * of narrowing a search (say, a library's own collection) is one name here and its method below.
   */
  static readonly NARROWING = ['textMatch', 'inTeachingPlan', 'newAcquisitions', 'inBase'] as const;

  constructor(
    private index: RunSource,
    private s: Snapshot,
    private state: SearchState,
  ) {}

  /** What the text's matches depend on (textMatch): the key its unfiltered facets are kept under. */
  private matchKey = '';

  /** The text's matches and the key its facets are kept under, when its facets and ranking may be kept per text (filtered). */
  private text: { key: string; matched: IdSet } | null = null;

  async execute(): Promise<SearchOutcome | null> {
    const matched = await this.matched();
    if (!matched) return null;
    const { passing, facets } = this.filtered(matched);
    const page = await this.order(passing);
    return { total: passing.length, page, facets: facetCounts(facets, this.s), counted: facets, snapshot: this.s };
  }

  /** How many titles the search finds, without ordering a page or counting facets (null: no words and no narrowing). */
  async count(): Promise<number | null> {
    const matched = await this.matched();
    if (!matched) return null;
    if (this.state.filtros.length === 0) return matched.length;
    // The titles that pass every filter, counted without counting the facets.
    const f = filterTables(this.s, this.state.filtros);
    const { row, tagStart, tags } = this.s;
    let passing = 0;
    for (let i = 0; i < matched.length; i++) {
      const id = matched[i]!;
      if (filterMask(f, row[2 * id]!, row[2 * id + 1]!, tags, tagStart, id) === f.full) passing++;
    }
    return passing;
  }

  /** The titles the NARROWING steps leave (before the facet filters); null when none narrowed. */
  private async matched(): Promise<IdSet | null> {
    let matched: IdSet | null = null;
    for (const step of Run.NARROWING) matched = await this[step](matched);
    return matched;
  }

  // ---- narrowing: plan, new acquisitions, base ----------------------------------------------

  /** A teaching plan's bibliography (spec §9), within the text's matches if there are any. */
  private async inTeachingPlan(matched: IdSet | null): Promise<IdSet | null> {
    if (!this.state.plano) return matched;
    // The snapshot knows a title's courses, not its plans' disciplines, professors and
    // terms: the bibliography is read each time (a plan cites tens of titles).
    if (!this.index.source.plans) return idSet([]);
    const inPlans = idSet((await planTitleIds(this.index.database, this.state.plano)).filter((id) => this.s.present[id] === 1));
    return matched ? intersect(matched, inPlans) : inPlans;
  }

  /** The titles catalogued in the last `novas` days (of the matches, or of the whole catalogue). */
  private newAcquisitions(matched: IdSet | null): IdSet | null {
    if (!this.state.novas) return matched;
    const since = Date.now() - this.state.novas * 86_400_000;
    const base = matched ?? this.s.all;
    const recent = new Int32Array(base.length);
    let n = 0;
    for (const id of base) if (this.s.created[id]! >= since) recent[n++] = id;
    return recent.subarray(0, n);
  }

  /** A special base's guide (archive, normative acts, jurisprudence…): only its work type. */
  private inBase(matched: IdSet | null): IdSet | null {
    const baseType = this.state.base ? BASE_WORK_TYPES[this.state.base] : undefined;
    return baseType === undefined ? matched : this.ofType(matched ?? this.s.all, baseType);
  }

  /** The titles among `ids` of one work type. */
  private ofType(ids: IdSet, type: number): IdSet {
    const { row } = this.s;
    const kept = new Int32Array(ids.length);
    let n = 0;
    for (const id of ids) if ((row[2 * id]! & 255) === type) kept[n++] = id;
    return kept.subarray(0, n);
  }

  // ---- matching -----------------------------------------------------------------------------

  /**
   * The rows joined left to right by their operators (E, OU, NAO); null when none has words.
   * Sets `matchKey`: what the joined matches depend on, so that texts typed differently with the
   * same matches ("Saúde", "saude", "saúde saúde") share their kept facets. Always the first
   * step (its key is the text's alone): there is nothing narrowed before it to take.
   */
  private async textMatch(_first: null | IdSet): Promise<IdSet | null> {
    const rows = this.state.linhas;
    const sets = await Promise.all(rows.map((row) => this.rowIds(row)));
    // A proximity operator relates a row to the previous row that has words.
    const near = await Promise.all(
      rows.map((row, i) => {
        const previous = rows.slice(0, i).findLast((_, j) => sets[j] !== null);
        return sets[i] && previous && isProximity(row.operador) ? this.proximityIds(previous, row, row.operador) : null;
      }),
    );
    let result: IdSet | null = null;
    const parts: [operator: string | null, key: string][] = [];
    rows.forEach((row, i) => {
      const set = sets[i];
      if (!set) return;
      const { ids } = near[i] ?? set;
      const operator = !result ? null : row.operador === 'OU' || row.operador === 'NAO' ? row.operador : 'E';
      parts.push([operator, (near[i] ?? set).key]);
      if (!result) result = set.ids;
      else if (operator === 'OU') result = union(result, ids);
      else if (operator === 'NAO') result = subtract(result, ids);
      else result = intersect(result, ids);
    });
    this.matchKey = JSON.stringify(parts);
    return result;
  }

  /** The titles where two rows' words stand in the operator's order and distance. */
  private async proximityIds(previous: SearchRow, row: SearchRow, operator: 'ANTES' | 'DEPOIS' | 'PROXIMO'): Promise<Matches | null> {
    // ISBN and call-number rows have no word positions: such a pair is a plain AND.
    const exact = (r: SearchRow) => r.campo === 'isbn' || r.campo === 'chamada';
    const predicate = exact(previous) || exact(row) ? null : proximityPredicate(previous, row, operator);
    if (!predicate) return null;
    const key = JSON.stringify(['near', operator, [previous.campo, previous.similar, previous.termo], [row.campo, row.similar, row.termo]]);
    const atom = await this.index.atom(this.s, key, (only) => fetchPredicateAtom(this.index.database, predicate, only, this.index.source));
    return { ids: atom.ids, key };
  }

  /** A row's matches and what they depend on (for words: the field and the words' keys, not their spelling); null when it has no words. */
  private async rowIds(row: SearchRow): Promise<Matches | null> {
    const words = searchWords(row.termo);
    if (words.length === 0) return null;
    const bits = FIELD_BITS[row.campo];
    if (row.tipo === 'palavras' && bits !== undefined) {
      // Each distinct key once (a word typed twice, or two spellings of one word, is one atom);
      // a word that makes no query (a stop word in every stemming language) leaves it to the others.
      const keys = await Promise.all(words.map((w) => this.index.wordKey(w, row.similar)));
      const spelling = new Map<string, string>();
      keys.forEach((k, i) => k !== null && !spelling.has(k) && spelling.set(k, words[i]!));
      const unique = [...spelling.keys()].sort();
      const key = JSON.stringify(['palavras', bits, row.similar, unique]);
      if (unique.length === 0) return { ids: EMPTY, key };
      const atoms = await Promise.all(unique.map((k) => this.index.wordAtom(this.s, k, spelling.get(k)!, row.similar)));
      const sets = atoms.map((a) => (bits === 15 ? a.ids : withBits(a, bits))).sort((a, b) => a.length - b.length);
      return { ids: sets.reduce((acc, set) => intersect(acc, set)), key };
    }
    const key = JSON.stringify(['row', row.campo, row.tipo, row.similar, row.campo === 'isbn' || row.campo === 'chamada' ? row.termo.trim() : words]);
    if (row.tipo === 'frase' && !row.similar && bits !== undefined) {
      const inMemory = await this.index.phraseFor(this.s, key, () => this.phraseIds(words, bits));
      if (inMemory) return { ids: inMemory, key };
    }
    const predicate = rowPredicate(row);
    if (!predicate) return null;
    const atom = await this.index.atom(this.s, key, (only) => fetchPredicateAtom(this.index.database, predicate, only, this.index.source));
    return { ids: atom.ids, key };
  }

  /**
   * A phrase matched in memory from its words' positions (each word one lexeme, its atom read
   * with positions); null when it cannot be (a word of several lexemes, a patched atom), and
   * PostgreSQL matches it. Saves PostgreSQL checking positions in every title holding all the
   * words (some 200 ms for two common words at a million titles) on each new phrase.
   */
  private async phraseIds(words: string[], bits: number): Promise<IdSet | null> {
    const keys = await Promise.all(words.map((w) => this.index.wordKey(w, false)));
    if (keys.some((k) => k === null || singleLexeme(k) === null)) return null;
    const atoms = await Promise.all(words.map((w, i) => this.index.wordAtom(this.s, keys[i]!, w, false)));
    if (atoms.some((a) => a.positions === null && a.ids.length > 0)) return null;
    const candidates = atoms
      .map((a) => a.ids)
      .sort((a, b) => a.length - b.length)
      .reduce((acc, set) => intersect(acc, set));
    const cursors = new Int32Array(atoms.length);
    const out = new Int32Array(candidates.length);
    let n = 0;
    for (const id of candidates) {
      for (let w = 0; w < atoms.length; w++) cursors[w] = gallop(atoms[w]!.ids, id, cursors[w]!);
      if (inSequence(atoms, cursors, bits)) out[n++] = id;
    }
    return out.subarray(0, n);
  }

  // ---- filters and facets -------------------------------------------------------------------

  /**
   * Without filters every match passes, and the facets depend on the text alone: they are kept
   * per text (until the catalogue changes), so the same words searched again, another page or
   * another sort, do not count a million titles again. With filters, when the text's own counts
   * are kept (it was searched unfiltered, as a patron does before choosing a facet), they are
   * the facets' "without filter" figures and only the titles that can change a "with filter"
   * figure are counted again (filteredAgainst); a text met first with its filters is counted
   * in one pass (counting its own figures first would count every match twice), and its own
   * counts, counted on the way, are kept then. A filtered search's outcome is kept too (its next
   * page, another sort).
   */
  private filtered(matched: IdSet): Filtered {
    // A period or a plan narrows the matches themselves: the text's counts are not theirs.
    if (this.state.novas || this.state.plano) return this.filterAndCount(matched, this.state.filtros);
    const key = JSON.stringify([this.state.base, this.matchKey]);
    this.text = { key, matched };
    if (this.state.filtros.length === 0) return { passing: matched, facets: this.index.facetsFor(this.s, key, () => this.ownFacets(matched)) };
    // The filters as a set: their order and repetitions change nothing.
    const filters = [...new Set(this.state.filtros.map((f) => `${f.tipo}:${f.codigo}`))].sort();
    return this.index.filteredFor(this.s, JSON.stringify([key, filters]), () => {
      const textOnly = this.index.keptFacets(this.s, key);
      return (textOnly && this.filteredAgainst(matched, textOnly)) ?? this.filterAndCount(matched, this.state.filtros, key);
    });
  }

  /** The facets of `matched` without filters, as kept for its text (facetsFor): every list with its reserve. */
  ownFacets(matched: IdSet): KeptFacets {
    const reserve: Reserve = {};
    return { facets: this.filterAndCount(matched, [], undefined, reserve).facets, reserve };
  }

  /**
   * The filters applied, with the facets counted from the text's own counts (`textOnly`, whose
   * figures are all "without filter"): a value's "with filter" figure counts the matches that
   * pass every filter type but its facet's own, so only titles that fail at most one filter
   * type are visited — or, when most matches pass every filter, the ones that fail one,
   * subtracted. A filter on an author, subject or publisher the text's list does not show
   * (outside its most frequent) is left to filterAndCount: null.
   */
  private filteredAgainst(matched: IdSet, textOnly: PackedFacets): Filtered | null {
    const s = this.s;
    const f = filterTables(this.s, this.state.filtros);
    for (const filter of this.state.filtros) {
      const type = countedAs(filter.tipo);
      if (isMultiFacet(type) && !shows(textOnly, valueOf(s, type, filter.codigo))) return null;
    }
    const { full, bits } = f;
    const { row, tagStart, tags } = s;
    // Each match's packed row is read once, where it lies (a cache miss each at a million
    // titles), and kept in match order with its mask, so the second loop reads them in a row.
    const { masks, a: rowA, b: rowB } = scratchFor(s, matched.length);
    const passing = new Int32Array(matched.length);
    let n = 0;
    for (let i = 0; i < matched.length; i++) {
      const id = matched[i]!;
      const a = row[2 * id]!;
      const b = row[2 * id + 1]!;
      const mask = filterMask(f, a, b, tags, tagStart, id);
      rowA[i] = a;
      rowB[i] = b;
      masks[i] = mask;
      if (mask === full) passing[n++] = id;
    }
    // Most matches pass every filter: each facet's figure is its text-only one less the matches
    // failing a filter type other than its facet's own, so only the failing ones are visited.
    const single = (full & (full - 1)) === 0;
    const complement = n > matched.length / 2;
    const tally = this.tallies();
    const multiBits = MULTI_FACETS.map((facet) => bits[facet]);
    // A visited title counts in a facet whose filter bit is `bit` when it passes every other
    // type, (bit | mask) === full — or, subtracting, when it does not.
    const { T: bT, Y: bY, I: bI, X: bX, K: bK } = bits;
    const multiFiltered = multiBits.some((bit) => bit !== 0);
    const ok = new Uint8Array(MULTI_FACETS.length);
    for (let i = 0; i < matched.length; i++) {
      const mask = masks[i]!;
      const missing = full & ~mask;
      if (complement ? missing === 0 : single ? missing !== 0 : !atMostOneMissing(missing)) continue;
      const id = matched[i]!;
      const a = rowA[i]!;
      const b = rowB[i]!;
      const flags = (a >>> 8) & 7;
      const language = a >>> 11;
      const area = b >>> 12;
      if (((bT | mask) === full) !== complement) tally.T.count(a & 255);
      if (((bY | mask) === full) !== complement) tally.Y.count(b & 4095);
      if (language > 0 && ((bI | mask) === full) !== complement) tally.I.count(language);
      if (flags && ((bX | mask) === full) !== complement) {
        if (flags & FLAG.C) tally.X.count(FLAG.C);
        if (flags & FLAG.O) tally.X.count(FLAG.O);
        if (flags & FLAG.A) tally.X.count(FLAG.A);
      }
      if (area > 0 && ((bK | mask) === full) !== complement) tally.K.count(area);
      const from = tagStart[id]!;
      const to = tagStart[id + 1]!;
      if (!multiFiltered) {
        // No multi-valued filter: the tags count when the title passes (or, subtracting, fails: every one visited).
        if (complement || missing === 0) for (let k = from; k < to; k++) tally.M.count(tags[k]! & TAG_VALUE);
        continue;
      }
      // A title failing only a single-valued facet's filter counts in that facet alone.
      if (!complement && missing !== 0 && !multiBits.includes(missing)) continue;
      for (let f = 0; f < ok.length; f++) ok[f] = ((multiBits[f]! | mask) === full) !== complement ? 1 : 0;
      for (let k = from; k < to; k++) {
        const tag = tags[k]!;
        if (ok[tag >>> TAG_FACET_SHIFT] === 1) tally.M.count(tag & TAG_VALUE);
      }
    }
    const { kinds, values, all } = textOnly;
    const total = new Int32Array(kinds.length);
    const byKind = [tally.T, tally.Y, tally.I, tally.X, tally.K];
    const kindBits = [bT, bY, bI, bX, bK, ...multiBits];
    for (let i = 0; i < kinds.length; i++) {
      const kind = kinds[i]!;
      // The tally and value number the value is counted under (a multi-valued value's among all facets').
      const counted = kind < FIRST_MULTI ? byKind[kind]!.all(values[i]!) : tally.M.all(s.tagOffset[MULTI_FACETS[kind - FIRST_MULTI]!] + values[i]!);
      // With one filter type, the others always pass: that facet's figures are the text's own.
      total[i] = single && kindBits[kind]! !== 0 ? all[i]! : complement ? all[i]! - counted : counted;
    }
    for (const t of Object.values(tally)) t.reset();
    return { passing: passing.subarray(0, n), facets: { kinds, values, all, total } };
  }

  /**
   * The snapshot's counters, reused: a method that counts runs start to end without awaiting,
   * so no other search can touch them meanwhile, and leaves them zeroed on the way out.
   */
  private tallies(): Tallies {
    const s = this.s;
    return (s.counters ??= {
      T: new Tally(256),
      Y: new Tally(4096),
      I: new Tally(s.languages.length + 1),
      X: new Tally(8),
      K: new Tally(1 << 16),
      M: new Tally(s.tagFacet.length),
    }) as Tallies;
  }

  /**
   * Applies the filters (AND across facet types, OR within one, spec §9) and counts every
   * facet in one pass: per value, the titles all other types' filters leave (total) and the
   * titles the text alone matches (totalSemFiltro). The loop runs once per matched title (up to
   * a million), so it is written flat: typed-array lookups, no closures, no allocation.
   */
  private filterAndCount(matched: IdSet, filters: SearchFilter[], keepOwnAs?: string, reserve?: Reserve): Filtered {
    const s = this.s;
    const f = filterTables(this.s, filters);
    const tally = this.tallies();
    let passing = matched;
    if (f.full !== 0) passing = countFiltered(s, matched, f, tally);
    else {
      countAll(s, matched, tally);
      for (const t of Object.values(tally)) t.passAll();
    }
    const facets = this.facetList(tally, f, false, f.full === 0 ? reserve : undefined);
    // A text met first with its filters had its own counts (the "without filter" figures) counted
    // too: kept as its unfiltered search would keep them, for its next filter or its search without.
    if (keepOwnAs !== undefined && f.full !== 0)
      this.index.facetsFor(s, keepOwnAs, () => {
        const own: Reserve = {};
        return { facets: this.facetList(tally, null, true, own), reserve: own };
      });
    for (const t of Object.values(tally)) t.reset();
    return { passing, facets };
  }

  /**
   * The facet values counted in `tally`: every single-valued one, and of the multi-valued ones
   * the most frequent (plus any `f` filters on). `own`: each value's figures are both its
   * "without filter" one (the text's own counts), as a search without filters shows them.
   * `reserve` (a search without filters, its facets kept): the values ranked next, up to
   * KEPT_BEYOND times the list, by value number and count, for a patch to carry the list by.
   */
  private facetList(tally: Tallies, f: FilterTables | null, own: boolean, reserve?: Reserve): PackedFacets {
    const s = this.s;
    const facets = new FacetPacker();
    // Without filters (or as the text's own counts) both figures are one: the totals are not kept.
    const filtered = !own && f !== null && f.full !== 0;
    const push = (kind: number, t: Tally, value: number, counted = value) => facets.push(kind, value, t.all(counted), own ? t.all(counted) : t.total(counted));
    for (const v of tally.T.seen) push(0, tally.T, v);
    for (const v of tally.Y.seen) push(1, tally.Y, v);
    for (const v of tally.I.seen) push(2, tally.I, v);
    for (const bit of Object.values(FLAG)) if (tally.X.all(bit)) push(3, tally.X, bit);
    for (const v of tally.K.seen) push(4, tally.K, v);
    // The values counted, by facet: one pass (a broad search meets a hundred thousand authors).
    const byFacet: number[][] = MULTI_FACETS.map(() => []);
    for (const g of tally.M.seen) byFacet[s.tagFacet[g]!]!.push(g);
    MULTI_FACETS.forEach((facet, index) => {
      const values = byFacet[index]!;
      const chosen = (g: number) => f !== null && f.M !== null && (f.M[g]! & f.bits[facet]) !== 0;
      // Libraries and courses are few; authors, subjects and publishers can be thousands: the most frequent.
      const { limit } = facetDefinition(facet);
      const wanted = limit !== null && reserve ? limit * KEPT_BEYOND : limit;
      const shown = wanted === null ? values : tally.M.mostFrequent(values, wanted, chosen);
      const offset = s.tagOffset[facet];
      // Beyond the list, only a reserve (chosen values, with filters, are shown wherever they rank).
      const shownCount = limit === null || !reserve ? shown.length : Math.min(limit, shown.length);
      for (let i = 0; i < shownCount; i++) push(FIRST_MULTI + index, tally.M, shown[i]! - offset, shown[i]!);
      if (reserve && shown.length > shownCount) {
        const next = new Int32Array(2 * (shown.length - shownCount));
        for (let i = shownCount; i < shown.length; i++) {
          next[2 * (i - shownCount)] = shown[i]! - offset;
          next[2 * (i - shownCount) + 1] = tally.M.all(shown[i]!);
        }
        reserve[facet] = next;
      }
    });
    return facets.packed(filtered);
  }

  // ---- order and page: the last step -----------------------------------------------------------------------

  /** The ids of the requested page, in the requested order. */
  private async order(ids: IdSet): Promise<number[]> {
    const from = (this.state.pagina - 1) * this.state.quantPag;
    const to = from + this.state.quantPag;
    if (from >= ids.length) return [];
    const s = this.s;
    const byRank = (order: keyof Snapshot['order']) => {
      const { rank, ids: inOrder } = s.order[order];
      const positions = Int32Array.from(ids, (id) => rank[id]!).sort();
      return Array.from(positions.subarray(from, to), (p) => inOrder[p]!);
    };
    const byYear = (newest: boolean) => {
      // year × 2^30 + id orders exactly in a double (years < 4096, ids < 2^30: under 2^53).
      const keys = Float64Array.from(ids, (id) => {
        const year = yearOf(s.row, id);
        return (year < 0 ? (newest ? 0 : 4095) : newest ? year + 1 : year) * 2 ** 30 + id;
      }).sort();
      if (newest) keys.reverse();
      return Array.from(keys.subarray(from, to), (k) => k % 2 ** 30);
    };
    // The followed-search feed: the titles catalogued last, whatever their imprint (issue 56).
    if (this.state.recemCatalogados) return byRank('newest');
    switch (this.state.ordenacao) {
      case 'T':
        return byRank('title');
      case 'A':
        return byRank('author');
      case 'N':
        return byYear(true);
      case 'O':
        return byYear(false);
      default:
        // Nothing to rank: a bibliography by title, new acquisitions newest first.
        return (await this.byRelevance(ids, from, to)) ?? byRank(this.state.plano && !this.state.novas ? 'title' : 'newest');
    }
  }

  /**
   * Relevance: the whole title equal to the first row's words, then titles starting with
   * them, then points for where each of the first row's words is found (title 10 > author 4
   * > subject 2 > other 1), then the id. Null when nothing can be ranked (an ISBN, a list of
   * new acquisitions): newest first then.
   */
  private async byRelevance(ids: IdSet, from: number, to: number): Promise<number[] | null> {
    const first = this.state.linhas.find((r) => searchWords(r.termo).length > 0 && r.campo !== 'isbn' && r.campo !== 'chamada');
    if (!first) return null;
    // A broad text's whole ranking is kept (per text, until the catalogue changes): its pages,
    // filters and facet choices read their page off it instead of ranking 40,000 titles again.
    const text = this.text;
    if (text && text.matched.length >= this.index.keepRankingsFrom) {
      const words = await this.rankingWords(first);
      const ranking = await this.index.rankingFor(this.s, rankingKey(text.key, words), async () =>
        rankAll(text.matched, await this.points(words, text.matched)),
      );
      return pageOf(this.s, ranking, ids, from, to);
    }
    const points = await this.points(await this.rankingWords(first), ids);
    // Only the titles at or above the page's lowest level are sorted: the histogram finds it.
    const histogram = new Int32Array(3 * TIER);
    for (let i = 0; i < points.length; i++) histogram[points[i]!]!++;
    let cutoff = 0;
    for (let level = histogram.length - 1, seen = 0; level >= 0; level--) {
      seen += histogram[level]!;
      if (seen >= to) {
        cutoff = level;
        break;
      }
    }
    // Above the cutoff level every title is on or before the page; at it, only the first ones
    // by id (the order ids already come in) are needed to fill it. So at most `to` are sorted.
    let needed = to;
    for (let level = cutoff + 1; level < histogram.length; level++) needed -= histogram[level]!;
    const top: number[] = [];
    const atCutoff: number[] = [];
    for (let i = 0; i < points.length; i++) {
      if (points[i]! > cutoff) top.push(i);
      else if (points[i] === cutoff && atCutoff.length < needed) atCutoff.push(i);
    }
    top.sort((x, y) => points[y]! - points[x]! || ids[x]! - ids[y]!);
    return [...top, ...atCutoff].slice(from, to).map((i) => ids[i]!);
  }

  /** What the ranking reads of the first row (points): its words' keys (each as often as typed) and the first term's title key. */
  private async rankingWords(first: SearchRow): Promise<RankingWords> {
    const words = searchWords(first.termo);
    const firstTerm = searchWords(this.state.linhas[0]?.termo ?? '');
    // Asked together: one statement when they are not known yet.
    const [keys, title] = await Promise.all([
      Promise.all(words.map((w) => this.index.wordKey(w, first.similar))),
      firstTerm.length ? this.index.titleKey(firstTerm.join(' ')) : '',
    ]);
    return { similar: first.similar, words: words.flatMap((word, i) => (keys[i] === null ? [] : [{ word, key: keys[i]! }])), title };
  }

  /**
   * Each title's relevance level: its tier (2 the whole title is the first row's words, 1 it
   * starts with them, 0 other) × 512 plus its word points (at most 10 × 32 words = 320), so one
   * small histogram orders them.
   */
  private async points({ similar, words, title }: RankingWords, ids: IdSet): Promise<Int32Array> {
    const atoms = await Promise.all(words.map(({ word, key }) => this.index.wordAtom(this.s, key, word, similar)));
    return levelsOf(this.s, ids, atoms, title);
  }
}

/** Each of `ids`' relevance level (Run.points) in `s`, from its words' atoms (their masks) and the first term's title key. */
export function levelsOf(s: Snapshot, ids: IdSet, atoms: Pick<Atom, 'ids' | 'masks'>[], title: string): Int32Array {
  const points = new Int32Array(ids.length);
  for (const atom of atoms) if (atom.masks) addPoints(ids, atom, points);
  if (title) {
    // The title's key equal to the term's (exact), or its first words equal the term's words.
    const titleWords = title.split(' ');
    const n = Math.min(titleWords.length, TITLE_KEY_WORDS);
    const whole = keyHash(title);
    const start = keyHash(titleWords.slice(0, n).join(' '));
    const keys = s.titleKeys;
    for (let i = 0; i < ids.length; i++) {
      const at = ids[i]! * TITLE_KEY_SLOTS;
      if (keys[at + TITLE_KEY_WORDS] === whole) points[i]! += 2 * TIER;
      else if (keys[at + n - 1] === start) points[i]! += TIER;
    }
  }
  return points;
}

/**
 * A text's whole relevance ranking (rankAll): its titles, highest level first and ties by id
 * (read them with RankedIds), and how many are at each level. Each level's ids ascend, so they are
 * kept as gaps (the first from -1) in LEB128 bytes: a broad text's 40,000 titles take 40–60 KB, not
 * 160 (most gaps are under 128), and the kept rankings' bound holds three times as many texts.
 */
export interface Ranking {
  bytes: Uint8Array;
  levels: Int32Array;
  /** How many titles. */
  length: number;
}

/** `ranked` (level by level, highest first, each level's ids ascending) and its levels' counts, as a Ranking. */
export function encodeRanking(ranked: Int32Array, levels: Int32Array): Ranking {
  const out = new Uint8Array(ranked.length * 5);
  let pos = 0;
  for (let level = levels.length - 1, at = 0; level >= 0; level--) {
    let previous = -1;
    for (const end = at + levels[level]!; at < end; at++) {
      let gap = ranked[at]! - previous;
      previous = ranked[at]!;
      while (gap >= 0x80) {
        out[pos++] = (gap & 0x7f) | 0x80;
        gap >>>= 7;
      }
      out[pos++] = gap;
    }
  }
  // Exactly its own size: a subarray would hold the whole buffer.
  return { bytes: out.slice(0, pos), levels, length: ranked.length };
}

/** A ranking's ids in its order (RankedIds, all of them). */
export function rankedIds(ranking: Ranking): number[] {
  const reader = new RankedIds(ranking);
  return Array.from({ length: ranking.length }, () => reader.next());
}

/** A ranking's ids in its order, one a `next()`; `next()` is called at most `length` times. */
class RankedIds {
  private pos = 0;
  private level: number;
  private left = 0;
  private id = -1;

  constructor(private readonly ranking: Ranking) {
    this.level = ranking.levels.length;
  }

  next(): number {
    while (this.left === 0) {
      this.left = this.ranking.levels[--this.level]!;
      this.id = -1;
    }
    this.left--;
    const bytes = this.ranking.bytes;
    let byte = bytes[this.pos++]!;
    let gap = byte & 0x7f;
    for (let shift = 7; byte & 0x80; shift += 7) {
      byte = bytes[this.pos++]!;
      gap |= (byte & 0x7f) << shift;
    }
    return (this.id += gap);
  }
}

/** Relevance levels (tiers × TIER plus word points). */
export const LEVELS = 3 * TIER;

/**
 * `ranking` after a patch: the `changed` titles (marked in `marks`, by id) out, and `arriving`
 * (ascending: the changed titles the text matches now) in at their `points`' levels, each
 * level's titles by id as rankAll orders them.
 */
export function patchRanking(ranking: Ranking, marks: Uint8Array, arriving: IdSet, points: Int32Array): Ranking {
  const levels = ranking.levels.slice();
  const order = Array.from(arriving.keys()).sort((a, b) => points[b]! - points[a]! || arriving[a]! - arriving[b]!);
  const ids = new Int32Array(ranking.length + arriving.length);
  const reader = new RankedIds(ranking);
  let to = 0;
  let next = 0;
  for (let level = LEVELS - 1; level >= 0; level--) {
    // The level's titles still there and those arriving at it, merged by id.
    let left = ranking.levels[level]!;
    const take = () => (left-- > 0 ? reader.next() : -1);
    let old = take();
    for (;;) {
      if (old !== -1 && marks[old] === 1) {
        levels[level]!--;
        old = take();
        continue;
      }
      const incoming = next < order.length && points[order[next]!] === level ? arriving[order[next]!]! : -1;
      if (old === -1 && incoming === -1) break;
      if (incoming !== -1 && (old === -1 || incoming < old)) {
        ids[to++] = incoming;
        levels[level]!++;
        next++;
      } else {
        ids[to++] = old;
        old = take();
      }
    }
  }
  return encodeRanking(ids.subarray(0, to), levels);
}

/** What a relevance ranking reads of the search (Run.rankingWords): the first row's words with their keys, and the first term's title key. */
interface RankingWords {
  similar: boolean;
  words: { word: string; key: string }[];
  title: string;
}

/**
 * What a text's ranking depends on (points): its matches (`textKey`), the first row's words'
 * keys, each as often as typed, and the first term's title key — so "Saúde" and "saude" share
 * one ranking, and "saúde saúde" (a title equal to it comes first) has its own.
 */
function rankingKey(textKey: string, { similar, words, title }: RankingWords): string {
  return JSON.stringify([textKey, similar, words.map((w) => w.key).sort(), title]);
}

/** What a kept ranking's key (rankingKey) says: its text's key, its words' keys, the first term's title key. */
export function rankingOf(key: string): { textKey: string; similar: boolean; keys: string[]; title: string } | null {
  try {
    const [textKey, similar, keys, title] = JSON.parse(key) as [string, boolean, string[], string];
    return typeof textKey === 'string' && Array.isArray(keys) && typeof title === 'string' ? { textKey, similar: similar === true, keys, title } : null;
  } catch {
    return null;
  }
}

/** `ids` (ascending) ordered by their levels, highest first, ties by id: one counting pass. */
function rankAll(ids: IdSet, points: Int32Array): Ranking {
  const levels = new Int32Array(LEVELS);
  for (let i = 0; i < points.length; i++) levels[points[i]!]!++;
  const next = new Int32Array(LEVELS);
  for (let level = next.length - 1, at = 0; level >= 0; level--) {
    next[level] = at;
    at += levels[level]!;
  }
  const ranked = new Int32Array(ids.length);
  for (let i = 0; i < ids.length; i++) ranked[next[points[i]!]!++] = ids[i]!;
  return encodeRanking(ranked, levels);
}

/**
 * The page `from`…`to` of `ids` (a subset of the ranked titles: those the filters leave) in
 * the ranking's order: the ranking walked until the page is full, membership read from marks
 * set for `ids` and cleared before returning (no await between, so no other search sees them).
 */
function pageOf(s: Snapshot, ranking: Ranking, ids: IdSet, from: number, to: number): number[] {
  const reader = new RankedIds(ranking);
  const page: number[] = [];
  if (ids.length === ranking.length) {
    for (let i = 0, end = Math.min(to, ranking.length); i < end; i++) {
      const id = reader.next();
      if (i >= from) page.push(id);
    }
    return page;
  }
  const marks = (s.marks ??= new Uint8Array(s.present.length));
  for (let i = 0; i < ids.length; i++) marks[ids[i]!] = 1;
  for (let i = 0, seen = 0; i < ranking.length && seen < to; i++) {
    const id = reader.next();
    if (marks[id] === 1 && seen++ >= from) page.push(id);
  }
  for (let i = 0; i < ids.length; i++) marks[ids[i]!] = 0;
  return page;
}

function isProximity(operator: SearchRow['operador']): operator is 'ANTES' | 'DEPOIS' | 'PROXIMO' {
  return operator === 'ANTES' || operator === 'DEPOIS' || operator === 'PROXIMO';
}

/** Adds to `points[i]` the word points of `atom` for each ids[i] the atom holds (a merge). */
function addPoints(ids: IdSet, atom: Pick<Atom, 'ids' | 'masks'>, points: Int32Array) {
  const other = atom.ids;
  const masks = atom.masks!;
  const galloping = other.length > 16 * ids.length;
  let j = 0;
  for (let i = 0; i < ids.length && j < other.length; i++) {
    const id = ids[i]!;
    if (galloping) j = gallop(other, id, j);
    else while (j < other.length && other[j]! < id) j++;
    if (j < other.length && other[j] === id) points[i]! += WEIGHT_POINTS[masks[j]!]!;
  }
}

/**
 * The filters as lookup tables, one per facet type that has filters (value → 1 when chosen;
 * for the multi-valued facets one table of packed value numbers → the facet's bit), and a bit
 * per such type; `full` has every type's bit. A type without filters has bit 0.
 */
function filterTables(s: Snapshot, filters: SearchFilter[]) {
  const codes = new Map<FacetType, string[]>();
  for (const filter of filters) {
    // NA_A, the new-acquisitions list's knowledge area, is facet K under another name.
    const type = countedAs(filter.tipo) as FacetType;
    codes.set(type, [...(codes.get(type) ?? []), filter.codigo]);
  }
  // Each facet counted under its own code has a bit (at most 31: 5 single or flag, 16 multi).
  const types = FACETS.filter((f) => !('countsAs' in f)).map((f) => f.codigo) as FacetType[];
  const bits = Object.fromEntries(types.map((type) => [type, 0])) as Record<FacetType, number>;
  let full = 0;
  for (const type of codes.keys()) full |= bits[type] = 1 << types.indexOf(type);
  const table = (type: FacetType, size: number, slot: (code: string) => number | undefined) => {
    const chosen = codes.get(type);
    if (!chosen) return null;
    const t = new Uint8Array(size);
    for (const code of chosen) {
      const at = slot(code);
      if (at !== undefined && at >= 0 && at < size) t[at] = 1;
    }
    return t;
  };
  const number = (code: string) => Number(code);
  let multi: Int32Array | null = null;
  for (const facet of MULTI_FACETS) {
    for (const code of codes.get(facet) ?? []) {
      multi ??= new Int32Array(s.tagFacet.length);
      const value = s.multi[facet].codes.get(code);
      if (value !== undefined) multi[s.tagOffset[facet] + value] = bits[facet];
    }
  }
  const x = codes.get('X');
  return {
    full,
    bits,
    T: table('T', 256, number),
    Y: table('Y', 4096, (code) => (code === NO_YEAR ? 0 : Number(code) + 1)),
    I: table('I', s.languages.length + 1, (code) => s.languages.indexOf(code) + 1 || undefined),
    X: x ? x.reduce((m, code) => m | (FLAG[code as keyof typeof FLAG] ?? 0), 0) : 0,
    K: table('K', 1 << 16, number),
    M: multi,
  };
}

type FilterTables = ReturnType<typeof filterTables>;

type Tallies = Record<'T' | 'Y' | 'I' | 'X' | 'K' | 'M', Tally>;

/** The bits of the filter types a title (its packed row `a`, `b` and its tags) passes. */
function filterMask(f: FilterTables, a: number, b: number, tags: Int32Array, tagStart: Int32Array, id: number): number {
  const { bits } = f;
  let mask = 0;
  if (f.T && f.T[a & 255]) mask |= bits.T;
  if (f.Y && f.Y[b & 4095]) mask |= bits.Y;
  if (f.I && f.I[a >>> 11]) mask |= bits.I;
  if ((a >>> 8) & 7 & f.X) mask |= bits.X;
  if (f.K && f.K[b >>> 12]) mask |= bits.K;
  // A title's tags are only read when a multi-valued facet has filters.
  if (f.M) for (let k = tagStart[id]!; k < tagStart[id + 1]!; k++) mask |= f.M[tags[k]! & TAG_VALUE]!;
  return mask;
}

/**
 * filterAndCount's loop with filters: each value counted among all matches and among those the
 * other facet types' filters leave; returns the matches that pass every filter.
 */
function countFiltered(s: Snapshot, matched: IdSet, f: FilterTables, tally: Tallies): IdSet {
  const { full, bits } = f;
  const { row, tagStart, tags } = s;
  // Only the multi-valued facets with filters need a check of their own per title: for the
  // others (bit 0) "passes the other types' filters" is simply "passes all filters".
  const multiBits = MULTI_FACETS.map((facet) => bits[facet]);
  const multiFiltered = multiBits.some((bit) => bit !== 0);
  const ok = new Uint8Array(MULTI_FACETS.length);
  const passed = new Int32Array(matched.length);
  let n = 0;
  for (let i = 0; i < matched.length; i++) {
    const id = matched[i]!;
    const a = row[2 * id]!;
    const b = row[2 * id + 1]!;
    const type = a & 255;
    const flags = (a >>> 8) & 7;
    const language = a >>> 11;
    const year = b & 4095;
    const area = b >>> 12;
    const from = tagStart[id]!;
    const to = tagStart[id + 1]!;
    const mask = filterMask(f, a, b, tags, tagStart, id);
    const pass = mask === full;
    if (pass) passed[n++] = id;
    tally.T.add(type, (mask | bits.T) === full);
    tally.Y.add(year, (mask | bits.Y) === full);
    if (language > 0) tally.I.add(language, (mask | bits.I) === full);
    if (flags) {
      const others = (mask | bits.X) === full;
      if (flags & FLAG.C) tally.X.add(FLAG.C, others);
      if (flags & FLAG.O) tally.X.add(FLAG.O, others);
      if (flags & FLAG.A) tally.X.add(FLAG.A, others);
    }
    if (area > 0) tally.K.add(area, (mask | bits.K) === full);
    if (from < to) {
      if (multiFiltered) {
        for (let m = 0; m < ok.length; m++) ok[m] = (mask | multiBits[m]!) === full ? 1 : 0;
        for (let k = from; k < to; k++) {
          const tag = tags[k]!;
          tally.M.add(tag & TAG_VALUE, ok[tag >>> TAG_FACET_SHIFT] === 1);
        }
      } else {
        for (let k = from; k < to; k++) tally.M.add(tags[k]! & TAG_VALUE, pass);
      }
    }
  }
  return passed.subarray(0, n);
}

/**
 * filterAndCount's loop without filters: every match passes, so each value's "with filter"
 * figure is its "without" one — counted once (Tally.count: half the increments of Tally.add,
 * the loop's bound) and copied over once a value afterwards (Tally.passAll, by the caller).
 * The function is the loop alone: V8 compiles a long loop while it runs (on-stack
 * replacement), before any code after it has run, and code after it here made that compiled
 * loop deoptimize at the end of every call (hundreds of times in a benchmark run, seen with
 * --trace-deopt).
 */
function countAll(s: Snapshot, matched: IdSet, { T, Y, I, X, K, M }: Tallies): void {
  const { row, tagStart, tags } = s;
  for (let i = 0; i < matched.length; i++) {
    const id = matched[i]!;
    const a = row[2 * id]!;
    const b = row[2 * id + 1]!;
    T.count(a & 255);
    Y.count(b & 4095);
    const language = a >>> 11;
    if (language > 0) I.count(language);
    const flags = (a >>> 8) & 7;
    if (flags) {
      if (flags & FLAG.C) X.count(FLAG.C);
      if (flags & FLAG.O) X.count(FLAG.O);
      if (flags & FLAG.A) X.count(FLAG.A);
    }
    const area = b >>> 12;
    if (area > 0) K.count(area);
    const to = tagStart[id + 1]!;
    for (let k = tagStart[id]!; k < to; k++) M.count(tags[k]! & TAG_VALUE);
  }
}

/**
 * The snapshot's scratch arrays, at least `n` long: grown by half again when short, so a
 * catalogue's broadest texts settle them after a few searches. Filled and read between two
 * awaits, as the counters are, so no other search touches them meanwhile.
 */
function scratchFor(s: Snapshot, n: number): NonNullable<Snapshot['scratch']> {
  if (s.scratch && s.scratch.masks.length >= n) return s.scratch;
  const size = Math.max(n, Math.ceil((s.scratch?.masks.length ?? 0) * 1.5), 1024);
  return (s.scratch = { masks: new Int32Array(size), a: new Int32Array(size), b: new Int32Array(size) });
}

/** Whether at most one bit is set. */
function atMostOneMissing(missing: number): boolean {
  return (missing & (missing - 1)) === 0;
}

/**
 * Counts per value, interleaved (all matches, those the other facets' filters leave) so one
 * value's two counts share a cache line; `seen` lists the values counted, in first-seen order.
 */
class Tally {
  private counts: Int32Array;
  seen: number[] = [];

  constructor(size: number) {
    this.counts = new Int32Array(size * 2);
  }

  add(value: number, passesOthers: boolean) {
    const i = value << 1;
    if (this.counts[i]!++ === 0) this.seen.push(value);
    if (passesOthers) this.counts[i + 1]!++;
  }

  /** A value counted where every match passes (countAll): its second figure is set by passAll. */
  count(value: number) {
    if (this.counts[value << 1]!++ === 0) this.seen.push(value);
  }

  /** After count: every value's "with filter" figure is its "without" one. */
  passAll() {
    for (const v of this.seen) this.counts[(v << 1) + 1] = this.counts[v << 1]!;
  }

  all(value: number): number {
    return this.counts[value << 1]!;
  }

  total(value: number): number {
    return this.counts[(value << 1) + 1]!;
  }

  /** The `limit` of `values` counted most often (ties: lower value first), plus any `chosen` one. */
  mostFrequent(values: number[], limit: number, chosen: (value: number) => boolean): number[] {
    if (values.length <= limit) return [...values].sort((a, b) => this.all(b) - this.all(a) || a - b);
    let max = 0;
    for (const v of values) if (this.all(v) > max) max = this.all(v);
    // The count the `limit`-th value has, from a histogram of counts: no sort of every value.
    const histogram = new Int32Array(max + 1);
    for (const v of values) histogram[this.all(v)]!++;
    let threshold = 1;
    let above = 0;
    for (let c = max; c >= 1; c--) {
      if (above + histogram[c]! >= limit) {
        threshold = c;
        break;
      }
      above += histogram[c]!;
    }
    // Every value above the threshold is shown; of those at it (a broad search's authors are
    // mostly at 1 or 2, tens of thousands of them) the lowest values that fill the list, picked
    // without sorting them all; chosen values wherever they fall.
    const room = limit - above;
    const shown: number[] = [];
    const picked: number[] = [];
    let tied: number[] = [];
    // A tied value at or above this bound cannot be among the `room` lowest.
    let bound = Infinity;
    for (const v of values) {
      const n = this.all(v);
      if (n > threshold) {
        shown.push(v);
        continue;
      }
      if (chosen(v)) picked.push(v);
      if (n === threshold && v < bound) {
        tied.push(v);
        if (tied.length >= 2 * room) {
          tied = tied.sort((a, b) => a - b).slice(0, room);
          bound = tied[room - 1]!;
        }
      }
    }
    tied = tied.sort((a, b) => a - b).slice(0, room);
    return [...new Set([...shown, ...tied, ...picked])].sort((a, b) => this.all(b) - this.all(a) || a - b);
  }

  /** Back to all zeros, touching only what was counted. */
  reset() {
    for (const v of this.seen) {
      this.counts[v << 1] = 0;
      this.counts[(v << 1) + 1] = 0;
    }
    this.seen.length = 0;
  }
}

/** Whether a counted list shows a value (`value`: valueOf's, undefined when the snapshot has none). */
function shows(packed: PackedFacets, value: { kind: number; value: number } | undefined): boolean {
  if (!value) return false;
  for (let i = 0; i < packed.kinds.length; i++) if (packed.kinds[i] === value.kind && packed.values[i] === value.value) return true;
  return false;
}
