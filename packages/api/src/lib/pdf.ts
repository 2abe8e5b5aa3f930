import bidiFactory from 'bidi-js';
import type { Color, PDFDocument, PDFPage } from 'pdf-lib';
import { type FontFile, fontProgram, loadFontEngine, noteGlyph, pdfUnits, type ShapedRun, useFont, utf16, writeFonts } from './pdf.fonts.js';

type PdfLib = typeof import('pdf-lib');
let library: PdfLib | undefined;
let loading: Promise<PdfLib> | undefined;

/**
 * pdf-lib and HarfBuzz, loaded on the first document rather than at start (about 0.6 s of a
 * start's module loading: issue 25, a fresh machine answers within 10 s). Every function here
 * that draws or measures runs after a caller awaited this (buildPdf does it itself).
 */
export function pdfLibrary(): Promise<PdfLib> {
  loading ??= Promise.all([import('pdf-lib'), loadFontEngine()]).then(([pdf]) => (library = pdf));
  return loading;
}

function pdfLib(): PdfLib {
  if (!library) throw new Error('lib/pdf: await pdfLibrary() before drawing or measuring');
  return library;
}

/** What a document is made of: headings, paragraphs, label–value pairs and tables. */
export type PdfBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'fields'; rows: [string, string][] }
  | { kind: 'table'; columns: { label: string; width: number; align?: 'right' }[]; rows: string[][] };

export const A4 = { width: 595.28, height: 841.89 };

/**
 * The typefaces documents are set in, each a list of font files (in ./fonts, see its README)
 * tried in turn for every character. Liberation has the metrics of Helvetica and Times, which
 * the documents were laid out with, and draws Latin (every diacritic), Greek, Cyrillic and
 * Hebrew; DejaVu Sans adds Arabic, Armenian, Georgian and more symbols; Noto Sans Thai and Noto
 * Sans Devanagari their scripts; Droid Sans Fallback Chinese and Japanese, NanumSquare Korean
 * (Hangul). Each file is opened only when a document holds a character the fonts before it lack.
 */
const FACES = {
  sans: [
    'LiberationSans-Regular.ttf',
    'DejaVuSans.ttf',
    'NotoSansThai-Regular.ttf',
    'NotoSansDevanagari-Regular.ttf',
    'DroidSansFallbackFull.ttf',
    'NanumSquareR.ttf',
  ],
  'sans-bold': [
    'LiberationSans-Bold.ttf',
    'DejaVuSans-Bold.ttf',
    'NotoSansThai-Bold.ttf',
    'NotoSansDevanagari-Bold.ttf',
    'DroidSansFallbackFull.ttf',
    'NanumSquareR.ttf',
  ],
  serif: [
    'LiberationSerif-Regular.ttf',
    'DejaVuSans.ttf',
    'NotoSansThai-Regular.ttf',
    'NotoSansDevanagari-Regular.ttf',
    'DroidSansFallbackFull.ttf',
    'NanumSquareR.ttf',
  ],
} as const satisfies Record<string, readonly FontFile[]>;
export type Face = keyof typeof FACES;

/** Marks and joiners, which belong with the character before them. */
const ATTACHED = /[\p{M}\u200c\u200d]/u;
/** Explicit directional marks: they set levels (bidi-js reads them) and are not drawn. */
const BIDI_MARKS = /[\u200e\u200f\u061c]/u;
const bidi = bidiFactory();

/**
 * A line of text as wrapText gives it: its characters in logical order and the direction of the
 * paragraph it was broken from (UAX #9: a paragraph's direction is its first strong letter's,
 * and every line of it is reordered at that paragraph level).
 */
export interface TextLine {
  text: string;
  direction: 'ltr' | 'rtl';
}

/** A piece of a line set in one font at one bidirectional level (odd: right to left), shaped. */
interface Run {
  text: string;
  file: FontFile;
  level: number;
  shaped: ShapedRun;
}

/** The text drawn: controls out, tabs and line breaks as spaces, composed (NFC). */
const clean = (text: string) =>
  text
    .normalize('NFC')
    .replace(/[\t\n\r\v\f]/g, ' ')
    .replace(/\p{Cc}/gu, '');

/** The direction of a paragraph: its first strong letter's (UAX #9 P2–P3), left to right when it has none. */
function paragraphDirection(text: string): 'ltr' | 'rtl' {
  return (bidi.getEmbeddingLevels(clean(text)).paragraphs[0]?.level ?? 0) % 2 === 1 ? 'rtl' : 'ltr';
}

/**
 * A line cut into runs in the order they are drawn, left to right: each character in the first
 * font of the face that has it (a mark in the font of the letter it sits on); levels by the
 * Unicode bidirectional algorithm (bidi-js) at the paragraph's direction, then the runs of each
 * level reversed (UAX #9 L2), brackets at right-to-left levels mirrored (L4); each run shaped by
 * HarfBuzz in its direction, which orders a right-to-left run's glyphs itself. A character no font has is left to
 * the first font, which draws its empty box. A space is always in the same font, so a line is
 * as wide as its words and spaces apart, which wrapText counts on.
 */
function runsOf(line: string | TextLine, face: Face): Run[] {
  const files = FACES[face];
  const text = clean(typeof line === 'string' ? line : line.text);
  const { levels } = bidi.getEmbeddingLevels(text, typeof line === 'string' ? undefined : line.direction);
  const mirrored = bidi.getMirroredCharactersMap(text, levels);
  const pieces: Omit<Run, 'shaped'>[] = [];
  let current: Omit<Run, 'shaped'> | undefined;
  for (let i = 0; i < text.length;) {
    const c = String.fromCodePoint(text.codePointAt(i)!);
    const level = levels[i]!;
    // A bracket at a right-to-left level is drawn as its mirror image (UAX #9 L4).
    const shown = mirrored.get(i) ?? c;
    i += c.length;
    if (BIDI_MARKS.test(c)) continue;
    const file = current && ATTACHED.test(c) ? current.file : (files.find((f) => fontProgram(f).has(c.codePointAt(0)!)) ?? files[0]);
    if (current && current.file === file && current.level === level) current.text += shown;
    else pieces.push((current = { text: shown, file, level }));
  }
  // Reverse every sequence of runs at a level or above, from the highest level down to 1.
  for (let level = Math.max(0, ...pieces.map((r) => r.level)); level >= 1; level--) {
    for (let start = 0; start < pieces.length; start++) {
      if (pieces[start]!.level < level) continue;
      let end = start;
      while (end + 1 < pieces.length && pieces[end + 1]!.level >= level) end++;
      pieces.splice(start, end - start + 1, ...pieces.slice(start, end + 1).reverse());
      start = end;
    }
  }
  return pieces.map((piece) => ({ ...piece, shaped: fontProgram(piece.file).shape(piece.text, piece.level % 2 === 1) }));
}

/** How wide a run is at a size: its glyphs' advances as HarfBuzz placed them. */
const runWidth = (run: Run, size: number) => (run.shaped.advance * size) / fontProgram(run.file).upem;

/** How wide a line of text is in a face, measured in the fonts it will be drawn in. */
export function textWidth(text: string | TextLine, face: Face, size: number): number {
  return runsOf(text, face).reduce((sum, run) => sum + runWidth(run, size), 0);
}

/**
 * Text broken into lines no wider than `max` points (at word boundaries; `\n` starts a new
 * paragraph; a word wider than `max` has a line of its own), in logical order, each line with
 * its paragraph's direction, to be reordered on its own when drawn (UAX #9 §3.4). Each word is
 * measured once.
 */
export function wrapText(text: string, face: Face, size: number, max: number): TextLine[] {
  const space = textWidth(' ', face, size);
  const lines: TextLine[] = [];
  for (const paragraph of text.split('\n')) {
    const direction = paragraphDirection(paragraph);
    let line = '';
    let width = 0;
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const wide = textWidth(word, face, size);
      if (line && width + space + wide > max) {
        lines.push({ text: line, direction });
        line = '';
      }
      width = line ? width + space + wide : wide;
      line = line ? `${line} ${word}` : word;
    }
    lines.push({ text: line, direction });
  }
  return lines;
}

/**
 * Draws one line of text at (x, y) in a face, each run in the font that has its characters,
 * each glyph where HarfBuzz put it (marks by the font's anchors); returns the width drawn. A
 * run whose glyphs, read in drawing order, do not give its characters back (a reordered
 * Devanagari vowel sign, a glyph standing for other characters elsewhere) is marked with its
 * text (/ActualText, PDF 2.0 §14.9.4), for text extraction and search.
 */
export async function drawText(
  page: PDFPage,
  text: string | TextLine,
  options: { x: number; y: number; size: number; face: Face; color: Color },
): Promise<number> {
  const pdf = pdfLib();
  const { PDFOperator, PDFOperatorNames: Ops, PDFHexString, PDFName } = pdf;
  const { size } = options;
  const ops: ReturnType<PdfLib['pushGraphicsState']>[] = [pdf.pushGraphicsState(), pdf.setFillingColor(options.color)];
  let pen = options.x;
  for (const run of runsOf(text, options.face)) {
    const { name, font } = useFont(page, run.file);
    const upem = font.program.upem;
    const rtl = run.level % 2 === 1;
    let faithful = run.shaped.inOrder;
    for (const glyph of run.shaped.glyphs) {
      const shown = rtl ? [...glyph.text].reverse().join('') : glyph.text;
      if (!noteGlyph(font, glyph.id, shown)) faithful = false;
    }
    if (!faithful) {
      const actual = PDFHexString.of(`feff${utf16(run.text)}`);
      // A dictionary is written as any operand is; pdf-lib's operand type leaves it out.
      const properties = page.doc.context.obj({ ActualText: actual }) as unknown as ReturnType<typeof PDFName.of>;
      ops.push(PDFOperator.of(Ops.BeginMarkedContentSequence, [PDFName.of('Span'), properties]));
    }
    ops.push(pdf.beginText(), pdf.setFontAndSize(name, size));
    // Glyphs shown one after another in a TJ array, its numbers closing the gap between where
    // a glyph's width leaves the pen and where HarfBuzz puts the next; a new text matrix for a
    // glyph raised or lowered (a mark).
    let shown: (InstanceType<PdfLib['PDFHexString']> | number)[] = [];
    let hex = '';
    let at: { x: number; y: number } | undefined;
    const flush = () => {
      if (hex) shown.push(PDFHexString.of(hex));
      hex = '';
      const [only] = shown;
      if (shown.length === 1 && typeof only !== 'number') ops.push(pdf.showText(only!));
      else if (shown.length) ops.push(PDFOperator.of(Ops.ShowTextAdjusted, [page.doc.context.obj(shown)]));
      shown = [];
    };
    for (const glyph of run.shaped.glyphs) {
      const x = pen + (glyph.dx * size) / upem;
      const y = options.y + (glyph.dy * size) / upem;
      let placed: number;
      if (at && Math.abs(at.y - y) < 1e-6) {
        // A TJ number moves the pen left by its thousandths of the size.
        // (A gap under a hundredth of a thousandth of the size is rounding, left to add up until it is not.)
        const gap = Math.abs(x - at.x) * 1000 < size / 100 ? 0 : Math.round(((x - at.x) * 1000 * 1000) / size) / 1000;
        if (gap !== 0) {
          if (hex) shown.push(PDFHexString.of(hex));
          hex = '';
          shown.push(-gap);
        }
        placed = at.x + (gap * size) / 1000;
      } else {
        flush();
        placed = round(x);
        ops.push(pdf.setTextMatrix(1, 0, 0, 1, placed, round(y)));
        at = { x: placed, y: round(y) };
      }
      hex += glyph.id.toString(16).padStart(4, '0');
      at = { x: placed + (pdfUnits(font.program.glyphAdvance(glyph.id), upem) * size) / 1000, y: at.y };
      pen += (glyph.advance * size) / upem;
    }
    flush();
    ops.push(pdf.endText());
    if (!faithful) ops.push(PDFOperator.of(Ops.EndMarkedContent));
  }
  ops.push(pdf.popGraphicsState());
  page.pushOperators(...ops);
  return pen - options.x;
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/** Saves a document drawn with drawText: its fonts written as subsets first. */
export async function savePdf(doc: PDFDocument): Promise<Uint8Array> {
  writeFonts(doc, pdfLib());
  return doc.save();
}

const MARGIN = 56;
const SIZE = 10.5;
const LINE = 15;

/**
 * A plain A4 PDF (pdf-lib, fonts embedded as subsets, any script the fonts in ./fonts draw): a
 * title, then the blocks, wrapped and continued on new pages. For receipts, payment slips and
 * declarations, where the content matters and no layout engine is needed.
 */
export async function buildPdf(options: { title: string; subject: string; author: string; blocks: PdfBlock[] }): Promise<Uint8Array> {
  const { PDFDocument, rgb } = await pdfLibrary();
  const ink = rgb(0.1, 0.1, 0.1);
  const doc = await PDFDocument.create();
  doc.setTitle(options.title);
  doc.setSubject(options.subject);
  doc.setAuthor(options.author);
  doc.setCreator('Estante');
  let page: PDFPage = doc.addPage([A4.width, A4.height]);
  let y = A4.height - MARGIN;
  const width = A4.width - 2 * MARGIN;
  const room = (needed: number) => {
    if (y - needed >= MARGIN) return;
    page = doc.addPage([A4.width, A4.height]);
    y = A4.height - MARGIN;
  };
  const write = (text: string | TextLine, x: number, face: Face, size = SIZE, at = y) => drawText(page, text, { x, y: at, size, face, color: ink });
  room(30);
  await write(options.title, MARGIN, 'sans-bold', 16);
  y -= 30;
  for (const block of options.blocks) {
    if (block.kind === 'heading') {
      room(28);
      y -= 6;
      await write(block.text, MARGIN, 'sans-bold', 12.5);
      y -= 20;
    } else if (block.kind === 'paragraph') {
      for (const line of wrapText(block.text, 'sans', SIZE, width)) {
        room(LINE);
        await write(line, MARGIN, 'sans');
        y -= LINE;
      }
      y -= 6;
    } else if (block.kind === 'fields') {
      for (const [label, value] of block.rows) {
        const lines = wrapText(value, 'sans', SIZE, width - 150);
        room(LINE * lines.length);
        await write(label, MARGIN, 'sans-bold');
        for (const line of lines) {
          await write(line, MARGIN + 150, 'sans');
          y -= LINE;
        }
      }
      y -= 6;
    } else {
      const total = block.columns.reduce((sum, c) => sum + c.width, 0);
      const xs = block.columns.reduce<number[]>((acc, c, i) => [...acc, i === 0 ? MARGIN : acc[i - 1]! + (block.columns[i - 1]!.width / total) * width], []);
      const maxOf = (i: number) => (block.columns[i]!.width / total) * width - 6;
      const cell = (text: TextLine, i: number, face: Face, at: number) => {
        const x = block.columns[i]!.align === 'right' ? xs[i]! + maxOf(i) - textWidth(text, face, SIZE) : xs[i]!;
        return write(text, x, face, SIZE, at);
      };
      // Cells wrap within their column; a row is as tall as its tallest cell.
      const drawRow = async (cells: string[], face: Face) => {
        const lines = cells.map((text, i) => wrapText(text, face, SIZE, maxOf(i)));
        const height = Math.max(...lines.map((l) => l.length));
        room(LINE * height);
        for (const [i, cellLines] of lines.entries()) for (const [k, line] of cellLines.entries()) await cell(line, i, face, y - k * LINE);
        y -= LINE * height;
      };
      await drawRow(
        block.columns.map((c) => c.label),
        'sans-bold',
      );
      y += LINE - 4;
      page.drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + width, y }, thickness: 0.5, color: rgb(0.4, 0.4, 0.4) });
      y -= LINE - 2;
      for (const row of block.rows) await drawRow(row, 'sans');
      y -= 8;
    }
  }
  return savePdf(doc);
}
