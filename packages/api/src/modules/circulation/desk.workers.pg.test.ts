import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database.js';
import { type RealServer, startRealServer } from '../../../test/server.js';
import { queryRows } from '../../db/client.js';

/**
 * Two desks lending at the same moment on PostgreSQL with two API workers (issue 53): the server
 * as `npm start` runs it with the demo library, twenty check-outs of one copy sent at once over
 * HTTP (the workers share them), and a patron one loan under the limit scanned eight copies at once.
 */
let database: TestDatabase;
let server: RealServer;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startRealServer(database.url!, {}, 2);
}, 240_000);

afterAll(async () => {
  await server?.stop();
  await database?.dispose();
});

async function staffToken(): Promise<string> {
  const response = await fetch(`${server.base}/svc/oauth/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: 'estante-web',
      client_secret: 'estante-public',
      username: 'balcao',
      password: 'estante123',
    }),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

describe('the desk on PostgreSQL with two API workers', () => {
  it('lends a copy once when twenty desks scan it at once, and lets a patron at the limit pass it from no two desks', async () => {
    const token = await staffToken();
    const lend = async (tombo: string, login: string) => {
      const response = await fetch(`${server.base}/svc/api/circulacao/emprestimo`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ tombo, login }),
      });
      return { status: response.status, key: response.ok ? null : ((await response.json()) as { key: string }).key };
    };
    // Copies on the shelf of a loan type that lends, no one waiting for their titles.
    const free = (
      await queryRows<{ tombo: string }>(
        database.db,
        sql`select c.tombo from copies c join loan_types lt using (cod_tipo_emprestimo)
            where c.status = 'disponivel' and lt.permite_emprestimo
              and not exists (select 1 from holds h where h.cod_acervo = c.cod_acervo and h.situacao = 'fila')
            order by c.cod_exemplar limit 9`,
      )
    ).map((r) => r.tombo);
    expect(free).toHaveLength(9);

    const together = await Promise.all(Array.from({ length: 20 }, (_, i) => lend(free[0]!, i % 2 === 0 ? 'professor' : 'mestrando')));
    expect(together.filter((r) => r.status === 201)).toHaveLength(1);
    expect(new Set(together.filter((r) => r.status !== 201).map((r) => r.key))).toEqual(new Set(['ExemplarIndisponivel']));
    const [copyLoans] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from loans l join copies c using (cod_exemplar) where c.tombo = ${free[0]!} and l.data_devolucao is null`,
    );
    expect(copyLoans!.n).toBe(1);

    // Eduardo (mestrando) one loan under his category's limit: of eight copies scanned at once, one is lent.
    const [eduardo] = await queryRows<{ cod_pessoa: number; cod_categoria: string; n: number }>(
      database.db,
      sql`select p.cod_pessoa, p.cod_categoria, (select count(*)::int from loans l where l.cod_pessoa = p.cod_pessoa and l.data_devolucao is null) as n
          from logins g join people p using (cod_pessoa) where g.login = 'mestrando'`,
    );
    await database.db.execute(sql`update patron_categories set limite_emprestimos = ${eduardo!.n + 1} where cod_categoria = ${eduardo!.cod_categoria}`);
    const burst = await Promise.all(free.slice(1).map((tombo) => lend(tombo, 'mestrando')));
    expect(burst.filter((r) => r.status === 201)).toHaveLength(1);
    expect(new Set(burst.filter((r) => r.status !== 201).map((r) => r.key))).toEqual(new Set(['LimiteEmprestimos']));
    // Nothing failed on the way (no error logged by either worker).
    expect(server.output()).not.toMatch(/"level":50/);
  });
});
