import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database.js';
import { createPatron, createTitles } from '../../../test/factories.js';
import { createInterestEntries, queueAllTitlesForMatching } from '../../../test/factories/interest.js';
import { queryRows } from '../../db/client.js';
import { Pacer } from '../../lib/pacing.js';
import { matchNewTitles } from './interest.queries.js';

/**
 * The matching job's slices (decision 0018): on a machine the job has to itself a large import is
 * matched in large slices; while others keep the machine busy it yields between slices and goes
 * on in small ones, so no slice holds a core for long while patrons search. Either way every new
 * title is matched once.
 */
let database: TestDatabase;
let patron: number;
const IMPORT = 600;

beforeAll(async () => {
  database = await createTestDatabase();
  const person = await createPatron(database.db, { login: 'leitora', nome: 'Leitora Teste', password: 'senha-leitora' });
  patron = person.codPessoa;
  await createInterestEntries(database.db, patron, [{ tipo: 'assunto', termo: 'Educação', validForDays: 30 }]);
  await createTitles(
    database.db,
    Array.from({ length: IMPORT }, (_, i) => ({ id: `imp-${i}`, title: `Escola e sociedade ${i}`, subjects: ['Educação -- Brasil'] })),
  );
}, 120_000);
afterAll(() => database.dispose());

const queued = async () => (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from interest_pending`))[0]!.n;
const alerts = async () => (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from patron_alerts where cod_pessoa = ${patron}`))[0]!.n;

/** A machine whose every core is `busy` (0–1) of the time, whatever the job does; the titles still queued at each step. */
class Watched extends Pacer {
  readonly queuedAtStep: number[] = [];
  constructor(busy: number) {
    let ticks = 0;
    super(
      0.75,
      () => {
        ticks += 1000;
        return { busy: busy * ticks, total: ticks };
      },
      async () => undefined,
    );
  }
  override async step(workedMs: number): Promise<number> {
    this.queuedAtStep.push(await queued());
    return super.step(workedMs);
  }
}

describe('matching a large import', () => {
  it('while others keep the machine busy, yields after each slice and matches the rest 250 titles at a time', async () => {
    const busy = new Watched(0.95);
    expect(await queued()).toBe(IMPORT);
    const outcome = await matchNewTitles(database.db, busy);
    expect(busy.queuedAtStep).toEqual([350, 100]);
    expect(outcome).toEqual({ alerts: IMPORT, patrons: [patron] });
    expect(await alerts()).toBe(IMPORT);
    expect(await queued()).toBe(0);
  });

  it('on a machine it has to itself, goes from a first small slice to slices of 2,500', async () => {
    await database.db.execute(sql`delete from patron_alerts`);
    await queueAllTitlesForMatching(database.db);
    const idle = new Watched(0.1);
    const outcome = await matchNewTitles(database.db, idle);
    // After the first 250 the other 350 go in one slice: one step, nothing left to a third.
    expect(idle.queuedAtStep).toEqual([350]);
    expect(outcome.alerts).toBe(IMPORT);
    expect(await alerts()).toBe(IMPORT);
    expect(await queued()).toBe(0);
  });
});
