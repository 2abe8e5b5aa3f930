import { type Ficha, sheetText } from '@estante/contracts';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { A4, wrapText } from '../../lib/pdf.js';

const CM = 72 / 2.54;
const BOX = { width: 12.5 * CM, height: 7.5 * CM };
const SIZE = 9.5;
const LINE = 11.5;

/**
 * The sheet as a PDF: an A4 page (the verso of the title page) with the 12.5 × 7.5 cm box at
 * the foot, centred, its text in Times; a draft says so across the page and leaves the
 * library's classification and author mark to be assigned.
 */
export async function sheetPdf(ficha: Ficha, review: { classificacao: string | null; cutter: string | null }, draft: boolean): Promise<Uint8Array> {
  const text = sheetText(ficha, review);
  const doc = await PDFDocument.create();
  doc.setTitle(`Ficha catalográfica: ${ficha.titulo}`);
  doc.setAuthor(`${ficha.autor_nome} ${ficha.autor_sobrenome}`);
  doc.setCreator('Estante');
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  const page = doc.addPage([A4.width, A4.height]);
  const x0 = (A4.width - BOX.width) / 2;
  const y0 = 2.5 * CM;
  const ink = rgb(0, 0, 0);
  if (draft) {
    page.drawText('RASCUNHO', { x: x0, y: y0 + BOX.height + 60, size: 48, font, color: rgb(0.8, 0.8, 0.8) });
    page.drawText('Sujeita à revisão da biblioteca, que atribui a classificação e a notação de autor.', {
      x: x0,
      y: y0 + BOX.height + 40,
      size: 9,
      font,
      color: rgb(0.35, 0.35, 0.35),
    });
  }
  page.drawText('Ficha catalográfica', { x: x0, y: y0 + BOX.height + 8, size: 10, font, color: ink });
  page.drawRectangle({ x: x0, y: y0, width: BOX.width, height: BOX.height, borderColor: ink, borderWidth: 0.8 });
  const left = x0 + 0.3 * CM;
  const heading = x0 + 1.5 * CM;
  const indent = heading + 0.5 * CM;
  const right = x0 + BOX.width - 0.3 * CM;
  let y = y0 + BOX.height - 0.45 * CM - SIZE;
  const line = (content: string, x: number) => {
    page.drawText(content, { x, y, size: SIZE, font, color: ink });
    y -= LINE;
  };
  if (text.cutter) page.drawText(text.cutter, { x: left, y, size: SIZE, font, color: ink });
  for (const [i, l] of wrapText(text.heading, font, SIZE, right - heading).entries()) line(l, i === 0 ? heading : indent);
  for (const [n, paragraph] of text.body.entries()) {
    if (n === 2 || n === 3) y -= LINE / 2;
    for (const part of paragraph.split('\n')) for (const [i, l] of wrapText(part, font, SIZE, right - indent).entries()) line(l, i === 0 ? indent : heading);
  }
  const classification = text.classificacao
    ? /^CD[DU]\b/i.test(text.classificacao)
      ? text.classificacao
      : `CDD ${text.classificacao}`
    : draft
      ? 'CDD (a definir pela biblioteca)'
      : '';
  page.drawText(classification, { x: right - font.widthOfTextAtSize(classification, SIZE), y: y0 + 0.35 * CM, size: SIZE, font, color: ink });
  return doc.save();
}
