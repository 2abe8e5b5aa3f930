import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { STAFF_ROLES } from '@estante/contracts/kernel';
import { sql } from 'drizzle-orm';
import { auditEndpoints } from '@estante/contracts/staff';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, patronToken, type TestApp } from '../../../test/app.js';
import { createLibraries, createPatron } from '../../../test/factories.js';
import { runAdminCommand } from '../../admin/commands.js';
import { queryRows } from '../../db/client.js';
import { loadStaffCommands, staffCommands } from '../../lib/staff-commands.js';

/**
 * Staff roles from the command line (issue 51): `npm run staff -- staff grant | revoke | list`,
 * and what a grant or a revocation does to the staff calls at once.
 */
let t: TestApp;
const staff = (verb: string, ...args: string[]) => runAdminCommand(t.database.db, { command: `staff.${verb}`, args });

beforeAll(async () => {
  t = await createTestApp();
  await createLibraries(t.database.db, ['Central']);
  await createPatron(t.database.db, { login: 'fernanda', nome: 'Fernanda Rocha', password: 'senha-fer-1' });
});
afterAll(() => t.close());

const queue = async () => {
  const token = await patronToken(t.app, 'fernanda', 'senha-fer-1');
  return (await t.app.inject({ method: 'GET', url: '/svc/api/solicitacoes/balcao/fila', headers: { authorization: `Bearer ${token}` } })).statusCode;
};

describe('npm run staff -- staff', () => {
  it('grants roles that open the staff calls at once, and revokes them', async () => {
    expect(await staff('list')).toBe('no staff members yet: npm run staff -- staff grant <login> <role[,role…]>');
    expect(await queue()).toBe(403);
    expect(await staff('grant', 'fernanda', 'atendimento,circulacao')).toBe('Fernanda Rocha: circulacao, atendimento');
    expect(await queue()).toBe(200);
    // Granting a held role again keeps it once.
    expect(await staff('grant', 'Fernanda', 'atendimento')).toBe('Fernanda Rocha: circulacao, atendimento');
    expect(await staff('list')).toMatch(/^#\d+ {2}Fernanda Rocha \(fernanda\): circulacao, atendimento$/);
    expect(await staff('revoke', 'fernanda', 'atendimento')).toBe('Fernanda Rocha: circulacao');
    expect(await queue()).toBe(403);
    expect(await staff('revoke', 'fernanda', 'circulacao')).toBe('Fernanda Rocha: no staff role (a patron only)');
  });

  it('refuses an unknown role or login, changing nothing', async () => {
    await expect(staff('grant', 'fernanda', 'circulacao,chefe')).rejects.toThrow('unknown role chefe: the roles are circulacao, atendimento');
    await expect(staff('grant', 'ninguem', 'circulacao')).rejects.toThrow('no active login ninguem');
    await expect(staff('grant', 'fernanda')).rejects.toThrow(/a login and one or more roles/);
    expect(await staff('list')).toMatch(/^no staff members yet/);
  });
});

describe('the staff accounts over HTTP (issue 53, role administração)', () => {
  it('lists the staff, grants and takes back roles with an audit row each, and never takes the last administrator', async () => {
    await createPatron(t.database.db, { login: 'rafael', nome: 'Rafael Gomes', password: 'senha-raf-1' });
    await createPatron(t.database.db, { login: 'luana', nome: 'Luana Dias', password: 'senha-lua-1' });
    await staff('grant', 'rafael', 'administracao');
    const rafael = await patronToken(t.app, 'rafael', 'senha-raf-1');
    const call = (method: 'GET' | 'POST', url: string, payload?: object, token = rafael) =>
      t.app.inject({ method, url: `/svc/api/equipe/membros${url}`, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
    const listed = (await call('GET', '')).json();
    expect(listed).toEqual([{ cod_pessoa: expect.any(Number), nome: 'Rafael Gomes', logins: ['rafael'], papeis: ['administracao'] }]);
    const granted = await call('POST', '', { login: ' LUANA ', papeis: ['circulacao', 'moderacao'] });
    expect(granted.json()).toMatchObject({ nome: 'Luana Dias', papeis: ['circulacao', 'moderacao'] });
    const luana = granted.json().cod_pessoa as number;
    // Luana holds no administration role: the accounts are not hers to change.
    const hers = await patronToken(t.app, 'luana', 'senha-lua-1');
    expect((await call('POST', '', { login: 'luana', papeis: ['administracao'] }, hers)).statusCode).toBe(403);
    expect((await call('POST', '', { login: 'ninguem', papeis: ['circulacao'] })).json()).toMatchObject({ key: 'LoginNaoEncontrado' });
    expect((await call('POST', '', { login: 'luana', papeis: [] })).statusCode).toBe(400);
    expect((await call('POST', '', { login: 'luana', papeis: ['circulacao', 'circulacao'] })).statusCode).toBe(400);
    expect((await call('POST', '', { login: 'luana', papeis: ['chefe'] })).statusCode).toBe(400);
    expect((await call('POST', `/${luana}/revogar`, { papeis: ['moderacao'] })).json()).toMatchObject({ papeis: ['circulacao'] });
    expect((await call('POST', `/${luana}/revogar`, { papeis: ['circulacao'] })).json()).toBeNull();
    expect((await call('POST', `/${luana}/revogar`, { papeis: ['circulacao'] })).json()).toMatchObject({ key: 'NaoEhEquipe' });
    const me = listed[0].cod_pessoa as number;
    const last = await call('POST', `/${me}/revogar`, { papeis: ['administracao'] });
    expect(last.statusCode).toBe(422);
    expect(last.json().key).toBe('UltimoAdministrador');
    const audit = await queryRows<{ acao: string; autor: string; alvo: string }>(
      t.database.db,
      sql`select acao, autor, alvo from staff_audit where alvo = ${`pessoa:${luana}`} order by id`,
    );
    expect(audit).toEqual([
      { acao: 'staff.grant', autor: `pessoa:${me}`, alvo: `pessoa:${luana}` },
      { acao: 'staff.revoke', autor: `pessoa:${me}`, alvo: `pessoa:${luana}` },
      { acao: 'staff.revoke', autor: `pessoa:${me}`, alvo: `pessoa:${luana}` },
    ]);
  });
});

describe('the staff audit over HTTP (issue 53, role administração)', () => {
  it('reads the acts newest first with the names of who and whom, filtered and paged, and exports them as CSV', async () => {
    const rafael = await patronToken(t.app, 'rafael', 'senha-raf-1');
    const admin = (await queryRows<{ cod_pessoa: number }>(t.database.db, sql`select cod_pessoa from logins where login = 'rafael'`))[0]!.cod_pessoa;
    // Sixty acts of a desk, besides the role changes above: a minute apart within today (UTC),
    // before noon, so that all are today's whenever the test runs (from now back, they straddled
    // midnight in the first hour of a day).
    await t.database.db.execute(
      sql`insert into staff_audit (em, autor, acao, alvo, motivo, detalhes)
          select (date_trunc('day', now() at time zone 'UTC') + interval '12 hours') at time zone 'UTC' - make_interval(mins => n), ${`pessoa:${admin}`}, 'circulation.checkout', 'exemplar:T' || n, case when n = 1 then 'Autorizado, "com aspas"; e vírgula' end,
                 jsonb_build_object('cod_pessoa', ${admin}::int) from generate_series(1, 60) n`,
    );
    const page = (query: Record<string, string | number>) => call(t.app, auditEndpoints.list, { query }, rafael);
    const first = await page({ acao: 'circulation' });
    expect(first.body.total).toBe(60);
    expect(first.body.itens).toHaveLength(50);
    expect(first.body.itens[0]).toMatchObject({
      acao: 'circulation.checkout',
      alvo: 'exemplar:T1',
      autor_nome: 'Rafael Gomes',
      motivo: 'Autorizado, "com aspas"; e vírgula',
    });
    expect((await page({ acao: 'circulation', pagina: 2 })).body.itens.map((a) => a.alvo)).toEqual(Array.from({ length: 10 }, (_, i) => `exemplar:T${51 + i}`));
    const grants = await page({ acao: 'staff.grant', autor: admin });
    expect(grants.body.itens).toEqual([
      expect.objectContaining({ alvo_nome: 'Luana Dias', autor_nome: 'Rafael Gomes', detalhes: { papeis: ['circulacao', 'moderacao'] } }),
    ]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await page({ pessoa: admin, de: '2000-01-01', ate: '2000-12-31' })).body.total).toBe(0);
    expect((await page({ pessoa: admin, de: today, ate: today })).body.total).toBeGreaterThanOrEqual(60);
    expect((await page({ acao: 'DROP TABLE' })).status).toBe(400);
    expect((await page({ de: '29/11/2026' })).status).toBe(400);

    const csv = await t.app.inject({
      method: 'GET',
      url: '/svc/api/equipe/auditoria/csv?acao=circulation.checkout',
      headers: { authorization: `Bearer ${rafael}` },
    });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = parse(csv.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(60);
    expect(rows[0]).toMatchObject({
      acao: 'circulation.checkout',
      alvo: 'exemplar:T1',
      autor_nome: 'Rafael Gomes',
      motivo: 'Autorizado, "com aspas"; e vírgula',
    });
    expect(JSON.parse(rows[0]!.detalhes!)).toEqual({ cod_pessoa: admin });
    const luana = await patronToken(t.app, 'luana', 'senha-lua-1');
    expect((await call(t.app, auditEndpoints.list, { query: {} }, luana)).status).toBe(403);
  });
});

describe('the staff commands', () => {
  it('are each defined once by their module, and listed in the usage with every role', async () => {
    await loadStaffCommands();
    const groups = new Set(staffCommands.all.map((c) => c.group));
    expect([...groups].sort()).toEqual([
      'acquisitions',
      'catalog',
      'circ',
      'comments',
      'institution',
      'jobs',
      'network',
      'people',
      'requests',
      'serials',
      'staff',
    ]);
    const usage = staffCommands.usage();
    for (const command of staffCommands.all.filter((c) => !c.hidden)) expect(usage).toContain(`npm run staff -- ${command.group} ${command.verb}`);
    expect(usage).not.toContain('catalog import');
    for (const role of STAFF_ROLES) expect(staffCommands.usage('staff')).toContain(role);
    await expect(runAdminCommand(t.database.db, { command: 'circ.lend', args: [] })).rejects.toThrow(/^unknown command circ\.lend\nusage:/);
  });

  it('answer from the command line, the usage listing every group', () => {
    const root = fileURLToPath(new URL('../../../../../', import.meta.url));
    const dataDir = mkdtempSync(path.join(tmpdir(), 'estante-staff-cli-'));
    try {
      const run = (...args: string[]) => {
        try {
          return {
            status: 0,
            out: execFileSync('node', ['--import', 'tsx', 'packages/api/src/cli/staff.ts', ...args], {
              cwd: root,
              encoding: 'utf8',
              env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
              stdio: 'pipe',
            }),
          };
        } catch (error) {
          const failed = error as { status: number; stderr: string };
          return { status: failed.status, out: failed.stderr };
        }
      };
      const usage = run();
      expect(usage.status).toBe(1);
      expect(usage.out).toContain('npm run staff -- institution text <field> <pt|en|es>');
      expect(usage.out).toContain('npm run staff -- staff grant <login> <role[,role…]>');
      const group = run('circ');
      expect(group.out).toContain('npm run staff -- circ checkout <tombo> <login> [reason…]');
      expect(group.out).not.toContain('institution');
      expect(run('staff', 'list')).toEqual({ status: 0, out: 'no staff members yet: npm run staff -- staff grant <login> <role[,role…]>\n' });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
