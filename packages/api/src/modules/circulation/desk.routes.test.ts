import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, patronToken, type TestApp } from '../../../test/app.js';
import { createLibraries, createPatron, grantStaffRoles } from '../../../test/factories.js';
import { asItems } from '../../../test/marc.js';
import { queryRows } from '../../db/client.js';
import { copies, titles } from '../../db/schema/index.js';
import { runAdminCommand } from '../../admin/commands.js';
import { importMarcRecords } from '../catalog/catalog.import.js';

/** Fernanda works at the desk; Ana and Bruno are patrons. One copy of "Capitães da areia". */
let t: TestApp;
const token: Record<string, string> = {};
let central: number;
let title: number;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await importMarcRecords(db, asItems([{ id: 'c', title: 'Capitães da areia', year: 1937 }]));
  [{ id: title }] = (await db.select({ id: titles.codAcervo }).from(titles)) as [{ id: number }];
  [central] = (await createLibraries(db, ['Biblioteca Central'])).map((l) => l.codBiblioteca) as [number];
  await db.insert(copies).values({ codAcervo: title, codBiblioteca: central, codTipoEmprestimo: 1, tombo: 'K1', localizacao: '869.3 A476c' });
  for (const login of ['fernanda', 'ana', 'bruno']) {
    await createPatron(db, { login, nome: `${login} Teste`, password: `senha-${login}` });
    token[login] = await patronToken(t.app, login, `senha-${login}`);
  }
  await grantStaffRoles(db, 'fernanda', ['circulacao']);
});
afterAll(() => t.close());

const post = (who: string, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/svc${url}`, headers: { authorization: `Bearer ${token[who]}` }, payload });
const status = async () => (await queryRows<{ status: string }>(t.database.db, sql`select status from copies where tombo = 'K1'`))[0]!.status;

describe('the circulation desk over HTTP', () => {
  it('is for desk staff only', async () => {
    const refused = await post('ana', '/api/circulacao/emprestimo', { tombo: 'K1', login: 'ana' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ key: 'PapelNecessario', message: 'Somente a equipe da biblioteca com o papel de circulação pode fazer isto.' });
    expect(await status()).toBe('disponivel');
  });

  it('lends and takes back, releasing the next hold', async () => {
    const lent = await post('fernanda', '/api/circulacao/emprestimo', { tombo: 'K1', login: 'ana' });
    expect(lent.statusCode).toBe(200);
    expect(lent.json()).toMatchObject({ nome: 'ana Teste', devolucao: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect((await post('bruno', '/reserva', { cod_acervo: title, biblioteca: central })).json().posicao).toBe(1);
    const back = await post('fernanda', '/api/circulacao/devolucao', { tombo: 'K1' });
    expect(back.json()).toMatchObject({ multa: null, reserva: { cod_reserva: expect.any(Number) } });
    expect(await status()).toBe('reservado');
    expect((await post('fernanda', '/api/circulacao/devolucao', { tombo: 'K1' })).json().key).toBe('ExemplarNaoEmprestado');
    expect((await post('fernanda', '/api/circulacao/emprestimo', { tombo: '' })).statusCode).toBe(400);
  });

  it('expires a released hold not picked up by its deadline; the copy goes back on the shelf', async () => {
    expect(await runAdminCommand(t.database.db, { command: 'circ.expire', args: [] })).toBe('0 hold(s) expired');
    await t.database.db.execute(sql`update holds set prazo_retirada = current_date - 1 where situacao = 'liberada'`);
    expect(await runAdminCommand(t.database.db, { command: 'circ.expire', args: [] })).toBe('1 hold(s) expired');
    expect(await status()).toBe('disponivel');
    const [hold] = await queryRows<{ situacao: string }>(t.database.db, sql`select situacao from holds`);
    expect(hold!.situacao).toBe('expirada');
  });
});
