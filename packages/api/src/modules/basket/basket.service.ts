import { type Colecao, type ExportarCesta, splitEmails } from '@estante/contracts/basket';
import { type Language } from '@estante/contracts/kernel';
import type { Db } from '../../db/client.js';
import { errors, messages } from './basket.messages.js';
import type { Mailer } from '../../lib/mail.js';
import { throttle } from '../auth/auth.service.js';
import { titlesForExport } from '../catalog/title.service.js';
import type { ExportFile } from './basket.export.js';
import type { ExportPool } from './basket.pool.js';
import { addToPermanent, permanentCount, permanentItems, removeFromPermanent } from './basket.queries.js';

export type ExportOutcome =
  { kind: 'file'; file: ExportFile } | { kind: 'text'; texto: string; html: string } | { kind: 'email'; destinatarios: number; titulos: number };

/**
 * `POST /acervo/exportar-cesta`: the basket as a file, as text to copy (references in the
 * chosen style; ABNT for data formats), or e-mailed over SMTP to up to five addresses with the
 * ABNT references in the body and the chosen format attached — at most MAIL_LIMITS an hour
 * per recipient and per sending address (429 beyond).
 */
/** Basket e-mails an address may receive, and an address may send, per hour (the server must not be a spam relay). */
export const MAIL_LIMITS = { perRecipient: 10, perSender: 30, windowSeconds: 3600 } as const;

export async function exportBasket(
  db: Db,
  mailer: Mailer,
  exports: ExportPool,
  request: ExportarCesta,
  language: Language,
  institution: string,
  sender: string,
  today = new Date(),
): Promise<ExportOutcome> {
  const titles = await titlesForExport(db, request.acervos);
  const style = request.dados === 'apa' || request.dados === 'vancouver' ? request.dados : 'abnt';
  if (request.tipo === 'texto') return { kind: 'text', ...(await exports.references(titles, style, language, today)) };
  const file = await exports.file(titles, request.dados, language, today);
  if (request.tipo === 'arquivo') return { kind: 'file', file };
  const options = request.opcoesEmail!;
  const to = splitEmails(options.emails);
  await throttle(
    db,
    [
      { key: `mail-ip:${sender}`, limit: MAIL_LIMITS.perSender },
      ...to.map((address) => ({ key: `mail:${address.toLowerCase()}`, limit: MAIL_LIMITS.perRecipient })),
    ],
    MAIL_LIMITS.windowSeconds,
  );
  const body = [
    options.mensagem,
    messages.t('mail.intro', language, { count: titles.length }),
    (await exports.references(titles, 'abnt', language, today)).texto,
    `— ${institution}`,
  ]
    .filter(Boolean)
    .join('\n\n');
  try {
    await mailer.send({
      to,
      subject: options.assunto || `${messages.t('mail.subject', language)} — ${institution}`,
      text: body,
      attachments: [{ filename: file.filename, content: file.content, contentType: file.mediaType }],
    });
  } catch {
    throw errors.mailFailed();
  }
  return { kind: 'email', destinatarios: to.length, titulos: titles.length };
}

/** `POST /acervo/cesta-permanente`: keeps titles in the patron's permanent basket. */
export async function keepInPermanent(db: Db, codPessoa: number, ids: number[]) {
  await titlesForExport(db, ids);
  const adicionados = await addToPermanent(db, codPessoa, ids);
  return { adicionados, total: await permanentCount(db, codPessoa) };
}

/** `GET /api/acervo/cesta-permanente/colecao`. */
export async function permanentCollection(
  db: Db,
  codPessoa: number,
  query: { tipoBusca: 'todos' | 'periodo'; dataIni?: string; dataFim?: string },
): Promise<Colecao> {
  const itens = query.tipoBusca === 'periodo' ? await permanentItems(db, codPessoa, query.dataIni, query.dataFim) : await permanentItems(db, codPessoa);
  return { total: itens.length, itens };
}

/** `DELETE /api/acervo/cesta-permanente/{id}`. */
export async function dropFromPermanent(db: Db, codPessoa: number, codAcervo: number): Promise<void> {
  if (!(await removeFromPermanent(db, codPessoa, codAcervo))) throw errors.notInPermanent(codAcervo);
}
