/// <reference types="vite/client" />
import { type Endpoint, needsPatron, STAFF_ROLES, type StaffRole, staffRolesOf } from '@estante/contracts/kernel';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { createTestApp, patronToken, publicToken, type TestApp } from '../test/app.js';
import { createInstitution, createPatron, grantStaffRoles } from '../test/factories.js';
import { DEMO_PATRONS, DEMO_STAFF } from './seed/demo.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createInstitution(t.database.db);
});
afterAll(() => t.close());

describe('the API under /svc', () => {
  it('answers an unknown call with a JSON 404, never the web app', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/svc/nao/existe', headers: { 'x-idioma': '5' } });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toEqual({ status: 404, key: 'RecursoNaoEncontrado', message: 'Resource not found: GET /svc/nao/existe' });
  });

  it('refuses an unknown language code with 400', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/svc/parametros/instituicao', headers: { 'x-idioma': '7' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ key: 'IdiomaInvalido' });
  });

  it('answers malformed JSON with a 400 in the error shape', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/svc/oauth/token',
      payload: '{"grant_type":',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 400, key: 'RequisicaoInvalida' });
  });

  it('words validation errors in the language of the call', async () => {
    const headers = { authorization: `Bearer ${await publicToken(t.app)}` };
    const ask = async (idioma: string, query = 'termo1=x&quantPag=500') =>
      (await t.app.inject({ method: 'GET', url: `/svc/consulta?${query}`, headers: { ...headers, 'x-idioma': idioma } })).json().message;
    expect(await ask('1')).toBe('Requisição inválida: querystring quantPag: Demasiado grande: esperava que o número fosse <= 100');
    expect(await ask('3')).toBe('Solicitud no válida: querystring quantPag: Demasiado grande: se esperaba que número fuera <=100');
    expect(await ask('5')).toBe('Invalid request: querystring quantPag: Too big: expected number to be <=100');
    // A schema's own message is kept as written.
    expect(await ask('1', 'termo1=x&filtro=nada')).toMatch(/filtro must look like T:1/);
  });

  it('refuses control characters in any text with 400, naming where', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/svc/oauth/token',
      payload: { grant_type: 'password', client_id: 'estante-web', client_secret: 'estante-public', username: 'ana\u0000', password: 'x' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ key: 'RequisicaoInvalida', message: expect.stringContaining('body.username') });
    const escape = await t.app.inject({
      method: 'GET',
      url: '/svc/parametros/atividade/1%1B%5B2J',
      headers: { authorization: `Bearer ${await publicToken(t.app)}` },
    });
    expect(escape.statusCode).toBe(400);
    expect(escape.json().message).toContain('params.id');
  });

  it('answers badly encoded HTTP Basic client credentials with 401 invalid_client', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/svc/oauth/token',
      payload: 'grant_type=client_credentials',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from('%E0%A4%A:%zz').toString('base64')}` },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ key: 'invalid_client' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers an oversized body with 413, not a crash', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/svc/oauth/token',
      payload: JSON.stringify({ grant_type: 'client_credentials', client_id: 'x'.repeat(2_000_000) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ status: 413 });
  });

  it('describes every call in the OpenAPI document, with a browsable page', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/svc/docs/json' })).json<{ paths: Record<string, Record<string, unknown>> }>();
    const routes = Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
    expect(routes).toEqual(
      expect.arrayContaining([
        'POST /svc/oauth/token',
        'GET /svc/parametros/instituicao',
        'GET /svc/parametros/funcionalidades',
        'GET /svc/parametros/guias-pesquisa',
        'GET /health',
      ]),
    );
    const page = await t.app.inject({ method: 'GET', url: '/svc/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
  });

  it('sends the answer in the language of the call', async () => {
    const headers = { authorization: `Bearer ${await publicToken(t.app)}` };
    const pt = await t.app.inject({ method: 'GET', url: '/svc/nope', headers });
    const es = await t.app.inject({ method: 'GET', url: '/svc/nope', headers: { ...headers, 'x-idioma': '3' } });
    expect(pt.json().message).toBe('Recurso não encontrado: GET /svc/nope');
    expect(es.json().message).toBe('Recurso no encontrado: GET /svc/nope');
  });
});

/**
 * Every endpoint declared in contracts (the `<area>Endpoints` objects of every contracts file, each
 * imported by its own subpath or through the index: read from the files, not from the index).
 */
const contractFiles = import.meta.glob<Record<string, unknown>>(['../../contracts/src/**/*.ts', '!../../contracts/src/**/*.test.ts'], { eager: true });
const declared: Endpoint[] = [
  ...new Set(
    Object.values(contractFiles)
      .flatMap((file) => Object.entries(file))
      .filter(([name, value]) => name.endsWith('Endpoints') && typeof value === 'object' && value !== null)
      .flatMap(([, group]) => Object.values(group as Record<string, Endpoint>)),
  ),
];
const withValues = (path: string) => path.replace(/:[A-Za-z_]+/g, '1');

describe('endpoints declared once in contracts', () => {
  it('are exactly the API calls of the OpenAPI document, with their access', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/svc/docs/json' })).json<{ paths: Record<string, Record<string, { security?: unknown }>> }>();
    const documented = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/svc/'))
      .flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => `${method.toUpperCase()} ${path} ${op.security ? 'token' : 'open'}`));
    const expected = declared.map((e) => `${e.method} /svc${e.path.replace(/:([A-Za-z_]+)/g, '{$1}')} ${e.access === 'open' ? 'open' : 'token'}`);
    expect(new Set(expected).size).toBe(expected.length);
    expect([...documented].sort()).toEqual([...expected].sort());
  });

  it('answer 401 without a token, and 403 to the anonymous token where a patron is needed', async () => {
    const anonymous = { authorization: `Bearer ${await publicToken(t.app)}` };
    for (const e of declared.filter((d) => d.access !== 'open')) {
      const url = `/svc${withValues(e.path)}`;
      expect((await t.app.inject({ method: e.method, url })).statusCode, `${e.method} ${e.path}`).toBe(401);
      const asAnonymous = await t.app.inject({ method: e.method, url, headers: anonymous });
      if (needsPatron(e.access)) expect(asAnonymous.statusCode, `${e.method} ${e.path}`).toBe(403);
      else expect(asAnonymous.statusCode, `${e.method} ${e.path}`).not.toBe(401);
    }
  });
});

/**
 * Access enforced from the declaration (issue 51): every staff operation of the OpenAPI document
 * (read from the document, so a call declared without its roles is caught too) refuses every demo
 * patron and a staff member who lacks its roles, and lets one who holds them through to the handler.
 */
describe('staff operations, from the OpenAPI document', () => {
  type Operation = { method: string; url: string; access: unknown; security?: Record<string, string[]>[] };
  const tokenOf: Record<string, string> = {};
  let operations: Operation[];
  const password = 'senha-acesso-1';
  const patrons = DEMO_PATRONS.filter((p) => p.login !== DEMO_STAFF.login);

  beforeAll(async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/svc/docs/json' })).json<{
      paths: Record<string, Record<string, { 'x-estante-access'?: unknown; security?: Record<string, string[]>[] }>>;
    }>();
    operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({
        method: method.toUpperCase(),
        url: path.replace(/\{[A-Za-z_]+\}/g, '1'),
        access: op['x-estante-access'],
        security: op.security,
      })),
    );
    // Every demo patron as the demo seeds them (unblocked here, so each gets a token to try), and
    // for each role one staff member holding every role but it, and one holding only it.
    for (const patron of patrons) {
      await createPatron(t.database.db, { login: patron.login, nome: patron.nome, password, categoria: patron.categoria });
      tokenOf[patron.login] = await patronToken(t.app, patron.login, password);
    }
    for (const role of STAFF_ROLES) {
      for (const [login, roles] of [
        [`sem-${role}`, STAFF_ROLES.filter((r) => r !== role)],
        [`so-${role}`, [role]],
      ] as const) {
        await createPatron(t.database.db, { login, nome: `Equipe ${login}`, password });
        await grantStaffRoles(t.database.db, login, roles);
        tokenOf[login] = await patronToken(t.app, login, password);
      }
    }
  });

  const staffOperations = () => operations.filter((op) => typeof op.access === 'object');
  const call = (op: Operation, login: string) =>
    t.app.inject({
      method: op.method as 'GET',
      url: op.url,
      headers: { authorization: `Bearer ${tokenOf[login]}` },
      ...(op.method === 'GET' ? {} : { payload: {} }),
    });

  it('every staff operation names its roles, as the security requirement and x-estante-access', () => {
    const declaredStaff = declared.filter((d) => staffRolesOf(d.access));
    expect(staffOperations().length).toBe(declaredStaff.length);
    expect(declaredStaff.length).toBeGreaterThan(0);
    for (const op of staffOperations()) {
      const roles = (op.access as { staff: string[] }).staff;
      expect(roles.length, op.url).toBeGreaterThan(0);
      for (const role of roles) expect(STAFF_ROLES).toContain(role);
      expect(op.security).toEqual([{ bearer: roles }]);
    }
    for (const op of operations.filter((o) => typeof o.access !== 'object')) expect(['public', 'private', 'either', 'open']).toContain(op.access);
  });

  it('answer 403 to every demo patron and to a staff member without their role, never to one with it', async () => {
    for (const op of staffOperations()) {
      const where = `${op.method} ${op.url}`;
      for (const patron of patrons) expect((await call(op, patron.login)).statusCode, `${where} as ${patron.login}`).toBe(403);
      const roles = (op.access as { staff: StaffRole[] }).staff;
      for (const role of STAFF_ROLES) {
        const without = await call(op, `sem-${role}`);
        // Someone holding every role but this one gets through exactly when the call takes another of theirs.
        if (roles.every((r) => r === role)) expect(without.statusCode, `${where} without ${role}`).toBe(403);
        const only = await call(op, `so-${role}`);
        if (roles.includes(role)) expect([401, 403], `${where} with ${role}: ${only.body}`).not.toContain(only.statusCode);
        else expect(only.statusCode, `${where} with only ${role}`).toBe(403);
      }
    }
  });

  it('refuses in the language of the call, naming the roles', async () => {
    const op = staffOperations().find((o) => (o.access as { staff: string[] }).staff.join() === 'circulacao')!;
    const response = await t.app.inject({
      method: op.method as 'GET',
      url: op.url,
      headers: { authorization: `Bearer ${tokenOf['aluno']}`, 'x-idioma': '5' },
      ...(op.method === 'GET' ? {} : { payload: {} }),
    });
    expect(response.json()).toEqual({ status: 403, key: 'PapelNecessario', message: 'Only library staff with the circulation role can do this.' });
  });
});

describe('GET /health', () => {
  it('is 200 while the database answers and 503 once it does not', async () => {
    const up = await t.app.inject({ method: 'GET', url: '/health' });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toEqual({ status: 'ok', database: 'up' });
    const other = await createTestApp();
    await other.database.close();
    const down = await other.app.inject({ method: 'GET', url: '/health' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: 'unavailable', database: 'down' });
    await other.app.close();
    await other.database.dispose();
  });
});

describe("the server's request log", () => {
  it('writes one line a request, once answered, with its method, URL, status and time', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) };
    const logged = await buildApp({
      config: loadConfig({ SEED_DEMO: 'false', WEB_DIST: '/nonexistent' }),
      database: t.database,
      logger: { level: 'info', stream },
    });
    try {
      await logged.inject({ method: 'GET', url: '/svc/nao/existe' });
      await logged.inject({ method: 'GET', url: '/health' });
      const requests = lines.filter((l) => 'reqId' in l);
      expect(requests.map((l) => l.msg)).toEqual(['request completed', 'request completed']);
      expect(requests[0]).toMatchObject({ req: { method: 'GET', url: '/svc/nao/existe' }, res: { statusCode: 404 }, responseTime: expect.any(Number) });
      expect(requests[1]).toMatchObject({ req: { method: 'GET', url: '/health' }, res: { statusCode: 200 } });
    } finally {
      await logged.close();
    }
  });
});
