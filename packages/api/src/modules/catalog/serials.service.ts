import type { AcervosIndexados, Frequency, KardexData, KardexItem, Sumario } from '@estante/contracts/catalog';
import type { Db } from '../../db/client.js';
import { errors } from './catalog.messages.js';
import { controlValue, dataFields, subfieldValues } from '../../marc/record.js';
import {
  articlesOf,
  indexedArticleCounts,
  issueBySeq,
  issuesOfYear,
  issuesWithContents,
  kardexChoices,
  type IssueRow,
  serialPresence,
} from './serials.queries.js';
import { contents, requireTitle } from './title.service.js';

/** Issue tables of contents shown on the contents tab. */
const CONTENTS_ISSUES = 24;

/**
 * The serial's frequency: MARC 008/18 of a continuing resource, else 310 $a in words, else
 * what the issues themselves say (issues in a year: 12 monthly, 6 bimonthly, 4 quarterly,
 * 3 three times a year, 2 half-yearly, 1 annual).
 */
export function frequencyOf(marc: Parameters<typeof controlValue>[0], issuesPerYear: number): Frequency {
  const code = (controlValue(marc, '008') ?? '').charAt(18);
  if (code === 'm' || code === 'b' || code === 'q' || code === 't' || code === 'f' || code === 'a') return code;
  const text = dataFields(marc, '310')
    .flatMap((f) => subfieldValues(f, 'a'))
    .join(' ')
    .toLowerCase();
  if (/mensal|monthly|mensual/.test(text)) return 'm';
  if (/bimestral|bimonthly/.test(text)) return 'b';
  if (/trimestral|quarterly/.test(text)) return 'q';
  if (/quadrimestral|cuatrimestral|three times a year|triannual/.test(text)) return 't';
  if (/semestral|semiannual/.test(text)) return 'f';
  if (/anual|annual/.test(text)) return 'a';
  return issuesPerYear >= 12
    ? 'm'
    : issuesPerYear >= 6
      ? 'b'
      : issuesPerYear >= 4
        ? 'q'
        : issuesPerYear === 3
          ? 't'
          : issuesPerYear >= 2
            ? 'f'
            : issuesPerYear === 1
              ? 'a'
              : 'u';
}

const withArticles = async (db: Db, issues: IssueRow[], only?: number): Promise<KardexItem[]> => {
  const articles = await articlesOf(
    db,
    issues.map((i) => i.seq),
    only,
  );
  return issues.map(({ artigos: _count, ...issue }) => ({
    ...issue,
    artigos: articles.filter((a) => a.cod_fasciculo === issue.seq).map(({ cod_fasciculo: _issue, ...a }) => a),
  }));
};

/** `GET /kardex/{id}/permissao`. */
export async function kardexPermission(db: Db, id: number) {
  await requireTitle(db, id);
  return { permitido: (await serialPresence(db, id)).issues };
}

/** `GET /kardex/{id}/combobox-data`. */
export async function kardexCombo(db: Db, id: number) {
  const title = await requireTitle(db, id);
  const choices = await kardexChoices(db, id);
  return { bibliotecas: choices.libraries, anos: choices.years, partes: choices.parts, periodicidade: frequencyOf(title.marc, choices.issuesPerYear) };
}

/** `GET /kardex/{id}/data`: a library's issues of one year and part, received or still missing. */
export async function kardexData(
  db: Db,
  id: number,
  query: { codBib: number; year: number; codPar: 'F' | 'S' | 'I'; codPeriod?: Frequency },
): Promise<KardexData> {
  if (query.year < 1500 || query.year > 2999) throw errors.yearInvalid(query.year);
  const title = await requireTitle(db, id);
  const issues = await issuesOfYear(db, id, query.codBib, query.year, query.codPar);
  const { issuesPerYear } = await kardexChoices(db, id);
  return {
    ano: query.year,
    parte: query.codPar,
    periodicidade: query.codPeriod ?? frequencyOf(title.marc, issuesPerYear),
    fasciculos: issues.map(({ desc_biblioteca: _library, ...issue }) => issue),
  };
}

/** `GET /kardex/{id}/item`: one issue with its table of contents (or one article of it). */
export async function kardexItem(db: Db, id: number, query: { seqPar: number; codPar: 'F' | 'S' | 'I'; seqSec?: number }): Promise<KardexItem> {
  await requireTitle(db, id);
  const issue = await issueBySeq(db, id, query.seqPar, query.codPar);
  if (!issue) throw errors.issueNotFound(id, query.seqPar);
  const [item] = await withArticles(db, [issue], query.seqSec);
  return item!;
}

/** `GET /sumario/{id}/dados`: a book's contents (505) and the latest issues' tables of contents. */
export async function summary(db: Db, id: number): Promise<Sumario> {
  const t = await requireTitle(db, id);
  return { cod_acervo: id, itens: contents(t.marc), fasciculos: await withArticles(db, await issuesWithContents(db, id, CONTENTS_ISSUES)) };
}

/** `GET /consulta/acervos-indexados`: of the given titles, the serials with indexed articles. */
export async function indexedTitles(db: Db, codAcervos: number[]): Promise<AcervosIndexados> {
  return indexedArticleCounts(db, [...new Set(codAcervos)]);
}
