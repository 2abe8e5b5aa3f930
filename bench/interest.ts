/**
 * `npm run bench:interest -- [--titles N] [--patrons P] [--repeat R]`
 *
 * How long matching an import against every interest profile takes (issue 18: 100,000 titles
 * against 10,000 patrons' profiles in 60 s at most, on PostgreSQL). Fills the configured
 * database (DATABASE_URL, else embedded PGlite under DATA_DIR, default ./data/bench) up to N
 * generated titles, gives P bench patrons a profile each — two subjects and an author drawn from
 * the catalogue's own headings; one patron in fifty also a knowledge area, one in fifty a work
 * type in English —
 * queues the N titles as an import does, and times the matching job's step (matchNewTitles).
 * Run it twice: the second run starts from the same patrons and queue.
 */
import { parseArgs } from 'node:util';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../packages/api/src/config.js';
import { openDatabase, queryRows } from '../packages/api/src/db/client.js';
import { matchNewTitles } from '../packages/api/src/modules/interest/interest.queries.js';
import { addGeneratedTitles, seedDemoIfEmpty } from '../packages/api/src/seed/demo.js';

const { values } = parseArgs({
  options: { titles: { type: 'string', default: '100000' }, patrons: { type: 'string', default: '10000' }, repeat: { type: 'string', default: '1' } },
});
const titles = Number(values.titles);
const patrons = Number(values.patrons);
if (![titles, patrons].every((n) => Number.isInteger(n) && n > 0)) throw new Error('--titles and --patrons take whole numbers');

const env = { ...process.env, DATA_DIR: process.env.DATA_DIR ?? path.resolve('data/bench'), LOG_LEVEL: 'warn', SEED_DEMO: 'false' };
const config = loadConfig(env);
const database = await openDatabase(config.database);
const db = database.db;
await database.migrate();
await seedDemoIfEmpty(db, { titles: 0 });
const have = (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from titles where control_number like 'GEN%'`))[0]?.n ?? 0;
if (have < titles) {
  process.stderr.write(`generating titles ${have + 1}…${titles}\n`);
  await addGeneratedTitles(db, titles - have, have + 1, (n) => n % 50_000 === 0 && process.stderr.write(`  ${have + n}\n`));
}

// The bench patrons, each with a profile: two subjects and an author among the catalogue's
// distinct headings; one in fifty a knowledge area (the generated catalogue has eight: each
// would match an eighth of every import), one in fifty a work type in English.
const start = Date.now();
// The last run's alerts go at once: millions of deleted rows would leave PostgreSQL vacuuming them
// while this run matches (and while a search benchmark beside it runs).
await db.execute(sql`truncate patron_alerts`);
await db.execute(sql`delete from people where email like 'bench-%@example.org'`);
await db.execute(sql`delete from interest_pending`);
await db.execute(
  sql`insert into people (nome_pessoa, email, cod_categoria)
      select 'Bench ' || g, 'bench-' || g || '@example.org', (select min(cod_categoria) from patron_categories) from generate_series(1, ${patrons}) g`,
);
await db.execute(sql`
  with p as (select cod_pessoa, row_number() over (order by cod_pessoa) as n from people where email like 'bench-%@example.org'),
  subjects as (select h, row_number() over (order by h) as n from (select distinct split_part(h, ' -- ', 1) as h from titles, unnest(subjects) h) x),
  authors as (select h, row_number() over (order by h) as n from (select distinct author as h from titles where author is not null) x),
  areas as (select cod_area_conhecimento::text as id, descricao, row_number() over (order by cod_area_conhecimento) as n from knowledge_areas),
  c as (select (select count(*) from subjects) as s, (select count(*) from authors) as a, (select count(*) from areas) as r)
  insert into interest_entries (cod_pessoa, tipo, termo, termo_fold, descricao, validade, idiomas)
  select p.cod_pessoa, 'assunto', s.h, estante_fold(s.h), s.h, current_date + 365, '{}'::text[] from p, c, subjects s where s.n = 1 + (p.n * 7919) % c.s
  union all
  select p.cod_pessoa, 'assunto', s.h, estante_fold(s.h), s.h, current_date + 365, '{}' from p, c, subjects s where s.n = 1 + (p.n * 104729 + 13) % c.s
  union all
  select p.cod_pessoa, 'autor', a.h, estante_fold(a.h), a.h, current_date + 365, '{}' from p, c, authors a where a.n = 1 + (p.n * 7919) % c.a
  union all
  select p.cod_pessoa, 'area', r.id, r.id, r.descricao, current_date + 365, '{}' from p, c, areas r where p.n % 50 = 0 and r.n = 1 + (p.n / 50) % c.r
  union all
  select p.cod_pessoa, 'tipo_obra', (1 + p.n % 19)::text, (1 + p.n % 19)::text, 'tipo ' || (1 + p.n % 19), current_date + 365, '{eng}' from p where p.n % 50 = 25
  on conflict do nothing`);
const entries = (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from interest_entries`))[0]!.n;
// The import: the N generated titles queued for matching, as the trigger queues new ones.
await db.execute(
  sql`insert into interest_pending (cod_acervo) select cod_acervo from titles where control_number like 'GEN%' order by cod_acervo limit ${titles} on conflict do nothing`,
);
await db.execute(sql`analyze`);
process.stderr.write(`profiles ready in ${((Date.now() - start) / 1000).toFixed(1)} s\n`);

const timed = Date.now();
const outcome = await matchNewTitles(db);
const seconds = (Date.now() - timed) / 1000;
console.log(
  `# interest-profile matching — ${database.kind}, ${titles.toLocaleString('en')} titles queued, ${patrons.toLocaleString('en')} patrons, ${entries.toLocaleString('en')} entries`,
);
console.log(`matched in ${seconds.toFixed(1)} s: ${outcome.alerts.toLocaleString('en')} alerts for ${outcome.patrons.length.toLocaleString('en')} patrons`);
await database.close();
