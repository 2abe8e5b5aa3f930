import { createServer } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database.js';
import { createNetworkPartner } from '../../../test/factories/network.js';
import { marcRecord } from '../../../test/marc.js';
import { type OaiPartner, startOaiPartner } from '../../../test/oai-partner.js';
import { runAdminCommand } from '../../admin/commands.js';
import { loadStaffCommands, staffCommands } from '../../lib/staff-commands.js';
import { queryRows } from '../../db/client.js';

/**
 * `npm run network -- add | list | remove | harvest` through the staff commands' handler (as the
 * admin socket and the command line call it): arguments checked, duplicates and addresses that
 * do not answer Identify refused with a clear message, progress lines while harvesting.
 */
let database: TestDatabase;
let partner: OaiPartner;
let broken: OaiPartner;
let closedPort = '';

const run = (verb: string, args: string[], progress?: (p: Record<string, string | number>) => void) =>
  runAdminCommand(database.db, { command: `network.${verb}`, args }, progress);
const refused = async (verb: string, args: string[]) => {
  try {
    await run(verb, args);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`network ${verb} ${args.join(' ')} was not refused`);
};
const partnerCount = async () => (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from network_partners`))[0]!.n;

beforeAll(async () => {
  database = await createTestDatabase();
  partner = await startOaiPartner({
    pageSize: 2,
    records: ['a1', 'a2', 'a3'].map((id, i) => ({ id, datestamp: `2025-01-0${i + 1}`, marc: marcRecord({ id, title: `Obra ${id}` }) })),
  });
  broken = await startOaiPartner({ garbage: '<html>manutenção</html>' });
  // A port nobody listens on.
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closedPort = String((server.address() as { port: number }).port);
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
afterAll(async () => {
  await partner.close();
  await broken.close();
  await database.dispose();
});

describe('npm run network -- add', () => {
  it('refuses what is not an OAI-PMH server worth adding, and adds nothing', async () => {
    expect(await refused('add', [])).toMatch(/^an OAI-PMH base URL and a partner name are needed\nusage:/);
    expect(await refused('add', [partner.url])).toMatch(/^an OAI-PMH base URL and a partner name are needed/);
    expect(await refused('add', ['catalogo.example/oai', 'Sem esquema'])).toMatch(/^"catalogo.example\/oai" is not an address \(http:\/\/ or https:\/\/\)/);
    expect(await refused('add', ['ftp://catalogo.example/oai', 'FTP'])).toBe('the OAI-PMH base URL must start with http:// or https://, not ftp:');
    expect(await refused('add', ['https://user:secret@catalogo.example/oai', 'Senha'])).toBe('the OAI-PMH base URL must not carry a user name or password');
    expect(await refused('add', [partner.url, 'Nome\u001b[31m'])).toBe('a partner name must not contain control characters');
    expect(await refused('add', [partner.url, 'x'.repeat(101)])).toBe('a partner name has at most 100 characters');
    expect(await refused('add', [partner.url, 'Modelo', '--registro', 'https://catalogo.example/registro'])).toBe(
      'the --registro address must contain {id}, where the record number goes',
    );
    expect(await refused('add', [partner.url, 'Modelo', '--registro', 'javascript:alert(1)/{id}'])).toBe(
      'the --registro address must start with http:// or https://, not javascript:',
    );
    expect(await refused('add', [`http://127.0.0.1:${closedPort}/oai`, 'Desligada'])).toMatch(
      new RegExp(`^http://127.0.0.1:${closedPort}/oai não responde como um servidor OAI-PMH: could not reach`),
    );
    expect(await refused('add', [broken.url, 'Quebrada'])).toBe(
      `${broken.url} não responde como um servidor OAI-PMH: not an OAI-PMH answer (root element <html>)`,
    );
    expect(await partnerCount()).toBe(0);
  });

  it('adds a partner that answers Identify, with the address of its records; refuses the same name or address twice', async () => {
    const output = await run('add', [partner.url, 'Biblioteca', 'Municipal', '--registro', 'https://municipal.example/registro?n={id}']);
    expect(output).toBe(
      [
        'partner "Biblioteca Municipal" added (institution 1): Biblioteca Parceira, marc21, datestamps by day',
        '    records link to https://municipal.example/registro?n={id}',
        '    first harvest within the hour, or now: npm run staff -- network harvest "Biblioteca Municipal"',
      ].join('\n'),
    );
    expect(partner.requests.map((r) => r.verb)).toEqual(['Identify', 'ListMetadataFormats']);
    expect(await refused('add', ['https://outra.example/oai', 'Biblioteca Municipal'])).toBe(
      `Já há um parceiro chamado "Biblioteca Municipal" (${partner.url}).`,
    );
    expect(await refused('add', [partner.url, 'Outro nome'])).toBe(`${partner.url} já é coletado como "Biblioteca Municipal".`);
    expect(await partnerCount()).toBe(1);
  });
});

describe('npm run network -- list, harvest, remove', () => {
  it('lists the partner before its first harvest', async () => {
    const output = await run('list', []);
    expect(output).toBe(
      [
        `#1  Biblioteca Municipal  ${partner.url}`,
        '    0 record(s) (marc21); never harvested completely; due now',
        '    records at https://municipal.example/registro?n={id}',
      ].join('\n'),
    );
  });

  it('harvests now, printing a line per page', async () => {
    const lines: string[] = [];
    const output = await run('harvest', ['Biblioteca', 'Municipal'], (p) => lines.push(String(p.line)));
    expect(lines).toEqual([
      'Biblioteca Municipal: page 1, 2 of 3 record(s) read — 2 new, 0 updated, 0 deleted, 0 skipped',
      'Biblioteca Municipal: page 2, 3 of 3 record(s) read — 3 new, 0 updated, 0 deleted, 0 skipped',
    ]);
    expect(output).toBe('Biblioteca Municipal: complete: 3 record(s) in 2 page(s): 3 new, 0 updated, 0 deleted, 0 skipped');
    const links = await queryRows<{ link: string }>(database.db, sql`select link from network_titles order by identifier`);
    expect(links.map((l) => l.link)).toEqual(['a1', 'a2', 'a3'].map((id) => `https://municipal.example/registro?n=${id}`));
    expect(await run('list', [])).toMatch(
      /^#1 {2}Biblioteca Municipal .*\n {4}3 record\(s\) \(marc21\); last complete harvest \d{4}-\d\d-\d\d \d\d:\d\d UTC; next attempt \d{4}-\d\d-\d\d \d\d:\d\d UTC\n/,
    );
  });

  it('shows a failed harvest and its error in the list; harvesting everyone goes on past it', async () => {
    await createNetworkPartner(database.db, { nome: 'Quebrada', baseUrl: broken.url });
    const output = await run('harvest', []);
    expect(output.split('\n')).toEqual([
      'Biblioteca Municipal: complete: 1 record(s) in 1 page(s): 0 new, 0 updated, 0 deleted, 0 skipped',
      'Quebrada: failed after 0 record(s) in 0 page(s): 0 new, 0 updated, 0 deleted, 0 skipped — not an OAI-PMH answer (root element <html>)',
    ]);
    expect(await run('list', [])).toMatch(
      /\n#2 {2}Quebrada .*\n {4}0 record\(s\) .*\n {4}last error \(1 failure\(s\) in a row\): not an OAI-PMH answer \(root element <html>\)$/,
    );
  });

  it('refuses to harvest or remove a partner that does not exist', async () => {
    expect(await refused('harvest', ['Ninguém'])).toBe('no partner named "Ninguém"');
    expect(await refused('remove', ['Ninguém'])).toBe('no partner named "Ninguém"');
    expect(await refused('remove', [])).toMatch(/^the name of the partner to remove is needed\nusage:/);
  });

  it('removes a partner with its records', async () => {
    expect(await run('remove', ['Biblioteca', 'Municipal'])).toBe('partner "Biblioteca Municipal" removed with its 3 harvested record(s)');
    const [left] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from network_titles`);
    expect(left!.n).toBe(0);
    expect(await run('list', [])).toMatch(/^#2 {2}Quebrada /);
  });

  it('is in the staff commands usage', async () => {
    await loadStaffCommands();
    expect(staffCommands.usage()).toContain('npm run staff -- network add <OAI base URL> <name> [--registro <address with {id}>]');
    expect(staffCommands.usage()).toContain('npm run staff -- network harvest [name]');
  });
});
