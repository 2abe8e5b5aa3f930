import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Font } from '@pdf-lib/fontkit';
import bidiFactory from 'bidi-js';
import type { Color, PDFDocument, PDFFont, PDFPage } from 'pdf-lib';

type PdfLib = typeof import('pdf-lib');
type Fontkit = typeof import('@pdf-lib/fontkit');
let libraries: { pdf: PdfLib; fontkit: Fontkit } | undefined;
let loading: Promise<PdfLib> | undefined;

/**
 * pdf-lib and fontkit, loaded on the first document rather than at start (about 0.6 s of a
 * start's module loading: issue 25, a fresh machine answers within 10 s). Every function here
 * that draws or measures runs after a caller awaited this (buildPdf does it itself).
 */
export function pdfLibrary(): Promise<PdfLib> {
  loading ??= Promise.all([import('pdf-lib'), import('@pdf-lib/fontkit')]).then(([pdf, fontkit]) => {
    // A CommonJS module: its `module.exports` is the default export.
    libraries = { pdf, fontkit: (fontkit as unknown as { default?: Fontkit }).default ?? fontkit };
    return pdf;
  });
  return loading;
}

function loadedLibraries(): { pdf: PdfLib; fontkit: Fontkit } {
  if (!libraries) throw new Error('lib/pdf: await pdfLibrary() before drawing or measuring');
  return libraries;
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
 * Hebrew; DejaVu Sans adds Arabic, Armenian, Georgian and more symbols; Droid Sans Fallback
 * Chinese and Japanese, NanumSquare Korean (Hangul) — the East Asian text the importer reads from
 * EACC (each parsed only when a document holds a character the fonts before it lack).
 */
const FACES = {
  sans: ['LiberationSans-Regular.ttf', 'DejaVuSans.ttf', 'DroidSansFallbackFull.ttf', 'NanumSquareR.ttf'],
  'sans-bold': ['LiberationSans-Bold.ttf', 'DejaVuSans-Bold.ttf', 'DroidSansFallbackFull.ttf', 'NanumSquareR.ttf'],
  serif: ['LiberationSerif-Regular.ttf', 'DejaVuSans.ttf', 'DroidSansFallbackFull.ttf', 'NanumSquareR.ttf'],
} as const;
export type Face = keyof typeof FACES;
type FontFile = (typeof FACES)[Face][number];

/** Font files read and parsed once per process, on first use (parsing for glyph coverage and widths). */
const loaded = new Map<FontFile, { bytes: Uint8Array; font: Font }>();
function load(file: FontFile) {
  let entry = loaded.get(file);
  if (!entry) {
    const bytes = readFileSync(fileURLToPath(new URL(`./fonts/${file}`, import.meta.url)));
    entry = { bytes, font: loadedLibraries().fontkit.create(bytes) };
    loaded.set(file, entry);
  }
  return entry;
}

/**
 * The scripts fontkit lays out right to left (it reverses the glyphs of a run whose first
 * letter is in one of them, and shapes Arabic).
 */
const RTL_SCRIPTS = (
  'Arabic Hebrew Syriac Thaana Nko Samaritan Mandaic Cypriot Kharoshthi Phoenician Lydian Avestan Imperial_Aramaic Inscriptional_Pahlavi ' +
  'Inscriptional_Parthian Old_South_Arabian Old_North_Arabian Old_Turkic Meroitic_Cursive Meroitic_Hieroglyphs Manichaean Mende_Kikakui Nabataean ' +
  'Palmyrene Psalter_Pahlavi'
).split(' ');
const RTL = new RegExp(`[${RTL_SCRIPTS.map((script) => `\\p{Script=${script}}`).join('')}]`, 'u');
/** The first character of a run in a particular script, from which fontkit tells the run's direction. */
const SCRIPTED = /[^\p{Script=Common}\p{Script=Inherited}]/u;
/** Marks and joiners, which belong with the character before them. */
const ATTACHED = /[\p{M}\u200c\u200d]/u;
const bidi = bidiFactory();

/** A piece of a line set in one font at one bidirectional level (odd: right to left). */
interface Run {
  text: string;
  file: FontFile;
  level: number;
}

/**
 * A line of text cut into runs in the order they are drawn, left to right: each character in
 * the first font of the face that has it (a mark in the font of the letter it sits on), and
 * ordered by the Unicode bidirectional algorithm (bidi-js: levels, mirrored brackets), the
 * paragraph's direction from its first letter. Each run is handed to fontkit in the order
 * that makes it come out right: fontkit reverses a run in a right-to-left script itself, and
 * shapes Arabic. A character no font has is left to the first font, which draws its empty box.
 * A space is always in the same font, so a line is as wide as its words and spaces apart,
 * which wrapText counts on.
 */
function runsOf(line: string, face: Face): Run[] {
  const files = FACES[face];
  const text = line
    .normalize('NFC')
    .replace(/[\t\n\r\v\f]/g, ' ')
    .replace(/\p{Cc}/gu, '');
  const { levels } = bidi.getEmbeddingLevels(text);
  const mirrored = bidi.getMirroredCharactersMap(text, levels);
  const runs: Run[] = [];
  let current: Run | undefined;
  for (let i = 0; i < text.length;) {
    const c = String.fromCodePoint(text.codePointAt(i)!);
    const shown = mirrored.get(i) ?? c;
    const level = levels[i]!;
    const file = current && ATTACHED.test(c) ? current.file : (files.find((f) => load(f).font.hasGlyphForCodePoint(shown.codePointAt(0)!)) ?? files[0]);
    if (current && current.file === file && current.level === level) current.text += shown;
    else runs.push((current = { text: shown, file, level }));
    i += c.length;
  }
  for (const run of runs) {
    const scripted = SCRIPTED.exec(run.text)?.[0];
    if ((scripted !== undefined && RTL.test(scripted)) !== (run.level % 2 === 1)) run.text = [...run.text].reverse().join('');
  }
  // Reverse every sequence of runs at a level or above, from the highest level down to 1.
  for (let level = Math.max(0, ...runs.map((r) => r.level)); level >= 1; level--) {
    for (let start = 0; start < runs.length; start++) {
      if (runs[start]!.level < level) continue;
      let end = start;
      while (end + 1 < runs.length && runs[end + 1]!.level >= level) end++;
      runs.splice(start, end - start + 1, ...runs.slice(start, end + 1).reverse());
      start = end;
    }
  }
  return runs;
}

/** Widths of runs laid out already, in ems, by font and text (the same words come back in every row of a table). */
const widths = new Map<string, number>();

/** How wide a run is: fontkit's layout, measured as pdf-lib measures what it draws (advances, no kerning). */
function runWidth(run: Run, size: number): number {
  const key = `${run.file}\u0000${run.text}`;
  let ems = widths.get(key);
  if (ems === undefined) {
    const { font } = load(run.file);
    ems = font.layout(run.text).glyphs.reduce((sum, g) => sum + g.advanceWidth, 0) / font.unitsPerEm;
    if (widths.size >= 20_000) widths.clear();
    widths.set(key, ems);
  }
  return ems * size;
}

/** How wide a line of text is in a face, measured in the fonts it will be drawn in. */
export function textWidth(text: string, face: Face, size: number): number {
  return runsOf(text, face).reduce((sum, run) => sum + runWidth(run, size), 0);
}

/**
 * Text broken into lines no wider than `max` points (at word boundaries; `\n` starts a new
 * line; a word wider than `max` has a line of its own). Each word is measured once.
 */
export function wrapText(text: string, face: Face, size: number, max: number): string[] {
  const space = textWidth(' ', face, size);
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    let width = 0;
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const wide = textWidth(word, face, size);
      if (line && width + space + wide > max) {
        lines.push(line);
        line = '';
      }
      width = line ? width + space + wide : wide;
      line = line ? `${line} ${word}` : word;
    }
    lines.push(line);
  }
  return lines;
}

/** The fonts embedded in each document so far, by file: embedded (as a subset) when first drawn with. */
const embedded = new WeakMap<PDFDocument, Map<FontFile, Promise<PDFFont>>>();
function embed(doc: PDFDocument, file: FontFile): Promise<PDFFont> {
  let fonts = embedded.get(doc);
  if (!fonts) embedded.set(doc, (fonts = new Map()));
  let font = fonts.get(file);
  if (!font) {
    doc.registerFontkit(loadedLibraries().fontkit);
    font = doc.embedFont(load(file).bytes, { subset: true });
    fonts.set(file, font);
  }
  return font;
}

/**
 * Draws one line of text at (x, y) in a face, each run in the font that has its characters
 * (embedded into the page's document on first use); returns the width drawn.
 */
export async function drawText(page: PDFPage, text: string, options: { x: number; y: number; size: number; face: Face; color: Color }): Promise<number> {
  let x = options.x;
  for (const run of runsOf(text, options.face)) {
    page.drawText(run.text, { x, y: options.y, size: options.size, font: await embed(page.doc, run.file), color: options.color });
    x += runWidth(run, options.size);
  }
  return x - options.x;
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
  const write = (text: string, x: number, face: Face, size = SIZE, at = y) => drawText(page, text, { x, y: at, size, face, color: ink });
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
      const cell = (text: string, i: number, face: Face, at: number) => {
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
  return doc.save();
}
