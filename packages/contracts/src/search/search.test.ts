import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { consultaQuerySchema } from './search.js';
import {
  consultaQueryFromParams,
  isEmptyTargetQuery,
  newSearchState,
  parseSearchState,
  readConsultaQuery,
  searchRow,
  searchStateToParams,
  TARGET_GEDWEB,
} from './search-state.js';

/** What the server does with a query string: parse, validate, read the state. */
const serverState = (params: URLSearchParams) => parseSearchState(consultaQuerySchema.parse(consultaQueryFromParams(params)));

describe('the search state is the URL (one codec for the API and the web)', () => {
  it('reads back what it writes: rows renumbered from 1, filters, sort, page, base', () => {
    const state = newSearchState({
      linhas: [searchRow('machado'), searchRow('Dom Casmurro', { campo: 'titulo', tipo: 'frase', operador: 'OU' })],
      filtros: [{ tipo: 'T', codigo: '1' }],
      ordenacao: 'A',
      pagina: 3,
      base: 'arquivo',
    });
    const params = searchStateToParams(state);
    expect(params.get('termo1')).toBe('machado');
    expect(params.get('campo2')).toBe('titulo');
    expect(serverState(params)).toEqual(state);
  });
});

describe('the target_gedweb rule (spec §5): no first-row term, nothing answered', () => {
  it('holds for the query a client sends', () => {
    expect(isEmptyTargetQuery({ base: TARGET_GEDWEB })).toBe(true);
    expect(isEmptyTargetQuery({ base: TARGET_GEDWEB, termo1: '   ' })).toBe(true);
    expect(isEmptyTargetQuery({ base: TARGET_GEDWEB, termo2: 'borges' })).toBe(true);
    expect(isEmptyTargetQuery({ base: TARGET_GEDWEB, termo1: 'citações' })).toBe(false);
    expect(isEmptyTargetQuery({ base: 'arquivo' })).toBe(false);
    expect(isEmptyTargetQuery({})).toBe(false);
  });

  it('holds the same for the query the web app builds from its state', () => {
    const asSent = (state: ReturnType<typeof newSearchState>) => isEmptyTargetQuery(consultaQueryFromParams(searchStateToParams(state)));
    expect(asSent(newSearchState({ base: TARGET_GEDWEB }))).toBe(true);
    expect(asSent(newSearchState({ base: TARGET_GEDWEB, linhas: [searchRow('normas', { campo: 'titulo' })] }))).toBe(false);
    expect(asSent(newSearchState({ linhas: [] }))).toBe(false);
  });
});

describe('reading an address without zod (issue 55: the results page does not load the schemas)', () => {
  const KEYS = [
    'termo1',
    'termo2',
    'termo5',
    'termo6',
    'campo1',
    'tipo2',
    'operador2',
    'similar1',
    'filtro',
    'ordenacao',
    'pagina',
    'quantPag',
    'base',
    'novas',
    'curso',
    'disciplina',
    'professor',
    'ano',
    'semestre',
    'exato',
    'exibicao',
    'constructor',
    'toString',
  ];
  const VALUES = fc.oneof(
    fc.constantFrom(
      '',
      '0',
      '1',
      '2',
      '20',
      '100',
      '101',
      '365',
      '366',
      '500',
      '1899',
      '1900',
      '2999',
      '10000',
      '10001',
      '0001',
      '1234567',
      '-1',
      '1.5',
      ' 1',
      'livre',
      'autor',
      'isbn',
      'frase',
      'palavras',
      'inicio',
      'E',
      'OU',
      'NAO',
      'PROXIMO',
      'true',
      'false',
      'sim',
      'C',
      'T',
      'N',
      'X',
      'rede',
      'arquivo',
      'T:1',
      'Y:2024',
      'NA_C:12',
      'B:3',
      'x:1',
      'TOOLONG:1',
      'T:',
      'A:abc-def_9',
      'machado de assis',
      'a'.repeat(300),
      'a'.repeat(301),
      'b'.repeat(41),
    ),
    fc.string({ maxLength: 8 }),
  );
  const PARAMS = fc.array(fc.tuple(fc.constantFrom(...KEYS), VALUES), { maxLength: 8 }).map((pairs) => new URLSearchParams(pairs));

  it('accepts exactly what consultaQuerySchema accepts, with the same values', () => {
    fc.assert(
      fc.property(PARAMS, (params) => {
        const raw = consultaQueryFromParams(params);
        const parsed = consultaQuerySchema.safeParse(raw);
        expect(readConsultaQuery(raw)).toEqual(parsed.success ? parsed.data : null);
      }),
      { numRuns: 3000 },
    );
  });

  it('agrees on the limits: 50 filters, the result window', () => {
    const many = (n: number) => new URLSearchParams(Array.from({ length: n }, (_, i): [string, string] => ['filtro', `Y:${2000 + i}`]));
    for (const params of [many(50), many(51), new URLSearchParams('termo1=a&pagina=500&quantPag=20'), new URLSearchParams('termo1=a&pagina=501&quantPag=20')]) {
      const raw = consultaQueryFromParams(params);
      const parsed = consultaQuerySchema.safeParse(raw);
      expect(readConsultaQuery(raw)).toEqual(parsed.success ? parsed.data : null);
    }
    expect(readConsultaQuery(consultaQueryFromParams(many(51)))).toBeNull();
  });
});
