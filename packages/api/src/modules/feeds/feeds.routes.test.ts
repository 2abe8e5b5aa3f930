import { feedsEndpoints, SEARCH_FEED_SIZE } from '@estante/contracts/feeds';
import { consultaQueryFromParams, parseSearchState, readConsultaQuery } from '@estante/contracts/search';
import { parseFeed } from '@rowanmanning/feed-parser';
import { sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, patronToken, type TestApp } from '../../../test/app.js';
import { createCopies, createGuides, createLibraries, createLoan, createPatron, createTitles } from '../../../test/factories.js';
import { createAlerts } from '../../../test/factories/interest.js';
import { queryRows } from '../../db/client.js';

/**
 * The feeds (issue 18): Ana's alerts as Atom and her due dates as iCalendar at secret addresses
 * she makes and revokes, and a followed search as public Atom. Each is read back by a parser
 * nobody here wrote (@rowanmanning/feed-parser, Mozilla's ical.js).
 */
let t: TestApp;
const token: Record<string, string> = {};
const patron: Record<string, number> = {};
let ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://biblioteca.example.org' });
  const db = t.database.db;
  const [central] = await createLibraries(db, ['Biblioteca Central']);
  ids = await createTitles(db, [
    { id: 'f1', title: 'Pedagogia do oprimido', author: 'Freire, Paulo', subjects: ['Educação'], year: 1970 },
    { id: 'f2', title: 'Pedagogia da autonomia', author: 'Freire, Paulo', subjects: ['Educação'], year: 1996 },
    { id: 'f3', title: 'Vigiar & punir <1975>', author: 'Foucault, Michel', subjects: ['Prisões'], year: 1975 },
  ]);
  // f2 catalogued after f1: the followed search lists it first.
  await db.execute(sql`update titles set created_at = now() - interval '2 days' where cod_acervo = ${ids.f1!}`);
  // More maps than a feed carries, catalogued in the opposite order of their imprints: the
  // oldest imprint (1990) catalogued last (a day ago), the newest (2021) a month ago.
  const maps = await createTitles(
    db,
    Array.from({ length: SEARCH_FEED_SIZE + 2 }, (_, i) => ({ id: `map-${i}`, title: `Cartografia escolar ${i}`, subjects: ['Cartografia'], year: 1990 + i })),
  );
  for (const [control, id] of Object.entries(maps))
    await db.execute(sql`update titles set created_at = now() - ${`${Number(control.slice(4)) + 1} days`}::interval where cod_acervo = ${id}`);
  await createGuides(db, [
    { codigo: 'geral', rota: 'pesquisa-geral' },
    { codigo: 'arquivo', rota: 'arquivo' },
  ]);
  await createCopies(db, [
    { codAcervo: ids.f1!, codBiblioteca: central!.codBiblioteca, tombo: 'T-1' },
    { codAcervo: ids.f3!, codBiblioteca: central!.codBiblioteca, tombo: 'T-3' },
  ]);
  for (const login of ['ana', 'bruno', 'carla']) {
    const person = await createPatron(db, { login, nome: `${login} Teste`, password: `senha-${login}` });
    patron[login] = person.codPessoa;
    token[login] = await patronToken(t.app, login, `senha-${login}`);
  }
  await createLoan(db, { tombo: 'T-1', codPessoa: patron.ana!, dueInDays: 2, renewals: 1 });
  await createLoan(db, { tombo: 'T-3', codPessoa: patron.bruno!, dueInDays: 5 });
  await createAlerts(db, [
    { codPessoa: patron.ana!, codAcervo: ids.f2!, motivo: 'Educação' },
    { codPessoa: patron.bruno!, codAcervo: ids.f3!, motivo: 'Prisões' },
  ]);
});
afterAll(() => t.close());

/** A patron's token. */
const as = (login: string) => token[login]!;
/** Fetches a feed as a reader does: no token, just its address. */
const read = async (url: string) => {
  const { pathname, search } = new URL(url);
  const response = await t.app.inject({ method: 'GET', url: `${pathname}${search}` });
  return { status: response.statusCode, type: String(response.headers['content-type']), body: response.body };
};
const isoDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('private feeds', () => {
  it("Ana's alerts feed is Atom a feed reader reads: her alerts only, each linking to its title", async () => {
    const made = await call(t.app, feedsEndpoints.create, { params: { tipo: 'alertas' } }, as('ana'));
    expect(made.status).toBe(201);
    expect(made.body.url).toMatch(/^https:\/\/biblioteca\.example\.org\/svc\/feeds\/[A-Za-z0-9_-]{43}\/alertas\.atom$/);
    const feed = await read(made.body.url);
    expect(feed.status).toBe(200);
    expect(feed.type).toMatch(/^application\/atom\+xml/);
    const parsed = parseFeed(feed.body);
    expect(parsed.meta.type).toBe('atom');
    expect(parsed.items.map((i) => [i.title, i.url])).toEqual([[`Pedagogia da autonomia / Freire, Paulo`, `https://biblioteca.example.org/acervo/${ids.f2}`]]);
    expect(parsed.items[0]!.description).toContain('Educação');
    // Its id is a tag URI (RFC 4151) of the library's domain and the alert's day, not urn:estante (issue 56).
    const [alert] = await queryRows<{ id: number; day: string }>(
      t.database.db,
      sql`select cod_alerta as id, to_char(criado_em at time zone 'UTC', 'YYYY-MM-DD') as day from patron_alerts where cod_pessoa = ${patron.ana!}`,
    );
    expect(parsed.items[0]!.id).toBe(`tag:biblioteca.example.org,${alert!.day}:alerta/${alert!.id}`);
    // The address is a secret: its table keeps only a digest.
    const key = made.body.url.split('/').at(-2)!;
    const stored = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from feed_keys where chave_hash = ${key}`);
    expect(stored[0]!.n).toBe(0);
  });

  it('a feed with no alert yet is dated when its address was made, not 1970 (issue 55)', async () => {
    const made = await call(t.app, feedsEndpoints.create, { params: { tipo: 'alertas' } }, as('carla'));
    expect(made.status).toBe(201);
    const parsed = parseFeed((await read(made.body.url)).body);
    expect(parsed.items).toEqual([]);
    expect(parsed.updated?.toISOString()).toBe(new Date(made.body.criado_em).toISOString());
  });

  it("Ana's due-date calendar is iCalendar: an all-day event on each open loan's due date", async () => {
    const made = await call(t.app, feedsEndpoints.create, { params: { tipo: 'vencimentos' } }, as('ana'));
    expect(made.status).toBe(201);
    const feed = await read(made.body.url);
    expect(feed.status).toBe(200);
    expect(feed.type).toMatch(/^text\/calendar/);
    const calendar = new ICAL.Component(ICAL.parse(feed.body));
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events).toHaveLength(1);
    expect(events[0]!.summary).toBe('Devolver: Pedagogia do oprimido');
    expect(events[0]!.startDate.isDate).toBe(true);
    expect(events[0]!.startDate.toString()).toBe(isoDay(2));
    expect(events[0]!.sequence).toBe(1);
  });

  it('speaks the language the address was made in', async () => {
    const { url } = (await call(t.app, feedsEndpoints.create, { params: { tipo: 'vencimentos' } }, as('ana'), '5')).body;
    expect(url).toMatch(/\?idioma=en$/);
    const events = new ICAL.Component(ICAL.parse((await read(url)).body)).getAllSubcomponents('vevent');
    expect(new ICAL.Event(events[0]!).summary).toBe('Return: Pedagogia do oprimido');
  });

  it('a new address replaces the old one, and a revoked one answers 404', async () => {
    const first = await call(t.app, feedsEndpoints.create, { params: { tipo: 'alertas' } }, as('ana'));
    const second = await call(t.app, feedsEndpoints.create, { params: { tipo: 'alertas' } }, as('ana'));
    expect(second.body.url).not.toBe(first.body.url);
    expect((await read(first.body.url)).status).toBe(404);
    expect((await read(second.body.url)).status).toBe(200);
    const status = await call(t.app, feedsEndpoints.list, {}, as('ana'));
    expect(status.body.find((f) => f.tipo === 'alertas')).toMatchObject({ ativo: true });
    expect((await call(t.app, feedsEndpoints.revoke, { params: { tipo: 'alertas' } }, as('ana'))).status).toBe(200);
    expect((await read(second.body.url)).status).toBe(404);
    expect((await call(t.app, feedsEndpoints.list, {}, as('ana'))).body.find((f) => f.tipo === 'alertas')).toEqual({
      tipo: 'alertas',
      ativo: false,
      criado_em: null,
    });
    expect((await call(t.app, feedsEndpoints.revoke, { params: { tipo: 'alertas' } }, as('ana'))).status).toBe(404);
  });

  it("one patron's address never opens another's feed, nor the other kind; bad addresses are refused", async () => {
    const bruno = await call(t.app, feedsEndpoints.create, { params: { tipo: 'alertas' } }, as('bruno'));
    const parsed = parseFeed((await read(bruno.body.url)).body);
    expect(parsed.items.map((i) => i.title)).toEqual(['Vigiar & punir <1975> / Foucault, Michel']);
    const key = bruno.body.url.split('/').at(-2)!;
    expect((await read(`https://x/svc/feeds/${key}/vencimentos.ics`)).status).toBe(404);
    expect((await read(`https://x/svc/feeds/${'A'.repeat(43)}/alertas.atom`)).status).toBe(404);
    expect((await read(`https://x/svc/feeds/${'A'.repeat(60)}/alertas.atom`)).status).toBe(400);
    expect((await call(t.app, feedsEndpoints.create, { params: { tipo: 'outro' } as never }, as('bruno'))).status).toBe(400);
    expect((await call(t.app, feedsEndpoints.create, { params: { tipo: 'alertas' } }, null)).status).toBe(401);
  });
});

describe('follow this search', () => {
  it('answers the newest titles of a search as public Atom, without a token', async () => {
    const feed = await read('https://x/svc/feeds/consulta.atom?termo1=pedagogia&campo1=livre');
    expect(feed.status).toBe(200);
    const parsed = parseFeed(feed.body);
    expect(parsed.meta.type).toBe('atom');
    expect(parsed.title).toContain('pedagogia');
    expect(parsed.items.map((i) => i.title)).toEqual(['Pedagogia da autonomia', 'Pedagogia do oprimido']);
    expect(parsed.items[0]!.url).toBe(`https://biblioteca.example.org/acervo/${ids.f2}`);
    expect(parsed.items[0]!.updated!.getTime()).toBeGreaterThan(parsed.items[1]!.updated!.getTime());
  });

  it('carries the titles catalogued last, newest first and dated so: one catalogued today with an imprint of 1950 comes first (issue 56)', async () => {
    const address = 'https://x/svc/feeds/consulta.atom?termo1=cartografia';
    const newest = async (limit: number) =>
      queryRows<{ id: number; title: string; at: string }>(
        t.database.db,
        sql`select cod_acervo as id, title, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as at
            from titles where title like 'Cartografia%' order by created_at desc, cod_acervo desc limit ${limit}`,
      );
    const before = parseFeed((await read(address)).body);
    expect(before.items.map((i) => i.title)).toEqual((await newest(SEARCH_FEED_SIZE)).map((r) => r.title));

    // Catalogued now, after the feed was read; its imprint is older than every other map's.
    const colonial = await createTitles(t.database.db, [{ id: 'map-1950', title: 'Cartografia do Brasil colonial', subjects: ['Cartografia'], year: 1950 }]);
    const after = parseFeed((await read(address)).body);
    const expected = await newest(SEARCH_FEED_SIZE);
    expect(expected[0]!.id).toBe(colonial['map-1950']);
    expect(after.items).toHaveLength(SEARCH_FEED_SIZE);
    expect(after.items.map((i) => [i.title, i.url, i.updated?.toISOString().replace('.000Z', 'Z')])).toEqual(
      expected.map((r) => [r.title, `https://biblioteca.example.org/acervo/${r.id}`, r.at]),
    );
    const times = after.items.map((i) => i.updated!.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(after.updated?.getTime()).toBe(times[0]);
  });

  it("links to the search's results page on the web app, not the home page (issue 56)", async () => {
    const parsed = parseFeed((await read('https://x/svc/feeds/consulta.atom?termo1=cartografia&campo1=assunto&tipo1=frase&filtro=Y:1995')).body);
    const page = new URL(parsed.url!);
    expect(`${page.origin}${page.pathname}`).toBe('https://biblioteca.example.org/pesquisa-geral');
    // The page the web app opens there is this search: its rows and filters, from the first page.
    const search = readConsultaQuery(consultaQueryFromParams(page.searchParams));
    expect(search).not.toBeNull();
    expect(parseSearchState(search!)).toEqual(
      parseSearchState({ termo1: 'cartografia', campo1: 'assunto', tipo1: 'frase', filtro: ['Y:1995'] } as Parameters<typeof parseSearchState>[0]),
    );
    // A base's search opens in its own guide.
    const archive = parseFeed((await read('https://x/svc/feeds/consulta.atom?termo1=reitoria&base=arquivo')).body);
    expect(archive.url).toBe('https://biblioteca.example.org/arquivo?termo1=reitoria&base=arquivo');
  });

  it('follows the words exactly as typed: a misspelt search is an empty feed, not its "did you mean"', async () => {
    // The results page would show "pedagogia"'s titles for this; a feed keeps to what it names.
    const feed = await read('https://x/svc/feeds/consulta.atom?termo1=pedagogai');
    expect(feed.status).toBe(200);
    const parsed = parseFeed(feed.body);
    expect(parsed.title).toContain('pedagogai');
    expect(parsed.items).toEqual([]);
    // Dated now, not 1970 (issue 55).
    expect(Math.abs(parsed.updated!.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('refuses a search with nothing to look for, and bad input, with a 4xx', async () => {
    expect((await read('https://x/svc/feeds/consulta.atom')).status).toBe(422);
    expect((await read(`https://x/svc/feeds/consulta.atom?termo1=${'a'.repeat(5000)}`)).status).toBe(400);
    expect((await read('https://x/svc/feeds/consulta.atom?termo1=a&idioma=fr')).status).toBe(400);
  });
});
