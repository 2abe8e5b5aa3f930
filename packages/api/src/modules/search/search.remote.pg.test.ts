import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database.js';
import { type RealServer, startRealServer } from '../../../test/server.js';
import { queryRows } from '../../db/client.js';
import { sql } from 'drizzle-orm';

/**
 * One search index for all API workers (decision 0040): with two workers the primary process
 * holds the index and the workers search in it over the cluster's channel. What a patron or a
 * client sees must not change: the same calls answer the same on a server of one process (its
 * own index) and on one of two workers, over the same database.
 */
let database: TestDatabase;
let workers: RealServer;
let single: RealServer;

beforeAll(async () => {
  database = await createTestDatabase();
  // The two-worker server seeds the demo library; the one-process server finds it seeded. The
  // first reads its catalogue apart (decision 0066), as a large catalogue's first start does.
  workers = await startRealServer(database.url!, { LOG_LEVEL: 'info', SEARCH_APART_FROM_TITLES: '1' }, 2);
  single = await startRealServer(database.url!, { LOG_LEVEL: 'info' }, 1);
}, 240_000);

afterAll(async () => {
  await workers?.stop();
  await single?.stop();
  await database?.dispose();
});

async function anonymousToken(base: string): Promise<string> {
  const response = await fetch(`${base}/svc/oauth/token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'estante-web', client_secret: 'estante-public' }),
  });
  return `Bearer ${((await response.json()) as { access_token: string }).access_token}`;
}

async function answer(server: RealServer, authorization: string, path: string): Promise<{ status: number; body: string }> {
  const response = await fetch(`${server.base}${path}`, { headers: { authorization, 'accept-language': 'en' } });
  return { status: response.status, body: await response.text() };
}

describe('one search index for all API workers (PostgreSQL, two workers)', () => {
  it('is read once, in the primary process, and the workers answer every search as one process does', async () => {
    const ready = (workers.output().match(/\{[^\n]*"msg":"search index ready"[^\n]*\}/g) ?? []).map((line) => JSON.parse(line) as { pid: number });
    expect(ready.map((line) => line.pid)).toEqual([workers.process.pid]);
    // Read by a process of its own and loaded from the file it wrote, not read again here: the
    // child ran the server's own code (decision 0068), whose hash the kept file carries.
    expect(ready[0]).toMatchObject({ readApart: true, loadMs: expect.any(Number) });

    const [sample] = await queryRows<{ title: string; author: string }>(
      database.db,
      sql`select title, author from titles where author is not null and control_number like 'GEN%' order by cod_acervo limit 1`,
    );
    const word = sample!.title.split(/\s+/).find((w) => /^\p{L}{5,}$/u.test(w))!;
    const surname = sample!.author.split(/[\s,]+/)[0]!;
    const misspelt = word.slice(0, 2) + word[3] + word[2] + word.slice(4);
    const tokens = { workers: await anonymousToken(workers.base), single: await anonymousToken(single.base) };
    const both = async (path: string) => {
      const [a, b] = [await answer(workers, tokens.workers, path), await answer(single, tokens.single, path)];
      expect(a.status, path).toBe(200);
      expect(JSON.parse(a.body), path).toEqual(JSON.parse(b.body));
      return JSON.parse(a.body) as { total: number; facetas: { codigo: string; itens: { codigo: string; descricao: string }[] }[] };
    };

    const first = await both(`/svc/consulta?termo1=${encodeURIComponent(word)}`);
    expect(first.total).toBeGreaterThan(0);
    // A filter on an author (a value named by the index) names it in the answer's filters and facets.
    const author = first.facetas.find((f) => f.codigo === 'A')!.itens[0]!;
    const filtered = await both(`/svc/consulta?termo1=${encodeURIComponent(word)}&filtro=A:${author.codigo}&pagina=1`);
    expect(filtered.total).toBeGreaterThan(0);
    expect(JSON.stringify(filtered)).toContain(author.descricao);
    await both(`/svc/consulta?termo1=${encodeURIComponent(surname)}&campo1=autor&ordenacao=T`);
    // "Did you mean" is worked out in the primary's index, asked in one call.
    const suggested = (await both(`/svc/consulta?termo1=${encodeURIComponent(misspelt)}`)) as { sugestao?: unknown };
    expect(suggested.sugestao).toBeDefined();
    await both(`/svc/consulta?termo1=${encodeURIComponent(word)}&base=rede`);
    await both(`/svc/consulta/sugestoes?termo=${encodeURIComponent(word.slice(0, 4))}`);

    // The open interfaces search the same index: SRU's explain counts its titles, a search finds them.
    const sru = async (query: string) => {
      const bodies = await Promise.all([workers, single].map(async (server) => (await fetch(`${server.base}/sru${query}`)).text()));
      return bodies.map((body) => body.replaceAll(/<port>\d+<\/port>/g, ''));
    };
    const [x, y] = await sru('');
    expect(x).toMatch(/numRecs="\d+"/);
    expect(x).toBe(y);
    const [found, foundAlone] = await sru(`?operation=searchRetrieve&version=1.2&maximumRecords=3&query=${encodeURIComponent(word)}`);
    expect(found).toMatch(/<zs:numberOfRecords>[1-9]\d*<\/zs:numberOfRecords>/);
    expect(found).toBe(foundAlone);
  });

  it('answers twenty searches at once, each with its own answer', async () => {
    const authorization = await anonymousToken(workers.base);
    const words = (
      await queryRows<{ w: string }>(
        database.db,
        sql`select distinct split_part(title, ' ', 1) as w from titles where length(split_part(title, ' ', 1)) >= 4 limit 20`,
      )
    ).map((r) => r.w);
    const alone = [];
    for (const w of words) alone.push(await answer(workers, authorization, `/svc/consulta?termo1=${encodeURIComponent(w)}`));
    const together = await Promise.all(words.map((w) => answer(workers, authorization, `/svc/consulta?termo1=${encodeURIComponent(w)}`)));
    expect(together.map((a) => a.status)).toEqual(words.map(() => 200));
    expect(together.map((a) => JSON.parse(a.body) as unknown)).toEqual(alone.map((a) => JSON.parse(a.body) as unknown));
  });
});
