import { boletoArrecadacaoLinhaDigitavel } from 'boleto-brasileiro-validator';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountEndpoints } from '@estante/contracts/account';
import { call, createTestApp, patronToken, type TestApp } from '../../../test/app.js';
import { createCopies, createInstitution, createLibraries, createPatron, createTitles } from '../../../test/factories.js';
import { createDebt } from '../../../test/factories/circulation.js';
import { startTestMailSink, type TestMailSink } from '../../../test/mail.js';
import { queryRows } from '../../db/client.js';
import { circulationPolicies } from '../../db/schema/index.js';
import { runAdminCommand } from '../../admin/commands.js';

/**
 * Ana returned "Memórias póstumas" 4 days late (a R$ 2,00 fine) and lost a book (R$ 80,00,
 * R$ 10,00 off, R$ 20,00 paid). Carla has a book at home. Bruno owes nothing.
 */
let t: TestApp;
let mail: TestMailSink;
const token: Record<string, string> = {};
const desk = (command: 'checkout' | 'checkin', ...args: string[]) => runAdminCommand(t.database.db, { command: `circ.${command}`, args });

beforeAll(async () => {
  mail = await startTestMailSink();
  t = await createTestApp({ SMTP_URL: mail.url });
  const db = t.database.db;
  await createInstitution(db, { nome: 'Universidade de Teste', sigla: 'UT' });
  const id = await createTitles(db, [
    { id: 'm1', title: 'Memórias póstumas de Brás Cubas', year: 1881 },
    { id: 'm2', title: 'Quincas Borba', year: 1891 },
  ]);
  const [central] = await createLibraries(db, ['Biblioteca Central']);
  await createCopies(db, [
    { codAcervo: id.m1!, codBiblioteca: central!.codBiblioteca, tombo: 'M1', localizacao: '869.3' },
    { codAcervo: id.m2!, codBiblioteca: central!.codBiblioteca, tombo: 'M2', localizacao: '869.3' },
  ]);
  for (const login of ['ana', 'bruno', 'carla']) {
    await createPatron(db, { login, nome: `${login[0]!.toUpperCase()}${login.slice(1)} Teste`, password: `senha-${login}`, email: `${login}@example.org` });
    token[login] = await patronToken(t.app, login, `senha-${login}`);
  }
  await db
    .insert(circulationPolicies)
    .values({ codTipoEmprestimo: 1, codCategoria: '01', prazoDias: 7, limiteRenovacoes: 2, permiteReserva: true, multaDia: '0.50' });
  await desk('checkout', 'M1', 'ana');
  await db.execute(sql`update loans set data_emprestimo = now() - interval '11 days', data_devolucao_prevista = current_date - 4`);
  await db.execute(sql`update copies set data_devolucao_prevista = current_date - 4 where tombo = 'M1'`);
  await desk('checkin', 'M1');
  const [ana] = await queryRows<{ cod_pessoa: number }>(db, sql`select cod_pessoa from logins where login = 'ana'`);
  await createDebt(db, { codPessoa: ana!.cod_pessoa, service: 'perda_material', amount: '80.00', discount: '10.00', paid: '20.00', paidAt: sql`current_date` });
  await desk('checkout', 'M2', 'carla');
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

/** A login's token. */
const as = (who: string) => token[who]!;

/** The text of a PDF as `pdftotext` (poppler) reads it, its lines joined (a table cell wraps). */
function pdfText(pdf: Buffer): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'estante-conta-')), 'doc.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

/** The slip's "linha digitável": four blocks of 11 digits, each with its check digit. */
function paymentLine(text: string): string {
  const line = /(?:\d{11}-\d ){3}\d{11}-\d/.exec(text)?.[0];
  expect(line, 'a 48-digit payment line').toBeDefined();
  return line!;
}

/** The amount field of a FEBRABAN collection bar code (digits 5–15), read back from its line. */
const amountIn = (line: string) => line.replace(/-\d( |$)/g, '').slice(4, 15);

describe('debts and the payment slip', () => {
  it('lists what is owed: service, expected return, discount, paid, balance, total', async () => {
    const body = (await call(t.app, accountEndpoints.debts, {}, as('ana'))).body;
    expect(body.itens.map((d) => [d.tipo_servico, d.titulo, d.valor, d.desconto, d.valor_pago, d.saldo])).toEqual([
      ['multa_atraso', 'Memórias póstumas de Brás Cubas', '2.00', '0.00', '0.00', '2.00'],
      ['perda_material', null, '80.00', '10.00', '20.00', '50.00'],
    ]);
    expect(body.itens[0]!.data_devolucao_prevista).not.toBeNull();
    expect(body.total).toBe('52.00');
    expect((await call(t.app, accountEndpoints.debts, {}, as('bruno'))).body).toEqual({ itens: [], total: '0.00' });
  });

  it('makes a PDF payment slip with the payer, the debts and the total', async () => {
    // A PDF, not JSON: asked for as the browser does.
    const response = await t.app.inject({ method: 'POST', url: '/svc/unidade-informacao/gru', headers: { authorization: `Bearer ${as('ana')}` }, payload: {} });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="guia-de-recolhimento-\d{16}\.pdf"$/);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(response.rawPayload);
    expect(text).toContain('Guia de recolhimento — UT');
    expect(text).toContain('Ana Teste');
    expect(text).toContain('R$ 52,00');
    expect(text).toContain('Multa por atraso: Memórias póstumas de Brás Cubas');
    // The line a payer types at the bank: FEBRABAN's collection layout, 48 digits with their
    // check digits (judged by an independent validator), the amount in centavos in its place.
    expect(text).toContain('Linha digitável');
    const line = paymentLine(text);
    expect(boletoArrecadacaoLinhaDigitavel(line), line).toBe(true);
    expect(amountIn(line)).toBe('00000005200');
  });

  it('writes the amounts in reais in the reader’s number format, and names the file in the reader’s language (issue 55)', async () => {
    const slip = async (idioma: string) =>
      t.app.inject({ method: 'POST', url: '/svc/unidade-informacao/gru', headers: { authorization: `Bearer ${as('ana')}`, 'x-idioma': idioma }, payload: {} });
    const cases = [
      ['1', 'R$ 52,00', 'R$ 80,00', 'guia-de-recolhimento'],
      ['5', 'R$52.00', 'R$80.00', 'payment-slip'],
      ['3', '52,00 BRL', '80,00 BRL', 'guia-de-pago'],
    ] as const;
    for (const [idioma, total, lost, file] of cases) {
      const response = await slip(idioma);
      expect(response.headers['content-disposition'], idioma).toMatch(new RegExp(`^attachment; filename="${file}-\\d{16}\\.pdf"$`));
      const text = pdfText(response.rawPayload);
      expect(text, idioma).toContain(total);
      expect(text, idioma).toContain(lost);
      // Never another currency's symbol, nor the database's bare decimal where the language writes a comma.
      expect(text, idioma).not.toMatch(/COP|(^|[^R])\$/);
      if (idioma !== '5') expect(text, idioma).not.toContain('50.00');
    }
  });

  it('refuses a slip with nothing to pay, and a debt that is not the patron’s', async () => {
    expect((await call(t.app, accountEndpoints.paymentSlip, { body: {} }, as('bruno'))).body.key).toBe('SemDebitos');
    const [debt] = await queryRows<{ cod_debito: number }>(t.database.db, sql`select cod_debito from debts limit 1`);
    const foreign = await call(t.app, accountEndpoints.paymentSlip, { body: { debitos: [debt!.cod_debito] } }, as('bruno'));
    expect(foreign.status).toBe(404);
    expect((await call(t.app, accountEndpoints.paymentSlip, { body: { debitos: [1, 1] } }, as('ana'))).status).toBe(400);
  });

  it('makes the slip for the amount asked, to the library asked (spec §7 valor, codBiblioteca)', async () => {
    const [library] = await queryRows<{ cod_biblioteca: number }>(
      t.database.db,
      sql`select cod_biblioteca from libraries where desc_biblioteca = 'Biblioteca Central'`,
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/svc/unidade-informacao/gru',
      headers: { authorization: `Bearer ${as('ana')}` },
      payload: { valor: 12.5, codBiblioteca: library!.cod_biblioteca },
    });
    expect(response.statusCode).toBe(200);
    const text = pdfText(response.rawPayload);
    expect(text).toMatch(/R\$ 12[.,]50/);
    expect(text).not.toMatch(/R\$ 52[.,]00/);
    // The fields' names, then their values (pdftotext reads the two columns apart).
    expect(text).toContain('Contribuinte Biblioteca Número de referência');
    expect(text).toContain('Ana Teste Biblioteca Central');
    // The payment line carries the amount in centavos: the slip is for what was asked.
    expect(amountIn(paymentLine(text))).toBe('00000001250');
    // The whole balance, to the cent, is still an amount the debts leave to pay.
    expect((await call(t.app, accountEndpoints.paymentSlip, { body: { valor: 52 } }, as('ana'))).status).toBe(200);
  });

  it('refuses an amount that is not positive, has more than cents, passes the bound or what is owed, and a library that does not exist', async () => {
    const slip = (body: object) => call(t.app, accountEndpoints.paymentSlip, { body }, as('ana'));
    for (const valor of [0, -1, 0.001, 100_000.01, 1e12]) expect((await slip({ valor })).status, String(valor)).toBe(400);
    expect((await slip({ valor: '10.00' })).status).toBe(400);
    const more = await slip({ valor: 52.01 });
    expect(more.status).toBe(422);
    expect(more.body.key).toBe('ValorAcimaDoDevido');
    expect(more.body.message).toBe('O valor da guia (R$ 52,01) passa do que há a pagar (R$ 52,00).');
    // The chosen debts bound it, not all of them: the late fine leaves R$ 2,00.
    const [fine] = await queryRows<{ cod_debito: number }>(t.database.db, sql`select cod_debito from debts where tipo_servico = 'multa_atraso'`);
    expect((await slip({ valor: 2.5, debitos: [fine!.cod_debito] })).body.key).toBe('ValorAcimaDoDevido');
    const nowhere = await slip({ valor: 10, codBiblioteca: 999_999 });
    expect(nowhere.status).toBe(422);
    expect(nowhere.body).toMatchObject({ key: 'BibliotecaInvalida', message: 'Biblioteca 999999 não existe.' });
    expect((await slip({ codBiblioteca: 0 })).status).toBe(400);
  });
});

describe('the no-debts declaration', () => {
  it('is refused with the reasons while loans or debts are open, changing nothing', async () => {
    const carla = (await call(t.app, accountEndpoints.noDebtsCheck, {}, as('carla'))).body;
    expect(carla).toMatchObject({ pode_emitir: false, emprestimos_abertos: 1, debitos_abertos: '0.00', declaracao: null });
    expect(carla.motivos).toEqual(['Há 1 empréstimo em aberto: devolva o exemplar.']);
    const refused = await call(t.app, accountEndpoints.issueNoDebts, {}, as('ana'));
    expect(refused.status).toBe(422);
    expect(refused.body.message).toContain('Há débitos de R$ 52,00 a pagar.');
    expect((await call(t.app, accountEndpoints.deviations, {}, as('ana'))).body).toEqual([]);
  });

  it('is issued once owing nothing: a deviation ends the link, in the same transaction; asked again, the same one', async () => {
    expect((await call(t.app, accountEndpoints.noDebtsCheck, {}, as('bruno'))).body).toMatchObject({ pode_emitir: true, motivos: [] });
    const issued = await call(t.app, accountEndpoints.issueNoDebts, {}, as('bruno'));
    expect(issued.status).toBe(200);
    const { codigo } = issued.body;
    expect(codigo).toMatch(/^[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}$/);
    expect((await call(t.app, accountEndpoints.issueNoDebts, {}, as('bruno'))).body.codigo).toBe(codigo);
    const deviations = (await call(t.app, accountEndpoints.deviations, {}, as('bruno'))).body;
    expect(deviations).toEqual([expect.objectContaining({ motivo: 'Nada consta emitido: vínculo com as bibliotecas encerrado', fim: null })]);
    // No longer a patron of the libraries: no loans, no holds.
    await expect(desk('checkout', 'M1', 'bruno')).rejects.toThrow(/^Operação não permitida: afastamento em vigor/);
  });

  it('comes as a PDF with its verification code, only to its owner, and by e-mail', async () => {
    const { codigo } = (await call(t.app, accountEndpoints.noDebtsCheck, {}, as('bruno'))).body.declaracao!;
    // A PDF, not JSON: asked for as the browser does.
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/svc/unidade-informacao/nada-consta/${codigo}/pdf`,
      headers: { authorization: `Bearer ${as('bruno')}` },
    });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain(codigo);
    expect(text).toContain('Bruno Teste');
    expect((await call(t.app, accountEndpoints.declarationPdf, { params: { codigo } }, as('ana'))).status).toBe(404);
    expect((await call(t.app, accountEndpoints.declarationPdf, { params: { codigo: 'nope' } }, as('ana'))).status).toBe(400);
    const sent = await call(t.app, accountEndpoints.mailDeclaration, { body: { codigo } }, as('bruno'));
    expect(sent.body).toEqual({ enviado: true, email: 'bruno@example.org' });
    const [message] = (await mail.messages()).filter((m) => m.subject === 'Declaração de nada consta');
    expect(message!.attachments.map((a) => [a.filename, a.contentType])).toEqual([[`nada-consta-${codigo}.pdf`, 'application/pdf']]);
    expect((await call(t.app, accountEndpoints.mailDeclaration, { body: {} }, as('ana'))).status).toBe(404);
    expect((await call(t.app, accountEndpoints.mailDeclaration, { body: { codigo } }, as('ana'))).status).toBe(404);
  });

  it('is e-mailed when asked with the multipart form the spec names, or with no body at all', async () => {
    const { codigo } = (await call(t.app, accountEndpoints.noDebtsCheck, {}, as('bruno'))).body.declaracao!;
    const sendMail = (who: string, init: { body?: Buffer; contentType?: string }) =>
      t.app.inject({
        method: 'POST',
        url: '/svc/nada-consta/send-mail',
        headers: { authorization: `Bearer ${as(who)}`, ...(init.contentType ? { 'content-type': init.contentType } : {}) },
        ...(init.body === undefined ? {} : { payload: init.body }),
      });
    /** A multipart/form-data body as a browser's FormData sends it. */
    const multipart = async (fields: Record<string, string>) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      const request = new Request('http://localhost/', { method: 'POST', body: form });
      return { body: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
    };
    const before = (await mail.messages()).length;
    const form = await sendMail('bruno', await multipart({ codigo }));
    expect(form.statusCode).toBe(200);
    expect(form.json()).toEqual({ enviado: true, email: 'bruno@example.org' });
    // Without a code, the latest declaration; with no body at all, too.
    expect((await sendMail('bruno', await multipart({}))).statusCode).toBe(200);
    const bare = await sendMail('bruno', {});
    expect(bare.statusCode, bare.body).toBe(200);
    await expect.poll(async () => (await mail.messages()).length - before).toBe(3);
    // The form's code is checked as the JSON one is: another's declaration, a malformed code, a form that cannot be read.
    expect((await sendMail('ana', await multipart({ codigo }))).statusCode).toBe(404);
    expect((await sendMail('bruno', await multipart({ codigo: 'nope' }))).statusCode).toBe(400);
    expect((await sendMail('bruno', { body: Buffer.from('--x\r\nnot a part'), contentType: 'multipart/form-data; boundary=x' })).statusCode).toBe(400);
    // The form parser belongs to this call alone: the payment slip still takes JSON only.
    const empty = await multipart({});
    const slip = await t.app.inject({
      method: 'POST',
      url: '/svc/unidade-informacao/gru',
      headers: { authorization: `Bearer ${as('ana')}`, 'content-type': empty.contentType },
      payload: empty.body,
    });
    expect(slip.statusCode).toBe(415);
  });
});

describe('the loan token', () => {
  it('is null until asked for, then six digits for ten minutes; a new one replaces it', async () => {
    const current = async (who: string) => (await call(t.app, accountEndpoints.loanToken, {}, as(who))).body;
    const renewed = async (who: string) => (await call(t.app, accountEndpoints.newLoanToken, {}, as(who))).body;
    expect(await current('ana')).toBeNull();
    const first = await renewed('ana');
    expect(first.valor).toMatch(/^\d{6}$/);
    const minutes = (new Date(first.valido_ate).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9);
    expect(minutes).toBeLessThanOrEqual(10);
    expect(await current('ana')).toEqual(first);
    const second = await renewed('ana');
    expect(new Date(second.valido_ate).getTime()).toBeGreaterThanOrEqual(new Date(first.valido_ate).getTime());
    expect(await current('bruno')).toBeNull();
  });
});
