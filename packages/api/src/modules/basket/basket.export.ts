import type { ExportFormat } from '@estante/contracts/basket';
import type { Language } from '@estante/contracts/kernel';
import { toIso2709, toMarcXml } from '../../marc/write.js';
import { messages } from './basket.messages.js';
import { cslItem, formatReference, toBibtex, toRis } from '../citations/citation.js';
import type { titlesForExport } from '../catalog/title.service.js';

export type ExportTitle = Awaited<ReturnType<typeof titlesForExport>>[number];

/** A file to download or attach. */
export interface ExportFile {
  filename: string;
  mediaType: string;
  content: Buffer;
}

const CSV_COLUMNS = ['cod_acervo', 'titulo', 'autor', 'edicao', 'local', 'editora', 'ano', 'tipo', 'isbn', 'issn', 'assuntos', 'numero_chamada'] as const;

/** RFC 4180: every field quoted, quotes doubled, CRLF between records. */
function csv(titles: ExportTitle[]): string {
  const quote = (value: string | number | null) => `"${String(value ?? '').replace(/"/g, '""')}"`;
  const rows = titles.map((t) =>
    [
      t.cod_acervo,
      t.title,
      t.author,
      t.edition,
      t.place,
      t.publisher,
      t.ano_publicacao,
      t.desc_tipo_obra,
      t.isbn.join('; '),
      t.issn.join('; '),
      t.subjects.join('; '),
      t.call_number,
    ]
      .map(quote)
      .join(','),
  );
  return `${[CSV_COLUMNS.map(quote).join(','), ...rows].join('\r\n')}\r\n`;
}

const items = (titles: ExportTitle[], today: Date) =>
  titles.map((t) =>
    cslItem({ codAcervo: t.cod_acervo, codTipoObra: t.cod_tipo_obra, anoPublicacao: t.ano_publicacao, acessoRemoto: t.acesso_remoto, marc: t.marc }, today),
  );

/** The references in a citation style, as text and HTML (what "copy" and the e-mail body use). */
export function references(titles: ExportTitle[], style: 'abnt' | 'apa' | 'vancouver', language: Language, today: Date) {
  return formatReference(items(titles, today), style, language);
}

/**
 * The basket as a file in `format`: references (ABNT, APA, Vancouver) as UTF-8 text, RIS,
 * BibTeX, MARC 21 as ISO 2709 or MARCXML, or CSV; each with its media type and file name.
 */
export function exportFile(titles: ExportTitle[], format: ExportFormat, language: Language, today: Date): ExportFile {
  const text = (filename: string, mediaType: string, content: string): ExportFile => ({ filename, mediaType, content: Buffer.from(content, 'utf8') });
  // The file's name in the reader's language (issue 55): cesta.ris, basket.ris.
  const basket = messages.t('file.basket', language);
  switch (format) {
    case 'abnt':
    case 'apa':
    case 'vancouver':
      return text(
        `${messages.t('file.references', language)}-${format}.txt`,
        'text/plain; charset=utf-8',
        `${references(titles, format, language, today).texto}\r\n`,
      );
    case 'ris':
      return text(`${basket}.ris`, 'application/x-research-info-systems; charset=utf-8', toRis(items(titles, today)));
    case 'bibtex':
      return text(`${basket}.bib`, 'application/x-bibtex; charset=utf-8', toBibtex(items(titles, today)));
    case 'marc':
      return { filename: `${basket}.mrc`, mediaType: 'application/marc', content: toIso2709(titles.map((t) => t.marc)) };
    case 'marcxml':
      return text(`${basket}.xml`, 'application/marcxml+xml; charset=utf-8', toMarcXml(titles.map((t) => t.marc)));
    case 'csv':
      return text(`${basket}.csv`, 'text/csv; charset=utf-8; header=present', csv(titles));
  }
}
