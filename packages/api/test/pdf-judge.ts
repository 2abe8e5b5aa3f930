import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef, PDFStream } from 'pdf-lib';

/**
 * Judges of a PDF that nobody here wrote (issue 56): poppler draws its pages (pdftoppm) and
 * reads its text layer (pdftotext), Tesseract reads the drawn pages, fontTools opens the fonts
 * it embeds. All from Debian (.ci/run installs them): a machine without one fails loudly.
 */

/** The Tesseract languages the scripts are read in (Debian's tesseract-ocr-LANG packages). */
export const OCR_LANGUAGES = ['por', 'rus', 'ell', 'ara', 'heb', 'chi_sim', 'jpn', 'kor', 'tha', 'hin'] as const;
export type OcrLanguage = (typeof OCR_LANGUAGES)[number];

/** Debian's Python, which has python3-fonttools (another python3 earlier on the PATH may not). */
const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';

/** Throws, naming what is missing and the Debian packages that bring it, unless every judge is here. */
export function requireJudges(): void {
  const missing: string[] = [];
  const runs = (command: string, args: string[]) => spawnSync(command, args, { encoding: 'utf8' });
  for (const tool of ['pdftoppm', 'pdftotext']) if (runs(tool, ['-v']).error) missing.push(`${tool} (poppler-utils)`);
  const languages = runs('tesseract', ['--list-langs']);
  if (languages.error) missing.push('tesseract (tesseract-ocr)');
  else {
    const have = new Set(`${languages.stdout}`.split('\n').map((l) => l.trim()));
    for (const language of OCR_LANGUAGES) if (!have.has(language)) missing.push(`tesseract-ocr-${language.replace('_', '-')}`);
  }
  if (runs(PYTHON, ['-c', 'import fontTools']).status !== 0) missing.push(`fontTools for ${PYTHON} (python3-fonttools)`);
  if (missing.length) throw new Error(`The PDF judges are not installed: ${missing.join(', ')}. .ci/run installs them from Debian.`);
}

function tempFile(name: string, bytes?: Uint8Array): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'estante-judge-')), name);
  if (bytes) writeFileSync(file, bytes);
  return file;
}

/** A word of the text layer, as pdftotext -bbox-layout gives it: its page (from 1) and box in points from the top left. */
export interface WordBox {
  page: number;
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** The words of the PDF's text layer with their boxes, page by page, in pdftotext's order. */
export function wordBoxes(pdf: Uint8Array): WordBox[] {
  const html = execFileSync('pdftotext', ['-bbox-layout', tempFile('doc.pdf', pdf), '-'], { encoding: 'utf8', maxBuffer: 64 << 20 });
  const words: WordBox[] = [];
  html.split('<page ').forEach((page, i) => {
    for (const m of page.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)) {
      const unescaped = m[5]!
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&amp;/g, '&');
      // Without the embedding marks pdftotext puts around right-to-left text.
      const text = unescaped.replace(/[\u202a-\u202e]/g, '').normalize('NFC');
      if (text) words.push({ page: i, text, xMin: Number(m[1]), yMin: Number(m[2]), xMax: Number(m[3]), yMax: Number(m[4]) });
    }
  });
  return words;
}

/**
 * The box around a phrase in the text layer: its words, consecutive in pdftotext's order or in
 * the reverse, each as written or reversed (pdftotext may give right-to-left words, and their
 * letters, as they lie on the line, left to right; and with the punctuation that follows them), on one line.
 */
export function phraseBox(words: WordBox[], phrase: string): WordBox | undefined {
  const wanted = phrase.normalize('NFC').split(/\s+/).filter(Boolean);
  for (const order of [wanted, [...wanted].reverse()]) {
    for (let i = 0; i + order.length <= words.length; i++) {
      const found = words.slice(i, i + order.length);
      const first = found[0]!;
      const sameLine = (w: WordBox) => w.page === first.page && (w.yMin + w.yMax) / 2 > first.yMin && (w.yMin + w.yMax) / 2 < first.yMax;
      const bare = (word: string) => word.replace(/^\p{P}+|\p{P}+$/gu, '');
      const same = (drawn: string, word: string) => [drawn, [...drawn].reverse().join('')].some((d) => d === word || bare(d) === bare(word));
      if (!found.every((w, k) => same(w.text, order[k]!) && sameLine(w))) continue;
      return {
        page: found[0]!.page,
        text: phrase,
        xMin: Math.min(...found.map((w) => w.xMin)),
        yMin: Math.min(...found.map((w) => w.yMin)),
        xMax: Math.max(...found.map((w) => w.xMax)),
        yMax: Math.max(...found.map((w) => w.yMax)),
      };
    }
  }
  return undefined;
}

/**
 * Draws a page at `dpi` (pdftoppm, greyscale PNG), cropped to a box (in points) with a margin:
 * a little room on the sides, hardly any above and below (the box spans the font's ascent and
 * descent already; more takes in the lines around, which Tesseract then reads too).
 */
export function renderCrop(pdf: Uint8Array, box: WordBox, dpi = 300, margin = { x: 1.5, y: 0.5 }): string {
  const scale = dpi / 72;
  const out = tempFile('crop');
  const x = Math.max(0, Math.floor((box.xMin - margin.x) * scale));
  const y = Math.max(0, Math.floor((box.yMin - margin.y) * scale));
  const crop = ['-x', x, '-y', y, '-W', Math.ceil((box.xMax + margin.x) * scale) - x, '-H', Math.ceil((box.yMax + margin.y) * scale) - y].map(String);
  execFileSync('pdftoppm', [
    '-r',
    String(dpi),
    '-f',
    String(box.page),
    '-l',
    String(box.page),
    ...crop,
    '-gray',
    '-png',
    '-singlefile',
    tempFile('doc.pdf', pdf),
    out,
  ]);
  return `${out}.png`;
}

/** What Tesseract reads in an image of one line of text, in a language. */
export function ocrLine(png: string, language: OcrLanguage): string {
  return execFileSync('tesseract', [png, 'stdout', '-l', language, '--psm', '7'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

/**
 * Text as compared with what Tesseract reads: compatibility-composed (its µ is Greek's μ), lower case, without spaces, punctuation,
 * Arabic's tatweel and harakat (the OCR neither writes nor needs them).
 */
export const comparable = (text: string) =>
  [
    ...text
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[\s\p{P}\u0640]/gu, ''),
  ]
    .filter((c) => !HARAKAT.has(c.codePointAt(0)!))
    .join('');
/** Arabic's vowel and other marks (U+064B–U+065F, U+0670). */
const HARAKAT = new Set([...Array.from({ length: 0x65f - 0x64b + 1 }, (_, i) => 0x64b + i), 0x670]);

/**
 * Whether Tesseract read the expected text: the same letters in the same order once both are
 * comparable, except that each of `misread` (characters Tesseract is known to read as another
 * in these fonts at these sizes) may be any one character there.
 */
export function readsAs(read: string, expected: string, misread = ''): boolean {
  const pattern = [...comparable(expected)].map((c) => (misread.includes(c) ? '.' : c.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&'))).join('');
  return new RegExp(`^${pattern}$`, 'u').test(comparable(read));
}

/** A font the PDF embeds: its names, its program, the glyphs its text shows and what each stands for. */
export interface EmbeddedFont {
  /** The Type 0 font's BaseFont and its descendant's FontDescriptor FontName. */
  names: string[];
  subtype: string;
  program: Uint8Array | undefined;
  /** Glyph id → its ToUnicode characters ('' when the map has none). */
  glyphs: Map<number, string>;
}

/** The ToUnicode CMap's single mappings (bfchar) and ranges (bfrange), glyph id → characters. */
function readToUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const utf16 = (hex: string) => String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((h) => parseInt(h, 16)));
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]*)>/g)) map.set(parseInt(m[1]!, 16), utf16(m[2]!));
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const m of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
      const [from, to, start] = [parseInt(m[1]!, 16), parseInt(m[2]!, 16), parseInt(m[3]!, 16)];
      for (let id = from; id <= to; id++) map.set(id, String.fromCharCode(start + id - from));
    }
  }
  return map;
}

const streamText = (stream: PDFStream) =>
  new TextDecoder('latin1').decode(stream instanceof PDFRawStream ? decodePDFRawStream(stream).decode() : stream.getContents());

/**
 * The fonts of a PDF and the glyphs its pages show in each: its content streams read for the
 * font set (Tf) and the two-byte glyph ids shown (Tj, TJ), as pdf-lib's parser gives them.
 */
export async function embeddedFonts(pdf: Uint8Array): Promise<EmbeddedFont[]> {
  const doc = await PDFDocument.load(pdf);
  const fonts = new Map<PDFRef, EmbeddedFont>();
  const unicodes = new Map<EmbeddedFont, Map<number, string>>();
  const resolve = (value: unknown) => (value instanceof PDFRef ? doc.context.lookup(value) : value);
  const dictOf = (value: unknown) => {
    const found = resolve(value);
    return found instanceof PDFDict ? found : undefined;
  };
  const streamOf = (value: unknown) => {
    const found = resolve(value);
    return found instanceof PDFStream ? found : undefined;
  };
  for (const page of doc.getPages()) {
    const resources = page.node.Resources()?.lookupMaybe(PDFName.of('Font'), PDFDict);
    const byName = new Map<string, EmbeddedFont>();
    for (const [name, ref] of resources?.entries() ?? []) {
      if (!(ref instanceof PDFRef)) continue;
      let font = fonts.get(ref);
      if (!font) {
        const dict = dictOf(ref)!;
        const descendants = resolve(dict.get(PDFName.of('DescendantFonts')));
        const descendant = descendants instanceof PDFArray ? dictOf(descendants.get(0)) : undefined;
        const descriptor = dictOf((descendant ?? dict).get(PDFName.of('FontDescriptor')));
        const file = descriptor && streamOf(descriptor.get(PDFName.of('FontFile2')) ?? descriptor.get(PDFName.of('FontFile3')));
        const toUnicode = streamOf(dict.get(PDFName.of('ToUnicode')));
        font = {
          names: [dict.get(PDFName.of('BaseFont')), descriptor?.get(PDFName.of('FontName'))].filter(Boolean).map((n) => n!.toString().slice(1)),
          subtype: `${dict.get(PDFName.of('Subtype'))}/${descendant?.get(PDFName.of('Subtype')) ?? ''}`,
          program: file instanceof PDFRawStream ? decodePDFRawStream(file).decode() : undefined,
          glyphs: new Map(),
        };
        unicodes.set(font, toUnicode ? readToUnicode(streamText(toUnicode)) : new Map());
        fonts.set(ref, font);
      }
      byName.set(name.toString().slice(1), font);
    }
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((s) => streamOf(s)!) : contents ? [contents] : [];
    // Marked-content properties (/ActualText <…>) are not text shown.
    const content = streams
      .map(streamText)
      .join('\n')
      .replace(/<<[\s\S]*?>>/g, '');
    let current: EmbeddedFont | undefined;
    for (const m of content.matchAll(/\/([^\s/[\]<>()]+)\s+[\d.]+\s+Tf|<([0-9a-fA-F]*)>/g)) {
      if (m[1] !== undefined) current = byName.get(m[1]);
      else if (current) {
        const unicode = unicodes.get(current)!;
        for (const hex of m[2]!.match(/.{4}/g) ?? []) current.glyphs.set(parseInt(hex, 16), unicode.get(parseInt(hex, 16)) ?? '');
      }
    }
  }
  return [...fonts.values()];
}

/** What fontTools finds wrong with each embedded font and the glyphs drawn with it (test/pdf-fonts.py). */
export async function judgeFonts(pdf: Uint8Array): Promise<{ names: string[]; problems: string[] }[]> {
  const fonts = await embeddedFonts(pdf);
  const input = fonts.map((font, i) => ({
    file: font.program ? tempFile(`font-${i}.ttf`, font.program) : '/nonexistent',
    glyphs: Object.fromEntries(font.glyphs),
  }));
  const script = path.join(path.dirname(new URL(import.meta.url).pathname), 'pdf-fonts.py');
  const verdicts = JSON.parse(execFileSync(PYTHON, [script], { input: JSON.stringify(input), encoding: 'utf8', maxBuffer: 64 << 20 })) as {
    problems: string[];
  }[];
  return fonts.map((font, i) => ({
    names: [...new Set(font.names)],
    problems: [
      ...(font.program ? [] : [`no embedded font program (${font.subtype})`]),
      ...[...new Set(font.names)].filter((n) => !/^[A-Z]{6}\+/.test(n)).map((n) => `subset name without its tag (ABCDEF+): ${n}`),
      ...verdicts[i]!.problems,
    ],
  }));
}
