import { describe, expect, it } from 'vitest';
import { consultaQuerySchema } from './search.js';
import {
  consultaQueryFromParams,
  isEmptyTargetQuery,
  newSearchState,
  parseSearchState,
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
