import type { SearchRow } from '@estante/contracts/search';
import { describe, expect, it } from 'vitest';
import { parseCql } from './cql.js';
import { SruDiagnostic } from './sru.diagnostics.js';
import { flatten, MAX_TERMS, searchTree } from './sru.search.js';

/** The rows a query flattens to, compactly: `op campo:tipo[termo]` (`~` for similar words); null when it does not flatten. */
function rows(query: string): string | null {
  const flat = flatten(searchTree(parseCql(query)));
  return flat && flat.map((r: SearchRow, i) => `${i === 0 ? '' : `${r.operador} `}${r.campo}:${r.tipo}${r.similar ? '~' : ''}[${r.termo}]`).join(' ');
}

function diagnosticOf(query: string) {
  try {
    searchTree(parseCql(query));
  } catch (error) {
    if (error instanceof SruDiagnostic) return error.diagnostic;
    throw error;
  }
  throw new Error(`${query} mapped`);
}

describe('searchTree: indexes and relations to search rows', () => {
  it('maps each index to its field, unprefixed and serverChoice to any field', () => {
    expect(rows('dc.title = "vidas secas"')).toBe('titulo:palavras[vidas secas]');
    expect(rows('DC.Creator = rosa')).toBe('autor:palavras[rosa]');
    expect(rows('dc.subject = romance')).toBe('assunto:palavras[romance]');
    expect(rows('bath.isbn = 978-85-01-01207-4')).toBe('isbn:palavras[978-85-01-01207-4]');
    expect(rows('cql.anywhere = sertão')).toBe('livre:palavras[sertão]');
    expect(rows('cql.serverChoice = sertão')).toBe('livre:palavras[sertão]');
    expect(rows('sertão')).toBe('livre:palavras[sertão]');
    expect(rows('title = sertão')).toBe('titulo:palavras[sertão]');
    expect(rows('> x = "info:srw/cql-context-set/1/dc-v1.1" x.creator = rosa')).toBe('autor:palavras[rosa]');
  });

  it('maps the relations: = and all all words, adj and == the phrase, any one row per word, ^ the start', () => {
    expect(rows('dc.title all "seca sertão"')).toBe('titulo:palavras[seca sertão]');
    expect(rows('dc.title adj "sertão e a seca"')).toBe('titulo:frase[sertão e a seca]');
    expect(rows('dc.title == "Dom Casmurro"')).toBe('titulo:frase[Dom Casmurro]');
    expect(rows('dc.title exact "Dom Casmurro"')).toBe('titulo:frase[Dom Casmurro]');
    expect(rows('dc.title any "sagarana casmurro"')).toBe('titulo:palavras[sagarana] OU titulo:palavras[casmurro]');
    expect(rows('dc.title = "^dom casmurro"')).toBe('titulo:inicio[dom casmurro]');
    expect(rows('dc.title =/stem casas')).toBe('titulo:palavras~[casas]');
    expect(rows('bath.isbn any "9788501012074 8520910394"')).toBe('isbn:palavras[9788501012074] OU isbn:palavras[8520910394]');
  });

  it('answers the diagnostic of what it cannot search', () => {
    expect(diagnosticOf('dc.date = 1990')).toEqual({ code: 16, details: 'dc.date' });
    expect(diagnosticOf('foo = 1990')).toEqual({ code: 16, details: 'foo' });
    expect(diagnosticOf('marc.title = x')).toEqual({ code: 15, details: 'marc' });
    expect(diagnosticOf('> x = "urn:other" x.title = a')).toEqual({ code: 15, details: 'urn:other' });
    expect(diagnosticOf('dc.title > x')).toEqual({ code: 19, details: '>' });
    expect(diagnosticOf('dc.title within "a b"')).toEqual({ code: 19, details: 'within' });
    expect(diagnosticOf('dc.title =/fuzzy x')).toEqual({ code: 20, details: 'fuzzy' });
    expect(diagnosticOf('dc.title = ""')).toMatchObject({ code: 27 });
    expect(diagnosticOf('dc.title = "!!!"')).toMatchObject({ code: 27 });
    expect(diagnosticOf('dc.title = vid*')).toMatchObject({ code: 28 });
    expect(diagnosticOf('dc.title any "^vidas"')).toMatchObject({ code: 31 });
    expect(diagnosticOf('dc.title = "vi^das"')).toMatchObject({ code: 32 });
    expect(diagnosticOf('dc.title = "vidas^"')).toMatchObject({ code: 32 });
    expect(diagnosticOf(`dc.title = "${'a'.repeat(301)}"`)).toMatchObject({ code: 23 });
    expect(diagnosticOf('bath.isbn = abc')).toMatchObject({ code: 36 });
    expect(diagnosticOf('a prox b')).toEqual({ code: 37, details: 'prox' });
    expect(diagnosticOf('a and/rel.sum b')).toEqual({ code: 46, details: 'rel.sum' });
    const many = Array.from({ length: MAX_TERMS + 1 }, (_, i) => `w${i}`).join(' or ');
    expect(diagnosticOf(many)).toMatchObject({ code: 38 });
  });
});

describe('flatten: the booleans as rows joined left to right', () => {
  it('keeps a left-deep chain as it is', () => {
    expect(rows('a and b or c not d')).toBe('livre:palavras[a] E livre:palavras[b] OU livre:palavras[c] NAO livre:palavras[d]');
  });

  it('turns what commutes and associates into a chain', () => {
    expect(rows('a and (b and c)')).toBe('livre:palavras[a] E livre:palavras[b] E livre:palavras[c]');
    expect(rows('a or (b or c)')).toBe('livre:palavras[a] OU livre:palavras[b] OU livre:palavras[c]');
    expect(rows('a and (b or c)')).toBe('livre:palavras[b] OU livre:palavras[c] E livre:palavras[a]');
    expect(rows('a and (b not c)')).toBe('livre:palavras[a] E livre:palavras[b] NAO livre:palavras[c]');
    expect(rows('a not (b or c)')).toBe('livre:palavras[a] NAO livre:palavras[b] NAO livre:palavras[c]');
    expect(rows('dc.creator = rosa and dc.title any "sagarana sertão"')).toBe('titulo:palavras[sagarana] OU titulo:palavras[sertão] E autor:palavras[rosa]');
  });

  it('leaves what the row model cannot say to set operations', () => {
    expect(rows('(a or b) and (c or d)')).toBeNull();
    expect(rows('a not (b and c)')).toBeNull();
    expect(rows('a or (b and c)')).toBe('livre:palavras[b] E livre:palavras[c] OU livre:palavras[a]');
    expect(rows('(a and b) or (c and d)')).toBeNull();
    expect(rows('(a or b) and dc.title any "c d"')).toBeNull();
  });
});
