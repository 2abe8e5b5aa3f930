import type { FacetCode, IndexType, Language, Sort } from '@estante/contracts';

type Names = Record<Language, string>;

/**
 * The one configuration of the results page (Blacklight-style): facets, sort orders and the
 * names the server gives them in each language. The query builder and /consulta/filtros and
 * /consulta/ordenacao all read it.
 */
export const FACETS: { codigo: FacetCode; nome: Names }[] = [
  { codigo: 'T', nome: { pt: 'Tipo de obra', en: 'Type of material', es: 'Tipo de obra' } },
  { codigo: 'Y', nome: { pt: 'Ano de publicação', en: 'Publication year', es: 'Año de publicación' } },
  { codigo: 'I', nome: { pt: 'Idioma', en: 'Language', es: 'Idioma' } },
  { codigo: 'B', nome: { pt: 'Biblioteca', en: 'Library', es: 'Biblioteca' } },
  { codigo: 'A', nome: { pt: 'Autor', en: 'Author', es: 'Autor' } },
  { codigo: 'S', nome: { pt: 'Assunto', en: 'Subject', es: 'Materia' } },
  { codigo: 'K', nome: { pt: 'Área do conhecimento', en: 'Knowledge area', es: 'Área del conocimiento' } },
  { codigo: 'E', nome: { pt: 'Editora', en: 'Publisher', es: 'Editorial' } },
  { codigo: 'C', nome: { pt: 'Coleção', en: 'Series', es: 'Colección' } },
  { codigo: 'P', nome: { pt: 'Periódico', en: 'Journal', es: 'Revista' } },
  { codigo: 'G', nome: { pt: 'Gênero/forma', en: 'Genre/form', es: 'Género/forma' } },
  { codigo: 'O', nome: { pt: 'Entidade', en: 'Corporate body', es: 'Entidad' } },
  { codigo: 'F', nome: { pt: 'Fundo', en: 'Fonds', es: 'Fondo' } },
  { codigo: 'U', nome: { pt: 'Instituição (teses)', en: 'Institution (theses)', es: 'Institución (tesis)' } },
  { codigo: 'N', nome: { pt: 'Grau acadêmico', en: 'Academic degree', es: 'Grado académico' } },
  { codigo: 'D', nome: { pt: 'Descritor geográfico', en: 'Geographic descriptor', es: 'Descriptor geográfico' } },
  { codigo: 'L', nome: { pt: 'Local de publicação', en: 'Place of publication', es: 'Lugar de publicación' } },
  { codigo: 'M', nome: { pt: 'Suporte', en: 'Carrier', es: 'Soporte' } },
  { codigo: 'R', nome: { pt: 'Repositório', en: 'Repository', es: 'Repositorio' } },
  { codigo: 'NA_C', nome: { pt: 'Curso', en: 'Course', es: 'Curso' } },
  { codigo: 'NA_A', nome: { pt: 'Área do conhecimento', en: 'Knowledge area', es: 'Área del conocimiento' } },
  { codigo: 'X', nome: { pt: 'Somente com', en: 'Only with', es: 'Solo con' } },
];

/**
 * The facets of a search: a new-acquisitions list (spec §9) has NA_C and NA_A (the knowledge
 * area, K under its new-acquisitions code) instead of K; other searches have K and no NA_*.
 */
export function facetsFor(newAcquisitions: boolean) {
  return FACETS.filter((f) => (newAcquisitions ? f.codigo !== 'K' : !f.codigo.startsWith('NA_')));
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
