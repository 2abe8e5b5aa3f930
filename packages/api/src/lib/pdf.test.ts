import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { buildPdf, textWidth, wrapText } from './pdf.js';

/** Runs a poppler tool on a PDF and returns what it prints. */
function poppler(tool: 'pdftotext' | 'pdffonts', pdf: Uint8Array, ...args: string[]): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'estante-pdf-')), 'doc.pdf');
  writeFileSync(file, pdf);
  return execFileSync(tool, [...args, file, ...(tool === 'pdftotext' ? ['-'] : [])], { encoding: 'utf8' });
}

/** The text of a PDF as pdftotext reads it, without the embedding marks it puts around right-to-left text. */
const pdfText = (pdf: Uint8Array) => poppler('pdftotext', pdf).replace(/[\u202a-\u202e]/g, '');

/** The lines of a PDF as drawn, left to right, whatever the direction of their words (pdftotext -bbox). */
function visualLines(pdf: Uint8Array): string[] {
  const lines = new Map<string, string[]>();
  for (const [, y, word] of poppler('pdftotext', pdf, '-bbox').matchAll(/<word xMin="[\d.]+" yMin="([\d.]+)"[^>]*>([^<]*)<\/word>/g)) {
    const key = Math.round(Number(y) / 5).toString();
    lines.set(key, [...(lines.get(key) ?? []), word!]);
  }
  return [...lines.values()].map((words) => words.join(' '));
}

/** The fonts a PDF embeds, by name without the subset's tag (ABCDEF+). */
const pdfFonts = (pdf: Uint8Array) =>
  poppler('pdffonts', pdf)
    .split('\n')
    .slice(2)
    .filter(Boolean)
    .map((line) => line.split(/\s+/)[0]!.replace(/^[A-Z]{6}\+/, ''));

const SCRIPTS = {
  macron: 'Kichijirō',
  cyrillic: 'Война и мир',
  greek: 'Η Ιλιάδα του Ομήρου',
  polytonic: 'Ἰλιὰς καὶ Ὀδύσσεια',
  vietnamese: 'Tiếng Việt',
  romanised: 'Kitāb al-ʿIbar',
  polish: 'Łódź, Șerban',
  hebrew: 'שלום עולם',
  arabic: 'مرحبا بالعالم',
};

describe('PDFs in any script the catalogue holds', () => {
  it('prints Latin with every diacritic, Greek, Cyrillic, Vietnamese, Hebrew and Arabic, as pdftotext reads them back', async () => {
    const pdf = await buildPdf({
      title: `${SCRIPTS.macron} — ${SCRIPTS.cyrillic}`,
      subject: SCRIPTS.greek,
      author: SCRIPTS.vietnamese,
      blocks: [
        { kind: 'heading', text: SCRIPTS.arabic },
        ...Object.values(SCRIPTS).map((text) => ({ kind: 'paragraph' as const, text })),
        { kind: 'fields', rows: [['Título', `${SCRIPTS.polytonic} ${SCRIPTS.hebrew}`]] },
        {
          kind: 'table',
          columns: [
            { label: 'Заглавие', width: 3 },
            { label: 'Ano', width: 1, align: 'right' },
          ],
          rows: [[SCRIPTS.vietnamese, '1869']],
        },
      ],
    });
    const text = pdfText(pdf);
    for (const piece of Object.values(SCRIPTS)) expect(text).toContain(piece);
    expect(text).toContain(`${SCRIPTS.macron} — ${SCRIPTS.cyrillic}`);
    expect(text).toContain('Заглавие');
    // Liberation draws all but Arabic, which comes from DejaVu Sans, in both weights.
    expect(pdfFonts(pdf).sort()).toEqual(['DejaVuSans', 'DejaVuSans-Bold', 'LiberationSans', 'LiberationSans-Bold']);
    // The fonts are embedded as subsets of the glyphs drawn, not whole (several hundred kB each).
    expect(pdf.length).toBeLessThan(60_000);
  });

  it('embeds a fallback font only when a character needs it, and a letter in decomposed form prints composed', async () => {
    const pdf = await buildPdf({
      title: 'Recibo',
      subject: 'Recibo',
      author: 'Biblioteca',
      blocks: [{ kind: 'paragraph', text: 'Memo\u0301rias po\u0301stumas de Bra\u0301s Cubas' }],
    });
    expect(pdfFonts(pdf).sort()).toEqual(['LiberationSans', 'LiberationSans-Bold']);
    expect(pdfText(pdf)).toContain('Memórias póstumas de Brás Cubas');
  });

  it('orders right-to-left words and numbers as the Unicode bidirectional algorithm does, brackets mirrored', async () => {
    const lines = ['Título original: שלום עולם (2024)', 'שלום עולם (כרך 2) Título', 'مرحبا بالعالم ١٢٣ 2024'];
    const pdf = await buildPdf({ title: 'Registro', subject: 'T', author: 'T', blocks: lines.map((text) => ({ kind: 'paragraph', text })) });
    // What a reader sees, left to right: each word's glyphs as drawn (a right-to-left word's reversed).
    expect(visualLines(pdf).slice(1)).toEqual(['Título original: (2024) םלוע םולש', 'Título (2 ךרכ) םלוע םולש', '2024 ١٢٣ ملاعلاب ابحرم']);
  });

  it('prints Chinese, Japanese and Korean (the EACC titles the importer reads) beside other scripts', async () => {
    const cjk = ['中文善本書', '吉次郎の日本語', '한국어 도서관'];
    const pdf = await buildPdf({
      title: '中文',
      subject: '中文',
      author: '中文',
      blocks: cjk.map((text) => ({ kind: 'paragraph' as const, text: `${text} ${SCRIPTS.cyrillic}` })),
    });
    const text = pdfText(pdf);
    for (const line of cjk) expect(text).toContain(`${line} ${SCRIPTS.cyrillic}`);
    const fonts = pdfFonts(pdf);
    expect(fonts.some((name) => name.startsWith('DroidSansFallback'))).toBe(true);
    expect(fonts.some((name) => name.startsWith('NanumSquare'))).toBe(true);
  });

  it('does not embed the CJK fonts in a document that needs none', async () => {
    const pdf = await buildPdf({ title: 'Recibo', subject: 'x', author: 'x', blocks: [{ kind: 'paragraph', text: SCRIPTS.cyrillic }] });
    expect(pdfFonts(pdf).some((name) => name.startsWith('Droid') || name.startsWith('Nanum'))).toBe(false);
  });
});

describe('wrapping', () => {
  it('measures with the font each character is drawn in', () => {
    // Liberation has no Arabic: measured in its empty boxes the phrase would be far narrower.
    expect(textWidth(SCRIPTS.arabic, 'sans', 10)).toBeGreaterThan(50);
    expect(textWidth(SCRIPTS.cyrillic, 'sans', 20)).toBeCloseTo(2 * textWidth(SCRIPTS.cyrillic, 'sans', 10), 6);
  });

  it('sets text as wide as Helvetica and Times, the fonts the documents were laid out with', async () => {
    const doc = await PDFDocument.create();
    const sentence = 'Dissertação (Mestrado em Engenharia Civil), Universidade Federal do Rio Grande do Sul, 2025.';
    const helvetica = doc.embedStandardFont(StandardFonts.Helvetica).widthOfTextAtSize(sentence, 10);
    const times = doc.embedStandardFont(StandardFonts.TimesRoman).widthOfTextAtSize(sentence, 10);
    expect(Math.abs(textWidth(sentence, 'sans', 10) / helvetica - 1)).toBeLessThan(0.005);
    expect(Math.abs(textWidth(sentence, 'serif', 10) / times - 1)).toBeLessThan(0.005);
  });

  it('breaks lines no wider than asked, a line as wide as its words and spaces', () => {
    const text = `${SCRIPTS.arabic} ${SCRIPTS.cyrillic} ${SCRIPTS.vietnamese} ${SCRIPTS.hebrew} ${SCRIPTS.polytonic} ${SCRIPTS.macron}`.repeat(3);
    const lines = wrapText(text, 'sans', 10.5, 120);
    expect(lines.length).toBeGreaterThan(3);
    expect(lines.map((l) => l.text).join(' ')).toBe(text.replace(/\s+/g, ' '));
    // Every line keeps its paragraph's direction: right to left, from its first letter (Arabic).
    expect(new Set(lines.map((l) => l.direction))).toEqual(new Set(['rtl']));
    for (const line of lines) expect(textWidth(line, 'sans', 10.5)).toBeLessThanOrEqual(120);
    for (const [i, line] of lines.slice(0, -1).entries()) {
      const next = lines[i + 1]!.text.split(' ')[0]!;
      expect(textWidth({ ...line, text: `${line.text} ${next}` }, 'sans', 10.5)).toBeGreaterThan(120);
    }
  });

  it('keeps empty lines and gives a word wider than the line a line of its own', () => {
    const texts = (text: string, max: number) => wrapText(text, 'serif', 10, max).map((l) => l.text);
    expect(texts('a\n\nb', 100)).toEqual(['a', '', 'b']);
    expect(texts('um Konstitutionsgerichtsbarkeitsverfahren dois', 60)).toEqual(['um', 'Konstitutionsgerichtsbarkeitsverfahren', 'dois']);
  });
});
