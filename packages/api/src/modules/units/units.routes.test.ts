import { unitsEndpoints } from '@estante/contracts/parameters';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, patronToken, publicToken, type TestApp } from '../../../test/app.js';
import { createInstitution, createLibraries, createPatron, enableActivities } from '../../../test/factories.js';
import { startTestMailSink, type TestMailSink } from '../../../test/mail.js';
import { queryRows } from '../../db/client.js';
import { libraries } from '../../db/schema/index.js';

let t: TestApp;
let mail: TestMailSink;
let publicAuth: string;
let ana: string;
let bia: string;
let central: { codBiblioteca: number; codCampus: number };
let silent: { codBiblioteca: number; codCampus: number };
let elsewhere: { codBiblioteca: number; codCampus: number };

beforeAll(async () => {
  mail = await startTestMailSink();
  t = await createTestApp({ SMTP_URL: mail.url });
  const db = t.database.db;
  await createInstitution(db);
  const [first, second] = await createLibraries(db, ['Central', 'Sem E-mail']);
  const [third] = await createLibraries(db, ['Litoral']);
  [central, silent, elsewhere] = [first!, second!, third!];
  await db.execute(sql`update ${libraries} set email = 'central@biblioteca.example' where cod_biblioteca = ${central.codBiblioteca}`);
  await createPatron(db, { login: 'ana', nome: 'Ana Souza', password: 'senha-ana', email: 'ana@example.org' });
  await createPatron(db, { login: 'bia', nome: 'Bia Lima', password: 'senha-bia' });
  publicAuth = await publicToken(t.app);
  ana = await patronToken(t.app, 'ana', 'senha-ana');
  bia = await patronToken(t.app, 'bia', 'senha-bia');
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

const count = async (table: string) => (await queryRows<{ n: number }>(t.database.db, sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n;

describe('campuses and libraries', () => {
  it('lists every campus and the libraries, of one campus when asked', async () => {
    const campuses = (await call(t.app, unitsEndpoints.campuses, {}, publicAuth)).body;
    expect(campuses).toHaveLength(2);
    const all = (await call(t.app, unitsEndpoints.libraries, { query: {} }, publicAuth)).body;
    expect(all.map((l) => l.desc_biblioteca)).toEqual(['Central', 'Litoral', 'Sem E-mail']);
    const one = (await call(t.app, unitsEndpoints.libraries, { query: { campus: String(elsewhere.codCampus) } }, publicAuth)).body;
    expect(one).toEqual([{ cod_biblioteca: elsewhere.codBiblioteca, desc_biblioteca: 'Litoral', cod_campus: elsewhere.codCampus }]);
    expect((await call(t.app, unitsEndpoints.libraries, { query: { campus: '9999' } }, publicAuth)).status).toBe(404);
    expect((await call(t.app, unitsEndpoints.libraries, { query: { campus: 'abc' } }, publicAuth)).status).toBe(400);
  });
});

describe('POST /unidade-informacao/comentario', () => {
  it('asks an anonymous visitor to sign in', async () => {
    const response = await call(t.app, unitsEndpoints.generalComment, { body: { content: 'Olá', b: central.codBiblioteca } }, publicAuth);
    expect(response.status).toBe(403);
    expect(await count('general_comments')).toBe(0);
  });

  it('stores the trimmed comment and mails it to the library, replying to the patron', async () => {
    const response = await call(
      t.app,
      unitsEndpoints.generalComment,
      { body: { content: '  Faltam tomadas no 2º andar.  ', b: central.codBiblioteca } },
      ana,
      '5',
    );
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ codigo: expect.any(Number), mensagem: 'Comment sent successfully.' });
    const [row] = await queryRows<{ texto: string }>(t.database.db, sql`select texto from general_comments`);
    expect(row!.texto).toBe('Faltam tomadas no 2º andar.');
    const [message] = await mail.messages();
    expect(message!.to).toMatchObject({ text: 'central@biblioteca.example' });
    expect(message!.replyTo).toMatchObject({ text: 'ana@example.org' });
    expect(message!.text).toContain('Ana Souza');
    expect(message!.text).toContain('Faltam tomadas no 2º andar.');
  });

  it('stores a comment to a library without an e-mail address without sending anything', async () => {
    const before = (await mail.messages()).length;
    const response = await call(t.app, unitsEndpoints.generalComment, { body: { content: 'Obrigada!', b: silent.codBiblioteca } }, bia);
    expect(response.status).toBe(201);
    expect((await mail.messages()).length).toBe(before);
  });

  it('refuses blank text, a missing or unknown library, and changes nothing', async () => {
    const before = await count('general_comments');
    for (const payload of [
      { content: '   ', b: central.codBiblioteca },
      { content: 'x' },
      { content: 'x', b: 0 },
      { content: 'x'.repeat(2001), b: central.codBiblioteca },
      [1, 2],
    ]) {
      expect((await call(t.app, unitsEndpoints.generalComment, { body: payload as never }, ana)).status).toBe(400);
    }
    const unknown = await call(t.app, unitsEndpoints.generalComment, { body: { content: 'x', b: 9999 } }, ana);
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({ key: 'BibliotecaInvalida' });
    expect(await count('general_comments')).toBe(before);
  });
});

describe('POST /unidade-informacao/sugestao-aquisicao', () => {
  const suggestion = () => ({
    titulo: 'Grande sertão: veredas',
    editor: 'Nova Fronteira',
    autor: 'Guimarães Rosa',
    isbn_issn: '9788520923252',
    campus: central.codCampus,
    biblioteca: central.codBiblioteca,
  });

  it('is refused while the institution does not take suggestions (activity 12)', async () => {
    const response = await call(t.app, unitsEndpoints.suggestion, { body: suggestion() }, ana);
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ key: 'SugestoesDesativadas' });
    await enableActivities(t.database.db, [12]);
  });

  it('names the required field left blank, in the call’s language, and stores nothing', async () => {
    const blankTitle = await call(t.app, unitsEndpoints.suggestion, { body: { ...suggestion(), titulo: '   ' } }, ana);
    expect(blankTitle.status).toBe(422);
    expect(blankTitle.body).toMatchObject({ key: 'CampoObrigatorioNaoPreenchido', message: 'Preencha o campo obrigatório: Título.' });
    const blankPublisher = await call(t.app, unitsEndpoints.suggestion, { body: { ...suggestion(), editor: ' ' } }, ana, '3');
    expect(blankPublisher.body).toMatchObject({ message: 'Complete el campo obligatorio: Editorial.' });
    expect(await count('acquisition_suggestions')).toBe(0);
  });

  it('refuses a library of another campus, an unknown campus, a missing library or campus', async () => {
    const wrongCampus = await call(t.app, unitsEndpoints.suggestion, { body: { ...suggestion(), biblioteca: elsewhere.codBiblioteca } }, ana);
    expect(wrongCampus.status).toBe(422);
    expect(wrongCampus.body).toMatchObject({ key: 'BibliotecaForaDoCampus' });
    expect((await call(t.app, unitsEndpoints.suggestion, { body: { ...suggestion(), campus: 9999 } }, ana)).status).toBe(404);
    const { biblioteca: _b, ...noLibrary } = suggestion();
    expect((await call(t.app, unitsEndpoints.suggestion, { body: noLibrary as never }, ana)).status).toBe(400);
    const { campus: _c, ...noCampus } = suggestion();
    expect((await call(t.app, unitsEndpoints.suggestion, { body: noCampus as never }, ana)).status).toBe(400);
    expect((await call(t.app, unitsEndpoints.suggestion, { body: { ...suggestion(), titulo: 'x'.repeat(501) } }, ana)).status).toBe(400);
    expect(await count('acquisition_suggestions')).toBe(0);
  });

  it('stores a pre-suggestion and mails the library', async () => {
    const before = (await mail.messages()).length;
    const response = await call(
      t.app,
      unitsEndpoints.suggestion,
      {
        body: {
          ...suggestion(),
          outras_inf: '  Para a disciplina de Literatura  ',
          edicao: '',
        },
      },
      ana,
    );
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ mensagem: 'Sugestão de aquisição enviada com sucesso.' });
    const [row] = await queryRows<{ titulo: string; situacao: string; outras_inf: string; edicao: string | null }>(
      t.database.db,
      sql`select titulo, situacao, outras_inf, edicao from acquisition_suggestions`,
    );
    expect(row).toEqual({ titulo: 'Grande sertão: veredas', situacao: 'pre_sugestao', outras_inf: 'Para a disciplina de Literatura', edicao: null });
    const messages = await mail.messages();
    expect(messages.length).toBe(before + 1);
    expect(messages.at(-1)!.text).toContain('ISBN: 9788520923252');
  });

  it('asks an anonymous visitor to sign in', async () => {
    expect((await call(t.app, unitsEndpoints.suggestion, { body: suggestion() }, publicAuth)).status).toBe(403);
  });
});

describe('when the library’s e-mail cannot be sent', () => {
  it('answers 502 ErroEmailBiblioteca and records nothing', async () => {
    const broken = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      const db = broken.database.db;
      await createInstitution(db);
      const [library] = await createLibraries(db, ['Central']);
      await db.execute(sql`update ${libraries} set email = 'central@biblioteca.example'`);
      await createPatron(db, { login: 'ana', nome: 'Ana Souza', password: 'senha-ana' });
      const token = await patronToken(broken.app, 'ana', 'senha-ana');
      const response = await call(broken.app, unitsEndpoints.generalComment, { body: { content: 'Olá', b: library!.codBiblioteca } }, token);
      expect(response.status).toBe(502);
      expect(response.body).toMatchObject({ key: 'ErroEmailBiblioteca' });
      expect((await queryRows<{ n: number }>(db, sql`select count(*)::int as n from general_comments`))[0]!.n).toBe(0);
    } finally {
      await broken.close();
    }
  });
});

describe('staff', () => {
  it('lists the general comments and suggestions received, newest first', async () => {
    const { runAdminCommand } = await import('../../admin/commands.js');
    const general = await runAdminCommand(t.database.db, { command: 'comments.general', args: [] });
    expect(general.split('\n')[0]).toContain('Bia Lima to Sem E-mail');
    expect(general).toContain('Faltam tomadas no 2º andar.');
    const suggestions = await runAdminCommand(t.database.db, { command: 'comments.suggestions', args: [] });
    expect(suggestions).toContain('[pre_sugestao]  Ana Souza for Central');
    expect(suggestions).toContain('"Grande sertão: veredas", Guimarães Rosa (Nova Fronteira)');
  });
});
