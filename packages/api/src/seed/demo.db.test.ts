import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { queryRows } from '../db/client.js';
import { COPY_STATUSES } from '../db/schema/index.js';
import { verifyPassword } from '../lib/password.js';
import { DEMO_PASSWORD, seedDemoIfEmpty, type SeedSummary } from './demo.js';

let database: TestDatabase;
let summary: SeedSummary | null;
beforeAll(async () => {
  database = await createTestDatabase();
  summary = await seedDemoIfEmpty(database.db, { titles: 2000 });
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
    expect(await count(sql`select count(*)::int as n from authorities`)).toBe(40);
  });

  it('has 3 campuses, 5 libraries and copies in every status and loan type', async () => {
    expect(await count(sql`select count(*)::int as n from campuses`)).toBe(3);
    expect(await count(sql`select count(*)::int as n from libraries`)).toBe(5);
    const statuses = await queryRows<{ status: string }>(database.db, sql`select distinct status from copies`);
    expect(statuses.map((s) => s.status).sort()).toEqual([...COPY_STATUSES].sort());
    expect(await count(sql`select count(distinct cod_tipo_emprestimo)::int as n from copies`)).toBe(4);
    expect(await count(sql`select count(*)::int as n from copies c join loan_types l using (cod_tipo_emprestimo) where c.status = 'emprestado' and not l.permite_emprestimo`)).toBe(0);
  });

  it('has demo patrons who can sign in: a professor, a blocked one, several categories', async () => {
    const patrons = await queryRows<{ login: string; bloqueio: boolean; professor: boolean; password_hash: string }>(
      database.db,
      sql`select l.login, p.bloqueio, c.professor, l.password_hash from logins l join people p using (cod_pessoa) join patron_categories c using (cod_categoria)`,
    );
    expect(patrons.find((p) => p.login === 'professor')?.professor).toBe(true);
    expect(patrons.find((p) => p.login === 'bloqueado')?.bloqueio).toBe(true);
    expect(await count(sql`select count(distinct cod_categoria)::int as n from people`)).toBeGreaterThanOrEqual(5);
    expect(await verifyPassword(DEMO_PASSWORD, patrons[0]!.password_hash)).toBe(true);
    expect(await verifyPassword('wrong', patrons[0]!.password_hash)).toBe(false);
  });

  it('does nothing on a database that already has an institution', async () => {
    const titles = await count(sql`select count(*)::int as n from titles`);
    expect(await seedDemoIfEmpty(database.db, { titles: 10 })).toBeNull();
    expect(await count(sql`select count(*)::int as n from titles`)).toBe(titles);
  });
});
