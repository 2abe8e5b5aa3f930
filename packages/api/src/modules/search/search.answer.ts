import {
  type ConsultaResponse,
  type Faceta,
  newSearchState,
  NO_YEAR,
  type ResultadoAcervo,
  type SearchFilter,
  type SearchState,
  type SelectedFilter,
  searchStateToParams,
} from '@estante/contracts/search';
import type { Language } from '@estante/contracts/kernel';
import type { Db } from '../../db/client.js';
import { type ValueNamer, valueNamer } from '../catalog/value-names.js';
import { countedAs, facetsFor, NO_YEAR_NAME, ONLY_WITH, workTypeName } from './search.config.js';
import type { FacetCount } from './search.index.js';
import { campusesOf, networkTitlesByIds, type TitleRow, titlesByIds } from './search.queries.js';
import type { SearchAnswer, Searcher, SnapshotNames } from './search.remote.js';
import { isMultiFacet } from './search.snapshot.js';
import type { Suggestion } from './search.suggest.js';

/**
 * The last step of a search (`GET /consulta`): what was found, or the suggestion applied in its
 * place, as the patron reads it: result lines, facets named and ordered in the call's language,
 * the filters described, and the "did you mean" offered.
 */
export async function answer(
  index: Searcher,
  state: SearchState,
  suggestion: (Suggestion & { applied: boolean }) | null,
  found: SearchAnswer,
  language: Language,
): Promise<ConsultaResponse> {
  const outcome = suggestion?.applied ? suggestion.outcome : found;
  const network = index.source.name === 'network';
  const names = await namer(index.database, outcome.snapshot, language);
  const facetas = buildFacets(state, outcome.facets, names, language, network ? 'network' : 'catalogue');
  const filtros = await selectedFilters(index.database, state, names, network);
  return {
    ...(suggestion
      ? {
          sugestao: {
            ...Object.fromEntries(searchStateToParams(newSearchState({ linhas: suggestion.linhas }))),
            total: suggestion.outcome.total,
            aplicada: suggestion.applied,
          },
        }
      : {}),
    total: outcome.total,
    pagina: state.pagina,
    quantPag: state.quantPag,
    facetas,
    filtros,
    acervos: await resultLines(index.database, outcome.page, language, network),
  };
}

/**
 * The filters in force as spec §3's selected filter: facet, value, the value's name and its
 * campus (a library's, facet B; a course's, NA_C; null for every other value, and for the
 * partner network's, whose libraries are not ours).
 */
async function selectedFilters(db: Db, state: SearchState, name: Namer, network: boolean): Promise<SelectedFilter[]> {
  const numbers = (tipo: 'B' | 'NA_C') =>
    network ? [] : state.filtros.filter((f) => f.tipo === tipo && /^\d{1,9}$/.test(f.codigo)).map((f) => Number(f.codigo));
  const libraries = numbers('B');
  const courses = numbers('NA_C');
  const campuses = libraries.length || courses.length ? await campusesOf(db, libraries, courses) : null;
  return state.filtros.map((f) => ({
    ...f,
    descricao: name(f.tipo, f.codigo),
    campus: (f.tipo === 'B' || f.tipo === 'NA_C' ? campuses?.[f.tipo].get(f.codigo) : undefined) ?? null,
  }));
}

/** Names facet values of a snapshot in `language` (knowledge areas by their translated names). */
export async function namer(db: Db, snapshot: SnapshotNames, language: Language): Promise<Namer> {
  return describe(language, snapshot, await valueNamer(db, language, ['area']));
}

/** Result lines (what a results page shows of a title) for titles in the order given; unknown ids are left out. */
export async function resultLines(db: Db, ids: number[], language: Language, network = false): Promise<ResultadoAcervo[]> {
  // A partner-network record has no copies here: its line names the partner institution instead.
  return network
    ? (await networkTitlesByIds(db, ids)).map((t) => ({
        ...lineOf(t, language),
        disponibilidade: [],
        instituicao: { cod_empresa: t.cod_empresa, desc_empresa: t.desc_empresa },
      }))
    : (await titlesByIds(db, ids)).map((t) => ({ ...lineOf(t, language), disponibilidade: t.disponibilidade }));
}

/** What a result line shows of a title record, ours or a partner's. */
function lineOf(t: TitleRow, language: Language): Omit<ResultadoAcervo, 'disponibilidade' | 'instituicao'> {
  return {
    cod_acervo: t.cod_acervo,
    titulo: t.title,
    autor: t.author,
    ano_publicacao: t.ano_publicacao,
    cod_tipo_obra: t.cod_tipo_obra,
    desc_tipo_obra: workTypeName(t.cod_tipo_obra, t.desc_tipo_obra, language),
    idioma: t.idioma,
    link_capa: t.link_capa,
    acesso_remoto: t.acesso_remoto,
    possui_acessibilidade: t.possui_acessibilidade,
  };
}

type Namer = (facet: SearchFilter['tipo'], code: string) => string;

/** Names facet values in `language`: work types, languages, years and the X options. */
function describe(language: Language, snapshot: SnapshotNames, value: ValueNamer): Namer {
  const { workTypes: types, languages, areas } = snapshot.names;
  return (facet, code) => {
    if (isMultiFacet(facet)) {
      const { codes, names } = snapshot.multi[facet];
      const value = codes.get(code);
      return value === undefined ? code : names.at(value)!;
    }
    if (countedAs(facet) === 'K') {
      const area = areas.find((a) => a.cod_area_conhecimento === Number(code));
      // The route is the area's URL slug: the patron reads the area's name.
      return area ? value('area', area.descricao) : code;
    }
    if (facet === 'T') {
      const type = types.find((t) => t.cod_tipo_obra === Number(code));
      return type ? workTypeName(type.cod_tipo_obra, type.desc_tipo_obra, language) : code;
    }
    if (facet === 'Y') return code === NO_YEAR ? NO_YEAR_NAME[language] : code;
    if (facet === 'I') {
      const row = languages.find((l) => l.codigo === code);
      return row ? { pt: row.nome_pt, en: row.nome_en, es: row.nome_es }[language] : code;
    }
    return ONLY_WITH[code]?.[language] ?? code;
  };
}

/** Facet values are ordered by name in the call's language (made once: a collator costs more to make than to use). */
const COLLATORS: Record<Language, Intl.Collator> = { pt: new Intl.Collator('pt-BR'), en: new Intl.Collator('en'), es: new Intl.Collator('es') };

/** Facets in configuration order; years newest first ("no date" last), others by name. */
export function buildFacets(state: SearchState, counts: FacetCount[], name: Namer, language: Language, scope: 'catalogue' | 'network' = 'catalogue'): Faceta[] {
  const collator = COLLATORS[language];
  // The counts by facet, in one pass (a broad search's are some hundreds).
  const byFacet = new Map<string, FacetCount[]>();
  for (const c of counts) {
    if (c.sem_filtro <= 0) continue;
    const list = byFacet.get(c.faceta);
    if (list) list.push(c);
    else byFacet.set(c.faceta, [c]);
  }
  return facetsFor(state.novas !== null, scope).map(({ codigo, nome, sort }) => {
    // NA_A shows the knowledge-area counts (facet K) of a new-acquisitions list.
    const itens = (byFacet.get(countedAs(codigo)) ?? []).map((c) => ({
      codigo: c.codigo,
      // An author's, subject's… name came with its count; others are named here.
      descricao: c.nome ?? name(codigo, c.codigo),
      total: c.total,
      totalSemFiltro: c.sem_filtro,
      mostrarQtdOriginal: state.filtros.length > 0,
    }));
    itens.sort(
      sort === 'newest'
        ? (a, b) => (a.codigo === NO_YEAR ? 1 : b.codigo === NO_YEAR ? -1 : Number(b.codigo) - Number(a.codigo))
        : (a, b) => collator.compare(a.descricao, b.descricao),
    );
    return { codigo, descricao: nome[language], itens };
  });
}
