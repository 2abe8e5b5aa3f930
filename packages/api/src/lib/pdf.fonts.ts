import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { PDFDocument, PDFName, PDFPage, PDFRef } from 'pdf-lib';

/**
 * The fonts of the PDFs (issue 56, decision 0032): shaped with HarfBuzz (harfbuzzjs, its
 * WebAssembly build) — Arabic joining and lam-alef, Devanagari reordering and conjuncts, Thai
 * and Arabic marks placed by the font's GPOS — and embedded as subsets cut by HarfBuzz's
 * subsetter, written into the PDF here (a Type 0 font over a CIDFontType2, its glyph ids as
 * CIDs, a ToUnicode map from each glyph back to the characters it draws). pdf-lib's own
 * embedding (fontkit's subsetter) wrote corrupt glyph tables for fonts whose glyphs are of odd
 * length, which is why CJK printed blank.
 */

type HarfBuzz = typeof import('harfbuzzjs');
let hb: HarfBuzz | undefined;
let subsetter: Subsetter | undefined;
let loading: Promise<void> | undefined;

/** HarfBuzz's shaper and subsetter, loaded once per process (or worker thread) on the first document. */
export function loadFontEngine(): Promise<void> {
  loading ??= (async () => {
    // import(), not require(): the module waits for its WebAssembly at the top level.
    hb = await import('harfbuzzjs');
    subsetter = await Subsetter.create();
  })();
  return loading;
}

function engine(): HarfBuzz {
  if (!hb) throw new Error('lib/pdf: await pdfLibrary() before drawing or measuring');
  return hb;
}

/** One HarfBuzz buffer for all shaping (a thread shapes one run at a time), and the features asked for: kerning off. */
let shaper: { buffer: InstanceType<HarfBuzz['Buffer']>; features: InstanceType<HarfBuzz['Feature']>[] } | undefined;
function shaping() {
  const { Buffer, Feature } = engine();
  shaper ??= { buffer: new Buffer(), features: [new Feature('kern', 0)] };
  return shaper;
}

/**
 * The font files (in ./fonts, see its README), tried in turn for every character by the faces
 * of pdf.ts.
 */
export type FontFile =
  | 'LiberationSans-Regular.ttf'
  | 'LiberationSans-Bold.ttf'
  | 'LiberationSerif-Regular.ttf'
  | 'DejaVuSans.ttf'
  | 'DejaVuSans-Bold.ttf'
  | 'NotoSansThai-Regular.ttf'
  | 'NotoSansThai-Bold.ttf'
  | 'NotoSansDevanagari-Regular.ttf'
  | 'NotoSansDevanagari-Bold.ttf'
  | 'DroidSansFallbackFull.ttf'
  | 'NanumSquareR.ttf';

/** A glyph as shaped: its id, where it goes (in the font's units) and the characters it stands for. */
export interface ShapedGlyph {
  id: number;
  advance: number;
  dx: number;
  dy: number;
  /** The characters this glyph draws, in logical order ('' for the second glyph of a character drawn in two). */
  text: string;
}

/** A run of text shaped in one font and one direction: its glyphs in the order they are drawn, left to right. */
export interface ShapedRun {
  glyphs: ShapedGlyph[];
  /** Total advance, in the font's units. */
  advance: number;
  /** Whether reading the glyphs' texts in drawing order (reversed, right to left) gives the run's text back. */
  inOrder: boolean;
}

/** A font file opened for shaping: HarfBuzz's face and font, and what a PDF's font descriptor says of it. */
export class FontProgram {
  readonly upem: number;
  readonly name: string;
  private readonly font: InstanceType<HarfBuzz['Font']>;
  private readonly coverage = new Map<number, boolean>();
  private readonly shaped = new Map<string, ShapedRun>();
  private readonly table: (tag: string) => DataView | undefined;

  constructor(
    readonly file: FontFile,
    readonly bytes: Uint8Array,
  ) {
    const { Blob, Face, Font } = engine();
    const face = new Face(new Blob(bytes));
    this.font = new Font(face);
    this.upem = face.upem;
    this.table = (tag) => {
      const data = face.referenceTable(tag);
      return data && data.length ? new DataView(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength)) : undefined;
    };
    const postscript = face.getName(6, 'en').replace(/[^!-~]|[[\](){}<>/%#]/g, '');
    this.name = postscript || file.replace(/\.ttf$/, '');
  }

  /** Whether the font draws a code point (from its cmap). */
  has(codePoint: number): boolean {
    let known = this.coverage.get(codePoint);
    if (known === undefined) {
      known = this.font.nominalGlyph(codePoint) !== undefined;
      this.coverage.set(codePoint, known);
    }
    return known;
  }

  /** The glyph's advance in the font's hmtx, in the font's units: what the PDF's width array says. */
  glyphAdvance(id: number): number {
    return this.font.glyphHAdvance(id);
  }

  /**
   * The text shaped by HarfBuzz (kerning off: the documents keep Helvetica's and Times's widths),
   * its glyphs in drawing order, each with the characters it stands for: with cluster level
   * "characters" a ligature's cluster is its first character's and spans the characters no other
   * glyph starts at; a reordered glyph (Devanagari's i-matra) keeps its own character.
   */
  shape(text: string, rtl: boolean): ShapedRun {
    const key = `${rtl ? 'r' : 'l'}${text}`;
    let run = this.shaped.get(key);
    if (run) return run;
    const { ClusterLevel, Direction, shape } = engine();
    const { buffer, features } = shaping();
    buffer.reset();
    buffer.addText(text);
    buffer.guessSegmentProperties();
    buffer.setDirection(rtl ? Direction.RTL : Direction.LTR);
    buffer.setClusterLevel(ClusterLevel.CHARACTERS);
    shape(this.font, buffer, features);
    const infos = buffer.getGlyphInfosAndPositions();
    const starts = [...new Set(infos.map((g) => g.cluster))].sort((a, b) => a - b);
    const end = (cluster: number) => starts.find((s) => s > cluster) ?? text.length;
    const given = new Set<number>();
    const glyphs: ShapedGlyph[] = infos.map((g) => ({ id: g.codepoint, advance: g.xAdvance ?? 0, dx: g.xOffset ?? 0, dy: g.yOffset ?? 0, text: '' }));
    // The characters of a cluster go to its first glyph in logical order.
    const logical = rtl ? [...glyphs.keys()].reverse() : [...glyphs.keys()];
    for (const i of logical) {
      const cluster = infos[i]!.cluster;
      if (given.has(cluster)) continue;
      given.add(cluster);
      glyphs[i]!.text = text.slice(cluster, end(cluster));
    }
    const read = glyphs.map((g) => g.text);
    const inOrder = (rtl ? read.reverse() : read).join('') === text;
    run = { glyphs, advance: glyphs.reduce((sum, g) => sum + g.advance, 0), inOrder };
    if (this.shaped.size >= 5_000) this.shaped.clear();
    this.shaped.set(key, run);
    return run;
  }

  /** What the font descriptor says: bounding box, ascent, descent, cap height, italic angle (in the font's units). */
  metrics() {
    const head = this.table('head')!;
    const hhea = this.table('hhea')!;
    const os2 = this.table('OS/2');
    const post = this.table('post');
    const ascent = hhea.getInt16(4);
    return {
      bbox: [head.getInt16(36), head.getInt16(38), head.getInt16(40), head.getInt16(42)] as const,
      ascent,
      descent: hhea.getInt16(6),
      capHeight: os2 && os2.getUint16(0) >= 2 && os2.byteLength >= 90 ? os2.getInt16(88) || ascent : ascent,
      italicAngle: post ? post.getInt16(4) + post.getUint16(6) / 65536 : 0,
    };
  }

  /** A subset with just these glyphs (and those their composites are made of), glyph ids kept. */
  subset(ids: Iterable<number>): Uint8Array {
    if (!subsetter) throw new Error('lib/pdf: await pdfLibrary() before saving');
    return subsetter.subset(this, ids);
  }
}

/** Font files read and opened once per process, on first use. */
const programs = new Map<FontFile, FontProgram>();
export function fontProgram(file: FontFile): FontProgram {
  let program = programs.get(file);
  if (!program) {
    program = new FontProgram(file, readFileSync(fileURLToPath(new URL(`./fonts/${file}`, import.meta.url))));
    programs.set(file, program);
  }
  return program;
}

/** HarfBuzz's subsetter (hb-subset, harfbuzzjs's harfbuzz-subset.wasm), called through its C interface. */
class Subsetter {
  private readonly faces = new Map<FontFile, number>();

  private constructor(private readonly wasm: SubsetExports) {}

  static async create(): Promise<Subsetter> {
    const file = createRequire(import.meta.url).resolve('harfbuzzjs/dist/harfbuzz-subset.wasm');
    const { instance } = await (globalThis as unknown as WebAssemblyApi).WebAssembly.instantiate(readFileSync(file));
    const exports = instance.exports as SubsetExports;
    exports._initialize?.();
    return new Subsetter(exports);
  }

  private face(program: FontProgram): number {
    let face = this.faces.get(program.file);
    if (face === undefined) {
      const { wasm } = this;
      const pointer = wasm.malloc!(program.bytes.length);
      new Uint8Array(wasm.memory.buffer).set(program.bytes, pointer);
      // HB_MEMORY_MODE_READONLY: the bytes stay for the life of the process.
      const blob = wasm.hb_blob_create!(pointer, program.bytes.length, 1, 0, 0);
      face = wasm.hb_face_create!(blob, 0);
      wasm.hb_blob_destroy!(blob);
      this.faces.set(program.file, face);
    }
    return face;
  }

  subset(program: FontProgram, ids: Iterable<number>): Uint8Array {
    const { wasm } = this;
    const input = wasm.hb_subset_input_create_or_fail!();
    if (!input) throw new Error('lib/pdf: hb-subset could not start');
    try {
      const glyphs = wasm.hb_subset_input_glyph_set!(input);
      wasm.hb_set_add!(glyphs, 0);
      for (const id of ids) wasm.hb_set_add!(glyphs, id);
      // Glyph ids kept (so the CIDs drawn are the font's glyph ids), no hinting (renderers of
      // PDFs hint themselves), .notdef's outline kept, no closure over ligatures we did not draw.
      wasm.hb_subset_input_set_flags!(input, SUBSET_NO_HINTING | SUBSET_RETAIN_GIDS | SUBSET_NOTDEF_OUTLINE | SUBSET_NO_LAYOUT_CLOSURE);
      const drop = wasm.hb_subset_input_set!(input, SUBSET_SETS_DROP_TABLE_TAG);
      for (const tag of DROPPED_TABLES) wasm.hb_set_add!(drop, tagNumber(tag));
      const face = wasm.hb_subset_or_fail!(this.face(program), input);
      if (!face) throw new Error(`lib/pdf: hb-subset failed on ${program.file}`);
      const blob = wasm.hb_face_reference_blob!(face);
      const pointer = wasm.hb_blob_get_data!(blob, 0);
      const bytes = new Uint8Array(wasm.memory.buffer, pointer, wasm.hb_blob_get_length!(blob)).slice();
      wasm.hb_blob_destroy!(blob);
      wasm.hb_face_destroy!(face);
      return bytes;
    } finally {
      wasm.hb_subset_input_destroy!(input);
    }
  }
}

/** The WebAssembly API (Node's global; the API's TypeScript has no DOM types). */
interface WebAssemblyApi {
  WebAssembly: { instantiate(bytes: Uint8Array): Promise<{ instance: { exports: unknown } }> };
}
/** hb-subset's C functions, taking and returning pointers and integers. */
type SubsetExports = { memory: { buffer: ArrayBuffer } } & Partial<Record<string, (...args: number[]) => number>>;

const SUBSET_NO_HINTING = 0x1;
const SUBSET_RETAIN_GIDS = 0x2;
const SUBSET_NOTDEF_OUTLINE = 0x40;
const SUBSET_NO_LAYOUT_CLOSURE = 0x200;
const SUBSET_SETS_DROP_TABLE_TAG = 3;
/** Tables a PDF's TrueType font program does without (PDF 2.0 §9.9): layout, vertical metrics, names of glyphs. */
const DROPPED_TABLES = ['GSUB', 'GPOS', 'GDEF', 'BASE', 'JSTF', 'MATH', 'kern', 'vhea', 'vmtx', 'VORG', 'gasp', 'hdmx', 'LTSH', 'VDMX', 'DSIG', 'morx', 'feat'];
const tagNumber = (tag: string) => [...tag].reduce((n, c) => n * 256 + c.charCodeAt(0), 0);

/** A font as it is used in one document: the glyphs drawn and the characters each stands for. */
interface DocumentFont {
  program: FontProgram;
  ref: PDFRef;
  /** Glyph id → the characters its ToUnicode entry gives (in drawing order). */
  glyphs: Map<number, string>;
}

interface DocumentFonts {
  fonts: Map<FontFile, DocumentFont>;
  /** Each page's resource name for each font. */
  names: WeakMap<PDFPage, Map<FontFile, PDFName>>;
}

const documents = new WeakMap<PDFDocument, DocumentFonts>();

function fontsOf(doc: PDFDocument): DocumentFonts {
  let fonts = documents.get(doc);
  if (!fonts) documents.set(doc, (fonts = { fonts: new Map(), names: new WeakMap() }));
  return fonts;
}

/**
 * The font's resource name on the page (its dictionary is written when the document is saved),
 * and the document's record of the glyphs drawn with it.
 */
export function useFont(page: PDFPage, file: FontFile): { name: PDFName; font: DocumentFont } {
  const fonts = fontsOf(page.doc);
  let font = fonts.fonts.get(file);
  if (!font) {
    font = { program: fontProgram(file), ref: page.doc.context.nextRef(), glyphs: new Map() };
    fonts.fonts.set(file, font);
  }
  let names = fonts.names.get(page);
  if (!names) fonts.names.set(page, (names = new Map()));
  let name = names.get(file);
  if (!name) {
    name = page.node.newFontDictionary(font.program.name.replace(/[^A-Za-z0-9]/g, '').slice(0, 20) || 'F', font.ref);
    names.set(file, name);
  }
  return { name, font };
}

/**
 * Notes that a glyph was drawn for these characters (given in drawing order); false when the
 * glyph already stands for other characters (its ToUnicode entry has room for one reading).
 */
export function noteGlyph(font: DocumentFont, id: number, text: string): boolean {
  const known = font.glyphs.get(id);
  if (known === undefined || (known === '' && text !== '')) {
    font.glyphs.set(id, text);
    return true;
  }
  return known === text || text === '';
}

/** A subset's tag (PDF 2.0 §9.6.4): six capital letters, from the font and the glyphs it keeps. */
function subsetTag(name: string, ids: number[]): string {
  const digest = createHash('sha256')
    .update(`${name}:${ids.join(',')}`)
    .digest();
  return [...digest.subarray(0, 6)].map((byte) => String.fromCharCode(65 + (byte % 26))).join('');
}

/** Text as the hex digits of its UTF-16BE code units (a character past U+FFFF is two). */
export const utf16 = (text: string) => Array.from({ length: text.length }, (_, i) => text.charCodeAt(i).toString(16).padStart(4, '0')).join('');

/** The ToUnicode CMap (PDF 2.0 §9.10.3): each glyph id (2 bytes, Identity-H) to its characters. */
function toUnicode(glyphs: Map<number, string>): string {
  const entries = [...glyphs].filter(([, text]) => text !== '').sort(([a], [b]) => a - b);
  const chunks: string[] = [];
  for (let i = 0; i < entries.length; i += 100) {
    const chunk = entries.slice(i, i + 100);
    chunks.push(`${chunk.length} beginbfchar\n${chunk.map(([id, text]) => `<${id.toString(16).padStart(4, '0')}> <${utf16(text)}>`).join('\n')}\nendbfchar`);
  }
  return [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    '<0000> <FFFF>',
    'endcodespacerange',
    ...chunks,
    'endcmap',
    'CMapName currentdict /CMap defineresource pop',
    'end',
    'end',
  ].join('\n');
}

/** Rounds a width or a position in a PDF's text space (thousandths of the size) to what is written. */
export const pdfUnits = (units: number, upem: number) => Math.round((units * 1000 * 1000) / upem) / 1000;

/**
 * Writes each font used in the document: the subset of the glyphs drawn, its widths, its
 * ToUnicode map, under a tagged name. Call before saving (savePdf in pdf.ts does).
 */
export function writeFonts(doc: PDFDocument, { PDFString }: typeof import('pdf-lib')): void {
  const fonts = documents.get(doc);
  if (!fonts) return;
  const { context } = doc;
  for (const { program, ref, glyphs } of fonts.fonts.values()) {
    const ids = [...new Set([0, ...glyphs.keys()])].sort((a, b) => a - b);
    const bytes = program.subset(ids);
    const name = `${subsetTag(program.name, ids)}+${program.name}`;
    const scale = (units: number) => pdfUnits(units, program.upem);
    const m = program.metrics();
    const widths: (number | number[])[] = [];
    for (const id of ids) {
      const width = scale(program.glyphAdvance(id));
      const last = widths.at(-1);
      const start = widths.at(-2);
      if (Array.isArray(last) && typeof start === 'number' && start + last.length === id) last.push(width);
      else widths.push(id, [width]);
    }
    const file = context.register(context.flateStream(bytes, { Length1: bytes.length }));
    const descriptor = context.register(
      context.obj({
        Type: 'FontDescriptor',
        FontName: name,
        // Symbolic (its glyphs are named by CID, not by a standard encoding).
        Flags: 4,
        FontBBox: m.bbox.map(scale),
        ItalicAngle: m.italicAngle,
        Ascent: scale(m.ascent),
        Descent: scale(m.descent),
        CapHeight: scale(m.capHeight),
        StemV: 80,
        FontFile2: file,
      }),
    );
    const cidFont = context.register(
      context.obj({
        Type: 'Font',
        Subtype: 'CIDFontType2',
        BaseFont: name,
        CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Identity'), Supplement: 0 },
        FontDescriptor: descriptor,
        W: widths,
        CIDToGIDMap: 'Identity',
      }),
    );
    const cmap = context.register(context.flateStream(toUnicode(glyphs)));
    context.assign(ref, context.obj({ Type: 'Font', Subtype: 'Type0', BaseFont: name, Encoding: 'Identity-H', DescendantFonts: [cidFont], ToUnicode: cmap }));
  }
  documents.delete(doc);
}
