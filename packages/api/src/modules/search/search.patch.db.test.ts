import { newSearchState, searchRow } from '@estante/contracts/search';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from '../../../test/database.js';
import { createCopies, createLibraries } from '../../../test/factories.js';
import { asItems } from '../../../test/marc.js';
import { generateTitleRecords } from '../../seed/generator.js';
import { seedTeachingPlans } from '../../seed/teaching.js';
import { importMarcRecords } from '../catalog/catalog.import.js';
import { SearchIndex } from './search.index.js';
import { patchOrder, patchSnapshot, pruneSearchChanges } from './search.patch.js';
import { MULTI_FACETS, readSnapshot, type Snapshot, TAG_VALUE } from './search.snapshot.js';
import { CATALOGUE, NETWORK } from './search.source.js';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  // A campus each (the demo's courses are of campuses 1 to 3).
  for (const name of ['Central', 'Norte', 'Sul']) await createLibraries(database.db, [name]);
  await importMarcRecords(database.db, generateTitleRecords(300));
  // One or two copies a title, in the libraries by turn.
  await database.db.execute(sql`
    insert into copies (cod_acervo, cod_biblioteca, cod_tipo_emprestimo, tombo, localizacao)
    select t.cod_acervo, l.ids[1 + (t.cod_acervo + n) % 3], 1, 'P' || t.cod_acervo || '-' || n, '000'
    from titles t cross join (select array_agg(cod_biblioteca order by cod_biblioteca) as ids from libraries) l
    cross join lateral generate_series(1, 1 + t.cod_acervo % 2) n`);
  await seedTeachingPlans(database.db);
});
afterAll(() => database.dispose());

/**
 * What a search can read of a snapshot, with the numbers that only name things inside it
 * (language, heading and tag numbers) replaced by the codes they stand for: two snapshots of the
 * same catalogue read the same, however they were made.
 */
function seen(s: Snapshot) {
  const titles = [...s.all].map((id) => {
    const facets = MULTI_FACETS.map((facet, index) => {
      const values: string[] = [];
      for (let k = s.tagStart[id]!; k < s.tagStart[id + 1]!; k++) {
        const tag = s.tags[k]!;
        if (tag >>> 27 !== index) continue;
        const value = (tag & TAG_VALUE) - s.tagOffset[facet];
        expect(s.tagFacet[tag & TAG_VALUE]).toBe(index);
        values.push(`${s.multi[facet].codes.at(value)}=${s.multi[facet].names.at(value)}`);
        expect(s.multi[facet].codes.get(s.multi[facet].codes.at(value)!)).toBe(value);
      }
      return `${facet}:${values.sort().join('|')}`;
    });
    const language = (s.row[2 * id]! >>> 11) & 0xffff;
    return {
      id,
      stamp: s.stamp[id],
      created: s.created[id],
      row: [s.row[2 * id]! & 0x7ff, s.row[2 * id + 1]],
      language: language ? s.languages[language - 1] : null,
      keys: [...s.titleKeys.subarray(id * 5, id * 5 + 5)],
      facets,
    };
  });
  const order = Object.fromEntries(Object.entries(s.order).map(([name, o]) => [name, { ids: [...o.ids], rank: [...o.ids].map((id) => o.rank[id]) }]));
  return { version: s.version, titles, order, present: [...s.all].every((id) => s.present[id] === 1), count: s.present.reduce((n, p) => n + p, 0) };
}

async function ids(where: string, limit = 1000): Promise<number[]> {
  return (await queryRows<{ id: number }>(database.db, sql.raw(`select cod_acervo as id from titles where ${where} order by cod_acervo limit ${limit}`))).map(
    (r) => r.id,
  );
}

describe('incremental snapshots (issue 59)', () => {
  it('a patched snapshot reads as one read afresh: titles added, retitled, re-authored, hidden, deleted; copies added, moved, removed; plans changed', async () => {
    const before = await readSnapshot(database.db);
    const [retitled, reauthored, hidden, deleted, moved, planned, aged] = await ids('true', 7);
    await importMarcRecords(
      database.db,
      asItems([
        // First in title order, and an author nobody had: a new heading.
        { id: 'patch-1', title: 'Aaa primeiro de todos', author: 'Zzyzx, Nova', subjects: ['Assunto inédito do patch'], year: 2026, language: 'fre' },
        { id: 'patch-2', title: 'Zzz último de todos', year: 1999 },
        { id: 'patch-3', title: 'Meio do catálogo', author: 'Silva, Ana', subjects: ['Educação'], year: 2010 },
      ]),
    );
    await database.db.execute(sql`update titles set title = 'Bem no começo: reescrito' where cod_acervo = ${retitled}`);
    await database.db.execute(sql`update titles set author = 'Aaaa, Primeira Autora' where cod_acervo = ${reauthored}`);
    await database.db.execute(sql`update titles set suppressed = true where cod_acervo = ${hidden}`);
    await database.db.execute(sql`delete from titles where cod_acervo = ${deleted}`);
    await database.db.execute(sql`update copies set cod_biblioteca = (select max(cod_biblioteca) from libraries) where cod_acervo = ${moved}`);
    const [someCopy] = await queryRows<{ id: number }>(database.db, sql`select cod_exemplar as id from copies where cod_acervo <> ${moved} order by 1 limit 1`);
    await database.db.execute(sql`delete from copies where cod_exemplar = ${someCopy!.id}`);
    const [newTitle] = await ids(`control_number = 'patch-3'`);
    const [library] = await queryRows<{ b: number }>(database.db, sql`select min(cod_biblioteca) as b from libraries`);
    await createCopies(database.db, [{ codAcervo: newTitle!, codBiblioteca: library!.b, tombo: 'PATCH-0001' }]);
    await database.db.execute(sql`insert into plan_titles (cod_plano, cod_acervo, tipo) select min(cod_plano), ${planned}, 'basica' from teaching_plans`);
    await database.db.execute(sql`delete from plan_titles where ctid = (select min(ctid) from plan_titles where cod_acervo <> ${planned})`);
    await database.db.execute(sql`update titles set created_at = now() + interval '1 day' where cod_acervo = ${aged}`);
    // A loan changes a copy's status only: no version moves, nothing is logged.
    await database.db.execute(
      sql`update copies set status = 'emprestado', data_devolucao_prevista = current_date + 7 where cod_exemplar = (select min(cod_exemplar) from copies)`,
    );

    const patched = await patchSnapshot(database.db, before);
    const fresh = await readSnapshot(database.db);
    expect(patched).not.toBeNull();
    expect(patched!.version).toBe(fresh.version);
    // The three new titles and the seven changed, plus the titles of the copy and plan rows removed.
    expect(patched!.changedTitles).toBeGreaterThanOrEqual(10);
    expect(patched!.changedTitles).toBeLessThanOrEqual(12);
    expect(seen(patched!)).toEqual(seen(fresh));
    expect(patched!.order.title.ids[0]).toBe(newTitle! - 2);
    expect(patched!.all).not.toContain(hidden);
    expect(patched!.all).not.toContain(deleted);

    // And a patch of a patch, with nothing changed in between but a version: the same again.
    await database.db.execute(sql`update titles set notes = 'nota nova' where cod_acervo = ${retitled}`);
    const twice = await patchSnapshot(database.db, patched!);
    expect(twice!.changedTitles).toBe(1);
    expect(seen(twice!)).toEqual(seen(await readSnapshot(database.db)));
  });

  it('twenty writers at once: every title each committed is in the patch, in its place', async () => {
    const before = await readSnapshot(database.db);
    await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        database.db.transaction(async (tx) => {
          await importMarcRecords(
            tx as unknown as typeof database.db,
            asItems([{ id: `patch-writer-${n}`, title: `Escritor paralelo ${n}`, author: `Autor ${n}` }]),
          );
          await tx.execute(sql`update titles set subjects = array['Paralelo ' || ${String(n)}] where control_number = ${`patch-writer-${n}`}`);
        }),
      ),
    );
    const patched = await patchSnapshot(database.db, before);
    expect(patched!.changedTitles).toBe(20);
    expect(seen(patched!)).toEqual(seen(await readSnapshot(database.db)));
  });

  it('reads everything (no patch) after a change to a table that names facet values, a log pruned past the snapshot, or too many changes', async () => {
    const before = await readSnapshot(database.db);
    await database.db.execute(
      sql`update libraries set desc_biblioteca = desc_biblioteca || ' (renomeada)' where cod_biblioteca = (select min(cod_biblioteca) from libraries)`,
    );
    expect(await patchSnapshot(database.db, before)).toBeNull();

    // Too many titles changed: a full read is cheaper.
    const three = await readSnapshot(database.db);
    await importMarcRecords(database.db, generateTitleRecords(3, 900_000));
    expect(await patchSnapshot(database.db, three, CATALOGUE, 2)).toBeNull();
    expect((await patchSnapshot(database.db, three, CATALOGUE, 3))!.changedTitles).toBe(3);

    const after = await readSnapshot(database.db);
    await importMarcRecords(database.db, asItems([{ id: 'patch-pruned', title: 'Depois da poda' }]));
    // The daily job forgets changes a week old: every change so far, aged eight days.
    await database.db.execute(sql`update search_changes set at = now() - interval '8 days'`);
    expect(await pruneSearchChanges(database.db)).toMatch(/^[1-9]\d* change\(s\) older than 7 days removed/);
    expect(await queryRows(database.db, sql`select 1 from search_changes`)).toHaveLength(0);
    expect(await patchSnapshot(database.db, after)).toBeNull();
    // A snapshot at the horizon itself still patches: the changes after it are all there.
    const atHorizon = await readSnapshot(database.db);
    await importMarcRecords(database.db, asItems([{ id: 'patch-after-prune', title: 'Depois do horizonte' }]));
    expect((await patchSnapshot(database.db, atHorizon))!.changedTitles).toBe(1);
  });

  it('the network source has its own log: a harvest patches it', async () => {
    const before = await readSnapshot(database.db, NETWORK);
    const [partner] = await queryRows<{ id: number }>(
      database.db,
      sql`insert into network_partners (nome, base_url) values ('Parceira do patch', 'https://parceira.example/oai') returning cod_empresa as id`,
    );
    const partnered = await readSnapshot(database.db, NETWORK);
    expect(await patchSnapshot(database.db, before, NETWORK)).toBeNull();
    await database.db.execute(sql`
      insert into network_titles (cod_empresa, identifier, datestamp, marc, cod_tipo_obra, title, author, subjects)
      select ${partner!.id}, 'oai:parceira:' || n, '2026-11-30', '{"leader":"","fields":[]}'::jsonb, 1, 'Título colhido ' || n, 'Colhedor, ' || n, array['Colheita']
      from generate_series(1, 5) n`);
    const patched = await patchSnapshot(database.db, partnered, NETWORK);
    expect(patched!.changedTitles).toBe(5);
    expect(seen(patched!)).toEqual(seen(await readSnapshot(database.db, NETWORK)));
  });

  it('every trigger that moves a version has a log trigger beside it, firing after it', async () => {
    const triggers = await queryRows<{ tbl: string; name: string; fn: string; type: number }>(
      database.db,
      sql`select c.relname as tbl, t.tgname as name, p.proname as fn, t.tgtype as type
          from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid where not t.tgisinternal`,
    );
    // The tables of names a patch reads again whole (search.patch.ts) need no log.
    const names = ['work_types', 'languages', 'knowledge_areas'];
    const bumps = triggers.filter((t) => (t.fn === 'catalog_version_bump' || t.fn === 'network_version_bump') && !names.includes(t.tbl));
    expect(bumps.length).toBeGreaterThanOrEqual(8);
    // tgtype bits: 4 insert, 8 delete, 16 update, 32 truncate.
    for (const bump of bumps) {
      const logs = triggers.filter((t) => t.tbl === bump.tbl && t.name.startsWith(`${bump.name}_log`) && t.fn.startsWith('search_changes_'));
      const covered = logs.reduce((events, t) => events | (t.type & 60), 0);
      expect(covered & (bump.type & 60), `${bump.tbl}.${bump.name}`).toBe(bump.type & 60);
      for (const log of logs) expect(log.name > bump.name).toBe(true);
    }
  });

  it('puts changed titles back after their neighbours, a changed neighbour standing for the one before it', () => {
    const mask = new Uint8Array(10);
    mask[3] = mask[5] = mask[8] = mask[9] = 1;
    // Order 1 2 3 4 5 6: 3 and 5 changed; 8 and 9 are new. 9 goes first, 5 after 6, 8 after 5, 3 after 1.
    const placed = [
      { id: 9, p: null },
      { id: 3, p: 1 },
      { id: 5, p: 6 },
      { id: 8, p: 5 },
    ];
    const ids = Int32Array.from([1, 2, 3, 4, 5, 6]);
    const rank = new Int32Array(10);
    ids.forEach((id, position) => (rank[id] = position));
    expect([...patchOrder({ ids, rank }, mask, placed)]).toEqual([9, 1, 3, 2, 4, 6, 5, 8]);
  });

  it('a search index follows imports by patching, on both catalogues, and answers the new titles', async () => {
    const index = new SearchIndex(database.db);
    const search = async (term: string) => (await index.run(newSearchState({ linhas: [searchRow(term)], quantPag: 10 })))!.total;
    const before = await search('patchindex');
    await importMarcRecords(database.db, asItems([{ id: 'patch-index', title: 'Patchindex encontrado', author: 'Índice, Ana' }]));
    expect(await search('patchindex')).toBe(before + 1);
    expect(index.stats()).toMatchObject({ changedTitles: 1, patchFailures: 0 });
    expect(index.stats().patches).toBeGreaterThanOrEqual(1);
    expect(CATALOGUE.name).toBe('catalogue');

    // A patch that fails for another reason than the database being away (here its horizon
    // table gone) is counted, and the catalogue read whole: search never stays behind.
    const { fullReads } = index.stats();
    await database.db.execute(sql`alter table search_changes_horizon rename to search_changes_horizon_away`);
    try {
      await importMarcRecords(database.db, asItems([{ id: 'patch-index-2', title: 'Patchindex sem horizonte' }]));
      expect(await search('patchindex')).toBe(before + 2);
    } finally {
      await database.db.execute(sql`alter table search_changes_horizon_away rename to search_changes_horizon`);
    }
    expect(index.stats()).toMatchObject({ patchFailures: 1, fullReads: fullReads + 1 });
  });

  it('a patched snapshot is read whole again in the background once old enough: a heading is named as a full read names it', async () => {
    const index = new SearchIndex(database.db, { refreshEveryMs: 0 });
    const authors = async () => {
      const outcome = (await index.run(newSearchState({ linhas: [searchRow('derivanome')], quantPag: 10 })))!;
      return outcome.facets.filter((f) => f.faceta === 'A').map((f) => [f.nome, f.total]);
    };
    // The same heading spelt two ways: a full read names it by its lowest title's spelling.
    await importMarcRecords(
      database.db,
      asItems([
        { id: 'drift-1', title: 'Derivanome um', author: 'Deriva, Ana' },
        { id: 'drift-2', title: 'Derivanome dois', author: 'DERIVA, ANA' },
      ]),
    );
    expect(await authors()).toEqual([['Deriva, Ana', 2]]);
    // The first title re-authored: a patch keeps the name the value was given first.
    await database.db.execute(sql`update titles set author = 'Outra, Autora' where control_number = 'drift-1'`);
    const { fullReads, patches } = index.stats();
    expect(await authors()).toContainEqual(['Deriva, Ana', 1]);
    expect(index.stats().patches).toBe(patches + 1);
    // That patch began a full read (refreshEveryMs 0); the next search is answered from it.
    await index.refreshDone();
    expect(await authors()).toContainEqual(['DERIVA, ANA', 1]);
    expect(index.stats().fullReads).toBeGreaterThan(fullReads);
  });
});

if (testDatabaseKind() === 'postgres') {
  describe('incremental snapshots on a PostgreSQL server', () => {
    it('the title-order neighbour is one probe of the order index', async () => {
      const plans = await database.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        return queryRows<{ 'QUERY PLAN': string }>(
          tx as unknown as typeof database.db,
          sql`explain select t.cod_acervo from titles t where not suppressed and (coalesce(t.title_sort, t.title_fold, ''), t.cod_acervo) < ('m', 1)
            order by coalesce(t.title_sort, t.title_fold, '') desc, t.cod_acervo desc limit 1`,
        );
      });
      expect(plans.map((p) => p['QUERY PLAN']).join('\n')).toMatch(/titles_order_title/);
    });
  });
}
