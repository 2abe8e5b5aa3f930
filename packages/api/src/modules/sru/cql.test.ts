import { describe, expect, it } from 'vitest';
import { type CqlNode, MAX_QUERY_LENGTH, parseCql, termShape, toXcql } from './cql.js';
import { SruDiagnostic } from './sru.diagnostics.js';
import { escapeXml } from './sru.xml.js';

/** The parse tree written back compactly: `(left op right)`, `index rel term`. */
function show(node: CqlNode): string {
  if (node.kind === 'boolean') return `(${show(node.left)} ${node.operator}${node.modifiers.map((m) => `/${m.name}`).join('')} ${show(node.right)})`;
  const mods = node.modifiers.map((m) => `/${m.name}${m.comparison ? `${m.comparison}${m.value}` : ''}`).join('');
  return `${node.index ? `${node.index.text}${node.index.set ? `<${node.index.set}>` : ''} ` : ''}${node.relation}${mods} [${node.raw}]`;
}

function diagnosticOf(query: string): { code: number; details?: string } {
  try {
    parseCql(query);
  } catch (error) {
    if (error instanceof SruDiagnostic) return error.diagnostic;
    throw error;
  }
  throw new Error(`${query} parsed`);
}

describe('parseCql', () => {
  it('reads a bare term, a quoted phrase and several unquoted words as one term', () => {
    expect(show(parseCql('dinossauros'))).toBe('= [dinossauros]');
    expect(show(parseCql('"vidas secas"'))).toBe('= [vidas secas]');
    expect(show(parseCql('vidas secas'))).toBe('= [vidas secas]');
    expect(show(parseCql('dc.title = vidas secas'))).toBe('dc.title = [vidas secas]');
  });

  it('reads indexes with symbolic and named relations, and relation modifiers', () => {
    expect(show(parseCql('dc.title="Dom Casmurro"'))).toBe('dc.title = [Dom Casmurro]');
    expect(show(parseCql('dc.title == "Dom Casmurro"'))).toBe('dc.title == [Dom Casmurro]');
    expect(show(parseCql('dc.creator ANY "rosa assis"'))).toBe('dc.creator any [rosa assis]');
    expect(show(parseCql('dc.title adj "o sertão"'))).toBe('dc.title adj [o sertão]');
    expect(show(parseCql('dc.title all/stem "romances brasileiros"'))).toBe('dc.title all/stem [romances brasileiros]');
    expect(show(parseCql('dc.title =/cql.stem/lang=pt casas'))).toBe('dc.title =/cql.stem/lang=pt [casas]');
    expect(show(parseCql('dc.date >= 1990'))).toBe('dc.date >= [1990]');
  });

  it('joins booleans left to right, any case, and honours parentheses', () => {
    expect(show(parseCql('a and b or c not d'))).toBe('(((= [a] and = [b]) or = [c]) not = [d])');
    expect(show(parseCql('a AND (b OR c)'))).toBe('(= [a] and (= [b] or = [c]))');
    expect(show(parseCql('(dc.creator = rosa or dc.creator = assis) and dc.subject = romance'))).toBe(
      '((dc.creator = [rosa] or dc.creator = [assis]) and dc.subject = [romance])',
    );
    expect(show(parseCql('a prox/unit=word b'))).toBe('(= [a] prox/unit = [b])');
  });

  it('keeps a quoted boolean word as a term', () => {
    expect(show(parseCql('dc.title = "and"'))).toBe('dc.title = [and]');
  });

  it('applies prefix assignments within their parentheses', () => {
    expect(show(parseCql('> x = "info:srw/cql-context-set/1/dc-v1.1" x.title = sertão'))).toBe('x.title<info:srw/cql-context-set/1/dc-v1.1> = [sertão]');
    expect(show(parseCql('(> x = "urn:a" x.title = a) and x.title = b'))).toBe('(x.title<urn:a> = [a] and x.title = [b])');
  });

  it('keeps escapes in the raw term', () => {
    expect(show(parseCql('dc.title = "o \\"sertão\\""'))).toBe('dc.title = [o \\"sertão\\"]');
    expect(show(parseCql('dc.title = c\\*'))).toBe('dc.title = [c\\*]');
  });

  it('answers the diagnostic that says what is wrong', () => {
    expect(diagnosticOf('')).toMatchObject({ code: 10 });
    expect(diagnosticOf('dc.title =')).toMatchObject({ code: 10 });
    expect(diagnosticOf('a and')).toMatchObject({ code: 10 });
    expect(diagnosticOf('dc.title = / x')).toMatchObject({ code: 10 });
    expect(diagnosticOf('(a and b')).toMatchObject({ code: 13 });
    expect(diagnosticOf('a and b)')).toMatchObject({ code: 13 });
    expect(diagnosticOf('()')).toMatchObject({ code: 13 });
    expect(diagnosticOf('dc.title = "vidas')).toMatchObject({ code: 14 });
    expect(diagnosticOf('dc.title = vidas sortby dc.date')).toMatchObject({ code: 80 });
    expect(diagnosticOf('a'.repeat(MAX_QUERY_LENGTH + 1))).toMatchObject({ code: 12 });
  });

  it('parses deep parentheses without running out of stack', () => {
    const depth = 300;
    expect(parseCql(`${'('.repeat(depth)}a${')'.repeat(depth)}`)).toMatchObject({ kind: 'clause', raw: 'a' });
  });
});

describe('termShape', () => {
  it('resolves escapes and finds unescaped masking and anchoring characters', () => {
    expect(termShape('vidas secas')).toEqual({ text: 'vidas secas', masked: false, anchoredStart: false, anchoredEnd: false, anchoredInside: false });
    expect(termShape('comput*')).toMatchObject({ masked: true });
    expect(termShape('wom?n')).toMatchObject({ masked: true });
    expect(termShape('c\\*\\?')).toMatchObject({ text: 'c*?', masked: false });
    expect(termShape('^vidas')).toMatchObject({ text: 'vidas', anchoredStart: true, anchoredEnd: false });
    expect(termShape('^vidas secas^')).toMatchObject({ text: 'vidas secas', anchoredStart: true, anchoredEnd: true, anchoredInside: false });
    expect(termShape('vi^das')).toMatchObject({ anchoredInside: true });
    expect(termShape('2\\^10')).toMatchObject({ text: '2^10', anchoredInside: false });
  });
});

describe('toXcql', () => {
  it('writes the tree as XCQL, escaping its text', () => {
    expect(toXcql(parseCql('dc.title = "a<b" and/x dc.creator any/stem rosa'), escapeXml)).toBe(
      '<triple><boolean><value>and</value><modifiers><modifier><type>x</type></modifier></modifiers></boolean>' +
        '<leftOperand><searchClause><index>dc.title</index><relation><value>=</value></relation><term>a&lt;b</term></searchClause></leftOperand>' +
        '<rightOperand><searchClause><index>dc.creator</index><relation><value>any</value><modifiers><modifier><type>stem</type></modifier></modifiers></relation><term>rosa</term></searchClause></rightOperand></triple>',
    );
    expect(toXcql(parseCql('sertão'), escapeXml)).toBe(
      '<searchClause><index>cql.serverChoice</index><relation><value>=</value></relation><term>sertão</term></searchClause>',
    );
  });
});
