import { STAFF_ROLES } from '@estante/contracts/kernel';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { queryRows } from '../db/client.js';
import { COPY_STATUSES } from '../db/schema/index.js';
import { verifyPassword } from '../lib/password.js';
import { readMarcXml } from '../marc/marcxml.js';
import { importMarcRecords } from '../modules/catalog/catalog.import.js';
import { valueNamer } from '../modules/catalog/value-names.js';
import { events } from '../modules/parameters/content.service.js';
import { addGeneratedTitles, DEMO_PASSWORD, DEMO_PERSONAL_DATA, seedDemoIfEmpty, type SeedSummary } from './demo.js';

let database: TestDatabase;
let summary: SeedSummary | null;
/** The day the demo was seeded: a test run across midnight reads dates against it, not against "today". */
let seededOn: string;
beforeAll(async () => {
  database = await createTestDatabase();
  summary = await seedDemoIfEmpty(database.db, { titles: 2000 });
  seededOn = (await queryRows<{ d: string }>(database.db, sql`select current_date::text as d`))[0]!.d;
});
afterAll(() => database.dispose());

const count = async (query: ReturnType<typeof sql>) => (await queryRows<{ n: number }>(database.db, query))[0]!.n;

describe('seedDemoIfEmpty', () => {
  it('builds a library of real and generated titles in three languages', async () => {
    expect(summary?.realRecords.rejected).toBe(0);
    expect(await count(sql`select count(*)::int as n from titles`)).toBeGreaterThanOrEqual(2000 + 160);
    for (const language of ['por', 'eng', 'spa']) {
      expect(await count(sql`select count(*)::int as n from titles where idioma = ${language}`)).toBeGreaterThan(100);
    }
    expect(await count(sql`select count(distinct cod_tipo_obra)::int as n from titles`)).toBeGreaterThanOrEqual(6);
    // 40 real LC authorities, and 20 for the generated catalogue's most used authors and subjects.
    expect(await count(sql`select count(*)::int as n from authorities`)).toBe(60);
    expect(
      await count(sql`select count(*)::int as n from authorities a where a.control_number like 'estante-aut-%'
                            and exists (select 1 from titles t where estante_key(t.author) = estante_key(a.heading)
                                        or exists (select 1 from unnest(t.subjects) x where estante_key(split_part(x, ' -- ', 1)) = estante_key(a.heading)))`),
    ).toBe(20);
  });

  it('has what every title tab shows: loan history, closed stacks, serial issues with contents, comments', async () => {
    expect(await count(sql`select count(*)::int as n from loans where data_devolucao is not null`)).toBeGreaterThan(1000);
    expect(await count(sql`select count(*)::int as n from copies where acervo_fechado`)).toBeGreaterThan(5);
    expect(await count(sql`select count(distinct cod_acervo)::int as n from serial_issues`)).toBe(
      await count(sql`select count(distinct t.cod_acervo)::int as n from titles t join copies c using (cod_acervo) where t.cod_tipo_obra = 2`),
    );
    expect(await count(sql`select count(*)::int as n from serial_issues where data_chegada is null`)).toBeGreaterThan(0);
    expect(await count(sql`select count(*)::int as n from issue_articles`)).toBeGreaterThan(100);
    expect(await count(sql`select count(*)::int as n from comments where moderado`)).toBe(2);
    expect(await count(sql`select count(*)::int as n from comments where not moderado`)).toBe(1);
  });

  it('has 3 campuses, 5 libraries and copies in every status and loan type', async () => {
    expect(await count(sql`select count(*)::int as n from campuses`)).toBe(3);
    expect(await count(sql`select count(*)::int as n from libraries`)).toBe(5);
    const statuses = await queryRows<{ status: string }>(database.db, sql`select distinct status from copies`);
    expect(statuses.map((s) => s.status).sort()).toEqual([...COPY_STATUSES].sort());
    expect(await count(sql`select count(distinct cod_tipo_emprestimo)::int as n from copies`)).toBe(4);
    expect(
      await count(
        sql`select count(*)::int as n from copies c join loan_types l using (cod_tipo_emprestimo) where c.status = 'emprestado' and not l.permite_emprestimo`,
      ),
    ).toBe(0);
  });

  it('has a circulation policy for every lending loan type and category, and holidays as closed days', async () => {
    const policies = await queryRows<{ n: number; professor_days: number }>(
      database.db,
      sql`select count(*)::int as n, max(prazo_dias) filter (where cod_categoria = '04')::int as professor_days from circulation_policies`,
    );
    const lending = await queryRows<{ n: number }>(
      database.db,
      sql`select (select count(*) from loan_types where permite_emprestimo) * (select count(*) from patron_categories) as n`,
    );
    expect(policies[0]!.n).toBe(Number(lending[0]!.n));
    expect(policies[0]!.professor_days).toBe(30);
    const christmas = await queryRows(database.db, sql`select 1 from library_closed_days where dia = make_date(extract(year from current_date)::int, 12, 25)`);
    expect(christmas.length).toBeGreaterThan(0);
  });

  it('has demo patrons who can sign in: a professor, a blocked one, several categories', async () => {
    const patrons = await queryRows<{ login: string; bloqueio: boolean; professor: boolean; password_hash: string }>(
      database.db,
      sql`select l.login, p.bloqueio, c.professor, l.password_hash from logins l join people p using (cod_pessoa) join patron_categories c using (cod_categoria)`,
    );
    expect(patrons.find((p) => p.login === 'professor')?.professor).toBe(true);
    expect(patrons.find((p) => p.login === 'bloqueado')?.bloqueio).toBe(true);
    // docente: one login, two registrations (professor, doctorate) for the person choosers.
    const docente = await queryRows<{ cod_categoria: string }>(
      database.db,
      sql`select p2.cod_categoria from logins l join people p on p.cod_pessoa = l.cod_pessoa join people p2 on p2.cpf = p.cpf where l.login = 'docente' order by 1`,
    );
    expect(docente.map((r) => r.cod_categoria)).toEqual(['04', '09']);
    expect(await count(sql`select count(distinct cod_categoria)::int as n from people`)).toBeGreaterThanOrEqual(5);
    expect(await verifyPassword(DEMO_PASSWORD, patrons[0]!.password_hash)).toBe(true);
    expect(await verifyPassword('wrong', patrons[0]!.password_hash)).toBe(false);
  });

  it('names its patron categories and its events in English and Spanish (issue 55)', async () => {
    const categories = (await queryRows<{ descricao: string }>(database.db, sql`select descricao from patron_categories`)).map((c) => c.descricao);
    const [en, es] = await Promise.all([valueNamer(database.db, 'en', ['categoria']), valueNamer(database.db, 'es', ['categoria'])]);
    expect(categories.filter((c) => en('categoria', c) === c && c !== 'Professor')).toEqual([]);
    expect(categories.filter((c) => es('categoria', c) === c)).toEqual([]);
    expect(en('categoria', 'Aluno de doutorado')).toBe('PhD student');
    for (const origem of ['institucional', 'eventum'] as const) {
      const [pt, inEnglish, inSpanish] = await Promise.all((['pt', 'en', 'es'] as const).map((language) => events(database.db, origem, language)));
      expect(pt!.length).toBeGreaterThan(0);
      pt!.forEach((event, i) => {
        expect(inEnglish![i]).toMatchObject({ id: event.id, inicio: event.inicio });
        expect(inEnglish![i]!.titulo).not.toBe(event.titulo);
        expect(inEnglish![i]!.local).not.toBe(event.local);
        expect(inSpanish![i]!.titulo).not.toBe(event.titulo);
      });
    }
    expect((await events(database.db, 'institucional', 'en')).map((e) => e.titulo)).toContain('Book and Library Week');
  });

  it('has one staff member per role, and one with every role (issue 53)', async () => {
    const staff = await queryRows<{ login: string; papeis: string[] }>(
      database.db,
      sql`select l.login, array_agg(r.papel order by r.papel) as papeis from staff_roles r join logins l using (cod_pessoa) group by l.login order by l.login`,
    );
    expect(staff).toEqual([
      { login: 'administracao', papeis: ['administracao'] },
      { login: 'aquisicao', papeis: ['aquisicao'] },
      { login: 'atendimento', papeis: ['atendimento'] },
      { login: 'balcao', papeis: ['circulacao'] },
      { login: 'catalogacao', papeis: ['catalogacao'] },
      { login: 'funcionario', papeis: [...STAFF_ROLES].sort() },
      { login: 'moderacao', papeis: ['moderacao'] },
    ]);
  });

  it('gives Isabela (leitora) her personal data and a registration ending in 20 days, and João (pesquisador) a login of his own', async () => {
    const [isabela] = await queryRows<{ cpf: string; dias: number; telefone: string; cidade: string }>(
      database.db,
      sql`select p.cpf, (p.validade - ${seededOn}::date)::int as dias, d.telefone, d.cidade
          from logins l join people p using (cod_pessoa) join personal_data d using (cod_pessoa) where l.login = 'leitora'`,
    );
    expect(isabela).toEqual({ cpf: DEMO_PERSONAL_DATA.cpf, dias: 20, telefone: '(48) 3721-5555', cidade: 'Florianópolis' });
    // Her CPF is hers alone: she has no other registration to swap to.
    expect(await count(sql`select count(*)::int as n from people where cpf = ${DEMO_PERSONAL_DATA.cpf}`)).toBe(1);
    expect(await count(sql`select count(*)::int as n from logins where login = 'pesquisador'`)).toBe(1);
  });

  it('lends every copy shown as on loan to someone, once, due when the copy says', async () => {
    expect(summary!.loans).toBeGreaterThan(500);
    const mismatches = await count(sql`
      select count(*)::int as n from copies c
      full join (select * from loans where data_devolucao is null) l on l.cod_exemplar = c.cod_exemplar
      where (c.status = 'emprestado') is distinct from (l.cod_emprestimo is not null)
         or (l.cod_emprestimo is not null and l.data_devolucao_prevista <> c.data_devolucao_prevista)`);
    expect(mismatches).toBe(0);
    // Spread over the 300 people of the background population (README), not piled on one.
    const borrowers = await queryRows<{ people: number; most: number; background: number }>(
      database.db,
      sql`select count(distinct l.cod_pessoa)::int as people, max(n)::int as most,
                 (select count(*)::int from people p where p.email like '%@demo.estante.local' and not exists (select 1 from logins g where g.cod_pessoa = p.cod_pessoa)) as background
          from loans l join (select cod_pessoa, count(*) as n from loans where data_devolucao is null group by cod_pessoa) per using (cod_pessoa)
          where l.data_devolucao is null`,
    );
    expect(borrowers[0]!.background).toBe(300 + 1);
    expect(borrowers[0]!.people).toBeGreaterThan(200);
    expect(borrowers[0]!.most).toBeLessThan(10);
  });

  it('lends nothing in the future, and returns nothing before it was lent', async () => {
    expect(await count(sql`select count(*)::int as n from loans where data_emprestimo::date > current_date`)).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from loans where data_devolucao < data_emprestimo or data_devolucao_prevista < data_emprestimo::date`),
    ).toBe(0);
  });

  it('gives the demo accounts what the README promises: loans, an overdue one, debts', async () => {
    const open = (login: string, where = sql`true`) =>
      count(sql`select count(*)::int as n from loans l join logins g using (cod_pessoa) where g.login = ${login} and l.data_devolucao is null and ${where}`);
    expect(await open('aluno')).toBe(3);
    expect(await open('aluno', sql`l.data_devolucao_prevista < ${seededOn}::date`)).toBe(1);
    expect(await open('devedor', sql`l.data_devolucao_prevista < ${seededOn}::date`)).toBe(2);
    const [owed] = await queryRows<{ n: number; outstanding: string }>(
      database.db,
      sql`select count(*)::int as n, sum(valor - desconto - valor_pago)::text as outstanding
          from debts d join logins g using (cod_pessoa) where g.login = 'devedor'`,
    );
    expect(owed).toEqual({ n: 2, outstanding: '72.40' });
    expect(await count(sql`select count(*)::int as n from debts d join logins g using (cod_pessoa) where g.login <> 'devedor'`)).toBe(0);
  });

  it('gives the professor acquisition suggestions in every part of their life, each history ending where it stands', async () => {
    const rows = await queryRows<{ situacao: string; last: string; pedido: number | null; cod_acervo: number | null }>(
      database.db,
      sql`select s.situacao, s.cod_pedido as pedido, s.cod_acervo,
                 (select e.situacao from suggestion_events e where e.cod_sugestao = s.id order by e.em desc, e.cod_evento desc limit 1) as last
          from acquisition_suggestions s join logins g using (cod_pessoa) where g.login = 'professor'`,
    );
    expect(new Set(rows.map((r) => r.situacao))).toEqual(
      new Set(['atendida', 'parcialmente_atendida', 'aguardando_entrega', 'em_negociacao', 'esgotada', 'pre_sugestao']),
    );
    for (const row of rows) expect(row.last).toBe(row.situacao);
    expect(rows.filter((r) => r.pedido !== null)).toHaveLength(3);
    expect(rows.find((r) => r.situacao === 'atendida')!.cod_acervo).toEqual(expect.any(Number));
    // Copies were acquired over two years (collection totals by period), never in the future.
    expect(await count(sql`select count(distinct date_trunc('month', data_aquisicao))::int as n from copies`)).toBeGreaterThan(12);
    expect(await count(sql`select count(*)::int as n from copies where data_aquisicao > current_date`)).toBe(0);
  });

  it('refuses a second open loan of a copy, and payments beyond the debt', async () => {
    const [loan] = await queryRows<{ cod_exemplar: number; cod_pessoa: number }>(
      database.db,
      sql`select cod_exemplar, cod_pessoa from loans where data_devolucao is null limit 1`,
    );
    // Raw inserts on purpose: what is tested is that the database's own constraints refuse these
    // rows, which no application path (nor factory) would write.
    await expect(
      database.db.execute(
        sql`insert into loans (cod_exemplar, cod_pessoa, data_devolucao_prevista) values (${loan!.cod_exemplar}, ${loan!.cod_pessoa}, current_date + 7)`,
      ),
    ).rejects.toThrow();
    await expect(
      database.db.execute(
        sql`insert into debts (cod_pessoa, tipo_servico, valor, valor_pago, data_pagamento) values (${loan!.cod_pessoa}, 'multa_atraso', 5, 6, current_date)`,
      ),
    ).rejects.toThrow();
  });

  it('does nothing on a database that already has an institution', async () => {
    const titles = await count(sql`select count(*)::int as n from titles`);
    expect(await seedDemoIfEmpty(database.db, { titles: 10 })).toBeNull();
    expect(await count(sql`select count(*)::int as n from titles`)).toBe(titles);
  });

  it('gives generated titles copies, and never a real title imported beside them (npm run generate, issue 52)', async () => {
    const record = `<collection xmlns="http://www.loc.gov/MARC21/slim"><record><leader>00000nam a2200000 a 4500</leader>
      <controlfield tag="001">REAL-0001</controlfield><datafield tag="245" ind1="0" ind2="0"><subfield code="a">Um título real sem exemplares</subfield></datafield></record></collection>`;
    expect((await importMarcRecords(database.db, readMarcXml(record))).inserted).toBe(1);
    const generated = await count(sql`select count(*)::int as n from titles where control_number like 'GEN%'`);
    const made = await addGeneratedTitles(database.db, 5, generated + 1);
    expect(made.titles).toBe(5);
    expect(made.copies).toBeGreaterThanOrEqual(5);
    expect(await count(sql`select count(*)::int as n from copies c join titles t using (cod_acervo) where t.control_number = 'REAL-0001'`)).toBe(0);
    expect(
      await count(
        sql`select count(*)::int as n from titles t where t.control_number like 'GEN%' and not t.acesso_remoto and not exists (select 1 from copies c where c.cod_acervo = t.cod_acervo)`,
      ),
    ).toBe(0);
  });
});
