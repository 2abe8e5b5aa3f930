import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database.js';
import { marcRecord, type TitleSpec } from '../../../test/marc.js';
import { type OaiPartner, type PartnerOptions, type PartnerRecord, startOaiPartner } from '../../../test/oai-partner.js';
import { runAdminCommand } from '../../admin/commands.js';
import { queryRows } from '../../db/client.js';
import type { JobDefinition, Scheduler } from '../../lib/scheduler.js';
import { harvestDue, harvestNow, harvestPartner } from './network.harvest.js';
import { defineNetworkJobs } from './network.jobs.js';
import { insertPartner, type Partner, partnerByName } from './network.harvest.queries.js';

/**
 * The harvester against real OAI-PMH servers on local ports (test/oai-partner.ts): MARCXML from
 * another Estante and Dublin Core from a repository, in pages with resumption tokens; the second
 * harvest asks `from` the last datestamp and applies changes and deletions; a cut connection
 * resumes from the saved token, an expired token lists again; 503 is waited out; a broken
 * partner is put off with a growing back-off and never stops the others.
 */
let database: TestDatabase;
const partners: OaiPartner[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await Promise.all(partners.map((p) => p.close()));
  await database.dispose();
});

async function partnerServer(options: PartnerOptions): Promise<OaiPartner> {
  const server = await startOaiPartner(options);
  partners.push(server);
  return server;
}

/** A partner row pointing at `server`, format and granularity left for the harvest to discover. */
async function addPartner(nome: string, server: OaiPartner): Promise<Partner> {
  return insertPartner(database.db, { nome, baseUrl: server.url });
}

const book = (id: string, datestamp: string, spec: Partial<TitleSpec> = {}): PartnerRecord => ({
  id,
  datestamp,
  marc: marcRecord({ id, title: `Livro ${id}`, author: 'Autora, Ana', year: 2001, subjects: ['Bibliotecas'], ...spec }),
});

interface Row {
  identifier: string;
  datestamp: string;
  link: string | null;
  title: string;
  author: string | null;
  added_authors: string[];
  subjects: string[];
  ano_publicacao: number | null;
  idioma: string | null;
  cod_tipo_obra: number;
  isbn: string[];
  publisher: string | null;
}

const rowsOf = (codEmpresa: number) =>
  queryRows<Row>(
    database.db,
    sql`select identifier, datestamp, link, title, author, added_authors, subjects, ano_publicacao, idioma, cod_tipo_obra, isbn, publisher
        from network_titles where cod_empresa = ${codEmpresa} order by identifier`,
  );
const partnerRow = async (nome: string) => (await partnerByName(database.db, nome))!;
const listRequests = (server: OaiPartner) => server.requests.filter((r) => r.verb === 'ListRecords');

describe('another Estante offering marc21', () => {
  let server: OaiPartner;
  let codEmpresa = 0;

  it('is added by the staff command, recognised as an Estante: its records link to /acervo/{id}', async () => {
    server = await partnerServer({ estante: true, pageSize: 3, records: ['1', '2', '3', '4', '5', '6', '7'].map((n) => book(n, `2024-01-0${n}`)) });
    const output = await runAdminCommand(database.db, { command: 'network.add', args: [server.url, 'Biblioteca', 'Parceira'] });
    expect(output).toContain('partner "Biblioteca Parceira" added');
    expect(output).toContain('another Estante');
    const partner = await partnerRow('Biblioteca Parceira');
    expect(partner).toMatchObject({ metadataPrefix: 'marc21', granularity: 'day', recordUrl: `${server.origin}/acervo/{id}` });
    codEmpresa = partner.codEmpresa;
  });

  it('harvests every page into network_titles, derived like our titles', async () => {
    const [result] = await harvestNow(database.db, 'Biblioteca Parceira');
    expect(result).toMatchObject({ status: 'complete', pages: 3, received: 7, inserted: 7, updated: 0, deleted: 0, skipped: 0 });
    const rows = await rowsOf(codEmpresa);
    expect(rows.map((r) => r.identifier)).toEqual(['1', '2', '3', '4', '5', '6', '7'].map((n) => `oai:parceiro.example:${n}`));
    expect(rows[0]).toMatchObject({
      title: 'Livro 1',
      author: 'Autora, Ana',
      subjects: ['Bibliotecas'],
      ano_publicacao: 2001,
      idioma: 'por',
      cod_tipo_obra: 1,
      datestamp: '2024-01-01',
      link: `${server.origin}/acervo/1`,
    });
    const lists = listRequests(server);
    expect(lists[0]).toEqual({ verb: 'ListRecords', metadataPrefix: 'marc21' });
    expect(lists.slice(1).every((r) => typeof r.resumptionToken === 'string')).toBe(true);
    expect(await partnerRow('Biblioteca Parceira')).toMatchObject({
      harvestedUntil: '2024-01-07',
      resumptionToken: null,
      pendingUntil: null,
      failures: 0,
      lastError: null,
    });
    expect((await partnerRow('Biblioteca Parceira')).lastHarvestAt).toBeInstanceOf(Date);
    // The search columns are filled by the same triggers as our titles'.
    const [search] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from network_titles
          where cod_empresa = ${codEmpresa} and search_vector is not null and search_stem is not null and title_fold like 'livro %'`,
    );
    expect(search!.n).toBe(7);
  });

  it('harvests again from the last datestamp: a changed record updated, a new one added, a deleted one removed', async () => {
    const two = server.records.findIndex((r) => r.id === '2');
    server.records[two] = book('2', '2024-02-01', { title: 'Livro dois, revisto' });
    server.records.push(book('8', '2024-02-01'));
    server.records[server.records.findIndex((r) => r.id === '3')] = { id: '3', datestamp: '2024-02-02', deleted: true };
    const before = listRequests(server).length;

    const [result] = await harvestNow(database.db, 'Biblioteca Parceira');
    expect(listRequests(server)[before]).toEqual({ verb: 'ListRecords', metadataPrefix: 'marc21', from: '2024-01-07' });
    // 7 (its datestamp is the day asked from, so it comes again, unchanged), 2, 8 and the deletion of 3.
    expect(result).toMatchObject({ status: 'complete', received: 4, inserted: 1, updated: 1, deleted: 1, skipped: 0 });
    const rows = await rowsOf(codEmpresa);
    expect(rows.map((r) => r.identifier.split(':').at(-1))).toEqual(['1', '2', '4', '5', '6', '7', '8']);
    expect(rows.find((r) => r.identifier.endsWith(':2'))).toMatchObject({ title: 'Livro dois, revisto', datestamp: '2024-02-01' });
    expect((await partnerRow('Biblioteca Parceira')).harvestedUntil).toBe('2024-02-02');
  });
});

describe('a repository offering only oai_dc', () => {
  it('turns Dublin Core into MARC and derives it; a record without a title is skipped and counted', async () => {
    const server = await partnerServer({
      formats: ['oai_dc'],
      granularity: 'second',
      records: [
        {
          id: 'h1',
          datestamp: '2023-05-01T10:00:00Z',
          dc: [
            ['title', 'Leitura e escola no Brasil'],
            ['creator', 'Souza, Maria'],
            ['creator', 'Lima, João'],
            ['subject', 'Leitura'],
            ['subject', 'Educação'],
            ['date', '2019-05-03'],
            ['language', 'pt-BR'],
            ['type', 'info:eu-repo/semantics/doctoralThesis'],
            ['publisher', 'Universidade Exemplar'],
            ['identifier', 'ISBN 978-85-359-0277-8'],
            ['identifier', 'https://repositorio.example/handle/1'],
          ],
        },
        {
          id: 'h2',
          datestamp: '2023-05-02T10:00:00Z',
          dc: [
            ['title', 'Reading at school'],
            ['language', 'English'],
            ['type', 'Text'],
          ],
        },
        { id: 'h3', datestamp: '2023-05-03T10:00:00Z', dc: [['creator', 'Sem Título']] },
        {
          id: 'h4',
          datestamp: '2023-05-04T11:30:00Z',
          dc: [
            ['title', "Ñe'ẽ"],
            ['language', 'gn'],
          ],
        },
      ],
    });
    const partner = await addPartner('Repositório', server);
    const [result] = await harvestNow(database.db, 'Repositório');
    expect(result).toMatchObject({ status: 'complete', received: 4, inserted: 3, skipped: 1 });
    expect(result!.skippedReasons).toEqual(['oai:parceiro.example:h3: record has no title (245 $a)']);
    expect(listRequests(server)[0]).toEqual({ verb: 'ListRecords', metadataPrefix: 'oai_dc' });

    const rows = await rowsOf(partner.codEmpresa);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({
      title: 'Leitura e escola no Brasil',
      author: 'Souza, Maria',
      added_authors: ['Lima, João'],
      subjects: ['Leitura', 'Educação'],
      ano_publicacao: 2019,
      idioma: 'por',
      cod_tipo_obra: 4,
      isbn: ['9788535902778'],
      publisher: 'Universidade Exemplar',
      link: 'https://repositorio.example/handle/1',
    });
    expect(rows[1]).toMatchObject({ title: 'Reading at school', idioma: 'eng', cod_tipo_obra: 1, link: null });
    expect(rows[2]).toMatchObject({ idioma: 'grn' });
    // Languages the catalogue did not know are added with their names, as the import does.
    const languages = await queryRows<{ codigo: string; nome_pt: string }>(
      database.db,
      sql`select codigo, nome_pt from languages where codigo in ('por', 'eng', 'grn') order by codigo`,
    );
    expect(languages.map((l) => l.codigo)).toEqual(['eng', 'grn', 'por']);
    // Second-granularity partner: the next list asks from the exact second.
    expect((await partnerRow('Repositório')).harvestedUntil).toBe('2023-05-04T11:30:00Z');
    await harvestNow(database.db, 'Repositório');
    expect(listRequests(server).at(-1)).toEqual({ verb: 'ListRecords', metadataPrefix: 'oai_dc', from: '2023-05-04T11:30:00Z' });
  });
});

describe('interruptions', () => {
  const ten = () => Array.from({ length: 10 }, (_, i) => book(`r${String(i).padStart(2, '0')}`, `2024-03-${String(i + 1).padStart(2, '0')}`));

  it('a connection dropped on page 3 fails the harvest with its token saved; the next one goes on from it, without duplicates', async () => {
    const server = await partnerServer({ pageSize: 3, records: ten() });
    const partner = await addPartner('Interrompida', server);
    server.dropOnce(6);
    const [failed] = await harvestNow(database.db, 'Interrompida');
    expect(failed).toMatchObject({ status: 'failed', pages: 2, inserted: 6 });
    expect(failed!.error).toMatch(/could not reach/);
    const stopped = await partnerRow('Interrompida');
    expect(stopped.resumptionToken).not.toBeNull();
    expect(stopped).toMatchObject({ failures: 1, pendingUntil: '2024-03-06', harvestedUntil: null });
    expect(stopped.lastError).toMatch(/could not reach/);
    expect(stopped.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now());
    expect(await rowsOf(partner.codEmpresa)).toHaveLength(6);

    const seen = server.requests.length;
    const [resumed] = await harvestNow(database.db, 'Interrompida');
    // Straight on with the saved token: no Identify, no list from the start.
    expect(server.requests[seen]).toEqual({ verb: 'ListRecords', resumptionToken: stopped.resumptionToken });
    expect(resumed).toMatchObject({ status: 'complete', resumed: true, pages: 2, inserted: 4 });
    const rows = await rowsOf(partner.codEmpresa);
    expect(rows.map((r) => r.identifier)).toEqual(ten().map((r) => `oai:parceiro.example:${r.id}`));
    expect(await partnerRow('Interrompida')).toMatchObject({ harvestedUntil: '2024-03-10', resumptionToken: null, failures: 0, lastError: null });
  });

  it('an expired token lists again from the last complete harvest', async () => {
    const server = await partnerServer({ pageSize: 3, records: ten().slice(0, 4) });
    const partner = await addPartner('Expirada', server);
    await harvestNow(database.db, 'Expirada');
    server.records.push(...ten().slice(4));
    server.dropOnce(3);
    expect((await harvestNow(database.db, 'Expirada'))[0]!.status).toBe('failed');
    server.expireTokens();
    const seen = server.requests.length;
    const [again] = await harvestNow(database.db, 'Expirada');
    expect(again).toMatchObject({ status: 'complete', restarted: true });
    const verbs = server.requests.slice(seen).map((r) => (r.resumptionToken ? 'token' : r.from ? `${r.verb} from ${r.from}` : r.verb));
    expect(verbs.slice(0, 4)).toEqual(['token', 'Identify', 'ListMetadataFormats', 'ListRecords from 2024-03-04']);
    expect((await rowsOf(partner.codEmpresa)).map((r) => r.identifier)).toEqual(ten().map((r) => `oai:parceiro.example:${r.id}`));
  });

  it('a harvest past its time budget stops between pages, token saved, and is due again at once', async () => {
    const server = await partnerServer({ pageSize: 4, records: ten() });
    const partner = await addPartner('Pausada', server);
    const paused = await harvestPartner(database.db, partner, { deadline: Date.now() });
    expect(paused).toMatchObject({ status: 'paused', pages: 1, inserted: 4 });
    const row = await partnerRow('Pausada');
    expect(row.resumptionToken).not.toBeNull();
    expect(row.nextAttemptAt!.getTime()).toBeLessThanOrEqual(Date.now());
    const [done] = await harvestNow(database.db, 'Pausada');
    expect(done).toMatchObject({ status: 'complete', resumed: true, inserted: 6 });
    expect(await rowsOf(partner.codEmpresa)).toHaveLength(10);
  });

  it('a 503 with Retry-After is waited out', async () => {
    const server = await partnerServer({ pageSize: 5, records: ten().slice(0, 2) });
    const partner = await addPartner('Ocupada', server);
    server.busyOnce('ListRecords');
    const [result] = await harvestNow(database.db, 'Ocupada');
    expect(result).toMatchObject({ status: 'complete', inserted: 2 });
    expect(listRequests(server)).toHaveLength(2);
    expect(await rowsOf(partner.codEmpresa)).toHaveLength(2);
  });

  it('a partner removed while it is harvested stops the harvest, and nothing of it is stored', async () => {
    const server = await partnerServer({ pageSize: 3, records: ten() });
    const partner = await addPartner('Removida', server);
    await database.db.execute(sql`delete from network_partners where cod_empresa = ${partner.codEmpresa}`);
    const result = await harvestPartner(database.db, partner);
    expect(result).toMatchObject({ status: 'failed', error: 'the partner was removed while it was being harvested', inserted: 0 });
    expect(await rowsOf(partner.codEmpresa)).toHaveLength(0);
  });

  it('a record the database refuses is skipped; the rest of its page is stored', async () => {
    await database.db.execute(sql`create function refuse_recusado() returns trigger language plpgsql as $$
      begin if new.title = 'Recusado' then raise exception 'refused by the test'; end if; return new; end $$`);
    await database.db.execute(sql`create trigger refuse_recusado before insert on network_titles for each row execute function refuse_recusado()`);
    try {
      const server = await partnerServer({ pageSize: 10, records: [...ten().slice(0, 3), book('bad', '2024-03-02', { title: 'Recusado' })] });
      const partner = await addPartner('Recusa', server);
      const [result] = await harvestNow(database.db, 'Recusa');
      expect(result).toMatchObject({ status: 'complete', inserted: 3, skipped: 1 });
      expect(result!.skippedReasons[0]).toMatch(/^oai:parceiro.example:bad: the database refused it: refused by the test/);
      expect(await rowsOf(partner.codEmpresa)).toHaveLength(3);
      expect((await partnerRow('Recusa')).harvestedUntil).toBe('2024-03-03');
    } finally {
      await database.db.execute(sql`drop trigger refuse_recusado on network_titles`);
    }
  });
});

describe('the scheduled run', () => {
  it('harvests the partners due; a broken one is put off with a growing back-off and does not stop the others', async () => {
    // Partners of the tests above are not due (harvested, or put off after a failure).
    await database.db.execute(sql`update network_partners set next_attempt_at = now() + interval '1 day'`);
    const broken = await partnerServer({ garbage: 'this is not XML <<<' });
    const refusing = await partnerServer({ listError: 'badArgument', records: [book('x', '2024-01-01')] });
    const empty = await partnerServer({ records: [] });
    const good = await partnerServer({ records: [book('g1', '2024-04-01'), book('g2', '2024-04-02')] });
    await addPartner('A quebrada', broken);
    await addPartner('B recusa', refusing);
    await addPartner('C vazia', empty);
    const goodPartner = await addPartner('D boa', good);

    const results = await harvestDue(database.db);
    expect(results.map((r) => [r.partner, r.status])).toEqual([
      ['A quebrada', 'failed'],
      ['B recusa', 'failed'],
      ['C vazia', 'complete'],
      ['D boa', 'complete'],
    ]);
    expect(results[0]!.error).toMatch(/^malformed XML/);
    expect(results[1]!.error).toBe('OAI-PMH error badArgument: as configured');
    expect(await rowsOf(goodPartner.codEmpresa)).toHaveLength(2);
    // noRecordsMatch: a successful, empty harvest.
    const emptyRow = await partnerRow('C vazia');
    expect(emptyRow).toMatchObject({ failures: 0, lastError: null, harvestedUntil: null });
    expect(emptyRow.lastHarvestAt).toBeInstanceOf(Date);

    const first = await partnerRow('A quebrada');
    expect(first).toMatchObject({ failures: 1 });
    expect(first.lastError).toMatch(/^malformed XML/);
    const firstDelay = first.nextAttemptAt!.getTime() - Date.now();
    expect(firstDelay).toBeGreaterThan(10 * 60_000);
    expect(firstDelay).toBeLessThanOrEqual(15 * 60_000);

    // Nobody is due an hour later: the broken partners are put off, the others harvested today.
    expect(await harvestDue(database.db)).toEqual([]);

    // Failing again doubles the wait.
    await harvestNow(database.db, 'A quebrada');
    const second = await partnerRow('A quebrada');
    expect(second.failures).toBe(2);
    expect(second.nextAttemptAt!.getTime() - Date.now()).toBeGreaterThan(25 * 60_000);

    // Once it answers again, it is harvested and its failures forgotten.
    broken.options.garbage = undefined;
    broken.records.push(book('q1', '2024-05-01'));
    const [fixed] = await harvestNow(database.db, 'A quebrada');
    expect(fixed).toMatchObject({ status: 'complete', inserted: 1 });
    expect(await partnerRow('A quebrada')).toMatchObject({ failures: 0, lastError: null });
  });

  it('is the hourly job network.harvest, which answers a one-line outcome', async () => {
    const jobs: JobDefinition[] = [];
    defineNetworkJobs({ define: (job: JobDefinition) => jobs.push(job) } as unknown as Scheduler);
    expect(jobs.map((j) => [j.name, j.cron])).toEqual([['network.harvest', '25 * * * *']]);
    expect(await jobs[0]!.run(database.db)).toBe('no partner due');
    await database.db.execute(sql`update network_partners set next_attempt_at = null where nome in ('B recusa', 'D boa')`);
    expect(await jobs[0]!.run(database.db)).toBe(
      '1 of 2 partner(s) harvested: 1 record(s), 0 new, 0 updated, 0 deleted, 0 skipped; failed: B recusa (OAI-PMH error badArgument: as configured)',
    );
  });
});
