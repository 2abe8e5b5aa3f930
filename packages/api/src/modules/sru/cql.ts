import { SruDiagnostic } from './sru.diagnostics.js';

/**
 * A recursive-descent parser of CQL, the Contextual Query Language of SRU (CQL 1.2 grammar,
 * decision 0025: no maintained CQL parser is published on npm):
 *
 *   cqlQuery        ::= prefixAssignment* scopedClause [sortby …]
 *   prefixAssignment ::= '>' prefix '=' uri | '>' uri
 *   scopedClause    ::= searchClause (boolean modifier* searchClause)*   (left to right)
 *   searchClause    ::= '(' cqlQuery ')' | index relation modifier* term | term
 *   modifier        ::= '/' name [comparison value]
 *
 * Like YAZ and CQL-Java, several unquoted words in a row are one term (`dc.title = vidas secas`).
 * A term keeps its backslash escapes (`raw`), so that masking (`*`, `?`) and anchoring (`^`)
 * can be told from the same characters escaped.
 */

export interface CqlModifier {
  /** As written, lower-cased: `stem`, `cql.stem`. */
  name: string;
  comparison?: string;
  value?: string;
}

/** An index as written, with the context set its prefix stands for (from a prefix assignment or the defaults). */
export interface CqlIndex {
  /** As written: `dc.title`, `title`. */
  text: string;
  /** The prefix (`dc`), null for an unprefixed index. */
  prefix: string | null;
  /** The index's name within its set (`title`), lower-cased. */
  name: string;
  /** The context set's identifier the prefix was assigned in the query, if it was. */
  set: string | null;
}

export interface CqlClause {
  kind: 'clause';
  /** Null for a bare term (the server's choice of index). */
  index: CqlIndex | null;
  /** `=`, `==`, `<>`, `any`, `all`, `adj`… lower-cased; `=` for a bare term. */
  relation: string;
  modifiers: CqlModifier[];
  /** The term with its escapes (no surrounding quotes). */
  raw: string;
}

export interface CqlBoolean {
  kind: 'boolean';
  operator: 'and' | 'or' | 'not' | 'prox';
  modifiers: CqlModifier[];
  left: CqlNode;
  right: CqlNode;
}

export type CqlNode = CqlClause | CqlBoolean;

/** The longest query parsed, in characters: longer ones are refused (diagnostic 12). */
export const MAX_QUERY_LENGTH = 2000;

const BOOLEANS = new Set(['and', 'or', 'not', 'prox']);
/** Named relations of CQL 1.1 and 1.2; an unknown word after an index is read as more of the term. */
const NAMED_RELATIONS = new Set(['all', 'any', 'adj', 'within', 'encloses', 'exact', 'cql.all', 'cql.any', 'cql.adj', 'cql.within', 'cql.encloses']);

type TokenKind = 'open' | 'close' | 'slash' | 'compare' | 'word' | 'quoted' | 'end';
interface Token {
  kind: TokenKind;
  /** The text; for a quoted string its content without the quotes (escapes kept). */
  text: string;
}

const COMPARISONS = ['==', '<>', '<=', '>=', '=', '<', '>'];

/** Splits a query into tokens; an unterminated quoted string is diagnostic 14. */
function tokenize(query: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < query.length) {
    const c = query[i]!;
    if (/\s/.test(c)) {
      i++;
    } else if (c === '(' || c === ')' || c === '/') {
      tokens.push({ kind: c === '(' ? 'open' : c === ')' ? 'close' : 'slash', text: c });
      i++;
    } else if ('=<>'.includes(c)) {
      const symbol = COMPARISONS.find((s) => query.startsWith(s, i))!;
      tokens.push({ kind: 'compare', text: symbol });
      i += symbol.length;
    } else if (c === '"') {
      let j = i + 1;
      while (j < query.length && query[j] !== '"') j += query[j] === '\\' ? 2 : 1;
      if (j >= query.length) throw new SruDiagnostic(14, 'a quoted term is not closed');
      tokens.push({ kind: 'quoted', text: query.slice(i + 1, j) });
      i = j + 1;
    } else {
      let j = i;
      while (j < query.length && !/[\s()=<>"/]/.test(query[j]!)) j += query[j] === '\\' && j + 1 < query.length ? 2 : 1;
      tokens.push({ kind: 'word', text: query.slice(i, j) });
      i = j;
    }
  }
  tokens.push({ kind: 'end', text: '' });
  return tokens;
}

/** Prefix assignments in force: the innermost parenthesis's first. */
class Scope {
  private readonly sets = new Map<string, string>();
  constructor(private readonly parent: Scope | null = null) {}

  assign(prefix: string, set: string) {
    this.sets.set(prefix.toLowerCase(), set);
  }

  lookup(prefix: string): string | null {
    return this.sets.get(prefix.toLowerCase()) ?? this.parent?.lookup(prefix) ?? null;
  }
}

class Parser {
  private at = 0;
  constructor(private readonly tokens: Token[]) {}

  private peek(offset = 0): Token {
    return this.tokens[Math.min(this.at + offset, this.tokens.length - 1)]!;
  }

  private next(): Token {
    const token = this.peek();
    if (token.kind !== 'end') this.at++;
    return token;
  }

  private isBoolean(token: Token): boolean {
    return token.kind === 'word' && BOOLEANS.has(token.text.toLowerCase());
  }

  private isSortBy(token: Token): boolean {
    return token.kind === 'word' && token.text.toLowerCase() === 'sortby';
  }

  /** The whole query: nothing may follow it. */
  parse(): CqlNode {
    const node = this.query(new Scope());
    const rest = this.peek();
    if (this.isSortBy(rest)) throw new SruDiagnostic(80, 'sortby');
    if (rest.kind === 'close') throw new SruDiagnostic(13, 'a closing parenthesis without an opening one');
    if (rest.kind !== 'end') throw new SruDiagnostic(10, `unexpected "${rest.text}"`);
    return node;
  }

  private query(outer: Scope): CqlNode {
    const scope = new Scope(outer);
    while (this.peek().kind === 'compare' && this.peek().text === '>') {
      this.next();
      const first = this.termToken('a prefix or context set after ">"');
      if (this.peek().kind === 'compare' && this.peek().text === '=') {
        this.next();
        scope.assign(first, this.termToken('a context set identifier'));
      } else {
        scope.assign('', first);
      }
    }
    let left = this.searchClause(scope);
    while (this.isBoolean(this.peek())) {
      const operator = this.next().text.toLowerCase() as CqlBoolean['operator'];
      const modifiers = this.modifiers();
      const right = this.searchClause(scope);
      left = { kind: 'boolean', operator, modifiers, left, right };
    }
    return left;
  }

  private searchClause(scope: Scope): CqlNode {
    const token = this.peek();
    if (token.kind === 'open') {
      this.next();
      const inner = this.query(scope);
      if (this.peek().kind !== 'close') throw new SruDiagnostic(13, 'a parenthesis is not closed');
      this.next();
      return inner;
    }
    if (token.kind === 'close') throw new SruDiagnostic(13, 'a closing parenthesis where a search term was expected');
    if (token.kind === 'end') throw new SruDiagnostic(10, 'a search term is missing');
    if (token.kind !== 'word' && token.kind !== 'quoted') throw new SruDiagnostic(10, `unexpected "${token.text}" where a search term was expected`);
    if (this.startsRelation(this.peek(1))) {
      this.next();
      const index = this.index(token, scope);
      const relationToken = this.next();
      const relation = relationToken.text.toLowerCase();
      const modifiers = this.modifiers();
      return { kind: 'clause', index, relation, modifiers, raw: this.term() };
    }
    return { kind: 'clause', index: null, relation: '=', modifiers: [], raw: this.term() };
  }

  /** True when `token` begins a relation: a comparison symbol, or a named relation followed by a term. */
  private startsRelation(token: Token): boolean {
    if (token.kind === 'compare') return true;
    if (token.kind !== 'word' || !NAMED_RELATIONS.has(token.text.toLowerCase())) return false;
    const after = this.peek(2);
    return after.kind === 'word' || after.kind === 'quoted' || after.kind === 'slash';
  }

  private index(token: Token, scope: Scope): CqlIndex {
    const text = token.text;
    const dot = text.lastIndexOf('.');
    const prefix = dot > 0 ? text.slice(0, dot) : null;
    const name = (dot > 0 ? text.slice(dot + 1) : text).toLowerCase();
    return { text, prefix: prefix?.toLowerCase() ?? null, name, set: scope.lookup(prefix ?? '') };
  }

  /** A term: a quoted string, or one or more unquoted words (not booleans, not `sortby`). */
  private term(): string {
    const token = this.peek();
    if (token.kind === 'quoted') {
      this.next();
      return token.text;
    }
    if (token.kind !== 'word') {
      if (token.kind === 'close') throw new SruDiagnostic(13, 'a closing parenthesis where a search term was expected');
      throw new SruDiagnostic(10, token.kind === 'end' ? 'a search term is missing' : `unexpected "${token.text}" where a search term was expected`);
    }
    const words = [this.next().text];
    while (this.peek().kind === 'word' && !this.isBoolean(this.peek()) && !this.isSortBy(this.peek())) words.push(this.next().text);
    return words.join(' ');
  }

  /** A single-token term: a prefix, a context set's identifier, a modifier's value. */
  private termToken(what: string): string {
    const token = this.next();
    if (token.kind !== 'word' && token.kind !== 'quoted') throw new SruDiagnostic(10, `expected ${what}`);
    return token.text;
  }

  private modifiers(): CqlModifier[] {
    const modifiers: CqlModifier[] = [];
    while (this.peek().kind === 'slash') {
      this.next();
      const name = this.next();
      if (name.kind !== 'word') throw new SruDiagnostic(10, 'a modifier name is missing after "/"');
      const modifier: CqlModifier = { name: name.text.toLowerCase() };
      if (this.peek().kind === 'compare') {
        modifier.comparison = this.next().text;
        modifier.value = this.termToken(`a value for the modifier ${modifier.name}`);
      }
      modifiers.push(modifier);
    }
    return modifiers;
  }
}

/**
 * The parse tree of a CQL query. A query CQL does not allow, or one longer than
 * MAX_QUERY_LENGTH, throws the SRU diagnostic that says why (10, 12, 13, 14, 80).
 */
export function parseCql(query: string): CqlNode {
  if (query.length > MAX_QUERY_LENGTH) throw new SruDiagnostic(12, `at most ${MAX_QUERY_LENGTH} characters`);
  if (query.trim() === '') throw new SruDiagnostic(10, 'the query is empty');
  return new Parser(tokenize(query)).parse();
}

/** Characters that are special in a term unless escaped: masking and anchoring. */
export interface TermShape {
  /** The term with escapes resolved. */
  text: string;
  /** An unescaped `*` or `?` anywhere. */
  masked: boolean;
  /** An unescaped `^` first, last, or somewhere else. */
  anchoredStart: boolean;
  anchoredEnd: boolean;
  anchoredInside: boolean;
}

/** Reads a term's escapes and special characters (CQL: a backslash escapes the next character). */
export function termShape(raw: string): TermShape {
  let text = '';
  let masked = false;
  const anchors: ('start' | 'end' | 'inside')[] = [];
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (c === '\\' && i + 1 < raw.length) {
      text += raw[++i];
      continue;
    }
    if (c === '^') {
      anchors.push(i === 0 ? 'start' : i === raw.length - 1 ? 'end' : 'inside');
      continue;
    }
    if (c === '*' || c === '?') masked = true;
    text += c;
  }
  return {
    text,
    masked,
    anchoredStart: anchors.includes('start'),
    anchoredEnd: anchors.includes('end'),
    anchoredInside: anchors.includes('inside'),
  };
}

/** The query written back as XCQL's `operand` content (the 1.2 response echoes the query both ways). */
export function toXcql(node: CqlNode, escape: (text: string) => string): string {
  const modifiers = (list: CqlModifier[]) =>
    list.length === 0
      ? ''
      : `<modifiers>${list
          .map(
            (m) =>
              `<modifier><type>${escape(m.name)}</type>${m.comparison ? `<comparison>${escape(m.comparison)}</comparison><value>${escape(m.value ?? '')}</value>` : ''}</modifier>`,
          )
          .join('')}</modifiers>`;
  if (node.kind === 'clause') {
    const index = node.index?.text ?? 'cql.serverChoice';
    return `<searchClause><index>${escape(index)}</index><relation><value>${escape(node.relation)}</value>${modifiers(node.modifiers)}</relation><term>${escape(node.raw)}</term></searchClause>`;
  }
  return (
    `<triple><boolean><value>${node.operator}</value>${modifiers(node.modifiers)}</boolean>` +
    `<leftOperand>${toXcql(node.left, escape)}</leftOperand><rightOperand>${toXcql(node.right, escape)}</rightOperand></triple>`
  );
}
