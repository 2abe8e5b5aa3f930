import { MAX_TERM_LENGTH, newSearchState, type SearchField, type SearchRow, searchRow } from '@estante/contracts/search';
import type { Searcher } from '../search/search.remote.js';
import type { CqlClause, CqlIndex, CqlNode } from './cql.js';
import { termShape } from './cql.js';
import { SruDiagnostic } from './sru.diagnostics.js';

/**
 * From a CQL parse tree to the catalogue's own search (decision 0025). Each search clause
 * becomes one or more search rows (field, words, match type); the booleans between them make a
 * tree. A tree the row model can say — rows joined left to right by AND / OR / NOT — runs as one
 * search, ranked by relevance; any other (`(a OR b) AND (c OR d)`) runs each flat part as a
 * search of its own and combines their titles.
 */

/** The context sets whose indexes this server knows, by their identifiers. */
export const CONTEXT_SETS = {
  dc: 'info:srw/cql-context-set/1/dc-v1.1',
  cql: 'info:srw/cql-context-set/1/cql-v1.2',
  bath: 'http://zing.z3950.org/cql/bath/2.0/',
} as const;
type ContextSet = keyof typeof CONTEXT_SETS;

/** Other identifiers clients use for the same sets. */
const SET_ALIASES: Record<string, ContextSet> = {
  [CONTEXT_SETS.dc]: 'dc',
  'http://purl.org/dc/elements/1.1/': 'dc',
  [CONTEXT_SETS.cql]: 'cql',
  'info:srw/cql-context-set/1/cql-v1.1': 'cql',
  [CONTEXT_SETS.bath]: 'bath',
};

/** The indexes searched, each a field of the catalogue's search. */
export const INDEXES: { set: ContextSet; name: string; field: SearchField; title: string }[] = [
  { set: 'cql', name: 'serverChoice', field: 'livre', title: 'Any field (server choice)' },
  { set: 'cql', name: 'anywhere', field: 'livre', title: 'Any field' },
  { set: 'dc', name: 'title', field: 'titulo', title: 'Title' },
  { set: 'dc', name: 'creator', field: 'autor', title: 'Creator (author)' },
  { set: 'dc', name: 'subject', field: 'assunto', title: 'Subject' },
  { set: 'bath', name: 'isbn', field: 'isbn', title: 'ISBN (and ISSN)' },
];

/** The relations understood, and the match type each asks of the catalogue's search. */
export const RELATIONS = ['=', '==', 'all', 'any', 'adj'] as const;

/** How many search rows (terms, after `any` is split into its words) one query may make. */
export const MAX_TERMS = 20;

/** A search tree: rows of the catalogue's search joined by booleans. */
export type SearchTree = { kind: 'row'; row: SearchRow } | { kind: 'and' | 'or' | 'not'; left: SearchTree; right: SearchTree };

/** The search tree a CQL query asks for; an index, relation or term this server cannot search throws its diagnostic. */
export function searchTree(node: CqlNode): SearchTree {
  const tree = treeOf(node);
  if (countRows(tree) > MAX_TERMS) throw new SruDiagnostic(38, `at most ${MAX_TERMS} terms`);
  return tree;
}

function treeOf(node: CqlNode): SearchTree {
  if (node.kind === 'clause') return clauseTree(node);
  if (node.operator === 'prox') throw new SruDiagnostic(37, 'prox');
  if (node.modifiers.length > 0) throw new SruDiagnostic(46, node.modifiers[0]!.name);
  return { kind: node.operator, left: treeOf(node.left), right: treeOf(node.right) };
}

function countRows(tree: SearchTree): number {
  return tree.kind === 'row' ? 1 : countRows(tree.left) + countRows(tree.right);
}

/** The catalogue field an index searches. */
function fieldOf(index: CqlIndex | null): SearchField {
  if (!index) return 'livre';
  let set: ContextSet | undefined;
  if (index.set !== null) {
    set = SET_ALIASES[index.set];
    if (!set) throw new SruDiagnostic(15, index.set);
  } else if (index.prefix === null) {
    // An unprefixed index: the server's default sets, in this order.
    set = (['cql', 'dc', 'bath'] as const).find((s) => INDEXES.some((i) => i.set === s && i.name.toLowerCase() === index.name));
  } else {
    set = (Object.keys(CONTEXT_SETS) as ContextSet[]).find((s) => s === index.prefix);
    if (!set) throw new SruDiagnostic(15, index.prefix);
  }
  const found = INDEXES.find((i) => i.set === set && i.name.toLowerCase() === index.name);
  if (!found) throw new SruDiagnostic(16, index.text);
  return found.field;
}

/** One search clause as rows: `any` one row per word (OR-ed), ISBNs one row per number. */
function clauseTree(clause: CqlClause): SearchTree {
  const campo = fieldOf(clause.index);
  const relation = clause.relation === 'exact' ? '==' : clause.relation.replace(/^cql\./, '');
  if (!(RELATIONS as readonly string[]).includes(relation)) throw new SruDiagnostic(19, clause.relation);
  let similar = false;
  for (const modifier of clause.modifiers) {
    const name = modifier.name.replace(/^cql\./, '');
    if (name === 'stem' && campo !== 'isbn') similar = true;
    // Relevance ranking is what the catalogue's search does anyway.
    else if (name !== 'relevant') throw new SruDiagnostic(20, modifier.name);
  }
  const shape = termShape(clause.raw);
  if (shape.masked) throw new SruDiagnostic(28, clause.raw);
  if (shape.anchoredInside || (shape.anchoredEnd && !shape.anchoredStart)) throw new SruDiagnostic(32, clause.raw);
  const anchored = shape.anchoredStart;
  if (anchored && (relation === 'any' || relation === 'all')) throw new SruDiagnostic(31, `with the relation ${relation}`);
  const text = shape.text.trim();
  if (text === '') throw new SruDiagnostic(27);
  if (text.length > MAX_TERM_LENGTH) throw new SruDiagnostic(23, `at most ${MAX_TERM_LENGTH} characters`);

  const join = (rows: SearchRow[]): SearchTree =>
    rows.map((row): SearchTree => ({ kind: 'row', row })).reduce((left, right) => ({ kind: relation === 'any' ? 'or' : 'and', left, right }));
  if (campo === 'isbn') {
    const numbers = text.split(/\s+/);
    if (numbers.some((n) => !/\d/.test(n))) throw new SruDiagnostic(36, `not an ISBN: ${text}`);
    return join(numbers.map((n) => searchRow(n, { campo })));
  }
  const words = text.match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0) throw new SruDiagnostic(27, 'no letters or digits to search for');
  if (relation === 'any') return join(words.map((w) => searchRow(w, { campo, similar })));
  const tipo = anchored ? 'inicio' : relation === '=' || relation === 'all' ? 'palavras' : 'frase';
  return { kind: 'row', row: searchRow(text, { campo, tipo, similar }) };
}

/**
 * The tree as the catalogue search's rows, joined left to right (`((r1 op r2) op r3) …`), or
 * null when it cannot be. AND and OR are commutative, so either side may lead; what is joined
 * onto a chain must itself be joinable row by row: `S AND (x AND y)` = `S AND x AND y`,
 * `S AND (x NOT y)` = `S AND x NOT y`, `S OR (x OR y)` = `S OR x OR y`, `S NOT (x OR y)` =
 * `S NOT x NOT y`.
 */
export function flatten(tree: SearchTree): SearchRow[] | null {
  if (tree.kind === 'row') return [{ ...tree.row, operador: 'E' }];
  if (tree.kind === 'not') {
    const left = flatten(tree.left);
    const right = appended(tree.right, 'NAO');
    return left && right ? [...left, ...right] : null;
  }
  const operator = tree.kind === 'and' ? 'E' : 'OU';
  for (const [first, second] of [
    [tree.left, tree.right],
    [tree.right, tree.left],
  ] as const) {
    const left = flatten(first);
    const right = left && appended(second, operator);
    if (left && right) return [...left, ...right];
  }
  return null;
}

/** `tree` as rows joined onto a chain with `operator`, or null when it cannot be. */
function appended(tree: SearchTree, operator: 'E' | 'OU' | 'NAO'): SearchRow[] | null {
  if (tree.kind === 'row') return [{ ...tree.row, operador: operator }];
  const both = (a: SearchRow[] | null, b: () => SearchRow[] | null) => {
    const c = a && b();
    return a && c ? [...a, ...c] : null;
  };
  if (operator === 'E' && tree.kind === 'and') return both(appended(tree.left, 'E'), () => appended(tree.right, 'E'));
  if (operator === 'E' && tree.kind === 'not') return both(appended(tree.left, 'E'), () => appended(tree.right, 'NAO'));
  if (operator === 'OU' && tree.kind === 'or') return both(appended(tree.left, 'OU'), () => appended(tree.right, 'OU'));
  if (operator === 'NAO' && tree.kind === 'or') return both(appended(tree.left, 'NAO'), () => appended(tree.right, 'NAO'));
  return null;
}

/** A page of a search's titles and how many there are in all. */
export interface SearchPage {
  total: number;
  /** The titles from `start` (1-based), at most `count`, in the order of the results. */
  ids: number[];
}

/**
 * Runs a search tree over the catalogue and answers the titles `start` … `start + count - 1`.
 * A flat tree is one search, most relevant first. Any other is each flat part's titles combined
 * (intersection, union, difference), in catalogue order (by title number): the catalogue's
 * search ranks one row model, not arbitrary set algebra.
 */
export async function searchPage(index: Searcher, tree: SearchTree, start: number, count: number): Promise<SearchPage> {
  const rows = flatten(tree);
  if (rows) {
    // The search pages from the first title; SRU's start may fall anywhere, so read up to its end.
    const outcome = await index.run(newSearchState({ linhas: rows, pagina: 1, quantPag: Math.max(1, start - 1 + count) }));
    if (!outcome) return { total: 0, ids: [] };
    return { total: outcome.total, ids: outcome.page.slice(start - 1, start - 1 + count) };
  }
  const all = await titlesOf(index, tree);
  return { total: all.length, ids: all.slice(start - 1, start - 1 + count) };
}

/** Every title a tree finds, ascending. */
async function titlesOf(index: Searcher, tree: SearchTree): Promise<number[]> {
  const rows = flatten(tree);
  if (rows) {
    // All of a flat part's titles: one page as long as there are titles (in title order: no ranking needed).
    const outcome = await index.run(newSearchState({ linhas: rows, ordenacao: 'T', pagina: 1, quantPag: Number.MAX_SAFE_INTEGER }));
    return outcome ? outcome.page.slice().sort((a, b) => a - b) : [];
  }
  if (tree.kind === 'row') return [];
  const [left, right] = await Promise.all([titlesOf(index, tree.left), titlesOf(index, tree.right)]);
  const other = new Set(right);
  if (tree.kind === 'and') return left.filter((id) => other.has(id));
  if (tree.kind === 'not') return left.filter((id) => !other.has(id));
  return [...new Set([...left, ...right])].sort((a, b) => a - b);
}
