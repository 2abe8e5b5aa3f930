import { createHash, randomInt } from 'node:crypto';
import type { Afastamento, Debitos, GruBody, NadaConstaVerifica } from '@estante/contracts/account';
import type { Language } from '@estante/contracts/kernel';
import type { Db } from '../../db/client.js';
import { errors, messages } from './account.messages.js';
import type { Mailer } from '../../lib/mail.js';
import { formatDay, money as formatMoney } from '../../lib/i18n.js';
import { verificationKey } from '../../lib/codes.js';
import { pdfDocument } from '../../lib/pdf.pool.js';
import { collectionBarcode, collectionLine, NO_AGREEMENT } from './collection-line.js';
import { currentPerson } from '../auth/auth.service.js';
import { getInstituicao } from '../parameters/parameters.service.js';
import {
  currentLoanToken,
  declarationOf,
  deviationsOf,
  insertDeclaration,
  insertDeviation,
  lockPerson,
  openDebts,
  libraryName,
  openLoanCount,
  saveLoanToken,
  categoryOf,
  deviationInForce,
} from './account.queries.js';

const cents = (value: string) => Math.round(Number(value) * 100);
const money = (total: number) => (total / 100).toFixed(2);

/**
 * Serialises a patron's own limits (holds, loan requests…): call it first in the transaction
 * that counts and writes, and a second request of the same patron waits for the first to
 * commit — twenty at once cannot all slip under the limit.
 */
export function lockPatron(tx: Db, codPessoa: number): Promise<void> {
  return lockPerson(tx, codPessoa);
}

/** `GET /api/emprestimo/debitos-pendentes`: the open debts and what is left to pay in all. */
export async function pendingDebts(db: Db, codPessoa: number): Promise<Debitos> {
  const itens = await openDebts(db, codPessoa);
  return { itens, total: money(itens.reduce((sum, d) => sum + cents(d.saldo), 0)) };
}

/** The payment slip's and the declaration's texts in `language`. */
function documentTexts(language: Language) {
  const t = (key: Parameters<typeof messages.t>[0]) => messages.t(key, language);
  return {
    slip: t('document.slip'),
    payer: t('document.payer'),
    library: t('document.library'),
    reference: t('document.reference'),
    issued: t('document.issued'),
    due: t('document.due'),
    total: t('document.total'),
    line: t('document.line'),
    debts: t('document.debts'),
    columns: {
      debt: t('document.column.debt'),
      origin: t('document.column.origin'),
      amount: t('document.column.amount'),
      discount: t('document.column.discount'),
      paid: t('document.column.paid'),
      balance: t('document.column.balance'),
    },
    services: {
      multa_atraso: t('document.service.multa_atraso'),
      perda_material: t('document.service.perda_material'),
      comutacao: t('document.service.comutacao'),
      reprografia: t('document.service.reprografia'),
    },
    slipNote: t('document.slipNote'),
    declaration: t('document.declaration'),
    declares: (name: string, institution: string) => messages.t('document.declares', language, { name, institution }),
    code: t('document.code'),
    verify: t('document.verify'),
    person: t('document.person'),
  };
}

const dateOf = formatDay;

/**
 * `POST /unidade-informacao/gru` (spec §7 `valor`, `codBiblioteca`): a payment slip (PDF) for
 * `valor` — all the chosen open debts (or all of them) leave to pay when it is left out — to be
 * paid to library `codBiblioteca`: the payer, the library, a reference number, issue and due
 * dates (5 days), the debts, the amount, and a payment line derived from them. 422 when nothing
 * is left to pay, when `valor` is more than that, or for a library that does not exist; a debt
 * that is not the patron's open one → 404.
 */
export async function paymentSlip(db: Db, codPessoa: number, body: GruBody, language: Language): Promise<{ pdf: Uint8Array; filename: string }> {
  const ids = body.debitos;
  const debts = await openDebts(db, codPessoa, ids);
  if (ids && debts.length !== ids.length) throw errors.debtNotFound(ids.find((id) => !debts.some((d) => d.cod_debito === id))!);
  if (debts.length === 0) throw errors.nothingToPay();
  const owed = debts.reduce((sum, d) => sum + cents(d.saldo), 0);
  const total = body.valor === undefined ? owed : Math.round(body.valor * 100);
  if (total > owed) throw errors.moreThanOwed(formatMoney(money(total), language), formatMoney(money(owed), language));
  const library = body.codBiblioteca === undefined ? null : await libraryName(db, body.codBiblioteca);
  if (body.codBiblioteca !== undefined && !library) throw errors.libraryInvalid(body.codBiblioteca);
  const person = await currentPerson(db, codPessoa);
  const institution = await getInstituicao(db);
  const text = documentTexts(language);
  const today = new Date();
  const due = new Date(today.getTime() + 5 * 86_400_000);
  const reference = `${String(codPessoa).padStart(8, '0')}${today.toISOString().slice(0, 10).replace(/-/g, '')}`;
  // FEBRABAN's collection layout (collection-line.ts): the free field carries the reference, the
  // library and six digits of the slip's own digest (two slips of one day for other debts differ).
  const digest = BigInt(
    `0x${createHash('sha256')
      .update(`${reference}:${debts.map((d) => d.cod_debito).join(',')}:${total}`)
      .digest('hex')
      .slice(0, 12)}`,
  );
  const freeField = `${reference}${String(body.codBiblioteca ?? 0)
    .padStart(3, '0')
    .slice(-3)}${String(digest % 1_000_000n).padStart(6, '0')}`;
  const line = collectionLine(collectionBarcode({ cents: total, agreement: NO_AGREEMENT, reference: freeField.slice(-25) }));
  const pdf = await pdfDocument({
    title: `${text.slip} — ${institution.sigla}`,
    subject: text.slip,
    author: institution.nome,
    blocks: [
      { kind: 'paragraph', text: institution.nome },
      {
        kind: 'fields',
        rows: [
          [text.payer, person.user.nome_pessoa],
          ...(library ? [[text.library, library] as [string, string]] : []),
          [text.reference, reference],
          [text.issued, dateOf(language, today)],
          [text.due, dateOf(language, due)],
          [text.total, formatMoney(money(total), language)],
          [text.line, line],
        ],
      },
      { kind: 'heading', text: text.debts },
      {
        kind: 'table',
        columns: [
          { label: text.columns.debt, width: 1 },
          { label: text.columns.origin, width: 4 },
          { label: text.columns.amount, width: 1.3, align: 'right' },
          { label: text.columns.discount, width: 1.3, align: 'right' },
          { label: text.columns.paid, width: 1.3, align: 'right' },
          { label: text.columns.balance, width: 1.3, align: 'right' },
        ],
        rows: debts.map((d) => [
          String(d.cod_debito),
          d.titulo ? `${text.services[d.tipo_servico]}: ${d.titulo}` : text.services[d.tipo_servico],
          formatMoney(d.valor, language),
          formatMoney(d.desconto, language),
          formatMoney(d.valor_pago, language),
          formatMoney(d.saldo, language),
        ]),
      },
      { kind: 'paragraph', text: text.slipNote },
    ],
  });
  return { pdf, filename: `${messages.t('file.slip', language)}-${reference}.pdf` };
}

/** `GET /pessoas/afastamentos`: the patron's deviations, latest first. */
export function myDeviations(db: Db, codPessoa: number): Promise<Afastamento[]> {
  return deviationsOf(db, codPessoa);
}

/** What stands in the way of the declaration: open loans and money owed. */
async function pending(db: Db, codPessoa: number, language: Language) {
  const loans = await openLoanCount(db, codPessoa);
  const owed = (await pendingDebts(db, codPessoa)).total;
  const motivos: string[] = [];
  if (loans > 0) motivos.push(messages.t('NadaConstaEmprestimos', language, { count: loans }));
  if (Number(owed) > 0) motivos.push(messages.t('NadaConstaDebitos', language, { total: formatMoney(owed, language) }));
  return { loans, owed, motivos };
}

/** `GET /unidade-informacao/nada-consta/verifica`. */
export async function checkNoDebts(db: Db, codPessoa: number, language: Language): Promise<NadaConstaVerifica> {
  const { loans, owed, motivos } = await pending(db, codPessoa, language);
  return {
    pode_emitir: motivos.length === 0,
    emprestimos_abertos: loans,
    debitos_abertos: owed,
    motivos,
    declaracao: (await declarationOf(db, codPessoa)) ?? null,
  };
}

/**
 * `POST /unidade-informacao/nada-consta`: refused (422, with the reasons) while loans or debts
 * are open; granted, it records — in one transaction, the person locked — the deviation that
 * ends the patron's link with the libraries and the declaration with its verification code.
 * Asked again, it answers the declaration already issued.
 */
export async function issueNoDebts(db: Db, codPessoa: number, language: Language): Promise<{ codigo: string; emitida_em: string }> {
  return db.transaction(async (tx) => {
    await lockPerson(tx, codPessoa);
    const issued = await declarationOf(tx, codPessoa);
    if (issued) return issued;
    const { motivos } = await pending(tx, codPessoa, language);
    if (motivos.length > 0) throw errors.noDebtsPending(motivos.join(' '));
    const deviation = await insertDeviation(tx, codPessoa, messages.t('NadaConstaAfastamento', language));
    return insertDeclaration(tx, codPessoa, verificationKey(), deviation);
  });
}

/** The declaration as a PDF (404 for a code that is not the patron's). */
export async function declarationPdf(db: Db, codPessoa: number, codigo: string, language: Language): Promise<{ pdf: Uint8Array; filename: string }> {
  const declaration = await declarationOf(db, codPessoa, codigo);
  if (!declaration) throw errors.declarationNotFound(codigo);
  const person = await currentPerson(db, codPessoa);
  const institution = await getInstituicao(db);
  const text = documentTexts(language);
  const pdf = await pdfDocument({
    title: text.declaration,
    subject: text.declaration,
    author: institution.nome,
    blocks: [
      { kind: 'paragraph', text: institution.nome },
      { kind: 'paragraph', text: text.declares(person.user.nome_pessoa, institution.nome) },
      {
        kind: 'fields',
        rows: [
          [text.person, `${person.user.nome_pessoa} (${person.user.login})`],
          [text.issued, dateOf(language, new Date(declaration.emitida_em))],
          [text.code, declaration.codigo],
        ],
      },
      { kind: 'paragraph', text: text.verify },
    ],
  });
  return { pdf, filename: `${messages.t('file.declaration', language)}-${declaration.codigo}.pdf` };
}

/**
 * `POST /nada-consta/send-mail`: declaration `codigo` (the latest when not given), as a PDF, to
 * the patron's e-mail address; 404 for a code that is not the patron's.
 */
export async function mailDeclaration(
  db: Db,
  mailer: Mailer,
  codPessoa: number,
  codigo: string | undefined,
  language: Language,
): Promise<{ enviado: true; email: string }> {
  const declaration = await declarationOf(db, codPessoa, codigo);
  if (!declaration) throw errors.declarationNotFound(codigo ?? '—');
  const person = await currentPerson(db, codPessoa);
  if (!person.user.email) throw errors.noEmail();
  const { pdf, filename } = await declarationPdf(db, codPessoa, declaration.codigo, language);
  const text = documentTexts(language);
  try {
    await mailer.send({
      to: [person.user.email],
      subject: text.declaration,
      text: `${text.declares(person.user.nome_pessoa, (await getInstituicao(db)).nome)}\n\n${text.code}: ${declaration.codigo}`,
      attachments: [{ filename, content: Buffer.from(pdf), contentType: 'application/pdf' }],
    });
  } catch {
    throw errors.mailFailed();
  }
  return { enviado: true, email: person.user.email };
}

/** How long a loan token lives (minutes). */
const TOKEN_MINUTES = 10;

/** `GET /api/emprestimo/token`: the live token, or null. */
export function loanToken(db: Db, codPessoa: number) {
  return currentLoanToken(db, codPessoa);
}

/** `POST /api/emprestimo/token`: a new six-digit token for the self-service kiosk, replacing the last. */
export function newLoanToken(db: Db, codPessoa: number) {
  return saveLoanToken(db, codPessoa, String(randomInt(0, 1_000_000)).padStart(6, '0'), TOKEN_MINUTES);
}

/** How many loans the patron has open (the desk's limit per category counts them). */
export function openLoansOf(db: Db, codPessoa: number): Promise<number> {
  return openLoanCount(db, codPessoa);
}

/** The patron's category, which circulation policies and hold rules depend on (null: unknown person). */
export function patronCategory(db: Db, codPessoa: number): Promise<string | null> {
  return categoryOf(db, codPessoa);
}

/** Why the patron is away today (a deviation in force), or null: no loan, hold or request while away. */
export function activeDeviation(db: Db, codPessoa: number): Promise<string | null> {
  return deviationInForce(db, codPessoa);
}
