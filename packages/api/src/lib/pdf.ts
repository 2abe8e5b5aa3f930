import { PDFDocument, type PDFFont, type PDFPage, StandardFonts, rgb } from 'pdf-lib';

/** What a document is made of: headings, paragraphs, label–value pairs and tables. */
export type PdfBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'fields'; rows: [string, string][] }
  | { kind: 'table'; columns: { label: string; width: number; align?: 'right' }[]; rows: string[][] };

export const A4 = { width: 595.28, height: 841.89 };

/** Text broken into lines no wider than `max` points (at word boundaries; `\n` starts a new line). */
export function wrapText(text: string, font: PDFFont, size: number, max: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/)) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) > max && line) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    lines.push(line);
  }
  return lines;
}
const MARGIN = 56;
const SIZE = 10.5;
const LINE = 15;

/**
 * A plain A4 PDF (pdf-lib, the standard Helvetica fonts — WinAnsi covers Portuguese and Spanish
 * letters): a title, then the blocks, wrapped and continued on new pages. For receipts, payment
 * slips and declarations, where the content matters and no layout engine is needed.
 */
export async function buildPdf(options: { title: string; subject: string; author: string; blocks: PdfBlock[] }): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(options.title);
  doc.setSubject(options.subject);
  doc.setAuthor(options.author);
  doc.setCreator('Estante');
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let page: PDFPage = doc.addPage([A4.width, A4.height]);
  let y = A4.height - MARGIN;
  const width = A4.width - 2 * MARGIN;
  const room = (needed: number) => {
    if (y - needed >= MARGIN) return;
    page = doc.addPage([A4.width, A4.height]);
    y = A4.height - MARGIN;
  };
  const write = (text: string, x: number, font: PDFFont, size = SIZE) => page.drawText(text, { x, y, size, font, color: rgb(0.1, 0.1, 0.1) });
  room(30);
  write(options.title, MARGIN, bold, 16);
  y -= 30;
  for (const block of options.blocks) {
    if (block.kind === 'heading') {
      room(28);
      y -= 6;
      write(block.text, MARGIN, bold, 12.5);
      y -= 20;
    } else if (block.kind === 'paragraph') {
      for (const line of wrapText(block.text, regular, SIZE, width)) {
        room(LINE);
        write(line, MARGIN, regular);
        y -= LINE;
      }
      y -= 6;
    } else if (block.kind === 'fields') {
      for (const [label, value] of block.rows) {
        const lines = wrapText(value, regular, SIZE, width - 150);
        room(LINE * lines.length);
        write(label, MARGIN, bold);
        for (const line of lines) {
          write(line, MARGIN + 150, regular);
          y -= LINE;
        }
      }
      y -= 6;
    } else {
      const total = block.columns.reduce((sum, c) => sum + c.width, 0);
      const xs = block.columns.reduce<number[]>((acc, c, i) => [...acc, i === 0 ? MARGIN : acc[i - 1]! + (block.columns[i - 1]!.width / total) * width], []);
      const maxOf = (i: number) => (block.columns[i]!.width / total) * width - 6;
      const cell = (text: string, i: number, font: PDFFont, at: number) => {
        const x = block.columns[i]!.align === 'right' ? xs[i]! + maxOf(i) - font.widthOfTextAtSize(text, SIZE) : xs[i]!;
        page.drawText(text, { x, y: at, size: SIZE, font, color: rgb(0.1, 0.1, 0.1) });
      };
      // Cells wrap within their column; a row is as tall as its tallest cell.
      const drawRow = (cells: string[], font: PDFFont) => {
        const lines = cells.map((text, i) => wrapText(text, font, SIZE, maxOf(i)));
        const height = Math.max(...lines.map((l) => l.length));
        room(LINE * height);
        lines.forEach((cellLines, i) => cellLines.forEach((line, k) => cell(line, i, font, y - k * LINE)));
        y -= LINE * height;
      };
      drawRow(
        block.columns.map((c) => c.label),
        bold,
      );
      y += LINE - 4;
      page.drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + width, y }, thickness: 0.5, color: rgb(0.4, 0.4, 0.4) });
      y -= LINE - 2;
      for (const row of block.rows) drawRow(row, regular);
      y -= 8;
    }
  }
  return doc.save();
}
