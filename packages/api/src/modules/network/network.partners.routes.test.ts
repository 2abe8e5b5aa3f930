import type { AcervoRede } from '@estante/contracts/network';
import type { ConsultaResponse } from '@estante/contracts/search';
import { sql } from 'drizzle-orm';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, publicToken, type TestApp } from '../../../test/app.js';
import { createTitles } from '../../../test/factories.js';
import { queryRows } from '../../db/client.js';
import { runAdminCommand } from '../../admin/commands.js';
import { harvestNow } from './network.harvest.js';

/**
 * Two Estante servers (issue 22's acceptance): B harvests A's catalogue over HTTP from A's own
 * OAI-PMH provider; B's network search finds A's titles under facet Z; a title deleted in A is
 * gone from B after the next harvest; a harvest cut off midway goes on from where it stopped.
 */
let a: TestApp;
let b: TestApp;
let proxy: Server;
let proxyPort = 0;
/** While true, the link between B and A is cut: every request through it is dropped. */
let cut = false;
let authorization: string;
const TITLES = 230;

beforeAll(async () => {
  a = await createTestApp({ PUBLIC_URL: 'http://biblioteca-a.example' });
  b = await createTestApp();
  await createTitles(
    a.database.db,
    Array.from({ length: TITLES }, (_, i) => ({
      id: `a-${i + 1}`,
      title: i === 0 ? 'Grande sertão: veredas' : `Obra do acervo A número ${i + 1}`,
      author: i === 0 ? 'Rosa, João Guimarães' : 'Autor, Qualquer',
      year: 1956 + (i % 50),
      subjects: ['Literatura brasileira'],
    })),
  );
  // Catalogued over the last hours, one title a second: each has its own datestamp.
  await queryRows(a.database.db, sql`update titles set updated_at = now() - interval '1 hour' - cod_acervo * interval '1 second'`);
  await a.app.listen({ host: '127.0.0.1', port: 0 });
  const target = `http://127.0.0.1:${(a.app.server.address() as AddressInfo).port}`;
  // B reaches A through this link, which the test can cut (as a network failure would).
  proxy = createServer(async (request, response) => {
    if (cut) return request.socket.destroy();
    const answer = await fetch(`${target}${request.url}`);
    response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'text/xml' });
    response.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyPort = (proxy.address() as AddressInfo).port;
  authorization = `Bearer ${await publicToken(b.app)}`;
}, 120_000);
afterAll(async () => {
  proxy?.close();
  await a?.close();
  await b?.close();
});

const searchB = async (params: string) =>
  (await b.app.inject({ method: 'GET', url: `/svc/consulta?base=rede&${params}`, headers: { authorization } })).json() as ConsultaResponse;
const countB = async () => (await queryRows<{ n: number }>(b.database.db, sql`select count(*)::int as n from network_titles`))[0]!.n;

describe('one Estante harvesting another over OAI-PMH', () => {
  it('adds A as a partner (recognised as an Estante) and harvests its whole catalogue, cut off midway and resumed', async () => {
    const added = await runAdminCommand(b.database.db, { command: 'network.add', args: [`http://127.0.0.1:${proxyPort}/oai`, 'Biblioteca', 'A'] });
    expect(added).toContain('another Estante');
    // The link drops after the first page: the harvest fails there, its resumption token kept.
    let pages = 0;
    const first = await harvestNow(b.database.db, 'Biblioteca A', {
      onProgress: () => {
        if (++pages === 1) cut = true;
      },
    });
    expect(first[0]!.status).toBe('failed');
    const partial = await countB();
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(TITLES);
    cut = false;
    const second = await harvestNow(b.database.db, 'Biblioteca A');
    expect(second[0]).toMatchObject({ status: 'complete', resumed: true });
    expect(await countB()).toBe(TITLES);
    const identifiers = await queryRows<{ n: number }>(b.database.db, sql`select count(distinct identifier)::int as n from network_titles`);
    expect(identifiers[0]!.n).toBe(TITLES);
  });

  it("finds A's titles in B's network search, under facet Z, each linking to A's own record", async () => {
    const found = await searchB('termo1=sertao+veredas');
    expect(found.acervos.map((t) => t.titulo)).toEqual(['Grande sertão: veredas']);
    expect(found.acervos[0]!.instituicao?.desc_empresa).toBe('Biblioteca A');
    const z = found.facetas.find((f) => f.codigo === 'Z')!;
    expect(z.itens.map((i) => [i.descricao, i.total])).toEqual([['Biblioteca A', 1]]);
    const record = (
      await b.app.inject({ method: 'GET', url: `/svc/rede-pergamum/acervo/${found.acervos[0]!.cod_acervo}`, headers: { authorization } })
    ).json() as AcervoRede;
    const [original] = await queryRows<{ id: number }>(a.database.db, sql`select cod_acervo as id from titles where control_number = 'a-1'`);
    expect(record.link).toBe(`http://127.0.0.1:${proxyPort}/acervo/${original!.id}`);
    expect(record.autor).toBe('Rosa, João Guimarães');
    // B's own catalogue is untouched.
    const local = (await b.app.inject({ method: 'GET', url: '/svc/consulta?termo1=sertao', headers: { authorization } })).json() as ConsultaResponse;
    expect(local.total).toBe(0);
  });

  it('drops a title deleted in A at the next harvest, asking only for what changed', async () => {
    await queryRows(a.database.db, sql`delete from titles where control_number = 'a-1'`);
    const again = await harvestNow(b.database.db, 'Biblioteca A');
    expect(again[0]).toMatchObject({ status: 'complete', deleted: 1 });
    // From the last datestamp seen: the newest title again (`from` is inclusive) and the tombstone.
    expect(again[0]!.received).toBeLessThanOrEqual(2);
    expect((await searchB('termo1=sertao+veredas')).total).toBe(0);
    expect(await countB()).toBe(TITLES - 1);
  });
});
