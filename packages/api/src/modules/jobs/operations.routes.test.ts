import { deskEndpoints } from '@estante/contracts/circulation';
import { operationsEndpoints as ops, type MensagemEnviada } from '@estante/contracts/jobs';
import { patronRecordEndpoints } from '@estante/contracts/people';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, patronToken, type TestApp } from '../../../test/app.js';
import { createInstitution, createPatron, grantStaffRoles } from '../../../test/factories.js';
import { startTestMailSink, type TestMailSink } from '../../../test/mail.js';
import { queryRows } from '../../db/client.js';

/**
 * The administration's jobs and mail (issue 54): every e-mail sent or failed is in the mail log
 * (the text of one carrying a recovery code is not), a logged message is resent and linked to the
 * first, a job is run now and its runs listed; each act audited; administração only.
 */
let t: TestApp;
let mail: TestMailSink;
let gestora = '';
let ana = '';
let anaId = 0;

beforeAll(async () => {
  mail = await startTestMailSink();
  t = await createTestApp({ SMTP_URL: mail.url });
  await createInstitution(t.database.db);
  await createPatron(t.database.db, { login: 'gestora', nome: 'Gestora Teste', password: 'senha-gestora-1' });
  await grantStaffRoles(t.database.db, 'gestora', ['administracao', 'circulacao', 'atendimento']);
  anaId = (await createPatron(t.database.db, { login: 'ana', nome: 'Ana Teste', password: 'senha-ana-1', email: 'ana@example.org' })).codPessoa;
  gestora = await patronToken(t.app, 'gestora', 'senha-gestora-1');
  ana = await patronToken(t.app, 'ana', 'senha-ana-1');
});
afterAll(async () => {
  await t.app.scheduler.stop();
  await t.close();
  await mail.close();
});

const log = async (query: Record<string, string> = {}) => (await call(t.app, ops.mail, { query: query as never }, gestora)).body;

describe('the mail log', () => {
  it('is for the administration only', async () => {
    expect((await call(t.app, ops.mail, { query: {} as never }, ana)).status).toBe(403);
    expect((await call(t.app, ops.runNow, { params: { nome: 'jobs.mail-log' } }, ana)).status).toBe(403);
  });

  it('keeps every message sent (without the text of a secret), resends one linked to the first, and records a failure and why', async () => {
    const receipt = await call(t.app, deskEndpoints.receipt, { params: { codPessoa: String(anaId) }, body: {} }, gestora);
    expect(receipt.status).toBe(200);
    expect((await call(t.app, patronRecordEndpoints.sendRecovery, { params: { codPessoa: String(anaId) } }, gestora)).status).toBe(200);
    // The log is written beside the send (never inside the caller's transaction): there within moments.
    await expect.poll(async () => (await log()).total).toBe(2);
    const sent = await log();
    const [recovery, first] = sent.itens as [MensagemEnviada, MensagemEnviada];
    expect(first).toMatchObject({ para: ['ana@example.org'], assunto: 'Seus empréstimos na biblioteca', situacao: 'enviado', erro: null, anexos: 0 });
    expect(first.corpo).toContain('Olá, Ana');
    // The recovery code is in the mailbox, never in the log.
    expect(recovery).toMatchObject({ para: ['ana@example.org'], situacao: 'enviado', corpo: null });
    expect((await call(t.app, ops.resend, { params: { id: String(recovery.id) } }, gestora)).status).toBe(422);

    const again = await call(t.app, ops.resend, { params: { id: String(first.id) } }, gestora);
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ assunto: 'Seus empréstimos na biblioteca', situacao: 'enviado', reenvio_de: first.id });
    expect((await mail.messages()).filter((m) => m.subject === 'Seus empréstimos na biblioteca')).toHaveLength(2);
    expect((await call(t.app, ops.resend, { params: { id: '999999' } }, gestora)).status).toBe(404);

    // The library's sender, once set, is the next message's.
    await call(t.app, ops.setSender, { body: { remetente: 'Biblioteca Central <central@biblioteca.example.org>' } }, gestora);
    await call(t.app, ops.resend, { params: { id: String(first.id) } }, gestora);
    const fromLibrary = (await mail.messages()).filter((m) => m.subject === 'Seus empréstimos na biblioteca').at(-1)!;
    expect(fromLibrary.from?.value[0]).toMatchObject({ name: 'Biblioteca Central', address: 'central@biblioteca.example.org' });
    await call(t.app, ops.setSender, { body: { remetente: null } }, gestora);

    // The mail server goes away: the desk hears 502, the log says it failed and why.
    await mail.close();
    const refused = await call(t.app, deskEndpoints.receipt, { params: { codPessoa: String(anaId) }, body: {} }, gestora);
    expect(refused.status).toBe(502);
    await expect.poll(async () => (await log({ situacao: 'falhou' })).total).toBe(1);
    const failed = await log({ situacao: 'falhou' });
    expect(failed.itens[0]).toMatchObject({
      situacao: 'falhou',
      erro: expect.stringMatching(/ECONNREFUSED|connect/i),
      assunto: 'Seus empréstimos na biblioteca',
    });
    await expect.poll(async () => (await log({ para: 'ANA@example' })).total).toBe(5);
    expect((await log({ para: 'ninguem@' })).total).toBe(0);
    expect((await log({ pagina: '2' })).itens).toEqual([]);

    const acts = await queryRows<{ alvo: string }>(t.database.db, sql`select alvo from staff_audit where acao = 'jobs.resend' order by id`);
    // Only the resend made is an act: the refused ones changed nothing.
    expect(acts.map((a) => a.alvo)).toEqual([`mensagem:${first.id}`, `mensagem:${first.id}`]);
  });
});

describe('the mail settings', () => {
  it("show every message's template in three languages, and set the sender of the next messages", async () => {
    const settings = (await call(t.app, ops.mailSettings, {}, gestora)).body;
    expect(settings.remetente).toBeNull();
    expect(settings.padrao).toMatch(/@/);
    expect(settings.modelos).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ modulo: 'circulation', chave: 'desk.receipt.subject', pt: 'Seus empréstimos na biblioteca', en: 'Your library loans' }),
      ]),
    );
    expect((await call(t.app, ops.setSender, { body: { remetente: 'não é endereço' } }, gestora)).status).toBe(400);
    expect((await call(t.app, ops.setSender, { body: { remetente: 'Biblioteca <a@b.org>\r\nBcc: x@y.org' } }, gestora)).status).toBe(400);
    const set = await call(t.app, ops.setSender, { body: { remetente: 'Biblioteca Central <central@biblioteca.example.org>' } }, gestora);
    expect(set.body.remetente).toBe('Biblioteca Central <central@biblioteca.example.org>');
    const cleared = await call(t.app, ops.setSender, { body: { remetente: null } }, gestora);
    expect(cleared.body.remetente).toBeNull();
    const acts = await queryRows<{ detalhes: Record<string, unknown> }>(
      t.database.db,
      sql`select detalhes from staff_audit where acao = 'jobs.sender' order by id`,
    );
    // The mail log's test set and cleared it first; these are the last two.
    expect(acts.slice(-2).map((a) => a.detalhes)).toEqual([
      { antes: null, depois: 'Biblioteca Central <central@biblioteca.example.org>' },
      { antes: 'Biblioteca Central <central@biblioteca.example.org>', depois: null },
    ]);
  });
});

describe('the jobs', () => {
  it('runs a job now once the scheduler runs here, and lists its runs with what they said', async () => {
    expect((await call(t.app, ops.runNow, { params: { nome: 'jobs.mail-log' } }, gestora)).status).toBe(409);
    expect((await call(t.app, ops.runNow, { params: { nome: 'jobs.nada' } }, gestora)).status).toBe(404);
    expect((await call(t.app, ops.runs, { params: { nome: 'Não é nome' } }, gestora)).status).toBe(400);
    await t.app.scheduler.start({ pollingSeconds: 0.5, catchUp: false });
    const asked = await call(t.app, ops.runNow, { params: { nome: 'jobs.mail-log' } }, gestora);
    expect(asked.status).toBe(202);
    expect(asked.body.nome).toBe('jobs.mail-log');
    let runs: { estado: string; resultado: string | null }[] = [];
    for (let i = 0; i < 120 && !runs.some((r) => r.estado === 'completed'); i++) {
      runs = (await call(t.app, ops.runs, { params: { nome: 'jobs.mail-log' } }, gestora)).body;
      if (!runs.some((r) => r.estado === 'completed')) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(runs.find((r) => r.estado === 'completed')).toMatchObject({ resultado: '0 message(s) older than 90 days removed from the mail log' });
    const acts = await queryRows<{ alvo: string }>(t.database.db, sql`select alvo from staff_audit where acao = 'jobs.run'`);
    expect(acts).toEqual([{ alvo: 'tarefa:jobs.mail-log' }]);
  });
});
