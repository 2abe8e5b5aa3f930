import {
  type BaseDados,
  type Bibliografia,
  type BibliografiaTitulo,
  type bibliografiaQuerySchema,
  DEFAULT_PLAN_TARGETS,
  type DisciplinasBibliotecas,
  NO_AREA,
  type PlanoOferta,
  type TotaisAcervo,
} from '@estante/contracts/collection';
import { type Language } from '@estante/contracts/kernel';
import { valueNamer } from '../catalog/value-names.js';
import { workTypeName } from '../search/search.config.js';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { asExternalResource, configuredProviders, providerOfAddress } from '../links/links.service.js';
import { institutionNumber } from '../parameters/parameters.service.js';
import { bibliographyCsv, bibliographyPdf } from './collection.files.js';
import { errors, messages } from './collection.messages.js';
import {
  acquiredTotals,
  categoryOf,
  eResourcesFor,
  libraryList,
  libraryName,
  type PlanRow,
  type PlanTitleRow,
  plansOf,
  planTitlesOf,
  professorOf,
} from './collection.queries.js';

/** The bibliography's filters as the query schema parses them (numbers). */
export type BibliographyFilters = z.output<typeof bibliografiaQuerySchema>;

/** The institution's coverage targets (settings `plano_ensino_vagas_por_exemplar`, `plano_ensino_exemplares_complementar`). */
export async function planTargets(db: Db): Promise<Bibliografia['meta']> {
  const [vagas, exemplares] = await Promise.all([
    institutionNumber(db, 'plano_ensino_vagas_por_exemplar', DEFAULT_PLAN_TARGETS.vagas_por_exemplar),
    institutionNumber(db, 'plano_ensino_exemplares_complementar', DEFAULT_PLAN_TARGETS.exemplares_complementar),
  ]);
  return { vagas_por_exemplar: vagas, exemplares_complementar: exemplares };
}

const asOffer = (p: PlanRow): PlanoOferta => ({
  cod_plano: p.cod_plano,
  departamento: { codigo: p.cod_curso, nome: p.nome_curso },
  disciplina: { codigo: p.cod_disciplina, sigla: p.sigla, nome: p.nome_disciplina },
  ano: p.ano,
  semestre: p.semestre,
  periodo: p.periodo,
  vagas: p.vagas,
});

/** `GET …/plano-ensino/disciplinas-bibliotecas`: the patron's plans when they sign in as a professor (none otherwise), the libraries, the targets. */
export async function planOffers(db: Db, codPessoa: number): Promise<DisciplinasBibliotecas> {
  const [professor, bibliotecas, meta] = await Promise.all([professorOf(db, codPessoa), libraryList(db), planTargets(db)]);
  const planos = professor ? (await plansOf(db, { codProfessor: professor.cod_professor })).map(asOffer) : [];
  return { professor: professor !== null, planos, bibliotecas, meta };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * How well a title covers its plan: copies per vacancy and vacancies per copy (2 decimals; null
 * when a division has nothing to divide by), and whether it is below the institution's target —
 * a basic title when it has no copies or more vacancies per copy than the target, a
 * complementary one when it has fewer copies than the target.
 */
export function coverage(tipo: BibliografiaTitulo['tipo'], exemplares: number, vagas: number | null, meta: Bibliografia['meta']) {
  return {
    exemplares_por_vaga: vagas ? round2(exemplares / vagas) : null,
    vagas_por_exemplar: vagas !== null && exemplares > 0 ? round2(vagas / exemplares) : null,
    abaixo_meta:
      tipo === 'basica' ? exemplares === 0 || (vagas !== null && vagas / exemplares > meta.vagas_por_exemplar) : exemplares < meta.exemplares_complementar,
  };
}

function titleOf(row: PlanTitleRow, vagas: number | null, meta: Bibliografia['meta']): BibliografiaTitulo {
  const exemplares = row.por_biblioteca.reduce((sum, b) => sum + b.exemplares, 0);
  return {
    cod_acervo: row.cod_acervo,
    titulo: row.titulo,
    autor: row.autor,
    ano: row.ano,
    tipo: row.tipo,
    exemplares,
    por_biblioteca: row.por_biblioteca.map((b) => ({
      cod_biblioteca: b.cod_biblioteca,
      biblioteca: b.biblioteca,
      exemplares: b.exemplares,
      emprestados: b.emprestados,
    })),
    emprestimos: row.emprestimos,
    ...coverage(row.tipo, exemplares, vagas, meta),
  };
}

/** The bibliography, with the name of the library its copies were counted at and the professor's (for a file). */
async function loadBibliography(db: Db, codPessoa: number, filters: BibliographyFilters) {
  const { biblioteca, ...plan } = filters;
  const library = biblioteca === undefined ? null : await libraryName(db, biblioteca);
  if (biblioteca !== undefined && library === null) throw errors.libraryInvalid(biblioteca);
  const [meta, professor] = await Promise.all([planTargets(db), professorOf(db, codPessoa)]);
  if (!professor) return { data: { meta, planos: [] }, library, professor: null };
  const filter = { codProfessor: professor.cod_professor, ...plan };
  const [plans, titles] = await Promise.all([plansOf(db, filter), planTitlesOf(db, filter, biblioteca)]);
  const planos = plans.map((p) => {
    const titulos = titles.filter((t) => t.cod_plano === p.cod_plano).map((t) => titleOf(t, p.vagas, meta));
    return { ...asOffer(p), emprestimos: titulos.reduce((sum, t) => sum + t.emprestimos, 0), titulos };
  });
  return { data: { meta, planos }, library, professor: professor.nome };
}

/**
 * `GET …/plano-ensino/bibliografia`: the signed-in professor's own plans the filters keep, each
 * title's copies (at the library chosen: an unknown one is a 422), loans in the plan's semester
 * and coverage. A patron who is not a professor has no plans.
 */
export async function bibliography(db: Db, codPessoa: number, filters: BibliographyFilters): Promise<Bibliografia> {
  return (await loadBibliography(db, codPessoa, filters)).data;
}

/** `GET …/plano-ensino/bibliografia/{csv|pdf}`: the same bibliography as a file, its texts in the call's language. */
export async function bibliographyFile(
  db: Db,
  codPessoa: number,
  formato: 'csv' | 'pdf',
  filters: BibliographyFilters,
  language: Language,
): Promise<{ body: Buffer; type: string; name: string }> {
  const { data, library, professor } = await loadBibliography(db, codPessoa, filters);
  const name = `${messages.t('file.name', language)}.${formato}`;
  if (formato === 'csv') return { body: Buffer.from(bibliographyCsv(data, language), 'utf8'), type: 'text/csv; charset=utf-8', name };
  return { body: Buffer.from(await bibliographyPdf(data, { library, author: professor ?? '' }, language)), type: 'application/pdf', name };
}

/** `GET …/bases-dados`: the e-resources open to every category or to the patron's, by name. */
export async function databases(db: Db, codPessoa: number, providerSecret: string | null): Promise<BaseDados[]> {
  const [rows, providers] = await Promise.all([eResourcesFor(db, await categoryOf(db, codPessoa)), configuredProviders(db, providerSecret)]);
  return rows.map((r) => ({
    codigo: r.cod_base,
    nome: r.nome,
    descricao: r.descricao,
    area: r.area,
    url: r.url,
    acesso_remoto: r.acesso_remoto,
    // A database at a configured provider opens through the provider's hand-over (decision 0023).
    recurso: asExternalResource(providerOfAddress(providers, r.url)),
  }));
}

/**
 * `GET …/totais-acervo`: titles and copies acquired in the period (at one library: an unknown
 * one is a 422), in all and by work type, library and knowledge area.
 */
export async function collectionTotals(db: Db, query: { dataIni: string; dataFim: string; biblioteca?: number }, language: Language): Promise<TotaisAcervo> {
  if (query.biblioteca !== undefined && (await libraryName(db, query.biblioteca)) === null) throw errors.libraryInvalid(query.biblioteca);
  const [totals, name] = await Promise.all([acquiredTotals(db, query, query.biblioteca), valueNamer(db, language, ['area'])]);
  type Row = { codigo: string | null; descricao: string | null; titulos: number; exemplares: number };
  const row = (r: Row, named: (descricao: string) => string = (d) => d) => ({
    codigo: r.codigo ?? NO_AREA,
    descricao: r.descricao === null ? messages.t('SemArea', language) : named(r.descricao),
    titulos: r.titulos,
    exemplares: r.exemplares,
  });
  return {
    titulos: totals.titulos,
    exemplares: totals.exemplares,
    // Work types and knowledge areas in the call's language; libraries keep their own names.
    por_tipo_obra: totals.porTipo.map((r) => row(r, (d) => workTypeName(Number(r.codigo), d, language))),
    por_biblioteca: totals.porBiblioteca.map((r) => row(r)),
    por_area: totals.porArea.map((r) => row(r, (d) => name('area', d))),
  };
}
