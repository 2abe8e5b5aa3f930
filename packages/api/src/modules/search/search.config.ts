import { type Language } from '@estante/contracts/kernel';
import { type FacetCode, type IndexType, NO_YEAR, type Sort } from '@estante/contracts/search';

type Names = Record<Language, string>;

/**
 * How many of the most frequent words are read ahead after a large catalogue's snapshot
 * (SEARCH_PREWARM_WORDS's default; bench/results/2026-11-27-to-28-search-at-a-million.md, "Reading ahead 2,000 words").
 */
export const PREWARM_WORDS = 2000;

/** How many values of a facet with many (authors, subjects, publishers) a page shows at most. */
export const MANY_VALUES_LIMIT = 30;

/** A library's, a course's number (the multi-valued facets not coded by heading). */
const NUMBER_CODE = /^\d{1,9}$/;
/** A heading's code (headingCode: a hash of the heading), for authors, subjects, publishers and the additional data. */
const HEADING_CODE = /^[0-9a-z]{1,12}$/;

/** Everything the search needs to know about one facet. */
export interface FacetDefinition {
  readonly codigo: FacetCode;
  readonly nome: Names;
  /**
   * How titles carry it: one value each (`single`: work type, year, language, knowledge area,
   * in the snapshot's row words), several (`multi`: tags), or bits (`flag`: cover, online,
   * accessibility).
   */
  readonly kind: 'single' | 'multi' | 'flag';
  /** What a filter's value must look like (else 400). */
  readonly pattern: RegExp;
  /** At most this many values shown, the most frequent (a chosen one always); null: all of them. */
  readonly limit: number | null;
  /** How its values are listed: by name, or years newest first ("no date" last). */
  readonly sort: 'name' | 'newest';
  /** The facet whose values it counts and filters under its own code (NA_A is K for new acquisitions). */
  readonly countsAs?: FacetCode;
  /** Offered only in new-acquisition lists (`only`), or never in them (`never`); else in both. */
  readonly newAcquisitions?: 'only' | 'never';
  /** Offered only in searches of our catalogue or only in the partner network's; else in both. */
  readonly scope?: 'catalogue' | 'network';
}

const multi = <C extends FacetCode>(codigo: C, nome: Names, limit: number | null = MANY_VALUES_LIMIT, pattern = HEADING_CODE) =>
  ({ codigo, nome, kind: 'multi', pattern, limit, sort: 'name' }) as const;

/**
 * The facet table (Blacklight-style), in the order the results page shows them: the query
 * builder, the snapshot, the filter check, the counting and /consulta/filtros all read it.
 */
export const FACETS = [
  { codigo: 'T', nome: { pt: 'Tipo de obra', en: 'Type of material', es: 'Tipo de obra' }, kind: 'single', pattern: /^\d{1,3}$/, limit: null, sort: 'name' },
  {
    codigo: 'Y',
    nome: { pt: 'Ano de publicação', en: 'Publication year', es: 'Año de publicación' },
    kind: 'single',
    pattern: new RegExp(`^(\\d{4}|${NO_YEAR})$`),
    limit: null,
    sort: 'newest',
  },
  { codigo: 'I', nome: { pt: 'Idioma', en: 'Language', es: 'Idioma' }, kind: 'single', pattern: /^[a-z]{3}$/, limit: null, sort: 'name' },
  { ...multi('B', { pt: 'Biblioteca', en: 'Library', es: 'Biblioteca' }, null, NUMBER_CODE), scope: 'catalogue' },
  // The partner network's institution (spec §9 facet Z: "institution for OAI").
  { ...multi('Z', { pt: 'Instituição', en: 'Institution', es: 'Institución' }, null, NUMBER_CODE), scope: 'network', newAcquisitions: 'never' },
  multi('A', { pt: 'Autor', en: 'Author', es: 'Autor' }),
  multi('S', { pt: 'Assunto', en: 'Subject', es: 'Materia' }),
  {
    codigo: 'K',
    nome: { pt: 'Área do conhecimento', en: 'Knowledge area', es: 'Área del conocimiento' },
    kind: 'single',
    pattern: /^\d{1,5}$/,
    limit: null,
    sort: 'name',
    newAcquisitions: 'never',
  },
  multi('E', { pt: 'Editora', en: 'Publisher', es: 'Editorial' }),
  multi('C', { pt: 'Coleção', en: 'Series', es: 'Colección' }),
  multi('P', { pt: 'Periódico', en: 'Journal', es: 'Revista' }),
  multi('G', { pt: 'Gênero/forma', en: 'Genre/form', es: 'Género/forma' }),
  multi('O', { pt: 'Entidade', en: 'Corporate body', es: 'Entidad' }),
  multi('F', { pt: 'Fundo', en: 'Fonds', es: 'Fondo' }),
  multi('U', { pt: 'Instituição (teses)', en: 'Institution (theses)', es: 'Institución (tesis)' }),
  multi('N', { pt: 'Grau acadêmico', en: 'Academic degree', es: 'Grado académico' }),
  multi('D', { pt: 'Descritor geográfico', en: 'Geographic descriptor', es: 'Descriptor geográfico' }),
  multi('L', { pt: 'Local de publicação', en: 'Place of publication', es: 'Lugar de publicación' }),
  multi('M', { pt: 'Suporte', en: 'Carrier', es: 'Soporte' }),
  multi('R', { pt: 'Repositório', en: 'Repository', es: 'Repositorio' }),
  { ...multi('NA_C', { pt: 'Curso', en: 'Course', es: 'Curso' }, null, NUMBER_CODE), newAcquisitions: 'only', scope: 'catalogue' },
  {
    codigo: 'NA_A',
    nome: { pt: 'Área do conhecimento', en: 'Knowledge area', es: 'Área del conocimiento' },
    kind: 'single',
    pattern: /^\d{1,5}$/,
    limit: null,
    sort: 'name',
    countsAs: 'K',
    newAcquisitions: 'only',
  },
  { codigo: 'X', nome: { pt: 'Somente com', en: 'Only with', es: 'Solo con' }, kind: 'flag', pattern: /^[COA]$/, limit: null, sort: 'name' },
] as const satisfies readonly FacetDefinition[];

type FacetEntry = (typeof FACETS)[number];
/** The facets titles carry several values of (kept as tags in the snapshot). */
export type MultiFacet = Extract<FacetEntry, { kind: 'multi' }>['codigo'];
/** At most 32 (a tag keeps the facet's index in its top five bits). */
export const MULTI_FACETS = FACETS.filter((f) => f.kind === 'multi').map((f) => f.codigo) as readonly MultiFacet[];

const BY_CODE = new Map<string, FacetDefinition>(FACETS.map((f) => [f.codigo, f]));

/** The definition of facet `codigo`. */
export function facet(codigo: FacetCode): FacetDefinition {
  return BY_CODE.get(codigo)!;
}

/** The facet a filter or count of `codigo` is kept under (NA_A → K). */
export function countedAs(codigo: FacetCode): FacetCode {
  return facet(codigo).countsAs ?? codigo;
}

/**
 * The facets a search offers: a new-acquisitions list (spec §9) has NA_C and NA_A instead of K;
 * the partner network's search (issue 22) has the institution (Z) and none of our libraries or courses.
 */
export function facetsFor(newAcquisitions: boolean, scope: 'catalogue' | 'network' = 'catalogue'): readonly FacetDefinition[] {
  return (FACETS as readonly FacetDefinition[]).filter(
    (f) => (newAcquisitions ? f.newAcquisitions !== 'never' : f.newAcquisitions !== 'only') && (f.scope === undefined || f.scope === scope),
  );
}

/**
 * The form fields of the guides that search one base (spec §1: archive, normative acts,
 * jurisprudence): each a facet whose values the base's titles carry, named for that base.
 */
export const BASE_FIELDS: Record<'arquivo' | 'atos_normativos' | 'jurisprudencia', { filtro: FacetCode; nome: Names }[]> = {
  arquivo: [
    { filtro: 'F', nome: { pt: 'Fundo', en: 'Fonds', es: 'Fondo' } },
    { filtro: 'G', nome: { pt: 'Tipo documental', en: 'Document type', es: 'Tipo documental' } },
    { filtro: 'Y', nome: { pt: 'Ano', en: 'Year', es: 'Año' } },
  ],
  atos_normativos: [
    { filtro: 'G', nome: { pt: 'Tipo de ato', en: 'Type of act', es: 'Tipo de acto' } },
    { filtro: 'O', nome: { pt: 'Órgão emissor', en: 'Issuing body', es: 'Órgano emisor' } },
    { filtro: 'Y', nome: { pt: 'Ano', en: 'Year', es: 'Año' } },
  ],
  jurisprudencia: [
    { filtro: 'O', nome: { pt: 'Tribunal', en: 'Court', es: 'Tribunal' } },
    { filtro: 'G', nome: { pt: 'Tipo de decisão', en: 'Type of decision', es: 'Tipo de decisión' } },
    { filtro: 'Y', nome: { pt: 'Ano do julgamento', en: 'Year of judgment', es: 'Año del fallo' } },
  ],
};

export const SORT_NAMES: Record<Sort, Names> = {
  C: { pt: 'Relevância', en: 'Relevance', es: 'Relevancia' },
  T: { pt: 'Título', en: 'Title', es: 'Título' },
  A: { pt: 'Autor', en: 'Author', es: 'Autor' },
  N: { pt: 'Mais recentes', en: 'Newest first', es: 'Más recientes' },
  O: { pt: 'Mais antigos', en: 'Oldest first', es: 'Más antiguos' },
};

/** The X facet's values: C cover, O online, A accessibility (spec §9). */
export const ONLY_WITH: Record<string, Names> = {
  C: { pt: 'Capa', en: 'Cover', es: 'Cubierta' },
  O: { pt: 'Acesso online', en: 'Online access', es: 'Acceso en línea' },
  A: { pt: 'Recursos de acessibilidade', en: 'Accessibility features', es: 'Recursos de accesibilidad' },
};

export const NO_YEAR_NAME: Names = { pt: 'Sem data', en: 'No date', es: 'Sin fecha' };

/** Work type names in English and Spanish (Portuguese is the table's own). */
export const WORK_TYPE_NAMES: Record<number, Omit<Names, 'pt'>> = {
  1: { en: 'Book', es: 'Libro' },
  2: { en: 'Serial', es: 'Publicación periódica' },
  3: { en: 'Journal article', es: 'Artículo de revista' },
  4: { en: 'Thesis/Dissertation', es: 'Tesis/Disertación' },
  5: { en: 'Music score', es: 'Partitura' },
  6: { en: 'Map', es: 'Mapa' },
  7: { en: 'Video/Film', es: 'Video/Película' },
  8: { en: 'Music recording', es: 'Grabación sonora musical' },
  9: { en: 'Non-musical recording', es: 'Grabación sonora no musical' },
  10: { en: 'Graphic material', es: 'Material gráfico' },
  11: { en: 'Electronic resource', es: 'Recurso electrónico' },
  12: { en: 'Manuscript', es: 'Manuscrito' },
  13: { en: 'Mixed materials', es: 'Materiales mixtos' },
  14: { en: 'Three-dimensional object', es: 'Objeto tridimensional' },
  15: { en: 'Book chapter', es: 'Capítulo de libro' },
  16: { en: 'Archival document', es: 'Documento de archivo' },
  17: { en: 'Normative act', es: 'Acto normativo' },
  18: { en: 'Case law', es: 'Jurisprudencia' },
  19: { en: 'Technical standard', es: 'Norma técnica' },
};

/** The work type's name in `language`, from its Portuguese name and the table above. */
export function workTypeName(code: number, portuguese: string, language: Language): string {
  return language === 'pt' ? portuguese : (WORK_TYPE_NAMES[code]?.[language] ?? portuguese);
}

/** Index names (spec §3 "Index types"). */
export const INDEX_NAMES: Record<IndexType, Names> = {
  titulo: { pt: 'Título', en: 'Title', es: 'Título' },
  serie: { pt: 'Série', en: 'Series', es: 'Serie' },
  autor: { pt: 'Autor', en: 'Author', es: 'Autor' },
  assunto: { pt: 'Assunto', en: 'Subject', es: 'Materia' },
  chamada: { pt: 'Número de chamada', en: 'Call number', es: 'Signatura' },
  isbn: { pt: 'ISBN', en: 'ISBN', es: 'ISBN' },
  issn: { pt: 'ISSN', en: 'ISSN', es: 'ISSN' },
};

/**
 * The default cover (`/consulta/imagem-padrao`) for titles without one: a plain book drawn in
 * SVG, as a data URL the page can use as an image source without another request.
 */
const DEFAULT_COVER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="170" viewBox="0 0 120 170">
<rect width="120" height="170" rx="6" fill="#e9ecef"/>
<rect x="8" y="8" width="104" height="154" rx="4" fill="#dee2e6"/>
<path d="M38 58h40a6 6 0 0 1 6 6v52H44a6 6 0 0 0-6 6V58z" fill="none" stroke="#868e96" stroke-width="4" stroke-linejoin="round"/>
<path d="M38 122a6 6 0 0 1 6-6h40v10H44a4 4 0 0 1-6-4z" fill="none" stroke="#868e96" stroke-width="4" stroke-linejoin="round"/>
</svg>`;

export const DEFAULT_COVER = `data:image/svg+xml;base64,${Buffer.from(DEFAULT_COVER_SVG).toString('base64')}`;
