import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LOAN_REQUEST_FILTERS, loanRequestQueueEndpoints, loanRequestsEndpoints, type SolicitacaoBody } from '@estante/contracts/circulation';
import { call, createTestApp, patronToken, publicToken, type TestApp } from '../../../test/app.js';
import { createCopies, createInstitution, createLibraries, createPatron, createTitles, grantStaffRoles } from '../../../test/factories.js';
import { queryRows } from '../../db/client.js';
import { runAdminCommand } from '../../admin/commands.js';

/** "Grande sertão" has two copies on the shelf at the north library; "Sagarana" has volumes. */
let t: TestApp;
const token: Record<string, string> = {};
const id: Record<string, number> = {};
let central: number;
let norte: number;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await createInstitution(db);
  Object.assign(
    id,
    await createTitles(db, [
      { id: 'gs', title: 'Grande sertão: veredas', year: 1956 },
      { id: 'sg', title: 'Sagarana', year: 1946 },
      { id: 'x', title: 'Sem exemplares', year: 2000 },
    ]),
  );
  [central, norte] = (await createLibraries(db, ['Biblioteca Central', 'Biblioteca Norte'])).map((l) => l.codBiblioteca) as [number, number];
  await createCopies(db, [
    { codAcervo: id.gs!, codBiblioteca: norte, tombo: 'G1', localizacao: '869.3 R694g' },
    { codAcervo: id.gs!, codBiblioteca: norte, tombo: 'G2', localizacao: '869.3 R694g' },
    { codAcervo: id.sg!, codBiblioteca: norte, tombo: 'S1', localizacao: '869.3 R694s', volume: '1' },
  ]);
  for (const login of ['ana', 'bruno', 'carla', 'marcos']) {
    await createPatron(db, { login, nome: `${login} Teste`, password: `senha-${login}`, email: `${login}@example.org` });
    token[login] = await patronToken(t.app, login, `senha-${login}`);
  }
  await grantStaffRoles(db, 'marcos', ['atendimento']);
  token.anonymous = await publicToken(t.app);
});
afterAll(() => t.close());

/** A login's token (or the anonymous one). */
const as = (who: string) => token[who]!;
const form = (extra: Partial<SolicitacaoBody> = {}): SolicitacaoBody => ({
  biblioteca_origem: norte,
  biblioteca_recebimento: central,
  telefone: '(48) 3721-0000',
  email: 'ana@example.org',
  cod_local_recebimento: 1,
  ...extra,
});
const ask = (who: string, title: number, extra: Partial<SolicitacaoBody> = {}) =>
  call(t.app, loanRequestsEndpoints.request, { params: { id: String(title) }, body: form(extra) }, as(who));
const start = (who: string, title: number) => call(t.app, loanRequestsEndpoints.start, { params: { id: String(title) } }, as(who));

describe('loan requests', () => {
  it('tells where copies are on the shelf and where they can go, with the patron’s e-mail', async () => {
    const info = (await start('ana', id.gs!)).body;
    expect(info.origens).toEqual([{ cod_biblioteca: norte, desc_biblioteca: 'Biblioteca Norte', disponiveis: 2 }]);
    expect(info.recebimento.map((l) => l.desc_biblioteca)).toEqual(['Biblioteca Central', 'Biblioteca Norte']);
    expect(info.email).toBe('ana@example.org');
    expect((await start('anonymous', id.gs!)).body.email).toBeNull();
  });

  it('validates the form as spec §5 says, storing nothing', async () => {
    const cases: [Partial<SolicitacaoBody>, string][] = [
      [{ telefone: '' }, 'phone required'],
      [{ telefone: '48 99999-0000 ramal 2' }, 'phone: at most 16'],
      [{ email: 'ana@' }, 'not a valid e-mail'],
      [{ email: '' }, 'e-mail required'],
      [{ cod_local_recebimento: 7 } as never, 'receipt location required'],
      [{ cod_local_recebimento: 2 }, 'home address required'],
      [{ biblioteca_recebimento: undefined }, 'receiving library required'],
    ];
    for (const [extra, message] of cases) {
      const response = await ask('ana', id.gs!, extra);
      expect({ extra, status: response.status, message: response.body.message }).toEqual({
        extra,
        status: 400,
        message: expect.stringContaining(message),
      });
    }
    expect(await queryRows(t.database.db, sql`select 1 from loan_requests`)).toEqual([]);
  });

  it('asks for a copy; refuses with the four reasons of spec §8', async () => {
    expect((await ask('ana', id.gs!, { cod_local_recebimento: 2, domicilio: 'Rua das Flores, 12' })).status).toBe(200);
    expect((await ask('ana', id.gs!)).body.key).toBe('SolicitacaoIdentica');
    expect((await ask('bruno', id.gs!)).status).toBe(200);
    expect((await ask('carla', id.gs!)).body.key).toBe('SolicitacaoExemplaresComprometidos');
    expect((await ask('carla', id.x!)).body.key).toBe('SolicitacaoSemExemplares');
    expect((await ask('carla', id.sg!)).body.key).toBe('ReservaSelecioneOpcoes');
    expect((await ask('carla', id.sg!, { volume: '1' })).status).toBe(200);
    await t.database.db.execute(sql`update institution set parametros = parametros || '{"limite_solicitacoes": 1}'`);
    expect((await ask('carla', id.gs!, { biblioteca_origem: norte })).body.key).toBe('SolicitacaoExemplaresComprometidos');
    await t.database.db.execute(sql`update loan_requests set situacao = 'cancelada' where cod_pessoa = (select cod_pessoa from logins where login = 'bruno')`);
    const limited = await ask('carla', id.gs!);
    expect(limited.body).toMatchObject({
      status: 422,
      key: 'SolicitacaoLimiteExcedido',
      message: 'Solicitação cancelada: limite de 1 solicitações em aberto excedido.',
    });
    expect((await ask('anonymous', id.gs!)).status).toBe(403);
  });

  it('lists the patron’s requests by status and period', async () => {
    const list = (status: (typeof LOAN_REQUEST_FILTERS)[number], who = 'ana') =>
      call(t.app, loanRequestsEndpoints.mine, { query: { dataIni: '2000-01-01', dataFim: '2999-12-31', status } }, as(who));
    const all = (await list('todas')).body;
    expect(all).toEqual([
      expect.objectContaining({
        titulo: 'Grande sertão: veredas',
        origem: 'Biblioteca Norte',
        recebimento: 'Biblioteca Central',
        cod_local_recebimento: 2,
        situacao: 'aguardando',
      }),
    ]);
    expect((await list('aguardando')).body).toHaveLength(1);
    expect((await list('cancelada')).body).toEqual([]);
    expect((await list('cancelada', 'bruno')).body).toHaveLength(1);
    expect((await list('qualquer' as never)).status).toBe(400);
    expect((await call(t.app, loanRequestsEndpoints.mine, { query: { dataIni: '2030-01-02', dataFim: '2030-01-01' } }, as('ana'))).status).toBe(400);
  });

  it('moves through its statuses at the desk, in order, by command and on the queue screen; each step audited', async () => {
    const staff = (...args: string[]) => runAdminCommand(t.database.db, { command: 'circ.request', args });
    const [request] = await queryRows<{ cod_solicitacao: number }>(
      t.database.db,
      sql`select cod_solicitacao from loan_requests where situacao = 'aguardando' order by 1 limit 1`,
    );
    const n = String(request!.cod_solicitacao);
    const open = (await call(t.app, loanRequestQueueEndpoints.openCount, {}, as('marcos'))).body.abertas;
    const queued = await call(t.app, loanRequestQueueEndpoints.queue, { query: { status: 'aguardando' } }, as('marcos'));
    expect(queued.body[0]).toMatchObject({
      cod_solicitacao: Number(n),
      pessoa: expect.stringMatching(/Teste$/),
      telefone: expect.any(String),
      email: expect.any(String),
    });
    expect(
      (await call(t.app, loanRequestQueueEndpoints.queue, { query: { status: 'aguardando', biblioteca: norte } }, as('marcos'))).body.every(
        (r) => r.recebimento === 'Biblioteca Norte',
      ),
    ).toBe(true);
    expect((await call(t.app, loanRequestQueueEndpoints.queue, { query: {} }, as('ana'))).status).toBe(403);
    await expect(staff(n, 'retirada')).rejects.toThrow(`Loan request ${n} is “aguardando”: it cannot become “retirada”.`);
    const moved = await call(t.app, loanRequestQueueEndpoints.move, { params: { id: n }, body: { situacao: 'em_transito' } }, as('marcos'));
    expect(moved.body).toMatchObject({ cod_solicitacao: Number(n), situacao: 'em_transito' });
    expect((await call(t.app, loanRequestQueueEndpoints.move, { params: { id: n }, body: { situacao: 'atendida' } }, as('marcos'))).status).toBe(409);
    expect((await call(t.app, loanRequestQueueEndpoints.move, { params: { id: '999999' }, body: { situacao: 'cancelada' } }, as('marcos'))).status).toBe(404);
    expect((await call(t.app, loanRequestQueueEndpoints.move, { params: { id: n }, body: { situacao: 'aguardando' as never } }, as('marcos'))).status).toBe(
      400,
    );
    for (const status of ['disponivel', 'retirada', 'atendida']) expect(await staff(n, status)).toBe(`loan request ${n} is now ${status}`);
    expect((await call(t.app, loanRequestQueueEndpoints.openCount, {}, as('marcos'))).body.abertas).toBe(open - 1);
    await expect(staff(n, 'cancelada')).rejects.toThrow('cannot become “cancelada”');
    await expect(staff(n, 'voando')).rejects.toThrow('Unknown status: voando');
    await expect(staff('999999', 'cancelada')).rejects.toThrow('Loan request 999999 not found.');
    const steps = await queryRows<{ acao: string; situacao: string }>(
      t.database.db,
      sql`select acao, detalhes->>'situacao' as situacao from staff_audit where alvo = ${`solicitacao-emprestimo:${n}`} order by id`,
    );
    expect(steps).toEqual(['em_transito', 'disponivel', 'retirada', 'atendida'].map((situacao) => ({ acao: 'circulation.request', situacao })));
  });
});
