import type { Bibliografia, BibliografiaTitulo } from '@estante/contracts/collection';
import type { Language } from '@estante/contracts/kernel';
import { stringify } from 'csv-stringify/sync';
import type { PdfBlock } from '../../lib/pdf.js';
import { pdfDocument } from '../../lib/pdf.pool.js';
import { messages } from './collection.messages.js';

type Plan = Bibliografia['planos'][number];

const CSV_COLUMNS = [
  'departamento',
  'sigla',
  'disciplina',
  'ano',
  'semestre',
  'periodo',
  'vagas',
  'tipo',
  'cod_acervo',
  'titulo',
  'autor',
  'ano_publicacao',
  'exemplares',
  'por_biblioteca',
  'emprestados',
  'emprestimos',
  'exemplares_por_vaga',
  'vagas_por_exemplar',
  'abaixo_meta',
] as const;

/** "Central: 3; Setorial: 1" — a title's copies at each library. */
const perLibrary = (t: BibliografiaTitulo) => t.por_biblioteca.map((b) => `${b.biblioteca}: ${b.exemplares}`).join('; ');

/**
 * The bibliography as CSV: UTF-8 with a byte-order mark (so spreadsheet programs read the
 * accents), a header row in the call's language, one row per title of each plan with the plan's
 * columns repeated (a plan without bibliography still has its row); numbers with a decimal point.
 */
export function bibliographyCsv(data: Bibliografia, language: Language): string {
  const blank = (v: string | number | null) => (v === null ? '' : v);
  const rows = data.planos.flatMap((p: Plan) => {
    const plan = [p.departamento.nome, p.disciplina.sigla, p.disciplina.nome, p.ano, p.semestre, blank(p.periodo), blank(p.vagas)];
    if (p.titulos.length === 0) return [[...plan, ...CSV_COLUMNS.slice(plan.length).map(() => '')]];
    return p.titulos.map((t) => [
      ...plan,
      messages.t(`type.${t.tipo}`, language),
      t.cod_acervo,
      t.titulo,
      blank(t.autor),
      blank(t.ano),
      t.exemplares,
      perLibrary(t),
      t.por_biblioteca.reduce((sum, b) => sum + b.emprestados, 0),
      t.emprestimos,
      blank(t.exemplares_por_vaga),
      blank(t.vagas_por_exemplar),
      messages.t(t.abaixo_meta ? 'yes' : 'no', language),
    ]);
  });
  const header = CSV_COLUMNS.map((c) => messages.t(`col.${c}`, language));
  return stringify([header, ...rows], { bom: true, record_delimiter: 'windows' });
}

/**
 * The bibliography as a PDF: the targets explained, then per plan its heading (discipline,
 * course, semester), its term, vacancies and loans, and a table of its basic titles and one of
 * its complementary ones, each title with its copies per library (on loan now in brackets), loans,
 * coverage and a written flag when below target.
 */
export async function bibliographyPdf(data: Bibliografia, context: { library: string | null; author: string }, language: Language): Promise<Uint8Array> {
  const t = messages.t;
  const number = new Intl.NumberFormat({ pt: 'pt-BR', en: 'en', es: 'es' }[language], { maximumFractionDigits: 2 });
  const n = (v: number | null) => (v === null ? '—' : number.format(v));
  const blocks: PdfBlock[] = [
    {
      kind: 'paragraph',
      text: t('pdf.targets', language, { vagas: n(data.meta.vagas_por_exemplar), exemplares: data.meta.exemplares_complementar }),
    },
  ];
  if (context.library) blocks.push({ kind: 'paragraph', text: t('pdf.library', language, { library: context.library }) });
  if (data.planos.length === 0) blocks.push({ kind: 'paragraph', text: t('pdf.none', language) });
  for (const p of data.planos) {
    blocks.push({
      kind: 'heading',
      text: t('pdf.plan', language, { sigla: p.disciplina.sigla, disciplina: p.disciplina.nome, curso: p.departamento.nome, ano: p.ano, semestre: p.semestre }),
    });
    blocks.push({ kind: 'paragraph', text: t('pdf.planLine', language, { periodo: n(p.periodo), vagas: n(p.vagas), emprestimos: p.emprestimos }) });
    if (p.titulos.length === 0) {
      blocks.push({ kind: 'paragraph', text: t('pdf.noTitles', language) });
      continue;
    }
    for (const tipo of ['basica', 'complementar'] as const) {
      const titles = p.titulos.filter((title) => title.tipo === tipo);
      if (titles.length === 0) continue;
      blocks.push({ kind: 'paragraph', text: t(`pdf.part.${tipo}`, language) });
      blocks.push({
        kind: 'table',
        columns: [
          { label: t('col.titulo', language), width: 30 },
          { label: t('pdf.col.copies', language), width: 24 },
          { label: t('col.emprestimos', language), width: 12, align: 'right' },
          { label: t('col.exemplares_por_vaga', language), width: 11, align: 'right' },
          { label: t('col.vagas_por_exemplar', language), width: 11, align: 'right' },
          { label: t('pdf.col.target', language), width: 12 },
        ],
        rows: titles.map((title) => [
          [title.titulo, title.autor, title.ano].filter(Boolean).join(' — '),
          title.por_biblioteca.length ? title.por_biblioteca.map((b) => `${b.biblioteca}: ${b.exemplares} (${b.emprestados})`).join('; ') : '0',
          String(title.emprestimos),
          n(title.exemplares_por_vaga),
          n(title.vagas_por_exemplar),
          title.abaixo_meta ? t('pdf.below', language) : t('pdf.ok', language),
        ]),
      });
    }
  }
  return pdfDocument({ title: t('pdf.title', language), subject: t('pdf.subject', language), author: context.author, blocks });
}
