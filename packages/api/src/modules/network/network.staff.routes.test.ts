import { createServer } from 'node:net';
import { networkEndpoints, networkPartnerEndpoints as partners, type Parceiro } from '@estante/contracts/network';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, patronToken, type TestApp } from '../../../test/app.js';
import { createPatron, grantStaffRoles } from '../../../test/factories.js';
import { marcRecord } from '../../../test/marc.js';
import { type OaiPartner, startOaiPartner } from '../../../test/oai-partner.js';
import { queryRows } from '../../db/client.js';

/**
 * The administration's partners over HTTP (issue 54): a partner added only when its address
 * answers OAI-PMH, harvested now through the scheduler with its progress in the list, removed with
 * its records; each act audited; for the administração role only.
 */
let t: TestApp;
let partner: OaiPartner;
let closedPort = 0;
const token: Record<'gestora' | 'balcao', string> = { gestora: '', balcao: '' };

beforeAll(async () => {
  t = await createTestApp();
  for (const [login, role] of [
    ['gestora', 'administracao'],
    ['balcao', 'circulacao'],
  ] as const) {
    await createPatron(t.database.db, { login, nome: `${login} Teste`, password: `senha-${login}-1` });
    await grantStaffRoles(t.database.db, login, [role]);
    token[login] = await patronToken(t.app, login, `senha-${login}-1`);
  }
  partner = await startOaiPartner({
    pageSize: 1,
    records: ['r1', 'r2', 'r3'].map((id, i) => ({ id, datestamp: `2025-02-0${i + 1}`, marc: marcRecord({ id, title: `Livro parceiro ${id}` }) })),
  });
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closedPort = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
afterAll(async () => {
  await t.app.scheduler.stop();
  await t.close();
  await partner.close();
});

const list = async () => (await call(t.app, partners.list, {}, token.gestora)).body;
const count = async () => (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from network_partners`))[0]!.n;

describe('the partner network for the administration', () => {
  it('is for the administração role only', async () => {
    expect((await call(t.app, partners.list, {}, token.balcao)).status).toBe(403);
    expect((await call(t.app, partners.add, { body: { endereco: partner.url, nome: 'X' } }, token.balcao)).status).toBe(403);
    expect(await count()).toBe(0);
  });

  it('adds a partner only when its address answers OAI-PMH, and never twice', async () => {
    const refused = async (body: object, status: number) => {
      const answer = await call(t.app, partners.add, { body: body as never }, token.gestora);
      expect(answer.status).toBe(status);
      return answer.body as unknown as { message: string };
    };
    await refused({ endereco: 'ftp://catalogo.example/oai', nome: 'FTP' }, 400);
    await refused({ endereco: 'https://user:senha@catalogo.example/oai', nome: 'Senha' }, 400);
    await refused({ endereco: partner.url, nome: '' }, 400);
    await refused({ endereco: partner.url, nome: 'Modelo', registro: 'https://catalogo.example/registro' }, 400);
    expect((await refused({ endereco: `http://127.0.0.1:${closedPort}/oai`, nome: 'Desligada' }, 422)).message).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/oai não responde como um servidor OAI-PMH: could not reach/,
    );
    expect(await count()).toBe(0);

    const added = await call(t.app, partners.add, { body: { endereco: partner.url, nome: '  Biblioteca Municipal ' } }, token.gestora);
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ nome: 'Biblioteca Municipal', endereco: partner.url, formato: 'marc21', registros: 0, coleta: null, falhas: 0 });
    expect((await refused({ endereco: 'https://outra.example/oai', nome: 'Biblioteca Municipal' }, 409)).message).toBe(
      `Já há um parceiro chamado "Biblioteca Municipal" (${partner.url}).`,
    );
    expect((await refused({ endereco: partner.url, nome: 'Outra' }, 409)).message).toBe(`${partner.url} já é coletado como "Biblioteca Municipal".`);
    expect(await list()).toEqual([added.body]);
  });

  it('harvests now through the scheduler, the progress and the outcome in the list; one harvest at a time', async () => {
    const [municipal] = await list();
    await t.app.scheduler.start({ pollingSeconds: 0.5, catchUp: false });
    const asked = await call(t.app, partners.harvest, { params: { id: String(municipal!.cod_empresa) } }, token.gestora);
    expect(asked.status).toBe(202);
    let now: Parceiro | undefined;
    for (let i = 0; i < 120 && now?.coleta?.situacao !== 'completa'; i++) {
      now = (await list())[0];
      if (now?.coleta?.situacao !== 'completa') await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(now).toMatchObject({
      registros: 3,
      ultima_coleta: expect.any(String),
      coleta: { situacao: 'completa', paginas: 3, recebidos: 3, novos: 3, apagados: 0, erro: null },
    });
    expect((await call(t.app, networkEndpoints.institutions, {}, token.gestora)).body).toEqual([
      expect.objectContaining({ desc_empresa: 'Biblioteca Municipal', total: 3 }),
    ]);
    // A harvest moving now (written a moment ago) is not asked for twice; one that stopped moving long ago shows as interrupted.
    const running = { ...now!.coleta!, situacao: 'coletando', atualizada: new Date().toISOString() };
    await t.database.db.execute(sql`update network_partners set coleta = ${JSON.stringify(running)}::jsonb`);
    const twice = await call(t.app, partners.harvest, { params: { id: String(municipal!.cod_empresa) } }, token.gestora);
    expect(twice.status).toBe(409);
    const stalled = { ...running, atualizada: new Date(Date.now() - 600_000).toISOString() };
    await t.database.db.execute(sql`update network_partners set coleta = ${JSON.stringify(stalled)}::jsonb`);
    expect((await list())[0]!.coleta!.situacao).toBe('interrompida');
    expect((await call(t.app, partners.harvest, { params: { id: '999999' } }, token.gestora)).status).toBe(404);
  });

  it('removes a partner with its records, and audits every act in the staff member’s name', async () => {
    const [municipal] = await list();
    const removed = await call(t.app, partners.remove, { params: { id: String(municipal!.cod_empresa) } }, token.gestora);
    expect(removed.body).toEqual({ registros: 3 });
    expect(await list()).toEqual([]);
    expect((await call(t.app, partners.remove, { params: { id: String(municipal!.cod_empresa) } }, token.gestora)).status).toBe(404);
    const acts = await queryRows<{ autor: string; acao: string; alvo: string }>(
      t.database.db,
      sql`select autor, acao, alvo from staff_audit where acao like 'network.%' order by id`,
    );
    expect(acts.map((a) => a.acao)).toEqual(['network.add', 'network.harvest', 'network.remove']);
    expect(new Set(acts.map((a) => a.alvo))).toEqual(new Set([`parceiro:${municipal!.cod_empresa}`]));
    expect(acts.every((a) => /^pessoa:\d+$/.test(a.autor))).toBe(true);
  });
});
