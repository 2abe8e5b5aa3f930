import { authEndpoints, recoveryEndpoints } from '@estante/contracts/auth';
import { type Endpoint, type EndpointInput, type EndpointOutput, endpointUrl } from '@estante/contracts/kernel';
import { type DadosPessoaisBody, peopleEndpoints } from '@estante/contracts/people';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, publicToken, type TestApp } from '../../../test/app.js';
import { createCopies, createInstitution, createLibraries, createLoan, createPatron, createRegistration, createTitles } from '../../../test/factories.js';
import { createSsoSignIn } from '../../../test/factories/people.js';
import { startTestMailSink, type TestMailSink } from '../../../test/mail.js';
import { queryRows } from '../../db/client.js';
import { courses, debts, logins } from '../../db/schema/index.js';
import { hashPassword } from '../../lib/password.js';

/**
 * The patron's own record (issue 21, spec §3 Personal data, §5, §7 People, decision 0022). Ana
 * signs in as `ana` or `2024001234`; Bruno is another patron; Helena is a professor and a
 * doctoral student (two registrations, one CPF, one login); Davi's second registration is
 * blocked; Carla has a loan and a debt.
 */
let t: TestApp;
let sink: TestMailSink;
let anonymous: string;
const id: Record<string, number> = {};
const dept: Record<string, number> = {};

beforeAll(async () => {
  sink = await startTestMailSink();
  t = await createTestApp({ SMTP_URL: sink.url });
  const db = t.database.db;
  await createInstitution(db, { parametros: { __md_aut: 2, __md_crypt: 4, email_encarregado_dados: 'dpo@biblioteca.test' } });
  id.ana = (await createPatron(db, { login: 'ana', nome: 'Ana Souza', password: 'Senha-da-ana1', email: 'ana@example.org' })).codPessoa;
  await db.insert(logins).values({ login: '2024001234', codPessoa: id.ana, passwordHash: await hashPassword('Senha-da-matricula1') });
  id.bruno = (
    await createPatron(db, { login: 'bruno', nome: 'Bruno Lima', password: 'Senha-do-bruno1', email: 'bruno@example.org', cpf: '39053344705' })
  ).codPessoa;
  id.helena = (await createPatron(db, { login: 'helena', nome: 'Helena Prado', password: 'Senha-da-helena1', cpf: '52998224725', categoria: '04' })).codPessoa;
  id.doutorado = (await createRegistration(db, { nome: 'Helena Prado', cpf: '52998224725', categoria: '09' })).codPessoa;
  id.davi = (await createPatron(db, { login: 'davi', nome: 'Davi Rocha', password: 'Senha-do-davi1', cpf: '11144477735' })).codPessoa;
  id.daviBloqueado = (await createRegistration(db, { nome: 'Davi Rocha', cpf: '11144477735', categoria: '05', bloqueio: true })).codPessoa;
  id.carla = (await createPatron(db, { login: 'carla', nome: 'Carla Dias', password: 'Senha-da-carla1', email: 'carla@example.org' })).codPessoa;
  const [central] = await createLibraries(db, ['Biblioteca Central']);
  const titles = await createTitles(db, [{ id: 'p1', title: 'Vidas secas', year: 1938 }]);
  await createCopies(db, [{ codAcervo: titles.p1!, codBiblioteca: central!.codBiblioteca, tombo: 'P1' }]);
  await createLoan(db, { tombo: 'P1', codPessoa: id.carla, dueInDays: 5 });
  await db.insert(debts).values({ codPessoa: id.carla, service: 'multa_atraso', amount: '4.50' });
  const made = await db
    .insert(courses)
    .values([{ nome: 'Pedagogia' }, { nome: 'Direito' }])
    .returning();
  dept.pedagogia = made[0]!.codCurso;
  dept.direito = made[1]!.codCurso;
  anonymous = await publicToken(t.app);
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const PASSWORDS: Record<string, string> = {
  ana: 'Senha-da-ana1',
  '2024001234': 'Senha-da-matricula1',
  bruno: 'Senha-do-bruno1',
  helena: 'Senha-da-helena1',
  davi: 'Senha-do-davi1',
  carla: 'Senha-da-carla1',
};
const grant = async (username: string, password = PASSWORDS[username]!) => {
  const response = await call(
    t.app,
    authEndpoints.token,
    { body: { grant_type: 'password', client_id: 'estante-web', client_secret: 'estante-public', username, password } },
    null,
  );
  expect(response.status).toBe(200);
  return response.body;
};
/** Trades a refresh token for a new pair. */
const renew = (refreshToken: string | undefined) =>
  call(
    t.app,
    authEndpoints.token,
    { body: { grant_type: 'refresh_token', client_id: 'estante-web', client_secret: 'estante-public', refresh_token: refreshToken } },
    null,
  );
const tokens: Record<string, string> = {};
const tokenOf = async (login: string) => (tokens[login] ??= (await grant(login)).access_token);

/** A call as the patron signed in with `login` (their token is asked for once). */
const as = async <E extends Endpoint>(login: string, endpoint: E, input: EndpointInput<E>, language?: string) =>
  call(t.app, endpoint, input, await tokenOf(login), language);
/**
 * A call whose answer's headers matter too, which call() does not give: the request built from the
 * endpoint's declaration as call() builds it, the JSON body and the headers answered.
 */
async function withHeaders<E extends Endpoint>(endpoint: E, input: EndpointInput<E>, token: string) {
  const { body } = input as { body?: object };
  const response = await t.app.inject({
    method: endpoint.method,
    url: `/svc${endpointUrl(endpoint, input)}`,
    headers: { 'x-idioma': '1', authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { payload: body }),
  });
  return { status: response.statusCode, body: response.json<EndpointOutput<E>>(), headers: response.headers };
}

/** Everything the form sends, as the web does. */
const form = (over: Partial<DadosPessoaisBody> = {}): DadosPessoaisBody => ({
  email: 'ana.souza@example.org',
  telefone: '(48) 3721-0000',
  logradouro: 'Rua das Flores, 100',
  complemento: 'Apto 12',
  cep: '88040-900',
  cidade: 'Florianópolis',
  bairro: 'Trindade',
  documento_identidade: 'MG-12.345.678',
  nacionalidade: 'Brasileira',
  genero: 'feminino',
  data_nascimento: '1999-04-03',
  escolaridade: 'superior_incompleto',
  lotacao: dept.pedagogia,
  profissao: 'Estudante',
  estado_civil: 'solteiro',
  recebe_emails: false,
  ...over,
});
const stored = async (codPessoa: number) => {
  const [row] = await queryRows<Record<string, unknown>>(
    t.database.db,
    sql`select p.nome_pessoa, p.email, p.cpf, p.cod_categoria, d.telefone, d.logradouro, d.cep
        from people p left join personal_data d on d.cod_pessoa = p.cod_pessoa where p.cod_pessoa = ${codPessoa}`,
  );
  return row!;
};

describe('access', () => {
  it.each(
    (
      [
        [peopleEndpoints.personalData, {}],
        [peopleEndpoints.savePersonalData, {}],
        [peopleEndpoints.registrationName, { params: { user: 'ana' } }],
        [peopleEndpoints.signedInEmail, {}],
        [peopleEndpoints.passwordRules, {}],
        [peopleEndpoints.swapUser, {}],
        [peopleEndpoints.myData, {}],
        [peopleEndpoints.erasureRequests, {}],
        [peopleEndpoints.requestErasure, {}],
      ] as const
    ).map(([endpoint, input]) => [endpoint.method, endpointUrl(endpoint, input), endpoint, input] as const),
  )('%s %s needs a signed-in patron: 401 without a token, 403 with the anonymous one', async (method, _url, endpoint, input) => {
    const payload = method === 'GET' ? undefined : method === 'PUT' ? form() : { usuario: 'ana' };
    expect((await call(t.app, endpoint as Endpoint, { ...input, body: payload } as never, null)).status).toBe(401);
    const refused = await call(t.app, endpoint as Endpoint, { ...input, body: payload } as never, anonymous);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ key: 'AcessoPessoalNecessario' });
  });
});

describe('personal data (GET/PUT /pessoas/meu-pergamum/dados-pessoais)', () => {
  it('starts with what the library holds and the library’s own fields, read-only', async () => {
    const { status, body, headers } = await withHeaders(peopleEndpoints.personalData, {}, await tokenOf('bruno'));
    expect(status).toBe(200);
    expect(headers['cache-control']).toBe('no-store');
    expect(body).toEqual({
      nome: 'Bruno Lima',
      categoria: { codigo: '01', descricao: 'Graduação' },
      validade: null,
      cpf: '39053344705',
      email: 'bruno@example.org',
      telefone: null,
      logradouro: null,
      complemento: null,
      cep: null,
      cidade: null,
      bairro: null,
      documento_identidade: null,
      nacionalidade: null,
      genero: null,
      data_nascimento: null,
      escolaridade: null,
      lotacao: null,
      profissao: null,
      estado_civil: null,
      recebe_emails: true,
      atualizado_em: null,
    });
  });

  it('saves every field at once and reads them back (postal code without its hyphen, e-mail in lower case)', async () => {
    const saved = await as('ana', peopleEndpoints.savePersonalData, { body: form({ email: 'Ana.Souza@Example.org' }) });
    expect(saved.status).toBe(200);
    expect(saved.body.mensagem).toBe('Dados pessoais alterados com sucesso.');
    const read = await as('ana', peopleEndpoints.personalData, {});
    expect(read.body).toEqual(saved.body.dados);
    expect(read.body).toMatchObject({
      nome: 'Ana Souza',
      cpf: null,
      email: 'ana.souza@example.org',
      telefone: '(48) 3721-0000',
      logradouro: 'Rua das Flores, 100',
      cep: '88040900',
      cidade: 'Florianópolis',
      lotacao: dept.pedagogia,
      genero: 'feminino',
      data_nascimento: '1999-04-03',
      estado_civil: 'solteiro',
      recebe_emails: false,
    });
    expect(read.body.atualizado_em).toMatch(/^\d{4}-\d\d-\d\dT/);
    // Blanks clear a field; a second save updates the same row.
    const cleared = await as('ana', peopleEndpoints.savePersonalData, { body: form({ complemento: '   ', lotacao: null, genero: null }) });
    expect(cleared.body.dados).toMatchObject({ complemento: null, lotacao: null, genero: null, logradouro: 'Rua das Flores, 100' });
    expect(await queryRows(t.database.db, sql`select 1 from personal_data where cod_pessoa = ${id.ana!}`)).toHaveLength(1);
  });

  it('keeps name and category the library’s: sent along, they are ignored', async () => {
    await as('bruno', peopleEndpoints.savePersonalData, {
      body: {
        ...form({ email: 'bruno@example.org' }),
        nome: 'Outro Nome',
        nome_pessoa: 'Outro',
        cod_categoria: '04',
        categoria: { codigo: '04' },
      } as never,
    });
    expect(await stored(id.bruno!)).toMatchObject({ nome_pessoa: 'Bruno Lima', cod_categoria: '01' });
  });

  it.each([
    ['a phone with letters', { telefone: '48 3721-ABCD' }, 'telefone'],
    ['a phone of 17 characters', { telefone: '(048) 3721-000000' }, 'telefone'],
    ['a tax number with letters', { cpf: '3905334470X' }, 'cpf'],
    ['a tax number of 10 digits', { cpf: '3905334470' }, 'cpf'],
    ['a tax number with wrong check digits', { cpf: '39053344706' }, 'cpf'],
    ['a bad e-mail', { email: 'bruno@' }, 'email'],
    ['a postal code of 7 digits', { cep: '8804090' }, 'cep'],
    ['a birth date in the future', { data_nascimento: '2999-01-01' }, 'data_nascimento'],
    ['a marital status not in the list', { estado_civil: 'noivo' }, 'estado_civil'],
    ['no receive-e-mails flag', { recebe_emails: undefined }, 'recebe_emails'],
  ])('refuses %s with 400 naming the field, and changes nothing', async (_what, over, field) => {
    const before = await stored(id.bruno!);
    const refused = await as('bruno', peopleEndpoints.savePersonalData, { body: form({ email: 'bruno.novo@example.org', ...over } as never) });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain(field);
    expect(await stored(id.bruno!)).toEqual(before);
  });

  it('tells a patron without a tax number to contact the library, and changes nothing', async () => {
    const before = await stored(id.ana!);
    const refused = await as('ana', peopleEndpoints.savePersonalData, {
      body: form({ email: 'ana.outra@example.org', telefone: '9999-9999', cpf: '11144477735' }),
    });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ key: 'CpfProcureBiblioteca', message: 'Seu cadastro não tem CPF. Procure a biblioteca para informá-lo.' });
    expect(await stored(id.ana!)).toEqual(before);
  });

  it('refuses a tax number that is someone else’s (it would join their registrations), and changes nothing', async () => {
    const before = await stored(id.bruno!);
    const refused = await as('bruno', peopleEndpoints.savePersonalData, { body: form({ cpf: '52998224725' }) }, '5');
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ key: 'CpfEmUso', message: 'This tax number (CPF) belongs to another record. Contact the library.' });
    expect(await stored(id.bruno!)).toEqual(before);
  });

  it('corrects a tax number on every registration sharing it, so the person’s registrations stay together', async () => {
    const saved = await as('helena', peopleEndpoints.savePersonalData, { body: form({ email: null, cpf: '71428793860' }) });
    expect(saved.status).toBe(200);
    expect(saved.body.dados.cpf).toBe('71428793860');
    expect((await stored(id.doutorado!)).cpf).toBe('71428793860');
    const back = await as('helena', peopleEndpoints.savePersonalData, { body: form({ email: null, cpf: '52998224725' }) });
    expect(back.status).toBe(200);
    expect((await stored(id.doutorado!)).cpf).toBe('52998224725');
  });

  it('refuses a department that does not exist (422) and changes nothing', async () => {
    const before = await stored(id.bruno!);
    const refused = await as('bruno', peopleEndpoints.savePersonalData, { body: form({ lotacao: 999_999 }) });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ key: 'DepartamentoInexistente' });
    expect(await stored(id.bruno!)).toEqual(before);
  });

  it('is one transaction: when writing the personal data fails, the e-mail written before it is rolled back too', async () => {
    const db = t.database.db;
    await db.execute(
      sql.raw(`create function test_refuse_phone() returns trigger language plpgsql as $$
               begin if new.telefone = '0000-0000' then raise exception 'refused by the test'; end if; return new; end $$`),
    );
    await db.execute(sql.raw('create trigger test_refuse_phone before insert or update on personal_data for each row execute function test_refuse_phone()'));
    try {
      const before = await stored(id.bruno!);
      const failed = await as('bruno', peopleEndpoints.savePersonalData, { body: form({ email: 'bruno.transacao@example.org', telefone: '0000-0000' }) });
      expect(failed.status).toBe(500);
      expect(await stored(id.bruno!)).toEqual(before);
    } finally {
      await db.execute(sql.raw('drop trigger test_refuse_phone on personal_data'));
      await db.execute(sql.raw('drop function test_refuse_phone()'));
    }
  });

  it('never reads or writes another patron’s data: each token reaches its own registration only', async () => {
    await as('bruno', peopleEndpoints.savePersonalData, { body: form({ email: 'bruno@example.org', logradouro: 'Rua do Bruno, 1' }) });
    await as('ana', peopleEndpoints.savePersonalData, { body: form({ logradouro: 'Rua da Ana, 2' }) });
    expect((await as('bruno', peopleEndpoints.personalData, {})).body).toMatchObject({
      nome: 'Bruno Lima',
      logradouro: 'Rua do Bruno, 1',
      email: 'bruno@example.org',
    });
    expect((await as('ana', peopleEndpoints.personalData, {})).body).toMatchObject({ nome: 'Ana Souza', logradouro: 'Rua da Ana, 2' });
    // No call takes a person: ids in the query or body are not read.
    const aimed = await as('ana', peopleEndpoints.savePersonalData, {
      query: { cod_pessoa: String(id.bruno) },
      body: { ...form({ logradouro: 'Rua da Ana, 3' }), cod_pessoa: id.bruno },
    } as never);
    expect(aimed.status).toBe(200);
    expect((await stored(id.bruno!)).logradouro).toBe('Rua do Bruno, 1');
    expect((await stored(id.ana!)).logradouro).toBe('Rua da Ana, 3');
  });
});

describe('departments, a registration’s name, the signed-in e-mail', () => {
  it('GET /pessoas/departamentos lists them by name, for anyone with a token', async () => {
    const { status, body } = await call(t.app, peopleEndpoints.departments, {}, anonymous);
    expect(status).toBe(200);
    expect(body).toEqual([
      { codigo: dept.direito, nome: 'Direito' },
      { codigo: dept.pedagogia, nome: 'Pedagogia' },
    ]);
  });

  it('GET /pessoas/{user}/nome names the person’s own registrations by login or code, and nobody else’s (404)', async () => {
    const nameOf = (login: string, user: string) => as(login, peopleEndpoints.registrationName, { params: { user } });
    expect((await nameOf('helena', 'helena')).body).toEqual({ nome: 'Helena Prado', categoria: 'Categoria 04' });
    expect((await nameOf('helena', 'HELENA')).body).toEqual({ nome: 'Helena Prado', categoria: 'Categoria 04' });
    expect((await nameOf('helena', String(id.doutorado))).body).toEqual({ nome: 'Helena Prado', categoria: 'Categoria 09' });
    expect((await nameOf('ana', '2024001234')).body).toEqual({ nome: 'Ana Souza', categoria: 'Graduação' });
    for (const user of ['bruno', String(id.bruno), String(id.doutorado), 'ninguem']) {
      const refused = await nameOf('ana', user);
      expect(refused.status).toBe(404);
      expect(refused.body).toMatchObject({ key: 'UsuarioNaoVinculado' });
    }
  });

  it('GET /pessoas/email-pessoa-logada answers the signed-in patron’s address, or null', async () => {
    expect((await as('carla', peopleEndpoints.signedInEmail, {})).body).toEqual({ email: 'carla@example.org' });
    expect((await as('davi', peopleEndpoints.signedInEmail, {})).body).toEqual({ email: null });
  });
});

describe('swapping to another registration (POST /pessoas/meu-pergamum/troca-usuario, decision 0022)', () => {
  const whoIs = async (token: string) => (await call(t.app, authEndpoints.me, {}, token)).body.user;

  it('continues as the other registration of the same person, keeping the login signed in with — across renewals too', async () => {
    const pair = await grant('helena');
    const swapped = await withHeaders(peopleEndpoints.swapUser, { body: { usuario: String(id.doutorado) } }, pair.access_token);
    expect(swapped.status).toBe(200);
    expect(swapped.headers['cache-control']).toBe('no-store');
    expect(await whoIs(swapped.body.access_token)).toMatchObject({ cod_pessoa: id.doutorado, cod_categoria: '09', login: 'helena' });
    const renewed = await renew(swapped.body.refresh_token);
    expect(renewed.status).toBe(200);
    expect(await whoIs(renewed.body.access_token)).toMatchObject({ cod_pessoa: id.doutorado, login: 'helena' });
    // And back, by the login.
    const back = await call(t.app, peopleEndpoints.swapUser, { body: { usuario: 'Helena' } }, renewed.body.access_token);
    expect(back.status).toBe(200);
    expect(await whoIs(back.body.access_token)).toMatchObject({ cod_pessoa: id.helena, cod_categoria: '04' });
  });

  it('needs the user (400 naming it), and refuses someone else’s registration, the one in use and a blocked one', async () => {
    const blank = await as('helena', peopleEndpoints.swapUser, { body: { usuario: '  ' } });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toContain('usuario');
    expect((await as('helena', peopleEndpoints.swapUser, { body: {} as never })).status).toBe(400);
    for (const usuario of ['bruno', String(id.bruno), String(id.ana)]) {
      const foreign = await as('helena', peopleEndpoints.swapUser, { body: { usuario } });
      expect(foreign.status).toBe(422);
      expect(foreign.body).toMatchObject({ key: 'UsuarioNaoVinculado', message: `O usuário "${usuario}" não é um dos seus vínculos com a biblioteca.` });
    }
    const same = await as('helena', peopleEndpoints.swapUser, { body: { usuario: String(id.helena) } });
    expect(same.status).toBe(422);
    expect(same.body).toMatchObject({ key: 'UsuarioJaEmUso' });
    const blocked = await as('davi', peopleEndpoints.swapUser, { body: { usuario: String(id.daviBloqueado) } });
    expect(blocked.status).toBe(430);
    // A person without a CPF has one registration: nothing to swap to.
    expect((await as('ana', peopleEndpoints.swapUser, { body: { usuario: String(id.carla) } })).status).toBe(422);
  });
});

describe('the login signed in with (GET /pessoas, the password change)', () => {
  it('GET /pessoas reports the login used to sign in, not the first in alphabetical order, and the registration’s validity', async () => {
    await t.database.db.execute(sql`update people set validade = '2031-06-30' where cod_pessoa = ${id.ana!}`);
    for (const login of ['ana', '2024001234']) {
      const pair = await grant(login);
      const me = await call(t.app, authEndpoints.me, {}, pair.access_token);
      expect(me.body.user).toMatchObject({ login, validade: '2031-06-30' });
      const renewed = await renew(pair.refresh_token);
      expect((await call(t.app, authEndpoints.me, {}, renewed.body.access_token)).body.user.login).toBe(login);
    }
    await t.database.db.execute(sql`update people set validade = null where cod_pessoa = ${id.ana!}`);
  });

  it('PUT /pessoas/meu-pergamum/senha changes the password of the login signed in with, and only its', async () => {
    const pair = await grant('ana');
    const changed = await call(
      t.app,
      recoveryEndpoints.changePassword,
      { body: { senhaAtual: 'Senha-da-ana1', senhaNova: 'Outra-senha-9' } },
      pair.access_token,
    );
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ key: 'SenhaAlteradaSucesso' });
    await grant('ana', 'Outra-senha-9');
    await grant('2024001234', 'Senha-da-matricula1');
    PASSWORDS.ana = 'Outra-senha-9';
    delete tokens.ana;
  });

  it('GET /pessoas/meu-pergamum/senha/regras answers the rules the password screen checks live', async () => {
    expect((await as('bruno', peopleEndpoints.passwordRules, {})).body).toEqual({
      length: { min: 8, max: 32 },
      has_numbers: true,
      only_numbers: false,
      special_char: true,
      diff_case: true,
      diff_name: true,
      last_pw: 3,
    });
  });

  it('after a swap, the password changed is still that of the login signed in with', async () => {
    const pair = await grant('helena');
    const swapped = await call(t.app, peopleEndpoints.swapUser, { body: { usuario: String(id.doutorado) } }, pair.access_token);
    const changed = await call(
      t.app,
      recoveryEndpoints.changePassword,
      { body: { senhaAtual: 'Senha-da-helena1', senhaNova: 'Nova-senha-77' } },
      swapped.body.access_token,
    );
    expect(changed.status).toBe(200);
    await grant('helena', 'Nova-senha-77');
    PASSWORDS.helena = 'Nova-senha-77';
    delete tokens.helena;
  });
});

describe('LGPD: my data (GET /pessoas/meu-pergamum/meus-dados)', () => {
  it('hands over everything held about the patron as JSON, without secrets and without anyone else’s rows', async () => {
    // A single sign-on answered but not yet traded: its handle would be a session.
    await createSsoSignIn(t.database.db, {
      handle: 'handle-secreto-da-carla',
      kind: 'oidc',
      state: 'estado-secreto',
      codeVerifier: 'verificador-secreto',
      oidcNonce: 'nonce-secreto',
      codPessoa: id.carla!,
    });
    const { status, body, headers } = await withHeaders(peopleEndpoints.myData, {}, await tokenOf('carla'));
    expect(status).toBe(200);
    expect(headers['content-disposition']).toBe('attachment; filename="meus-dados.json"');
    // Named in the reader's language (issue 55).
    const english = await t.app.inject({
      method: 'GET',
      url: `/svc${endpointUrl(peopleEndpoints.myData, {})}`,
      headers: { 'x-idioma': '5', authorization: `Bearer ${await tokenOf('carla')}` },
    });
    expect(english.headers['content-disposition']).toBe('attachment; filename="my-data.json"');
    expect(body.pessoa).toMatchObject({ cod_pessoa: id.carla, nome_pessoa: 'Carla Dias', email: 'carla@example.org' });
    expect(body.logins).toEqual([{ login: 'carla', origem: 'local', ativo: true, tem_senha: true }]);
    expect(body.secoes.loans).toHaveLength(1);
    expect(body.secoes.loans![0]).toMatchObject({ cod_pessoa: id.carla });
    expect(body.secoes.debts).toEqual([expect.objectContaining({ cod_pessoa: id.carla, valor: 4.5 })]);
    // Her sessions are there, but not the hashes of their tokens.
    expect(body.secoes.refresh_tokens!.length).toBeGreaterThan(0);
    const text = JSON.stringify(body);
    expect(text).not.toMatch(/_hash"/);
    const [hash] = await queryRows<{ h: string }>(t.database.db, sql`select token_hash as h from refresh_tokens where cod_pessoa = ${id.carla!} limit 1`);
    expect(text).not.toContain(hash!.h);
    expect(body.secoes.sso_sign_ins).toEqual([expect.objectContaining({ kind: 'oidc', cod_pessoa: id.carla })]);
    for (const secret of ['handle-secreto', 'estado-secreto', 'verificador-secreto', 'nonce-secreto']) expect(text).not.toContain(secret);
    expect(text).not.toContain('Bruno');
    expect(Object.values(body.secoes).every((rows) => rows.every((r) => r.cod_pessoa === id.carla))).toBe(true);
  });

  it('includes the personal data the patron saved', async () => {
    const { body } = await as('bruno', peopleEndpoints.myData, {});
    expect(body.dados_pessoais).toMatchObject({ logradouro: 'Rua do Bruno, 1', cpf: '39053344705' });
  });
});

describe('LGPD: asking for erasure (POST /pessoas/meu-pergamum/exclusao-dados)', () => {
  const requests = async (codPessoa: number) =>
    (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from erasure_requests where cod_pessoa = ${codPessoa}`))[0]!.n;

  it('is refused while loans or debts are open, saying which, and nothing is stored or sent', async () => {
    const mails = (await sink.messages()).length;
    const refused = await as('carla', peopleEndpoints.requestErasure, { body: { motivo: 'Vou me mudar.' } });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ key: 'ExclusaoPendencias' });
    expect(refused.body.message).toContain('Há 1 empréstimo em aberto: devolva o exemplar.');
    expect(refused.body.message).toContain('R$ 4,50');
    expect(await requests(id.carla!)).toBe(0);
    expect((await sink.messages()).length).toBe(mails);
  });

  it('once nothing is pending, is stored and e-mailed to the library’s data officer; a second is refused while the first is open', async () => {
    const db = t.database.db;
    await db.execute(sql`update loans set data_devolucao = now() where cod_pessoa = ${id.carla!}`);
    await db.execute(sql`update debts set valor_pago = valor, data_pagamento = current_date where cod_pessoa = ${id.carla!}`);
    const made = await as('carla', peopleEndpoints.requestErasure, { body: { motivo: '  Vou me mudar.  ' } });
    expect(made.status).toBe(201);
    expect(made.body.mensagem).toBe(`Pedido de exclusão de dados nº ${made.body.codigo} enviado à biblioteca. A resposta virá por e-mail.`);
    const mail = (await sink.messages()).find((m) => m.subject?.includes(`nº ${made.body.codigo}`))!;
    expect(mail.to).toMatchObject({ text: 'dpo@biblioteca.test' });
    expect(mail.replyTo).toMatchObject({ text: 'carla@example.org' });
    expect(mail.text).toContain('Carla Dias');
    expect(mail.text).toContain('Logins: carla');
    expect(mail.text).toContain('Motivo: Vou me mudar.');
    const again = await as('carla', peopleEndpoints.requestErasure, { body: {} });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ key: 'ExclusaoJaPedida' });
    expect(await requests(id.carla!)).toBe(1);
    const list = await as('carla', peopleEndpoints.erasureRequests, {});
    expect(list.body).toEqual([{ codigo: made.body.codigo, situacao: 'aberta', criado_em: expect.stringMatching(/^\d{4}-/) }]);
    expect((await as('bruno', peopleEndpoints.erasureRequests, {})).body).toEqual([]);
  });

  it('stores nothing when the library’s e-mail cannot be sent (502)', async () => {
    const broken = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
    try {
      await createInstitution(broken.database.db);
      const [library] = await createLibraries(broken.database.db, ['Biblioteca Central']);
      await broken.database.db.execute(sql`update libraries set email = 'bc@biblioteca.test' where cod_biblioteca = ${library!.codBiblioteca}`);
      const eva = await createPatron(broken.database.db, { login: 'eva', nome: 'Eva Luz', password: 'Senha-da-eva1' });
      const login = await call(
        broken.app,
        authEndpoints.token,
        { body: { grant_type: 'password', client_id: 'estante-web', client_secret: 'estante-public', username: 'eva', password: 'Senha-da-eva1' } },
        null,
      );
      const response = await call(broken.app, peopleEndpoints.requestErasure, { body: {} }, login.body.access_token);
      expect(response.status).toBe(502);
      expect(response.body).toMatchObject({ key: 'ErroEmailBiblioteca' });
      expect(await queryRows(broken.database.db, sql`select 1 from erasure_requests where cod_pessoa = ${eva.codPessoa}`)).toEqual([]);
    } finally {
      await broken.close();
    }
  });
});
