import { patronRecordEndpoints } from '@estante/contracts/people';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, patronToken, type TestApp } from '../../../test/app.js';
import { createInstitution, createLibraries, createPatron, grantStaffRoles } from '../../../test/factories.js';
import { startTestMailSink, type TestMailSink } from '../../../test/mail.js';
import { queryRows } from '../../db/client.js';

/** Marcos serves patrons (atendimento); Ana and Carla are patrons; Bruno is staff of the desk (circulação) too. */
let t: TestApp;
let mail: TestMailSink;
const token: Record<string, string> = {};
const person: Record<string, number> = {};

beforeAll(async () => {
  mail = await startTestMailSink();
  t = await createTestApp({ SMTP_URL: mail.url });
  const db = t.database.db;
  await createInstitution(db);
  for (const [login, nome, email] of [
    ['marcos', 'Marcos Rocha', 'marcos@example.org'],
    ['ana', 'Ana Beatriz Souza', 'ana@example.org'],
    ['carla', 'Carla Dias', null],
  ] as const) {
    person[login] = (await createPatron(db, { login, nome, password: `Senha-${login}-1`, ...(email ? { email } : {}) })).codPessoa;
    token[login] = await patronToken(t.app, login, `Senha-${login}-1`);
  }
  await grantStaffRoles(db, 'marcos', ['atendimento']);
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

const audit = (codPessoa: number) =>
  queryRows<{ acao: string }>(t.database.db, sql`select acao from staff_audit where alvo = ${`pessoa:${codPessoa}`} order by id`).then((rows) =>
    rows.map((r) => r.acao),
  );

describe("the patrons' records for the staff (issue 53)", () => {
  it('is for staff with circulação or atendimento', async () => {
    expect((await call(t.app, patronRecordEndpoints.search, { query: { busca: 'ana' } }, token.ana!)).status).toBe(403);
  });

  it('finds patrons by login or name, opens the record, corrects personal data with §5 rules, ends sessions and sends a recovery code; all audited', async () => {
    const byName = await call(t.app, patronRecordEndpoints.search, { query: { busca: 'souza BEAT' } }, token.marcos!);
    expect(byName.body).toEqual([{ cod_pessoa: person.ana, nome: 'Ana Beatriz Souza', categoria: 'Graduação', logins: ['ana'], bloqueio: false }]);
    expect((await call(t.app, patronRecordEndpoints.search, { query: { busca: 'ANA' } }, token.marcos!)).body.map((p) => p.cod_pessoa)).toEqual([person.ana]);
    const record = await call(t.app, patronRecordEndpoints.record, { params: { codPessoa: String(person.ana) } }, token.marcos!);
    expect(record.body).toMatchObject({
      cod_pessoa: person.ana,
      dados: { nome: 'Ana Beatriz Souza', email: 'ana@example.org', cpf: null },
      logins: [{ login: 'ana', ativo: true }],
      sessoes: 1,
    });
    expect((await call(t.app, patronRecordEndpoints.record, { params: { codPessoa: '999999' } }, token.marcos!)).status).toBe(404);

    const body = { email: 'ana.souza@example.org', telefone: '(48) 3721-0000', cpf: '52998224725', recebe_emails: true };
    expect(
      (await call(t.app, patronRecordEndpoints.saveData, { params: { codPessoa: String(person.ana) }, body: { ...body, email: 'não-é-email' } }, token.marcos!))
        .status,
    ).toBe(400);
    expect(
      (await call(t.app, patronRecordEndpoints.saveData, { params: { codPessoa: String(person.ana) }, body: { ...body, cpf: '52998224724' } }, token.marcos!))
        .status,
    ).toBe(400);
    // The library may add the CPF the patron could not.
    const saved = await call(t.app, patronRecordEndpoints.saveData, { params: { codPessoa: String(person.ana) }, body }, token.marcos!);
    expect(saved.body.dados).toMatchObject({ email: 'ana.souza@example.org', telefone: '(48) 3721-0000', cpf: '52998224725' });

    const ended = await call(t.app, patronRecordEndpoints.endSessions, { params: { codPessoa: String(person.ana) } }, token.marcos!);
    expect(ended.body.sessoes).toBe(0);
    const recovery = await call(t.app, patronRecordEndpoints.sendRecovery, { params: { codPessoa: String(person.ana) } }, token.marcos!);
    expect(recovery.body).toEqual({ emails: [expect.stringMatching(/^an\*+@/)] });
    const sent = (await mail.messages()).at(-1)!;
    expect(sent.to).toMatchObject({ text: 'ana.souza@example.org' });
    expect(sent.text).toMatch(/\b\d{6}\b/);
    expect((await call(t.app, patronRecordEndpoints.sendRecovery, { params: { codPessoa: String(person.carla) } }, token.marcos!)).status).toBe(422);
    expect(await audit(person.ana!)).toEqual(['people.edit', 'people.sessions', 'people.recovery']);
    const history = (await call(t.app, patronRecordEndpoints.record, { params: { codPessoa: String(person.ana) } }, token.marcos!)).body.historico;
    expect(history.map((h) => h.acao)).toEqual(['people.recovery', 'people.sessions', 'people.edit']);
    expect(history[0]).toMatchObject({ autor: `pessoa:${person.marcos}`, autor_nome: 'Marcos Rocha' });
  });

  it('changes the registration the library controls, and registers a patron by hand once, however many desks type the login at once', async () => {
    await t.database.db.execute(sql`insert into patron_categories (cod_categoria, descricao) values ('04', 'Professor') on conflict do nothing`);
    const changed = await call(
      t.app,
      patronRecordEndpoints.saveRegistration,
      { params: { codPessoa: String(person.carla) }, body: { nome: 'Carla Mendes Dias', categoria: '04', validade: '2027-12-31' } },
      token.marcos!,
    );
    expect(changed.body.dados).toMatchObject({ nome: 'Carla Mendes Dias', categoria: { codigo: '04', descricao: 'Professor' }, validade: '2027-12-31' });
    expect(
      (
        await call(
          t.app,
          patronRecordEndpoints.saveRegistration,
          { params: { codPessoa: String(person.carla) }, body: { nome: 'Carla', categoria: 'XX', validade: null } },
          token.marcos!,
        )
      ).body.key,
    ).toBe('CategoriaInexistente');
    const categories = await call(t.app, patronRecordEndpoints.categories, {}, token.marcos!);
    expect(categories.body.map((c) => c.codigo).sort()).toEqual(['01', '04']);

    const newcomer = { nome: 'Rui Novo', login: 'Rui.Novo', categoria: '01', email: 'rui@example.org' };
    const together = await Promise.all(Array.from({ length: 20 }, () => call(t.app, patronRecordEndpoints.create, { body: newcomer }, token.marcos!)));
    expect(together.filter((r) => r.status === 201)).toHaveLength(1);
    expect(new Set(together.filter((r) => r.status !== 201).map((r) => r.body.key))).toEqual(new Set(['LoginEmUso']));
    const made = together.find((r) => r.status === 201)!.body;
    expect(made).toMatchObject({ dados: { nome: 'Rui Novo', email: 'rui@example.org' }, logins: [{ login: 'rui.novo', ativo: true }] });
    // No password to guess: the newcomer chooses one through recovery.
    const guess = await t.app.inject({
      method: 'POST',
      url: '/svc/oauth/token',
      payload: { grant_type: 'password', client_id: 'estante-web', client_secret: 'estante-public', username: 'rui.novo', password: '' },
    });
    expect(guess.statusCode).toBe(400);
    expect((await call(t.app, patronRecordEndpoints.sendRecovery, { params: { codPessoa: String(made.cod_pessoa) } }, token.marcos!)).status).toBe(200);
    expect((await call(t.app, patronRecordEndpoints.create, { body: { ...newcomer, login: 'x' } }, token.marcos!)).status).toBe(400);
    expect(await audit(made.cod_pessoa)).toEqual(['people.create', 'people.recovery']);
  });

  it('keeps the libraries a patron is registered at, and the staff’s notes about them, each change audited and none half made', async () => {
    const [central, branch] = (await createLibraries(t.database.db, ['Biblioteca Central', 'Biblioteca Setorial'])).map((l) => l.codBiblioteca) as [
      number,
      number,
    ];
    const params = { codPessoa: String(person.ana) };
    const registration = { nome: 'Ana Beatriz Souza', categoria: '01', validade: null };
    const saved = await call(
      t.app,
      patronRecordEndpoints.saveRegistration,
      { params, body: { ...registration, bibliotecas: [branch, central] } },
      token.marcos!,
    );
    expect(saved.body.bibliotecas).toEqual([
      { cod_biblioteca: central, nome: 'Biblioteca Central' },
      { cod_biblioteca: branch, nome: 'Biblioteca Setorial' },
    ]);
    // A library that does not exist changes nothing; a list with a repeat is refused before; leaving the list out keeps it.
    const unknown = await call(
      t.app,
      patronRecordEndpoints.saveRegistration,
      { params, body: { ...registration, nome: 'Outra', bibliotecas: [central, 999999] } },
      token.marcos!,
    );
    expect(unknown.body).toMatchObject({ key: 'BibliotecaInexistente', message: 'Não há biblioteca 999999.' });
    expect(
      (await call(t.app, patronRecordEndpoints.saveRegistration, { params, body: { ...registration, bibliotecas: [central, central] } }, token.marcos!)).status,
    ).toBe(400);
    const kept = await call(t.app, patronRecordEndpoints.saveRegistration, { params, body: registration }, token.marcos!);
    expect(kept.body).toMatchObject({ dados: { nome: 'Ana Beatriz Souza' }, bibliotecas: [{ cod_biblioteca: central }, { cod_biblioteca: branch }] });
    const none = await call(t.app, patronRecordEndpoints.saveRegistration, { params, body: { ...registration, bibliotecas: [] } }, token.marcos!);
    expect(none.body.bibliotecas).toEqual([]);

    const first = await call(t.app, patronRecordEndpoints.addNote, { params, body: { texto: '  Prefere contato por telefone.  ' } }, token.marcos!);
    expect(first.status).toBe(201);
    expect(first.body).toEqual([
      { id: expect.any(Number), texto: 'Prefere contato por telefone.', autor: 'Marcos Rocha', em: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) },
    ]);
    const second = await call(t.app, patronRecordEndpoints.addNote, { params, body: { texto: 'Devolveu livro molhado em 10/11; avisada.' } }, token.marcos!);
    expect(second.body.map((n) => n.texto)).toEqual(['Devolveu livro molhado em 10/11; avisada.', 'Prefere contato por telefone.']);
    expect((await call(t.app, patronRecordEndpoints.addNote, { params, body: { texto: '   ' } }, token.marcos!)).status).toBe(400);
    expect((await call(t.app, patronRecordEndpoints.addNote, { params: { codPessoa: '999999' }, body: { texto: 'Ninguém' } }, token.marcos!)).status).toBe(404);
    expect((await call(t.app, patronRecordEndpoints.addNote, { params, body: { texto: 'Não pode' } }, token.ana!)).status).toBe(403);
    const record = await call(t.app, patronRecordEndpoints.record, { params }, token.marcos!);
    expect(record.body.notas).toEqual(second.body);

    const id = first.body[0]!.id;
    // Another patron's note number is not this patron's.
    expect((await call(t.app, patronRecordEndpoints.removeNote, { params: { codPessoa: String(person.carla), id: String(id) } }, token.marcos!)).status).toBe(
      404,
    );
    const left = await call(t.app, patronRecordEndpoints.removeNote, { params: { ...params, id: String(id) } }, token.marcos!);
    expect(left.body.map((n) => n.texto)).toEqual(['Devolveu livro molhado em 10/11; avisada.']);
    expect((await call(t.app, patronRecordEndpoints.removeNote, { params: { ...params, id: String(id) } }, token.marcos!)).body.key).toBe('NotaNaoEncontrada');

    const acts = await queryRows<{ acao: string; detalhes: Record<string, unknown> }>(
      t.database.db,
      sql`select acao, detalhes from staff_audit where alvo = ${`pessoa:${person.ana}`} and acao in ('people.registration', 'people.note', 'people.unnote') order by id`,
    );
    expect(acts.map((a) => a.acao)).toEqual([
      'people.registration',
      'people.registration',
      'people.registration',
      'people.note',
      'people.note',
      'people.unnote',
    ]);
    expect(acts[0]!.detalhes).toMatchObject({ antes: { bibliotecas: [] }, depois: { bibliotecas: [central, branch] } });
    expect(acts.at(-1)!.detalhes).toEqual({ nota: id, texto: 'Prefere contato por telefone.' });
  });
});
