import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { authEndpoints } from '@estante/contracts/auth';
import { titleEndpoints } from '@estante/contracts/catalog';
import { collectionEndpoints } from '@estante/contracts/collection';
import { linksEndpoints } from '@estante/contracts/links';
import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, patronToken, publicToken, type TestApp } from '../../../test/app.js';
import { createInstitution, createPatron } from '../../../test/factories.js';
import { createEResources } from '../../../test/factories/collection.js';
import { createHandover } from '../../../test/factories/links.js';
import { startTestProvider, type TestProvider } from '../../../test/provider.js';
import { df, items, record } from '../../../test/records.js';
import { queryRows } from '../../db/client.js';
import { titles } from '../../db/schema/index.js';
import { importMarcRecords } from '../catalog/catalog.import.js';
import { runAdminCommand } from '../../admin/commands.js';
import { purgeHandovers } from './links.queries.js';
import { configuredProviders, describeProviderKey } from './links.service.js';

/**
 * Every door out (issue 21, decision 0023), against a real provider: an HTTP server on a free
 * port that verifies the hand-over token with the key the library gave it and confirms it once
 * with the library (`POST /vinculos/provedor/validar`) over HTTP, as a partner would.
 */
const SECRET = 'segredo-dos-provedores-de-teste-0123456789';
/** The provider's key, derived as decision 0023 says — by the test itself, not by the code under test. */
const keyOf = (recurso: string) => createHmac('sha256', SECRET).update(`estante/provedor/${recurso}`).digest('base64url');

let t: TestApp;
let provider: TestProvider;
let apiUrl: string;
let anonymous: string;
const token: Record<string, string> = {};
const patron: Record<string, number> = {};
const title: Record<string, number> = {};
const base: Record<string, number> = {};

const standard = (() => {
  const r = record('nbr-6023', 'am', 2018, 'por', df('245', '10', ['a', 'ABNT NBR 6023:2018 :'], ['b', 'informação e documentação : referências']));
  const f008 = r.fields.find((f) => f.tag === '008') as { tag: string; value: string };
  f008.value = `${f008.value.slice(0, 24)}u${f008.value.slice(25)}`;
  return r;
})();

beforeAll(async () => {
  t = await createTestApp({ PROVIDER_SECRET: SECRET, PUBLIC_URL: 'https://biblioteca.example.edu' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  apiUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/svc`;
  provider = await startTestProvider({
    keys: { pearson: keyOf('pearson'), grupoa: keyOf('grupoa'), target: keyOf('target'), repositorio: keyOf('repositorio'), meupergamum: keyOf('meupergamum') },
    redeem: () => `${apiUrl}/vinculos/provedor/validar`,
  });
  const db = t.database.db;
  await createInstitution(db, {
    parametros: {
      __md_aut: 2,
      __md_crypt: 4,
      app_layers: { ativo: true, url: 'https://app.example.edu' },
      provedores: {
        pearson: {
          entrega: 'assinada',
          url: `${provider.url}/entrada?token={token}&destino={destino}`,
          dominios: [provider.host],
          categorias: ['01', '04'],
          dados: ['nome', 'email'],
        },
        minhabiblioteca: { entrega: 'link', url: 'https://dliportal.zbra.com.br/Login.aspx?key=TESTE', dominios: ['minhabiblioteca.com.br'], categorias: null },
        grupoa: { entrega: 'assinada', url: `${provider.url}/grupoa/retorno?sessionid={sessionid}&token={token}`, categorias: null },
        target: { entrega: 'assinada', url: `${provider.url}/entrada?norma={codigo}&token={token}`, categorias: ['04'] },
        repositorio: { entrega: 'assinada', url: `${provider.url}/entrada?token={token}`, categorias: null },
        meupergamum: { entrega: 'assinada', url: `${provider.url}/entrada?token={token}`, categorias: ['01', '04'] },
        // Not one of ours, and broken: neither is offered.
        cengage: { entrega: 'assinada', url: 'https://cengage.example.com/sem-token' },
        desconhecido: { entrega: 'link', url: 'https://x.example.com' },
      },
    },
  });
  const people = [
    { login: 'ana', nome: 'Ana Souza', categoria: '01', email: 'ana@example.edu' },
    { login: 'bia', nome: 'Bia Lima', categoria: '01', email: 'bia@example.edu' },
    { login: 'prof', nome: 'Paula Docente', categoria: '04', email: 'paula@example.edu' },
    { login: 'visitante', nome: 'Vera Comunidade', categoria: 'MembroComun', email: null },
  ];
  for (const p of people) {
    patron[p.login] = (
      await createPatron(db, { login: p.login, nome: p.nome, password: `senha-${p.login}`, categoria: p.categoria, email: p.email ?? undefined })
    ).codPessoa;
    token[p.login] = await patronToken(t.app, p.login, `senha-${p.login}`);
  }
  anonymous = await publicToken(t.app);
  const ebook = record(
    'ebook-pearson',
    'am',
    2020,
    'por',
    df('245', '10', ['a', 'Cálculo :'], ['b', 'volume 1']),
    df('856', '40', ['u', `${provider.url}/livro/4321`], ['z', 'Acesso restrito a usuários da instituição']),
    df('856', '40', ['u', 'https://acervo.example.org/ebooks/9'], ['z', 'Acesso restrito a usuários da instituição']),
  );
  const report = await importMarcRecords(db, items([ebook, standard]));
  expect(report.rejected).toEqual([]);
  for (const row of await db.select({ id: titles.codAcervo, c: titles.controlNumber }).from(titles)) title[row.c] = row.id;
  const inserted = await createEResources(db, [
    { nome: 'Biblioteca Virtual Pearson', url: `${provider.url}/biblioteca`, categorias: null },
    { nome: 'Minha Biblioteca', url: 'https://minhabiblioteca.com.br', categorias: ['01'] },
    { nome: 'SciELO', url: 'https://www.scielo.br', categorias: null },
    { nome: 'Pearson para docentes', url: `${provider.url}/docentes`, categorias: ['04'] },
  ]);
  for (const row of inserted) base[row.nome] = row.codBase;
});
afterAll(async () => {
  await provider?.close();
  await t?.close();
});

/** A login's token, or the anonymous one. */
const as = (who: string) => (who === 'anonymous' ? anonymous : token[who]!);
const handovers = async () => (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from handovers`))[0]!.n;
/** The browser follows the hand-over to the provider. */
const follow = async (url: string) => {
  const response = await fetch(url);
  return { status: response.status, text: await response.text() };
};
const tokenIn = (url: string) => new URL(url).searchParams.get('token')!;
/** The provider redeems a token, server to server: no Authorization header. */
const validate = (body: object) => call(t.app, linksEndpoints.validate, { body: body as never }, null);

describe('the configured providers', () => {
  it('lists those that work, and tells a patron which their category may use', async () => {
    const list = (who: string) => call(t.app, linksEndpoints.providers, {}, as(who));
    const seen = (await list('anonymous')).body;
    expect(seen.map((p) => p.recurso).sort()).toEqual(['grupoa', 'meupergamum', 'minhabiblioteca', 'pearson', 'repositorio', 'target']);
    expect(seen.every((p) => p.permitido === null)).toBe(true);
    expect(seen.find((p) => p.recurso === 'pearson')).toEqual({ recurso: 'pearson', nome: 'Biblioteca Virtual Pearson', entrega: 'assinada', permitido: null });
    const ana = (await list('ana')).body;
    expect(Object.fromEntries(ana.map((p) => [p.recurso, p.permitido]))).toMatchObject({ pearson: true, target: false, minhabiblioteca: true });
    const vera = (await list('visitante')).body;
    expect(vera.find((p) => p.recurso === 'pearson')!.permitido).toBe(false);
  });

  it('offers no signed provider without the server secret', async () => {
    const withoutSecret = await configuredProviders(t.database.db, null);
    expect([...withoutSecret.keys()]).toEqual(['minhabiblioteca']);
  });
});

describe('the hand-over to a signed provider', () => {
  it('takes the right patron over once, with a valid token; the replay is refused', async () => {
    const before = await handovers();
    const answer = await call(t.app, linksEndpoints.externalAccess, { params: { recurso: 'pearson' }, body: {} }, as('ana'));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ recurso: 'pearson', nome: 'Biblioteca Virtual Pearson' });
    expect(answer.body.url.startsWith(`${provider.url}/entrada?token=`)).toBe(true);
    // The library itself, no e-book: the template's {destino} is left empty, never written out.
    expect(new URL(answer.body.url).searchParams.get('destino')).toBe('');
    expect(await handovers()).toBe(before + 1);

    const first = await follow(answer.body.url);
    expect(first.status).toBe(200);
    expect(first.text).toContain('Bem-vindo(a), Ana Souza');
    expect(provider.accepted.at(-1)).toMatchObject({
      recurso: 'pearson',
      sub: String(patron.ana),
      nome: 'Ana Souza',
      email: 'ana@example.edu',
      categoria: '01',
    });

    const accepted = provider.accepted.length;
    const replay = await follow(answer.body.url);
    expect(replay.status).toBe(403);
    expect(provider.refused.at(-1)).toEqual({ reason: 'ja-usado', detail: 'Este token de acesso já foi usado.' });
    expect(provider.accepted.length).toBe(accepted);
  });

  it('redeems a token once when twenty redemptions of it arrive at once', async () => {
    const { body } = await call(t.app, linksEndpoints.externalAccess, { params: { recurso: 'pearson' }, body: {} }, as('ana'));
    const token = tokenIn(body.url);
    const answers = await Promise.all(Array.from({ length: 20 }, () => validate({ token })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 409)).toBe(true);
  });

  it('refuses a tampered token: another patron named, another signature, another provider, no algorithm', async () => {
    const { body } = await call(t.app, linksEndpoints.externalAccess, { params: { recurso: 'pearson' }, body: {} }, as('ana'));
    const original = tokenIn(body.url);
    const [header, payload, signature] = original.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: String(patron.bia) })).toString('base64url')}.${signature}`;
    const resigned = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('uma-chave-qualquer-de-32-caracteres!!'));
    // Signed with Grupo A's own key, but for Pearson: one provider cannot mint tokens for another.
    const crossed = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(Buffer.from(keyOf('grupoa'), 'base64url'));
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    const refusedBefore = provider.refused.length;
    for (const bad of [forged, resigned, unsigned]) {
      const at = await follow(`${provider.url}/entrada?token=${bad}`);
      expect(at.status).toBe(401);
    }
    expect(provider.refused.slice(refusedBefore).map((r) => r.reason)).toEqual(['assinatura', 'assinatura', 'assinatura']);
    // The library refuses them too, whoever asks, and the genuine token stays unused.
    for (const bad of [forged, resigned, crossed, unsigned, 'nao-e-um-jwt']) {
      const refused = await validate({ token: bad });
      expect(refused.status).toBe(401);
      expect(refused.body).toMatchObject({ status: 401, key: 'TokenProvedorInvalido', message: 'Token de acesso inválido ou expirado.' });
    }
    const genuine = await follow(body.url);
    expect(genuine.status).toBe(200);
    expect(provider.accepted.at(-1)!.sub).toBe(String(patron.ana));
  });

  it('refuses an expired token', async () => {
    const { body } = await call(t.app, linksEndpoints.externalAccess, { params: { recurso: 'pearson' }, body: {} }, as('bia'));
    const jti = (JSON.parse(Buffer.from(tokenIn(body.url).split('.')[1]!, 'base64url').toString()) as { jti: string }).jti;
    await t.database.db.execute(sql`update handovers set emitido_em = now() - interval '2 minutes', expira_em = now() - interval '1 second' where id = ${jti}`);
    const late = await follow(body.url);
    expect(late.status).toBe(403);
    expect(provider.refused.at(-1)).toEqual({ reason: 'recusado-pela-biblioteca', detail: 'Token de acesso inválido ou expirado.' });
    // A token whose own expiry has passed is refused by the provider before it asks.
    const now = Math.floor(Date.now() / 1000);
    const stale = await new SignJWT({ categoria: '01' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('estante')
      .setAudience('pearson')
      .setSubject(String(patron.bia))
      .setJti('00000000-0000-4000-8000-000000000000')
      .setIssuedAt(now - 120)
      .setExpirationTime(now - 60)
      .sign(Buffer.from(keyOf('pearson'), 'base64url'));
    expect((await follow(`${provider.url}/entrada?token=${stale}`)).status).toBe(401);
    expect(provider.refused.at(-1)!.reason).toBe('assinatura');
    expect((await validate({ token: stale })).status).toBe(401);
  });

  it('denies a category without access, and says when a resource is not configured; nothing is issued', async () => {
    const before = await handovers();
    const denied = await call(t.app, linksEndpoints.externalAccess, { params: { recurso: 'pearson' }, body: {} }, as('visitante'));
    expect(denied).toEqual({
      status: 403,
      body: {
        status: 403,
        key: 'AcessoRecursoNegado',
        message: 'Sua categoria de usuário não tem permissão para acessar Biblioteca Virtual Pearson. Em caso de dúvida, entre em contato com a biblioteca.',
      },
    });
    const missing = await call(t.app, linksEndpoints.externalAccess, { params: { recurso: 'cengage' }, body: {} }, as('ana'));
    expect(missing).toEqual({
      status: 404,
      body: {
        status: 404,
        key: 'RecursoExternoNaoConfigurado',
        message: 'O acesso a Cengage não está configurado nesta biblioteca. Em caso de dúvida, entre em contato com a biblioteca.',
      },
    });
    const english = await call(t.app, linksEndpoints.externalAccess, { params: { recurso: 'cengage' }, body: {} }, as('ana'), '5');
    expect(english.body.message).toBe('Access to Cengage is not set up at this library. If in doubt, please contact the library.');
    expect(await handovers()).toBe(before);
  });

  it('refuses bad input with a 400 and anonymous callers with a 403, issuing nothing', async () => {
    const before = await handovers();
    expect((await call(t.app, linksEndpoints.externalAccess, { params: { recurso: 'nao-existe' } as never, body: {} }, as('ana'))).status).toBe(400);
    expect((await call(t.app, linksEndpoints.externalAccess, { params: { recurso: 'pearson' }, body: { base: 'x' } as never }, as('ana'))).status).toBe(400);
    expect((await call(t.app, linksEndpoints.externalAccess, { params: { recurso: 'pearson' }, body: { base: -1 } }, as('ana'))).status).toBe(400);
    expect((await call(t.app, linksEndpoints.externalAccess, { params: { recurso: 'pearson' }, body: {} }, as('anonymous'))).status).toBe(403);
    expect((await validate({})).status).toBe(400);
    expect((await validate({ token: 'x'.repeat(5000) })).status).toBe(400);
    expect(await handovers()).toBe(before);
  });
});

describe("a restricted e-book link at a provider's domain", () => {
  it('is marked with its provider, and opens through the hand-over for the patron who asked', async () => {
    const links = await call(t.app, titleEndpoints.links, { params: { id: String(title['ebook-pearson']) } }, as('anonymous'));
    expect(links.body.map((l) => [l.url, l.restrito, l.provedor, l.seq])).toEqual([
      [null, true, 'pearson', 0],
      [null, true, null, 1],
    ]);
    const opened = await call(
      t.app,
      titleEndpoints.restrictedLink,
      { params: { acervo: String(title['ebook-pearson']), seq: '0' }, body: { browser: 'Chromium' } },
      as('ana'),
    );
    expect(opened.status).toBe(200);
    expect(opened.body.url.startsWith(`${provider.url}/entrada?token=`)).toBe(true);
    expect(new URL(opened.body.url).searchParams.get('destino')).toBe(`${provider.url}/livro/4321`);
    const at = await follow(opened.body.url);
    expect(at.status).toBe(200);
    expect(provider.accepted.at(-1)).toMatchObject({ sub: String(patron.ana), destino: `${provider.url}/livro/4321` });
    // The library's own e-book is no provider's: its address as it is.
    expect(
      (await call(t.app, titleEndpoints.restrictedLink, { params: { acervo: String(title['ebook-pearson']), seq: '1' }, body: {} }, as('ana'))).body,
    ).toEqual({
      url: 'https://acervo.example.org/ebooks/9',
    });
  });

  it("denies it to a category the provider's licence leaves out", async () => {
    const before = await handovers();
    const denied = await call(
      t.app,
      titleEndpoints.restrictedLink,
      { params: { acervo: String(title['ebook-pearson']), seq: '0' }, body: {} },
      as('visitante'),
    );
    expect([denied.status, denied.body.key]).toEqual([403, 'AcessoRecursoNegado']);
    expect(await handovers()).toBe(before);
  });
});

describe("Meu Pergamum's databases", () => {
  it("mark the provider's databases, and open one through the hand-over at its address", async () => {
    const listed = await call(t.app, collectionEndpoints.databases, {}, as('ana'));
    expect(listed.body.map((b) => [b.nome, b.recurso])).toEqual([
      ['Biblioteca Virtual Pearson', 'pearson'],
      ['Minha Biblioteca', 'minhabiblioteca'],
      ['SciELO', null],
    ]);
    const opened = await call(
      t.app,
      linksEndpoints.externalAccess,
      { params: { recurso: 'pearson' }, body: { base: base['Biblioteca Virtual Pearson'] } },
      as('ana'),
    );
    expect(new URL(opened.body.url).searchParams.get('destino')).toBe(`${provider.url}/biblioteca`);
    expect((await follow(opened.body.url)).status).toBe(200);
    expect(provider.accepted.at(-1)).toMatchObject({ sub: String(patron.ana), destino: `${provider.url}/biblioteca` });
    // A plain-link provider: its own address, no token.
    const plain = await call(
      t.app,
      linksEndpoints.externalAccess,
      { params: { recurso: 'minhabiblioteca' }, body: { base: base['Minha Biblioteca'] } },
      as('ana'),
    );
    expect(plain.body).toEqual({ url: 'https://dliportal.zbra.com.br/Login.aspx?key=TESTE', recurso: 'minhabiblioteca', nome: 'Minha Biblioteca' });
  });

  it("refuse a database that is not the patron's, or not the provider's", async () => {
    const notHers = await call(
      t.app,
      linksEndpoints.externalAccess,
      { params: { recurso: 'pearson' }, body: { base: base['Pearson para docentes'] } },
      as('ana'),
    );
    expect([notHers.status, notHers.body.key]).toEqual([404, 'BaseDadosNaoEncontrada']);
    const notTheProvider = await call(t.app, linksEndpoints.externalAccess, { params: { recurso: 'pearson' }, body: { base: base.SciELO } }, as('ana'));
    expect(notTheProvider.status).toBe(404);
    expect(
      (await call(t.app, linksEndpoints.externalAccess, { params: { recurso: 'pearson' }, body: { base: base['Pearson para docentes'] } }, as('prof'))).status,
    ).toBe(200);
  });
});

describe('Target GEDWeb, Grupo A, paper posting', () => {
  it('hands a standard over with its code, to the categories the licence covers', async () => {
    const opened = await call(t.app, linksEndpoints.target, { params: { id: String(title['nbr-6023']) } }, as('prof'));
    expect(opened.status).toBe(200);
    expect(new URL(opened.body.url).searchParams.get('norma')).toBe('ABNT NBR 6023:2018');
    expect((await follow(opened.body.url)).status).toBe(200);
    expect(provider.accepted.at(-1)).toMatchObject({ recurso: 'target', sub: String(patron.prof) });
    expect((await call(t.app, linksEndpoints.target, { params: { id: String(title['nbr-6023']) } }, as('ana'))).status).toBe(403);
    expect((await call(t.app, linksEndpoints.target, { params: { id: String(title['ebook-pearson']) } }, as('prof'))).body.key).toBe('NormaNaoEncontrada');
    expect((await call(t.app, linksEndpoints.target, { params: { id: '999999' } }, as('prof'))).status).toBe(404);
    expect((await call(t.app, linksEndpoints.target, { params: { id: 'abc' } }, as('prof'))).status).toBe(400);
  });

  it("answers Grupo A's session with the patron, for that session only", async () => {
    const opened = await call(t.app, linksEndpoints.grupoa, { body: { sessionid: 'sessao-grupoa-123' } }, as('bia'));
    expect(opened.status).toBe(200);
    expect(new URL(opened.body.url).pathname).toBe('/grupoa/retorno');
    expect((await follow(opened.body.url)).status).toBe(200);
    expect(provider.accepted.at(-1)).toMatchObject({ recurso: 'grupoa', sub: String(patron.bia), sessionid: 'sessao-grupoa-123' });
    const again = await call(t.app, linksEndpoints.grupoa, { body: { sessionid: 'sessao-grupoa-123' } }, as('bia'));
    const otherSession = again.body.url.replace('sessao-grupoa-123', 'sessao-de-outra-pessoa');
    expect((await follow(otherSession)).status).toBe(401);
    expect(provider.refused.at(-1)!.reason).toBe('sessao');
    expect((await call(t.app, linksEndpoints.grupoa, { body: { sessionid: 'curta' } }, as('bia'))).status).toBe(400);
    expect((await call(t.app, linksEndpoints.grupoa, { body: { sessionid: '<script>alert(1)</script>' } }, as('bia'))).status).toBe(400);
  });

  it('hands the patron over to the institutional repository to post a paper', async () => {
    const opened = await call(t.app, linksEndpoints.paperPosting, {}, as('visitante'));
    expect(opened.status).toBe(200);
    expect(opened.body.nome).toBe('o repositório institucional');
    expect((await follow(opened.body.url)).status).toBe(200);
    expect(provider.accepted.at(-1)).toMatchObject({ recurso: 'repositorio', sub: String(patron.visitante) });
  });
});

describe('the account area', () => {
  it('opens here by default; a patron may choose the external one, which is handed over', async () => {
    expect((await call(t.app, linksEndpoints.accountRedirect, {}, as('ana'))).body).toEqual({
      base: 'interna',
      url: '/meupergamum',
      externa_disponivel: true,
    });
    expect(await call(t.app, linksEndpoints.accountBase, { body: { base: 'externa' } }, as('ana'))).toEqual({ status: 200, body: { base: 'externa' } });
    const external = await call(t.app, linksEndpoints.accountRedirect, {}, as('ana'));
    expect(external.body).toMatchObject({ base: 'externa', externa_disponivel: true });
    expect((await follow(external.body.url)).status).toBe(200);
    expect(provider.accepted.at(-1)).toMatchObject({ recurso: 'meupergamum', sub: String(patron.ana) });
    // Another patron's choice is theirs alone.
    expect((await call(t.app, linksEndpoints.accountRedirect, {}, as('bia'))).body.base).toBe('interna');
    expect((await call(t.app, linksEndpoints.accountBase, { body: { base: 'interna' } }, as('ana'))).body).toEqual({ base: 'interna' });
    expect((await call(t.app, linksEndpoints.accountRedirect, {}, as('ana'))).body.url).toBe('/meupergamum');
  });

  it('keeps a category without the external area here, and refuses bad input, changing nothing', async () => {
    const denied = await call(t.app, linksEndpoints.accountBase, { body: { base: 'externa' } }, as('visitante'));
    expect([denied.status, denied.body.key]).toEqual([403, 'AcessoRecursoNegado']);
    expect((await call(t.app, linksEndpoints.accountRedirect, {}, as('visitante'))).body).toEqual({
      base: 'interna',
      url: '/meupergamum',
      externa_disponivel: false,
    });
    expect((await call(t.app, linksEndpoints.accountBase, { body: { base: 'outra' } as never }, as('bia'))).status).toBe(400);
    expect((await call(t.app, linksEndpoints.accountBase, { body: {} as never }, as('bia'))).status).toBe(400);
    const rows = await queryRows<{ cod_pessoa: number }>(t.database.db, sql`select cod_pessoa from account_area_bases order by cod_pessoa`);
    expect(rows.map((r) => r.cod_pessoa)).toEqual([patron.ana]);
  });
});

describe('redirect codes (/pergamum_redireciona) and the mobile app', () => {
  const trade = (code: string) => call(t.app, linksEndpoints.redirectTrade, { body: { token: code } }, as('anonymous'));

  it("trade once for the patron's own session, then go to the destination", async () => {
    const issued = await call(t.app, linksEndpoints.redirectToken, { query: { destino: '/meupergamum/emprestimos' } }, as('bia'));
    expect(issued.status).toBe(200);
    expect(issued.body.url).toBe(`/pergamum_redireciona?token=${issued.body.token}`);
    expect(new Date(issued.body.expira_em).getTime() - Date.now()).toBeLessThanOrEqual(61_000);
    const traded = await trade(issued.body.token);
    expect(traded.status).toBe(200);
    expect(traded.body.destino).toBe('/meupergamum/emprestimos');
    const me = await call(t.app, authEndpoints.me, {}, traded.body.access_token);
    expect(me.body.user.cod_pessoa).toBe(patron.bia);
    const again = await trade(issued.body.token);
    expect(again).toMatchObject({ status: 422, body: { key: 'CodigoRedirecionamentoInvalido' } });
  });

  it('refuse an expired or unknown code, a destination off the site, and a blocked patron', async () => {
    const issued = await call(t.app, linksEndpoints.redirectToken, { query: {} }, as('ana'));
    await t.database.db.execute(
      sql`update handovers set emitido_em = now() - interval '2 minutes', expira_em = now() - interval '1 second' where tipo = 'sessao' and usado_em is null`,
    );
    expect((await trade(issued.body.token)).status).toBe(422);
    expect((await trade('inventado')).status).toBe(422);
    for (const destino of ['https://evil.example', '//evil.example', 'meupergamum']) {
      expect((await call(t.app, linksEndpoints.redirectToken, { query: { destino } }, as('ana'))).status).toBe(400);
    }
    const blocked = await call(t.app, linksEndpoints.redirectToken, { query: {} }, as('visitante'));
    await t.database.db.execute(sql`update people set bloqueio = true where cod_pessoa = ${patron.visitante}`);
    try {
      expect((await trade(blocked.body.token)).status).toBe(430);
    } finally {
      await t.database.db.execute(sql`update people set bloqueio = false where cod_pessoa = ${patron.visitante}`);
    }
  });

  it("gives the app the account area's address on this site, when the app is configured", async () => {
    const app = await call(t.app, linksEndpoints.appLayers, {}, as('prof'));
    expect(app.status).toBe(200);
    const url = new URL(app.body.url);
    expect(`${url.origin}${url.pathname}`).toBe('https://biblioteca.example.edu/pergamum_redireciona');
    const traded = await trade(url.searchParams.get('token')!);
    expect(traded.body.destino).toBe('/meupergamum/app');
    await t.database.db.execute(sql`update institution set parametros = parametros || '{"app_layers": {"ativo": false, "url": null}}'::jsonb`);
    try {
      expect(await call(t.app, linksEndpoints.appLayers, {}, as('prof'))).toMatchObject({ status: 404, body: { key: 'AplicativoNaoConfigurado' } });
    } finally {
      await t.database.db.execute(
        sql`update institution set parametros = parametros || '{"app_layers": {"ativo": true, "url": "https://app.example.edu"}}'::jsonb`,
      );
    }
    expect((await call(t.app, linksEndpoints.appLayers, {}, as('anonymous'))).status).toBe(403);
  });
});

describe('housekeeping', () => {
  it('forgets hand-overs a day past their expiry, and only those', async () => {
    const total = await handovers();
    await createHandover(t.database.db, { id: 'velho', tipo: 'provedor', recurso: 'pearson', codPessoa: patron.ana!, issuedDaysAgo: 3, expiresInDays: -2 });
    expect(await purgeHandovers(t.database.db)).toBe(1);
    expect(await handovers()).toBe(total);
  });
});

describe('the staff commands', () => {
  const command = (...args: string[]) => runAdminCommand(t.database.db, { command: 'institution.provider', args });

  it('configure a provider, checked as the API reads it, and remove it', async () => {
    const entry = { entrega: 'link', url: 'https://cengage.example.com/entrar', dominios: ['cengage.example.com'], categorias: ['04'] };
    expect(await command('cengage', JSON.stringify(entry))).toBe(
      'provider cengage: plain link to https://cengage.example.com/entrar; categories 04; links at cengage.example.com',
    );
    expect((await call(t.app, linksEndpoints.providers, {}, as('prof'))).body.find((p) => p.recurso === 'cengage')).toEqual({
      recurso: 'cengage',
      nome: 'Cengage',
      entrega: 'link',
      permitido: true,
    });
    await expect(command('cengage', JSON.stringify({ entrega: 'assinada', url: 'https://cengage.example.com/sem-token' }))).rejects.toThrow(
      /not valid: .*token/,
    );
    await expect(command('cengage', '{nao e json')).rejects.toThrow('the entry of cengage is not JSON');
    await expect(command('amazon', JSON.stringify(entry))).rejects.toThrow(/unknown provider amazon/);
    expect(await command('cengage', 'off')).toBe('provider cengage removed');
    expect((await call(t.app, linksEndpoints.providers, {}, as('prof'))).body.some((p) => p.recurso === 'cengage')).toBe(false);
  });

  it("print a provider's key as the provider verifies with it", () => {
    expect(describeProviderKey(SECRET, 'pearson')).toBe(keyOf('pearson'));
    expect(() => describeProviderKey(null, 'pearson')).toThrow('PROVIDER_SECRET is not set');
    expect(() => describeProviderKey(SECRET, 'amazon')).toThrow(/unknown provider/);
  });
});
