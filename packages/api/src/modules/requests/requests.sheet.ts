import { type Ficha, sheetText } from '@estante/contracts/requests';
import { A4, drawText, pdfLibrary, savePdf, type TextLine, textWidth, wrapText } from '../../lib/pdf.js';
import { offThread } from '../../lib/pdf.pool.js';

const CM = 72 / 2.54;
const BOX = { width: 12.5 * CM, height: 7.5 * CM };
const SIZE = 9.5;
const LINE = 11.5;

/**
 * The sheet as a PDF: an A4 page (the verso of the title page) with the 12.5 × 7.5 cm box at
 * the foot, centred, its text in the serif face (Times's metrics, any script); a draft says so
 * across the page and leaves the library's classification and author mark to be assigned.
 */
export async function sheetPdf(ficha: Ficha, review: { classificacao: string | null; cutter: string | null }, draft: boolean): Promise<Uint8Array> {
  const text = sheetText(ficha, review);
  const { PDFDocument, rgb } = await pdfLibrary();
  const doc = await PDFDocument.create();
  doc.setTitle(`Ficha catalográfica: ${ficha.titulo}`);
  doc.setAuthor(`${ficha.autor_nome} ${ficha.autor_sobrenome}`);
  doc.setCreator('Estante');
  const page = doc.addPage([A4.width, A4.height]);
  const x0 = (A4.width - BOX.width) / 2;
  const y0 = 2.5 * CM;
  const ink = rgb(0, 0, 0);
  if (draft) {
    await drawText(page, 'RASCUNHO', { x: x0, y: y0 + BOX.height + 60, size: 48, face: 'serif', color: rgb(0.8, 0.8, 0.8) });
    await drawText(page, 'Sujeita à revisão da biblioteca, que atribui a classificação e a notação de autor.', {
      x: x0,
      y: y0 + BOX.height + 40,
      size: 9,
      face: 'serif',
      color: rgb(0.35, 0.35, 0.35),
    });
  }
  await drawText(page, 'Ficha catalográfica', { x: x0, y: y0 + BOX.height + 8, size: 10, face: 'serif', color: ink });
  page.drawRectangle({ x: x0, y: y0, width: BOX.width, height: BOX.height, borderColor: ink, borderWidth: 0.8 });
  const left = x0 + 0.3 * CM;
  const heading = x0 + 1.5 * CM;
  const indent = heading + 0.5 * CM;
  const right = x0 + BOX.width - 0.3 * CM;
  let y = y0 + BOX.height - 0.45 * CM - SIZE;
  const line = async (content: TextLine, x: number) => {
    await drawText(page, content, { x, y, size: SIZE, face: 'serif', color: ink });
    y -= LINE;
  };
  if (text.cutter) await drawText(page, text.cutter, { x: left, y, size: SIZE, face: 'serif', color: ink });
  for (const [i, l] of wrapText(text.heading, 'serif', SIZE, right - heading).entries()) await line(l, i === 0 ? heading : indent);
  for (const [n, paragraph] of text.body.entries()) {
    if (n === 2 || n === 3) y -= LINE / 2;
    for (const part of paragraph.split('\n')) {
      for (const [i, l] of wrapText(part, 'serif', SIZE, right - indent).entries()) await line(l, i === 0 ? indent : heading);
    }
  }
  const classification = text.classificacao
    ? /^CD[DU]\b/i.test(text.classificacao)
      ? text.classificacao
      : `CDD ${text.classificacao}`
    : draft
      ? 'CDD (a definir pela biblioteca)'
      : '';
  await drawText(page, classification, { x: right - textWidth(classification, 'serif', SIZE), y: y0 + 0.35 * CM, size: SIZE, face: 'serif', color: ink });
  return savePdf(doc);
}

/** sheetPdf, drawn in a worker thread (lib/pdf.pool.ts). */
export const drawSheet = offThread<typeof sheetPdf>(import.meta.url, 'sheetPdf');
