import { faker } from '@faker-js/faker/locale/pt_BR';
import { and, asc, eq, sql } from 'drizzle-orm';
import { type Db, executeCount, queryRows } from '../db/client.js';
import { copies, debts, loans, logins, people } from '../db/schema/index.js';

/** Categories the background population is drawn from (students mostly, as in a university). */
const POPULATION_CATEGORIES = ['01', '01', '01', '19', '03', '08', '09', '04', '05', 'MembroComun'];

/**
 * Someone of the background population (`p`): no login, and a numbered address — a demo
 * patron's second registration (Helena's) has no login either, and is not one of them.
 */
const inPopulation = sql`p.email ~ '\.[0-9]+@demo\.estante\.local$' and not exists (select 1 from logins l where l.cod_pessoa = p.cod_pessoa)`;
const populationIds = sql`(select array_agg(p.cod_pessoa order by p.cod_pessoa) as ids from people p where ${inPopulation})`;

/**
 * Patrons without a login, who hold the copies the demo library shows as on loan. Only added
 * once (when there is no such person yet). Deterministic names from a seeded faker.
 */
export async function seedPopulation(db: Db, count = 300): Promise<number> {
  const [existing] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${people} p where ${inPopulation}`);
  if (existing!.n > 0) return 0;
  faker.seed(2026);
  const rows = Array.from({ length: count }, (_, i) => {
    const first = faker.person.firstName();
    const last = faker.person.lastName();
    return {
      nome: `${first} ${last}`,
      email: `${first}.${last}.${i}@demo.estante.local`
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
        .replace(/[^a-z0-9.@]/g, ''),
      codCategoria: POPULATION_CATEGORIES[i % POPULATION_CATEGORIES.length]!,
    };
  });
  await db.insert(people).values(rows);
  return count;
}

/**
 * Gives every copy shown as on loan an open loan by someone of the background population, due
 * on the copy's expected return date. One SQL statement; copies that already have one are left.
 */
export async function seedLoansForLoanedCopies(db: Db): Promise<number> {
  return executeCount(
    db,
    sql`
      insert into loans (cod_exemplar, cod_pessoa, data_emprestimo, data_devolucao_prevista, renovacoes)
      select c.cod_exemplar,
             pop.ids[1 + (c.cod_exemplar % array_length(pop.ids, 1))],
             least(c.data_devolucao_prevista - 14, current_date)::timestamptz,
             c.data_devolucao_prevista,
             c.cod_exemplar % 3
      from copies c
      cross join ${populationIds} pop
      where c.status = 'emprestado'
        and array_length(pop.ids, 1) > 0
        and not exists (select 1 from loans l where l.cod_exemplar = c.cod_exemplar and l.data_devolucao is null)
    `,
  );
}

/**
 * Two years of returned loans by the background population, so that a title's statistics tab
 * (loans per month) has something to show: copies whose number is a multiple of 3 were lent
 * 1–6 times, each for 14 days. One SQL statement; skipped once there is any returned loan by
 * someone without a login.
 */
export async function seedLoanHistory(db: Db): Promise<number> {
  const [existing] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from loans l
        where l.data_devolucao is not null and exists (select 1 from people p where p.cod_pessoa = l.cod_pessoa and ${inPopulation})`,
  );
  if (existing!.n > 0) return 0;
  return executeCount(
    db,
    sql`
      insert into loans (cod_exemplar, cod_pessoa, data_emprestimo, data_devolucao_prevista, data_devolucao)
      select c.cod_exemplar,
             pop.ids[1 + ((c.cod_exemplar * 7 + k) % array_length(pop.ids, 1))],
             (current_date - (30 + ((c.cod_exemplar * 37 + k * 113) % 700)))::timestamptz,
             current_date - (30 + ((c.cod_exemplar * 37 + k * 113) % 700)) + 14,
             (current_date - (30 + ((c.cod_exemplar * 37 + k * 113) % 700)) + 12)::timestamptz
      from copies c
      cross join lateral generate_series(1, 1 + c.cod_exemplar % 6) k
      cross join ${populationIds} pop
      where c.cod_exemplar % 3 = 0 and array_length(pop.ids, 1) > 0
    `,
  );
}

/**
 * A demo patron's loans: days until due for open ones (negative: overdue), and returned ones;
 * `period` is the category's loan period (a professor's 30 days), so every loan was made in the
 * past (or today), never after it is due.
 */
const DEMO_LOANS: Record<string, { open: number[]; returned: number; period?: number }> = {
  aluno: { open: [7, 12, -3], returned: 3 },
  professor: { open: [20, 25, 30, 5], returned: 2, period: 30 },
  devedor: { open: [-10, -20], returned: 2 },
  bloqueado: { open: [-45], returned: 0 },
  mestrando: { open: [9], returned: 1 },
};

/**
 * Loans and debts of the demo accounts (README lists them): current, overdue and returned
 * loans, and for "devedor" an unpaid late fine and a partly paid lost-item charge, each on one
 * of her returned loans.
 * Skipped for an account that already has loans.
 */
export async function seedDemoCirculation(db: Db): Promise<{ loans: number; debts: number }> {
  let loanCount = 0;
  let debtCount = 0;
  for (const [login, plan] of Object.entries(DEMO_LOANS)) {
    const [person] = await db.select({ codPessoa: logins.codPessoa }).from(logins).where(eq(logins.login, login));
    if (!person) continue;
    const [has] = await db.select({ id: loans.codEmprestimo }).from(loans).where(eq(loans.codPessoa, person.codPessoa)).limit(1);
    if (has) continue;
    await db.transaction(async (tx) => {
      const free = await tx
        .select({ codExemplar: copies.codExemplar })
        .from(copies)
        .where(and(eq(copies.status, 'disponivel'), eq(copies.codTipoEmprestimo, 1)))
        .orderBy(asc(copies.codExemplar))
        .limit(plan.open.length + plan.returned)
        .offset(person.codPessoa * 7)
        .for('update');
      const returnedLoans: number[] = [];
      for (const [i, copy] of free.entries()) {
        if (i < plan.open.length) {
          const days = plan.open[i]!;
          const due = sql`current_date + ${days}::int`;
          await tx.insert(loans).values({
            codExemplar: copy.codExemplar,
            codPessoa: person.codPessoa,
            loanedAt: sql`(current_date + ${days - (plan.period ?? 14)}::int)::timestamptz`,
            dueDate: due,
            renewals: i % 2,
          });
          await tx.update(copies).set({ status: 'emprestado', dataDevolucaoPrevista: due }).where(eq(copies.codExemplar, copy.codExemplar));
        } else {
          const ago = 30 + i * 20;
          const [row] = await tx
            .insert(loans)
            .values({
              codExemplar: copy.codExemplar,
              codPessoa: person.codPessoa,
              loanedAt: sql`(current_date - ${ago}::int)::timestamptz`,
              dueDate: sql`current_date - ${ago - 14}::int`,
              returnedAt: sql`(current_date - ${ago - 16}::int)::timestamptz`,
            })
            .returning({ id: loans.codEmprestimo });
          returnedLoans.push(row!.id);
        }
        loanCount++;
      }
      if (login === 'devedor') {
        // Each debt names its item through its loan (the debts list takes the title from it): the
        // fine the first returned loan, the lost item the second (its loan closed when charged).
        await tx.insert(debts).values([
          { codPessoa: person.codPessoa, codEmprestimo: returnedLoans[0] ?? null, service: 'multa_atraso', amount: '12.50' },
          {
            codPessoa: person.codPessoa,
            codEmprestimo: returnedLoans[1] ?? null,
            service: 'perda_material',
            amount: '89.90',
            paid: '30.00',
            paidAt: sql`current_date - 5`,
          },
        ]);
        debtCount += 2;
      }
    });
  }
  return { loans: loanCount, debts: debtCount };
}

/**
 * The circulation policy of the demo library: loan periods, renewals, holds and fines per loan
 * type and category (professors and graduate students borrow longer), and the national
 * holidays of this year and the next as closed days of every library.
 */
export async function seedCirculationPolicy(db: Db): Promise<void> {
  await db.execute(sql`
    insert into circulation_policies (cod_tipo_emprestimo, cod_categoria, prazo_dias, limite_renovacoes, permite_reserva, multa_dia)
    select lt.cod_tipo_emprestimo, c.cod_categoria,
           case lt.cod_tipo_emprestimo when 2 then 3 else case when c.professor then 30 when c.cod_categoria in ('03', '08', '09', '21') then 21 else 14 end end,
           case lt.cod_tipo_emprestimo when 2 then 0 else case when c.professor then 5 else 3 end end,
           lt.permite_reserva,
           case lt.cod_tipo_emprestimo when 2 then 2.50 else 1.00 end
    from loan_types lt cross join patron_categories c
    where lt.permite_emprestimo
    on conflict do nothing`);
  await db.execute(sql`
    insert into library_closed_days (cod_biblioteca, dia, motivo)
    select l.cod_biblioteca, make_date(y, h.m, h.d), h.motivo
    from libraries l
    cross join generate_series(extract(year from current_date)::int, extract(year from current_date)::int + 1) y
    cross join (values (1, 1, 'Confraternização Universal'), (4, 21, 'Tiradentes'), (5, 1, 'Dia do Trabalho'),
                       (9, 7, 'Independência do Brasil'), (10, 12, 'Nossa Senhora Aparecida'), (11, 2, 'Finados'),
                       (11, 15, 'Proclamação da República'), (11, 20, 'Dia da Consciência Negra'), (12, 25, 'Natal')) as h(m, d, motivo)
    on conflict do nothing`);
}
