import type {
  Acervo,
  DadoAdicional,
  DadosEstatisticos,
  DublinCore,
  Exemplar,
  MarcView,
  Referencia,
  ReferenceStyle,
  TitleTabCode,
} from '@estante/contracts/catalog';
import type { Language } from '@estante/contracts/kernel';
import { type Db } from '../../db/client.js';
import { throttle } from '../auth/auth.service.js';
import { errors } from './catalog.messages.js';
import { ADDITIONAL_DATA_SEPARATOR } from '../../marc/derive.js';
import { toDublinCore } from '../../marc/dublin-core.js';
import { marcView } from '../../marc/marc-view.js';
import { dataFields, type MarcRecord, subfieldValues } from '../../marc/record.js';
import { toIso2709, toMarcXml } from '../../marc/write.js';
import type { Principal } from '../auth/auth.service.js';
import { configuredProviders, providerOfAddress, restrictedAddress } from '../links/links.service.js';
import { cslItem, formatReference } from '../citations/citation.js';
import { workTypeName } from '../search/search.config.js';
import { valueNamer } from './value-names.js';
import { citationParts } from './title.citation.js';
import { titlesAvailability as availability } from '../search/search.service.js';
import { serialPresence } from './serials.queries.js';
import { headingCode, headingKey } from '../search/search.snapshot.js';
import {
  authoritiesForHeadings,
  circulationCounts,
  copiesOf,
  circulationTotals,
  coursesCiting,
  distinctReaders,
  exportRows,
  insertLinkAccess,
  loansPerMonth,
  loanYears,
  titleById,
  type TitleDetailRow,
  titleExists,
} from './title.queries.js';

/** The title row, or a 404 naming the id. */
export async function requireTitle(db: Db, id: number): Promise<TitleDetailRow> {
  const row = await titleById(db, id);
  if (!row) throw errors.titleNotFound(id);
  return row;
}

/** `GET /acervo/{id}`: the record, its additional data, linked authorities and the tabs it offers. */
export async function titleDetail(db: Db, id: number, language: Language): Promise<Acervo> {
  const [t, name] = await Promise.all([requireTitle(db, id), valueNamer(db, language, ['area', 'tipo_area'])]);
  const [copies, counts, courses, years] = await Promise.all([availability(db, [id]), circulationCounts(db, id), coursesCiting(db, id), loanYears(db, id)]);
  const authors = [t.author, ...t.added_authors].filter((a): a is string => Boolean(a));
  const linked = await authoritiesForHeadings(db, [...authors, ...t.subjects]);
  const heading = (name: string) => ({ codigo: headingCode(headingKey(name)), descricao: name });
  const abas: TitleTabCode[] = ['33', '36'];
  if (counts.total > 0) abas.push('30');
  abas.push('115');
  if (counts.holdable > 0) abas.push('18');
  if (counts.loanable > 0) abas.push('75');
  if (years.length > 0) abas.push('74');
  if (counts.closed > 0) abas.push('acervo_fechado');
  const serial = await serialPresence(db, id);
  if (serial.issues) abas.push('32');
  if (serial.contents) abas.push('summary');
  if (contents(t.marc).length > 0) abas.push('sumario_livro');
  return {
    cod_acervo: t.cod_acervo,
    cod_tipo_obra: t.cod_tipo_obra,
    desc_tipo_obra: workTypeName(t.cod_tipo_obra, t.desc_tipo_obra, language),
    titulo: t.title,
    responsabilidade: t.responsibility,
    autor: t.author,
    autores_secundarios: t.added_authors,
    assuntos: t.subjects,
    edicao: t.edition,
    local: t.place,
    editora: t.publisher,
    ano_publicacao: t.ano_publicacao,
    descricao_fisica: t.physical_description,
    serie: t.series,
    notas: t.notes,
    idioma: t.idioma,
    idioma_desc: t.idioma ? ({ pt: t.nome_pt, en: t.nome_en, es: t.nome_es }[language] ?? t.idioma) : null,
    numero_chamada: t.call_number,
    isbn: t.isbn,
    issn: t.issn,
    link_capa: t.link_capa,
    acesso_remoto: t.acesso_remoto,
    possui_acessibilidade: t.possui_acessibilidade,
    cod_area_conhecimento: t.cod_area_conhecimento,
    cod_tipo_area_conhec: t.cod_tipo_area_conhec,
    desc_tipo_area_conhec: t.desc_tipo_area_conhec && name('tipo_area', t.desc_tipo_area_conhec),
    areas_conhecimento:
      t.cod_area_conhecimento && t.area_descricao ? [{ codigo: String(t.cod_area_conhecimento), descricao: name('area', t.area_descricao) }] : [],
    rota: t.rota,
    cursos_disc: courses.map((c) => ({ codigo: String(c.cod_curso), descricao: c.nome_curso, campus: c.nome_campus })),
    dados_adicionais: {
      B: copies.map((c) => ({ codigo: String(c.cod_biblioteca), descricao: c.desc_biblioteca })),
      A: authors.map(heading),
      S: t.subjects.map(heading),
      E: t.publisher ? [heading(t.publisher)] : [],
      ...additionalData(t.dados_adicionais ?? [], heading),
    },
    autoridades: linked.map((a) => ({ cod_autoridade: a.cod_autoridade, tipo: a.tipo as Acervo['autoridades'][number]['tipo'], cabecalho: a.heading })),
    disponibilidade: copies.map(({ cod_biblioteca, desc_biblioteca, total, disponiveis }) => ({ cod_biblioteca, desc_biblioteca, total, disponiveis })),
    abas,
    citacao: citationParts(t.marc, t.cod_tipo_obra),
  };
}

/** `GET /acervo/{id}/referencia`: the reference in ABNT NBR 6023:2018, APA or Vancouver. */
export async function reference(db: Db, id: number, style: ReferenceStyle, language: Language, today = new Date()): Promise<Referencia> {
  const [title] = await exportRows(db, [id]);
  if (!title) throw errors.titleNotFound(id);
  const item = cslItem(
    { codAcervo: title.cod_acervo, codTipoObra: title.cod_tipo_obra, anoPublicacao: title.ano_publicacao, acessoRemoto: title.acesso_remoto, marc: title.marc },
    today,
  );
  return { cod_acervo: id, estilo: style, ...formatReference([item], style, language) };
}

/** `GET /acervo/{id}/marc`: the record labelled in the call's language; with `liberacao` also MARCXML and ISO 2709 for copy cataloguing. */
export async function marc(db: Db, id: number, release: boolean, language: Language): Promise<MarcView> {
  const t = await requireTitle(db, id);
  const view: MarcView = marcView(t.marc, 'bibliographic', language);
  if (release) {
    view.marcxml = toMarcXml([t.marc]);
    view.iso2709 = toIso2709([t.marc]).toString('utf8');
  }
  return view;
}

/** `GET /acervo/{id}/dublin-core`: the Library of Congress MARC → Dublin Core crosswalk. */
export async function dublinCore(db: Db, id: number): Promise<DublinCore> {
  const t = await requireTitle(db, id);
  return { elementos: toDublinCore(t.marc) };
}

/** `GET /acervo/{id}/exemplares`: the copies (optionally of one library) and the availability summary; loan types and collections named in `language`. */
export async function copies(
  db: Db,
  id: number,
  library: number | undefined,
  language: Language,
): Promise<{ exemplares: Exemplar[]; disponibilidade: Acervo['disponibilidade'] }> {
  if (!(await titleExists(db, id))) throw errors.titleNotFound(id);
  const [rows, summary, name] = await Promise.all([
    copiesOf(db, id, library),
    availability(db, [id]),
    valueNamer(db, language, ['tipo_emprestimo', 'colecao']),
  ]);
  return {
    exemplares: rows.map((row) => ({
      ...row,
      tipo_emprestimo: name('tipo_emprestimo', row.tipo_emprestimo),
      colecao: row.colecao && name('colecao', row.colecao),
    })),
    disponibilidade: summary
      .filter((s) => library === undefined || s.cod_biblioteca === library)
      .map(({ cod_biblioteca, desc_biblioteca, total, disponiveis }) => ({ cod_biblioteca, desc_biblioteca, total, disponiveis })),
  };
}

/** `GET /acervo/{id}/bibliotecas`: the libraries that hold copies. */
export async function holdingLibraries(db: Db, id: number) {
  if (!(await titleExists(db, id))) throw errors.titleNotFound(id);
  return (await availability(db, [id])).map(({ cod_biblioteca, desc_biblioteca }) => ({ cod_biblioteca, desc_biblioteca }));
}

export interface Link {
  url: string | null;
  descricao: string | null;
  tipo: 'recurso' | 'capa' | 'relacionado';
  restrito: boolean;
  seq: number;
  /** A restricted link at a configured provider: the provider's key (decision 0023). */
  provedor: string | null;
}

const RESTRICTED = /\b(acesso restrito|restricted|restringido|acceso restringido)\b/i;

/**
 * The online links of a record (856): the resource itself, its cover, or a related page. A link
 * marked restricted ($z / $3 / $x "acesso restrito") keeps its address to itself: a signed-in
 * patron asks for it with `POST /vinculos/acesso-restrito/{acervo}/s/{seq}`.
 */
export function linksOf(record: MarcRecord, reveal = false): Link[] {
  return dataFields(record, '856').flatMap((field, seq) => {
    const label = subfieldValues(field, '3yz')[0]?.trim() || null;
    const restrito = RESTRICTED.test(subfieldValues(field, '3xz').join(' '));
    const tipo: Link['tipo'] = /\b(capa|cover|portada)\b/i.test(label ?? '') ? 'capa' : field.ind2 === '2' ? 'relacionado' : 'recurso';
    return subfieldValues(field, 'u')
      .filter((u) => /^https?:\/\//i.test(u.trim()))
      .map((url) => ({ url: restrito && !reveal ? null : url.trim(), descricao: label, tipo, restrito, seq, provedor: null }));
  });
}

/**
 * The record's links with each restricted one marked with its provider: the configured provider
 * (decision 0023) whose domains hold its address. The address itself stays hidden.
 */
async function linksWithProviders(db: Db, records: MarcRecord[], providerSecret: string | null): Promise<Link[][]> {
  const revealed = records.map((record) => linksOf(record, true));
  const providers = revealed.some((links) => links.some((l) => l.restrito)) ? await configuredProviders(db, providerSecret) : new Map();
  return revealed.map((links) => links.map((l) => (l.restrito ? { ...l, url: null, provedor: l.url ? providerOfAddress(providers, l.url) : null } : l)));
}

/**
 * `POST /vinculos/acesso-restrito/{acervo}/s/{seq}`: the address of a restricted link, counted as
 * an access; a provider's link is handed over through the provider (a one-time token for the
 * patron, or a refusal when their category may not use it).
 */
export async function restrictedLink(
  db: Db,
  providerSecret: string | null,
  codAcervo: number,
  seq: number,
  access: { codPessoa: number; browser?: string; device?: string; os?: string },
  language: Language,
) {
  const t = await requireTitle(db, codAcervo);
  const link = linksOf(t.marc, true).find((l) => l.seq === seq && l.url);
  if (!link?.url) throw errors.linkNotFound(codAcervo, seq);
  const url = link.restrito ? await restrictedAddress(db, providerSecret, access.codPessoa, link.url, language) : link.url;
  await insertLinkAccess(db, { codAcervo, seqParagrafo: seq, url: link.url, ...access });
  return { url };
}

/** `GET /acervo/{id}/totais`: loans, renewals and readers of the title in a period. */
export async function totals(db: Db, id: number, query: { dataIni: string; dataFim: string; biblioteca?: number }) {
  if (!(await titleExists(db, id))) throw errors.titleNotFound(id);
  const rows = await circulationTotals(db, id, query.dataIni, query.dataFim, query.biblioteca);
  return {
    dataIni: query.dataIni,
    dataFim: query.dataFim,
    emprestimos: rows.reduce((n, r) => n + r.emprestimos, 0),
    renovacoes: rows.reduce((n, r) => n + r.renovacoes, 0),
    leitores: await distinctReaders(db, id, query.dataIni, query.dataFim, query.biblioteca),
    por_biblioteca: rows.map(({ cod_biblioteca, desc_biblioteca, emprestimos }) => ({ cod_biblioteca, desc_biblioteca, emprestimos })),
  };
}

export async function links(db: Db, id: number, providerSecret: string | null): Promise<Link[]> {
  const [found] = await linksWithProviders(db, [(await requireTitle(db, id)).marc], providerSecret);
  return found!;
}

/** Titles' MARC records by id, for another module that describes them its own way (search's product look-up). */
export function titleRecords(db: Db, ids: number[]) {
  return exportRows(db, ids);
}

/** `GET /vinculos/links-resultado`: the online links of several titles (a results page). */
export async function linksForTitles(db: Db, ids: number[], providerSecret: string | null) {
  const rows = await exportRows(db, ids);
  const links = await linksWithProviders(
    db,
    rows.map((r) => r.marc),
    providerSecret,
  );
  return rows.map((r, i) => ({ cod_acervo: r.cod_acervo, links: links[i]!.filter((l) => l.tipo !== 'capa') }));
}

/** `GET /vinculos/imagem`: the title's cover images (its cover link first). */
export async function coverImages(db: Db, id: number, limit: number) {
  const t = await requireTitle(db, id);
  const covers = linksOf(t.marc)
    .filter((l): l is Link & { url: string } => l.tipo === 'capa' && l.url !== null)
    .map(({ url, descricao }) => ({ url, descricao }));
  if (t.link_capa && !covers.some((c) => c.url === t.link_capa)) covers.unshift({ url: t.link_capa, descricao: null });
  return covers.slice(0, limit);
}

/** One colour per work type: badges and the default cover (contrast ≥ 4.5:1 on white). */
const WORK_TYPE_COLOURS = [
  '#1c5d99',
  '#8a2be2',
  '#0b6e4f',
  '#a4161a',
  '#7a4b00',
  '#005f73',
  '#6a040f',
  '#3a5a40',
  '#5a189a',
  '#9d0208',
  '#14213d',
  '#6d597a',
  '#283618',
  '#7f5539',
  '#1d3557',
];

export async function colour(db: Db, id: number) {
  const t = await requireTitle(db, id);
  return { cod_tipo_obra: t.cod_tipo_obra, cor: WORK_TYPE_COLOURS[(t.cod_tipo_obra - 1) % WORK_TYPE_COLOURS.length]! };
}

/** `GET /acervo/{id}/permissoes`: what the caller may do with the title now. */
export async function permissions(db: Db, id: number, principal: Principal | null, commentsEnabled: boolean) {
  if (!(await titleExists(db, id))) throw errors.titleNotFound(id);
  const counts = await circulationCounts(db, id);
  const patron = principal?.kind === 'patron';
  return { reservar: counts.holdable > 0, solicitar_emprestimo: counts.loanable > 0, comentar: commentsEnabled, autenticado: patron };
}

/** `GET /acervo/{id}/dados-estatisticos/anos`. */
export async function statisticsYears(db: Db, id: number): Promise<number[]> {
  if (!(await titleExists(db, id))) throw errors.titleNotFound(id);
  return loanYears(db, id);
}

/** `GET /acervo/{id}/dados-estatisticos/dados/{year}`: loans in each of the twelve months. */
export async function statistics(db: Db, id: number, year: number): Promise<DadosEstatisticos> {
  if (year < 1900 || year > 2999) throw errors.yearInvalid(year);
  if (!(await titleExists(db, id))) throw errors.titleNotFound(id);
  const rows = await loansPerMonth(db, id, year);
  const meses = Array.from({ length: 12 }, (_, i) => ({ mes: i + 1, emprestimos: rows.find((r) => r.mes === i + 1)?.emprestimos ?? 0 }));
  return { ano: year, meses, total: meses.reduce((sum, m) => sum + m.emprestimos, 0) };
}

/** A book's table of contents (505): entries with their responsibility, in record order. */
export function contents(record: MarcRecord): { titulo: string; autoria: string | null }[] {
  return dataFields(record, '505').flatMap((field) => {
    const titles = subfieldValues(field, 't');
    if (titles.length > 0) {
      const out: { titulo: string; autoria: string | null }[] = [];
      for (const s of field.subfields) {
        if (s.code === 't') out.push({ titulo: tidy(s.value), autoria: null });
        else if (s.code === 'r' && out.length > 0) out[out.length - 1]!.autoria = tidy(s.value);
      }
      return out;
    }
    return subfieldValues(field, 'a')
      .flatMap((a) => a.split(/\s+--\s+/))
      .map((entry) => {
        const [titulo, autoria] = entry.split(/\s+\/\s+/, 2);
        return { titulo: tidy(titulo ?? ''), autoria: autoria ? tidy(autoria) : null };
      })
      .filter((e) => e.titulo !== '');
  });
}

function tidy(value: string): string {
  return value.replace(/\s*(--|[/.;,])\s*$/, '').trim();
}

/** Followed links one address may have counted in ten minutes: enough for a busy terminal, not for a script filling the table. */
export const LINK_ACCESSES_PER_WINDOW = 60;

/**
 * `POST /vinculos/estatistica-acesso`: counts a followed link (unknown titles are ignored). Anyone
 * may call it, so each address is throttled (429 past LINK_ACCESSES_PER_WINDOW in ten minutes).
 */
export async function recordLinkAccess(db: Db, address: string, access: Parameters<typeof insertLinkAccess>[1]): Promise<void> {
  await throttle(db, [{ key: `link-access:${address}`, limit: LINK_ACCESSES_PER_WINDOW }], 600);
  await insertLinkAccess(db, access);
}

/** True when the catalogue holds title `id` (other modules' check before they refer to one). */
export { titleExists };

/** The titles of a basket export, in the order asked; a 404 names the first unknown one. */
export async function titlesForExport(db: Db, ids: number[]) {
  const rows = await exportRows(db, ids);
  const missing = ids.find((id) => !rows.some((r) => r.cod_acervo === id));
  if (missing !== undefined) throw errors.titleNotFound(missing);
  return rows;
}

/** The dados_adicionais column's entries ("letter U+001F value") as lists keyed by letter. */
export function additionalData(entries: string[], heading: (name: string) => DadoAdicional): Record<string, DadoAdicional[]> {
  const lists: Record<string, DadoAdicional[]> = {};
  for (const entry of entries) {
    if (entry[1] !== ADDITIONAL_DATA_SEPARATOR) continue;
    (lists[entry[0]!] ??= []).push(heading(entry.slice(2)));
  }
  return lists;
}
