import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, patronToken, type TestApp } from '../../../test/app.js';
import { createLibraries, createPatron, grantStaffRoles } from '../../../test/factories.js';
import { startTestMailSink, type TestMailSink } from '../../../test/mail.js';
import { asItems } from '../../../test/marc.js';
import { queryRows } from '../../db/client.js';
import { copies, debts, titles } from '../../db/schema/index.js';
import { runAdminCommand } from '../../admin/commands.js';
import { importMarcRecords } from '../catalog/catalog.import.js';

/**
 * Fernanda works at the desk; Ana, Bruno and Carla are patrons. "Capitães da areia" has one copy
 * (K1); "Vidas secas" ten (V1–V10), one of them for library use only (V10); the branch library
 * has B1 of it.
 */
let t: TestApp;
let mail: TestMailSink;
const token: Record<string, string> = {};
const person: Record<'fernanda' | 'ana' | 'bruno' | 'carla', number> = { fernanda: 0, ana: 0, bruno: 0, carla: 0 };
let central: number;
let branch: number;
let title: number;

beforeAll(async () => {
  mail = await startTestMailSink();
  t = await createTestApp({ SMTP_URL: mail.url });
  const db = t.database.db;
  await importMarcRecords(
    db,
    asItems([
      { id: 'c', title: 'Capitães da areia', year: 1937 },
      { id: 'v', title: 'Vidas secas', year: 1938 },
    ]),
  );
  const rows = await db.select({ id: titles.codAcervo, title: titles.title }).from(titles);
  title = rows.find((r) => r.title.startsWith('Capitães'))!.id;
  const dry = rows.find((r) => r.title.startsWith('Vidas'))!.id;
  [central, branch] = (await createLibraries(db, ['Biblioteca Central', 'Biblioteca Setorial'])).map((l) => l.codBiblioteca) as [number, number];
  await db.execute(
    sql`insert into loan_types (cod_tipo_emprestimo, descricao, permite_emprestimo, permite_reserva) values (4, 'Consulta local', false, false) on conflict do nothing`,
  );
  await db.insert(copies).values([
    { codAcervo: title, codBiblioteca: central, codTipoEmprestimo: 1, tombo: 'K1', localizacao: '869.3 A476c' },
    ...Array.from({ length: 9 }, (_, i) => ({
      codAcervo: dry,
      codBiblioteca: central,
      codTipoEmprestimo: 1,
      tombo: `V${i + 1}`,
      localizacao: '869.3 R165v',
    })),
    { codAcervo: dry, codBiblioteca: central, codTipoEmprestimo: 4, tombo: 'V10', localizacao: '869.3 R165v' },
    { codAcervo: dry, codBiblioteca: branch, codTipoEmprestimo: 1, tombo: 'B1', localizacao: '869.3 R165v' },
  ]);
  for (const login of ['fernanda', 'ana', 'bruno', 'carla'] as const) {
    person[login] = (
      await createPatron(db, {
        login,
        nome: `${login[0]!.toUpperCase()}${login.slice(1)} Teste`,
        password: `senha-${login}`,
        email: `${login}@example.org`,
        cpf: login === 'carla' ? '52998224725' : undefined,
      })
    ).codPessoa;
    token[login] = await patronToken(t.app, login, `senha-${login}`);
  }
  await grantStaffRoles(db, 'fernanda', ['circulacao']);
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

const post = (who: string, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/svc${url}`, headers: { authorization: `Bearer ${token[who]}` }, payload });
const get = (who: string, url: string) => t.app.inject({ method: 'GET', url: `/svc${url}`, headers: { authorization: `Bearer ${token[who]}` } });
const status = async (tombo = 'K1') => (await queryRows<{ status: string }>(t.database.db, sql`select status from copies where tombo = ${tombo}`))[0]!.status;
const audit = (acao: string) =>
  queryRows<{ autor: string; alvo: string; motivo: string | null; detalhes: Record<string, unknown> }>(
    t.database.db,
    sql`select autor, alvo, motivo, detalhes from staff_audit where acao = ${acao} order by id`,
  );
const lend = (tombo: string, who: keyof typeof person, motivo?: string) =>
  post('fernanda', '/api/circulacao/emprestimo', { tombo, cod_pessoa: person[who], ...(motivo ? { motivo } : {}) });
const giveBack = (tombo: string, biblioteca?: number) => post('fernanda', '/api/circulacao/devolucao', { tombo, ...(biblioteca ? { biblioteca } : {}) });

describe('the circulation desk over HTTP', () => {
  it('is for desk staff only', async () => {
    const refused = await post('ana', '/api/circulacao/emprestimo', { tombo: 'K1', login: 'ana' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ key: 'PapelNecessario', message: 'Somente a equipe da biblioteca com o papel de circulação pode fazer isto.' });
    expect((await get('ana', '/api/balcao/leitura?codigo=ana')).statusCode).toBe(403);
    expect(await status()).toBe('disponivel');
  });

  it('lends and takes back, releasing the next hold and e-mailing its patron', async () => {
    const lent = await post('fernanda', '/api/circulacao/emprestimo', { tombo: 'K1', login: 'ana' });
    expect(lent.statusCode).toBe(201);
    expect(lent.json()).toMatchObject({
      nome: 'Ana Teste',
      titulo: 'Capitães da areia',
      tombo: 'K1',
      liberado: [],
      devolucao: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect((await post('bruno', '/reserva', { cod_acervo: title, biblioteca: central })).json().posicao).toBe(1);
    const back = await giveBack('K1');
    expect(back.json()).toMatchObject({
      titulo: 'Capitães da areia',
      pessoa: { cod_pessoa: person.ana, nome: 'Ana Teste' },
      multa: null,
      reserva: { cod_reserva: expect.any(Number), nome: 'Bruno Teste', biblioteca: 'Biblioteca Central' },
      transito: null,
    });
    expect(await status()).toBe('reservado');
    const notice = (await mail.messages()).find((m) => m.subject === 'Sua reserva está disponível: Capitães da areia');
    expect(notice?.to).toMatchObject({ text: 'bruno@example.org' });
    expect(notice?.text).toContain('está separado para você na Biblioteca Central até');
    // Kept for Bruno: not for Ana, and Bruno's own check-out serves the hold.
    expect((await lend('K1', 'ana')).json().key).toBe('ExemplarReservadoOutraPessoa');
    const shelf = (await get('fernanda', '/api/balcao/estante-reservas')).json();
    expect(shelf).toEqual([expect.objectContaining({ tombo: 'K1', nome: 'Bruno Teste', vencida: false })]);
    expect((await lend('K1', 'bruno')).statusCode).toBe(201);
    expect((await get('fernanda', '/api/balcao/estante-reservas')).json()).toEqual([]);
    expect((await giveBack('K1')).statusCode).toBe(200);
    expect((await giveBack('K1')).json().key).toBe('ExemplarNaoEmprestado');
    expect((await post('fernanda', '/api/circulacao/emprestimo', { tombo: '' })).statusCode).toBe(400);
    expect((await post('fernanda', '/api/circulacao/emprestimo', { tombo: 'K1' })).statusCode).toBe(400);
  });

  it('reads what the desk scans: a login or CPF opens the patron, an accession number is a copy, words find patrons', async () => {
    const byLogin = (await get('fernanda', '/api/balcao/leitura?codigo=%20ANA%20')).json();
    expect(byLogin).toMatchObject({
      tipo: 'leitor',
      leitor: { cod_pessoa: person.ana, nome: 'Ana Teste', logins: ['ana'], limite_emprestimos: 5, bloqueio: false },
    });
    expect((await get('fernanda', '/api/balcao/leitura?codigo=529.982.247-25')).json()).toMatchObject({ tipo: 'leitor', leitor: { cod_pessoa: person.carla } });
    expect((await get('fernanda', '/api/balcao/leitura?codigo=V3')).json()).toEqual({
      tipo: 'exemplar',
      exemplar: { tombo: 'V3', titulo: 'Vidas secas', status: 'disponivel', emprestado_a: null },
    });
    expect((await get('fernanda', '/api/balcao/leitura?codigo=teste%20BRU')).json()).toEqual({
      tipo: 'leitores',
      leitores: [expect.objectContaining({ cod_pessoa: person.bruno, nome: 'Bruno Teste', logins: ['bruno'] })],
    });
    expect((await get('fernanda', '/api/balcao/leitura?codigo=%25%25%25')).json()).toEqual({ tipo: 'leitores', leitores: [] });
    expect((await get('fernanda', '/api/balcao/leitura?codigo=')).statusCode).toBe(400);
    expect((await get('fernanda', `/api/balcao/leitores/${person.ana}`)).json()).toMatchObject({
      nome: 'Ana Teste',
      emprestimos: [],
      debitos: [],
      total_debitos: '0.00',
    });
    expect((await get('fernanda', '/api/balcao/leitores/999999')).statusCode).toBe(404);
    expect((await get('fernanda', '/api/balcao/leitores/99999999999')).statusCode).toBe(400);
  });

  it("shows on the patron's panel their libraries, their open requests (loan and service, oldest first) and the staff's notes", async () => {
    const db = t.database.db;
    await db.execute(sql`insert into patron_libraries (cod_pessoa, cod_biblioteca) values (${person.ana}, ${branch}), (${person.ana}, ${central})`);
    await db.execute(
      sql`insert into loan_requests (cod_pessoa, cod_acervo, biblioteca_origem, biblioteca_recebimento, telefone, email, cod_local_recebimento, situacao, criada_em)
          values (${person.ana}, ${title}, ${central}, ${branch}, '4899', 'ana@example.org', 1, 'em_transito', now() - interval '3 days'),
                 (${person.ana}, ${title}, ${central}, ${branch}, '4899', 'ana@example.org', 1, 'atendida', now() - interval '9 days')`,
    );
    await db.execute(
      sql`insert into patron_requests (cod_pessoa, tipo, cod_biblioteca, resumo, dados, criado_em)
          values (${person.ana}, 'ficha-catalografica', ${central}, 'Ficha de "Memórias da Ilha"', '{}'::jsonb, now() - interval '5 days')`,
    );
    const noted = await post('fernanda', `/api/equipe/leitores/${person.ana}/notas`, { texto: 'Pediu aviso por telefone.' });
    expect(noted.statusCode).toBe(201);
    const panel = (await get('fernanda', `/api/balcao/leitores/${person.ana}`)).json();
    expect(panel.bibliotecas).toEqual(['Biblioteca Central', 'Biblioteca Setorial']);
    expect(panel.notas).toEqual([{ id: expect.any(Number), texto: 'Pediu aviso por telefone.', autor: 'Fernanda Teste', em: expect.any(String) }]);
    expect(panel.solicitacoes).toEqual([
      {
        tipo: 'ficha-catalografica',
        codigo: expect.any(Number),
        titulo: 'Ficha de "Memórias da Ilha"',
        situacao: 'aguardando',
        data: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      },
      { tipo: 'solicitacoes-emprestimo', codigo: expect.any(Number), titulo: 'Capitães da areia', situacao: 'em_transito', data: expect.any(String) },
    ]);
    expect((await get('fernanda', `/api/balcao/leitores/${person.bruno}`)).json()).toMatchObject({ bibliotecas: [], notas: [], solicitacoes: [] });
  });

  it("refuses past the category's limit, for debts and for library-use copies; a reason lends anyway, and the audit keeps it", async () => {
    await t.database.db.execute(sql`update patron_categories set limite_emprestimos = 2`);
    try {
      expect((await lend('V1', 'carla')).statusCode).toBe(201);
      expect((await lend('V2', 'carla')).statusCode).toBe(201);
      const third = await lend('V3', 'carla');
      expect(third.statusCode).toBe(422);
      expect(third.json()).toMatchObject({ key: 'LimiteEmprestimos', message: 'A pessoa já tem 2 empréstimos abertos, o limite da sua categoria (2).' });
      expect((await lend('V3', 'carla', 'ok')).statusCode).toBe(400);
      const overridden = await lend('V3', 'carla', 'Trabalho de conclusão: autorizado pela coordenação');
      expect(overridden.statusCode).toBe(201);
      expect(overridden.json().liberado).toEqual(['LimiteEmprestimos']);
      const [, , forced] = await audit('circulation.checkout').then((rows) => rows.filter((r) => r.detalhes.cod_pessoa === person.carla));
      expect(forced).toMatchObject({
        autor: expect.stringMatching(/^pessoa:\d+$/),
        alvo: 'exemplar:V3',
        motivo: 'Trabalho de conclusão: autorizado pela coordenação',
        detalhes: { liberado: ['LimiteEmprestimos'] },
      });
      expect((await lend('V10', 'bruno')).json()).toMatchObject({ key: 'ExemplarNaoEmprestavel' });
      await t.database.db.insert(debts).values({ codPessoa: person.bruno!, service: 'multa_atraso', amount: '7.50' });
      expect((await lend('V4', 'bruno')).json()).toMatchObject({ key: 'PossuiDebitos', message: 'A pessoa tem débitos em aberto: R$ 7,50.' });
      const patron = (await get('fernanda', `/api/balcao/leitores/${person.bruno}`)).json();
      expect(patron).toMatchObject({ total_debitos: '7.50', debitos: [{ servico: 'multa_atraso', valor: '7.50' }] });
      const settled = await post('fernanda', `/api/balcao/debitos/${patron.debitos[0].cod_debito}`, { forma: 'abono', motivo: 'Primeira ocorrência' });
      expect(settled.json()).toMatchObject({ total_debitos: '0.00', debitos: [] });
      expect((await post('fernanda', `/api/balcao/debitos/${patron.debitos[0].cod_debito}`, { forma: 'pagamento', motivo: 'De novo' })).json().key).toBe(
        'DebitoQuitado',
      );
      expect(await audit('circulation.waive')).toEqual([expect.objectContaining({ alvo: `pessoa:${person.bruno}`, motivo: 'Primeira ocorrência' })]);
      expect((await lend('V4', 'bruno')).statusCode).toBe(201);
    } finally {
      await t.database.db.execute(sql`update patron_categories set limite_emprestimos = 5`);
    }
  });

  it('refuses a blocked patron (430) until unblocked, both with a reason', async () => {
    const blocked = await post('fernanda', `/api/balcao/leitores/${person.carla}/bloqueio`, { bloquear: true, motivo: 'Documentação pendente' });
    expect(blocked.json()).toMatchObject({ bloqueio: true, motivo_bloqueio: 'Documentação pendente' });
    expect((await lend('V5', 'carla', 'Mesmo assim')).statusCode).toBe(430);
    expect((await post('fernanda', `/api/balcao/leitores/${person.carla}/bloqueio`, { bloquear: false, motivo: 'Entregou' })).json()).toMatchObject({
      bloqueio: false,
    });
    expect((await audit('people.block')).at(-1)).toMatchObject({ alvo: `pessoa:${person.carla}`, motivo: 'Documentação pendente' });
    expect((await audit('people.unblock')).at(-1)).toMatchObject({ motivo: 'Entregou' });
  });

  it('fines a late return, renews at the desk, sends a copy of another library in transit, and e-mails a receipt', async () => {
    expect((await lend('V6', 'ana')).statusCode).toBe(201);
    const [loan] = await queryRows<{ cod_emprestimo: number }>(
      t.database.db,
      sql`select cod_emprestimo from loans l join copies c using (cod_exemplar) where c.tombo = 'V6' and l.data_devolucao is null`,
    );
    // Due tomorrow (lent a while ago): a renewal moves it; a second one today would not, and is refused.
    await t.database.db.execute(sql`update loans set data_devolucao_prevista = current_date + 1 where cod_emprestimo = ${loan!.cod_emprestimo}`);
    const renewed = await post('fernanda', '/api/balcao/renovacao', { cod_emprestimo: loan!.cod_emprestimo });
    expect(renewed.json()).toMatchObject({ cod_emprestimo: loan!.cod_emprestimo, devolucao: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect((await post('fernanda', '/api/balcao/renovacao', { cod_emprestimo: loan!.cod_emprestimo })).json().key).toBe('RenovacaoRecusada');
    const receipt = await post('fernanda', `/api/balcao/leitores/${person.ana}/recibo`, { idioma: 'en' });
    expect(receipt.json()).toEqual({ email: 'ana@example.org', emprestimos: 1, idioma: 'en' });
    const sent = (await mail.messages()).find((m) => m.subject === 'Your library loans');
    expect(sent?.text).toMatch(/Vidas secas \(copy V6\): due /);
    // Unless the desk chooses, the receipt is in the language Ana last signed in with: Spanish now.
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/svc/oauth/token',
      headers: { 'x-idioma': '3' },
      payload: { grant_type: 'password', client_id: 'estante-web', client_secret: 'estante-public', username: 'ana', password: 'senha-ana' },
    });
    expect(signIn.statusCode).toBe(200);
    expect((await get('fernanda', `/api/balcao/leitores/${person.ana}`)).json().idioma).toBe('es');
    expect((await post('fernanda', `/api/balcao/leitores/${person.ana}/recibo`, {})).json()).toMatchObject({ idioma: 'es' });
    expect((await mail.messages()).find((m) => m.subject === 'Sus préstamos en la biblioteca')?.text).toMatch(/Vidas secas/);
    await t.database.db.execute(
      sql`update loans set data_emprestimo = now() - interval '20 days', data_devolucao_prevista = current_date - 4 where cod_emprestimo = ${loan!.cod_emprestimo}`,
    );
    await t.database.db.execute(sql`update copies set data_devolucao_prevista = current_date - 4 where tombo = 'V6'`);
    const late = await giveBack('V6', branch);
    expect(late.json()).toMatchObject({ multa: '4.00', reserva: null, transito: 'Biblioteca Central', pessoa: { nome: 'Ana Teste' } });
    expect(await status('V6')).toBe('em_transito');
    expect((await get('fernanda', `/api/balcao/leitores/${person.ana}`)).json()).toMatchObject({ total_debitos: '4.00' });
    // Arrived home: checked in there, back on the shelf.
    expect((await giveBack('V6', central)).json()).toMatchObject({ pessoa: null, multa: null, transito: null });
    expect(await status('V6')).toBe('disponivel');
  });

  it('lends a copy once when twenty desks scan it at the same moment, and lets a patron pass the limit from no two desks at once', async () => {
    const together = await Promise.all(Array.from({ length: 20 }, (_, i) => lend('V7', i % 2 === 0 ? 'bruno' : 'carla')));
    expect(together.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(together.filter((r) => r.statusCode !== 201).map((r) => r.json().key)).toEqual(Array(19).fill('ExemplarIndisponivel'));
    const [open] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from loans l join copies c using (cod_exemplar) where c.tombo = 'V7' and l.data_devolucao is null`,
    );
    expect(open!.n).toBe(1);
    // Bruno one loan under the limit: of the free copies of "Vidas secas" scanned at once for him, one is lent
    // (K1 stays on the shelf for the next test, whichever copy wins).
    const [{ n: brunoHas }] = (await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from loans where cod_pessoa = ${person.bruno} and data_devolucao is null`,
    )) as [{ n: number }];
    await t.database.db.execute(sql`update patron_categories set limite_emprestimos = ${brunoHas + 1}`);
    try {
      const free = (
        await queryRows<{ tombo: string }>(
          t.database.db,
          sql`select tombo from copies where status = 'disponivel' and cod_tipo_emprestimo = 1 and tombo <> 'K1' order by tombo`,
        )
      ).map((r) => r.tombo);
      const burst = await Promise.all(free.map((tombo) => lend(tombo, 'bruno')));
      expect(burst.filter((r) => r.statusCode === 201)).toHaveLength(1);
      expect(new Set(burst.filter((r) => r.statusCode !== 201).map((r) => r.json().key))).toEqual(new Set(['LimiteEmprestimos']));
    } finally {
      await t.database.db.execute(sql`update patron_categories set limite_emprestimos = 5`);
    }
  });

  it('leaves one audit row for every write it made, in the staff member’s name', async () => {
    const [writes] = await queryRows<{ checkouts: number; checkins: number }>(
      t.database.db,
      sql`select (select count(*)::int from loans) as checkouts, (select count(*)::int from loans where data_devolucao is not null) + 1 as checkins`,
    );
    const rows = await queryRows<{ acao: string; n: number; autores: number }>(
      t.database.db,
      sql`select acao, count(*)::int as n, count(distinct autor)::int as autores from staff_audit where acao like 'circulation.%' group by acao`,
    );
    const counted = Object.fromEntries(rows.map((r) => [r.acao, r.n]));
    expect(counted['circulation.checkout']).toBe(writes!.checkouts);
    // Every loan closed was a check-in, and one check-in received a copy in transit (no loan).
    expect(counted['circulation.checkin']).toBe(writes!.checkins);
    expect(counted['circulation.renew']).toBe(1);
    expect(counted['circulation.receipt']).toBe(2);
    expect(rows.every((r) => r.autores === 1)).toBe(true);
  });

  it('expires a released hold not picked up by its deadline; the copy goes back on the shelf', async () => {
    expect((await lend('K1', 'bruno')).statusCode).toBe(201);
    expect((await post('carla', '/reserva', { cod_acervo: title, biblioteca: central })).json().posicao).toBe(1);
    expect((await giveBack('K1')).json().reserva).toMatchObject({ nome: 'Carla Teste' });
    expect(await runAdminCommand(t.database.db, { command: 'circ.expire', args: [] })).toBe('0 hold(s) expired');
    await t.database.db.execute(sql`update holds set prazo_retirada = current_date - 1 where situacao = 'liberada'`);
    expect((await get('fernanda', '/api/balcao/estante-reservas')).json()).toEqual([expect.objectContaining({ tombo: 'K1', vencida: true })]);
    expect(await runAdminCommand(t.database.db, { command: 'circ.expire', args: [] })).toBe('1 hold(s) expired');
    expect(await status()).toBe('disponivel');
  });
});
