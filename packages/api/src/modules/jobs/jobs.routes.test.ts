import { jobsEndpoints, type Tarefa } from '@estante/contracts/jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, patronToken, type TestApp } from '../../../test/app.js';
import { createPatron, grantStaffRoles } from '../../../test/factories.js';

/** The staff area's jobs page (issue 51): `GET /api/equipe/tarefas`, for the administration. */
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  await createPatron(t.database.db, { login: 'gestora', nome: 'Gestora Teste', password: 'senha-gestora-1' });
  await grantStaffRoles(t.database.db, 'gestora', ['administracao']);
  token = await patronToken(t.app, 'gestora', 'senha-gestora-1');
});
afterAll(async () => {
  await t.app.scheduler.stop();
  await t.close();
});

const jobs = async () => {
  const response = await call(t.app, jobsEndpoints.list, {}, token);
  expect(response.status).toBe(200);
  return response.body;
};

describe('GET /api/equipe/tarefas', () => {
  it('lists every job the modules define, by name, before the scheduler has run any', async () => {
    const list = await jobs();
    expect(list.map((j) => j.nome)).toEqual([...t.app.scheduler.definitions.map((d) => d.name)].sort());
    expect(list.find((j) => j.nome === 'circulation.expire-holds')).toEqual({
      nome: 'circulation.expire-holds',
      descricao: expect.stringContaining('expires holds not picked up by their deadline'),
      agenda: '0 4 * * *',
      ultima: null,
      na_fila: 0,
    });
  });

  it('shows a job’s last run, its outcome and when it ended, once the scheduler ran it', async () => {
    const started = Date.now();
    await t.app.scheduler.start({ pollingSeconds: 0.5 });
    let expire: Tarefa | undefined;
    for (let i = 0; i < 120 && !expire?.ultima; i++) {
      expire = (await jobs()).find((j) => j.nome === 'circulation.expire-holds');
      if (!expire?.ultima) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(expire!.ultima).toEqual({ em: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/), situacao: 'completed', resultado: '0 hold(s) expired' });
    // pg-boss keeps whole seconds: the run ended within this test, give or take the second.
    expect(Date.parse(expire!.ultima!.em)).toBeGreaterThanOrEqual(Math.floor(started / 1000) * 1000 - 1000);
    expect(Date.parse(expire!.ultima!.em)).toBeLessThanOrEqual(Date.now() + 1000);
  });
});
