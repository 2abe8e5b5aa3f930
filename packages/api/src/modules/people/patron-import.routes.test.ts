import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authEndpoints, recoveryEndpoints } from '@estante/contracts/auth';
import { peopleEndpoints } from '@estante/contracts/people';
import { runAdminCommand } from '../../admin/commands.js';
import { queryRows } from '../../db/client.js';
import { patronCategories } from '../../db/schema/index.js';
import { configuredMailer } from '../../lib/mail.js';
import { call, createTestApp, patronToken, publicToken, type TestApp } from '../../../test/app.js';
import { createInstitution, createLibraries } from '../../../test/factories.js';
import { startTestMailSink, type TestMailSink } from '../../../test/mail.js';

/**
 * `npm run staff -- people import <file.csv>` (issue 57 item 2, decision 0055), judged by what
 * the patrons and the library see: the imported patron signs in with the password of the old
 * system and reads their own data; a patron without one is e-mailed a recovery code; bad rows
 * are reported with their line and reason and the rest imported; the same file twice changes
 * nothing.
 */

// Hashes this code did not make: Openwall's crypt_blowfish vector ("U*U") and Python's hashlib in Django's form ("lètmein").
const BCRYPT = '$2y$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW';
const PBKDF2 = 'pbkdf2_sha256$870000$seasalt2$nxgnNHRsZWSmi4hRSKq2MRigfaRmjDhH1NH4g2sQRbU=';
const HEADER = 'matricula,nome,cpf,email,telefone,categoria,biblioteca,validade,senha_hash';

let t: TestApp;
let sink: TestMailSink;
let anonymous: string;
let central: number;
const dir = mkdtempSync(path.join(tmpdir(), 'estante-patrons-'));
let files = 0;

beforeAll(async () => {
  sink = await startTestMailSink();
  t = await createTestApp({ SMTP_URL: sink.url });
  await createInstitution(t.database.db, { sigla: 'UEVS' });
  await t.database.db.insert(patronCategories).values([
    { codCategoria: '01', descricao: 'Graduação' },
    { codCategoria: '04', descricao: 'Professor' },
  ]);
  const [a] = await createLibraries(t.database.db, ['Biblioteca Central', 'Biblioteca Setorial']);
  central = a!.codBiblioteca;
  anonymous = await publicToken(t.app);
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

/** Writes `lines` as a CSV file and runs the staff command on it, as `npm run staff` does. */
function importFile(lines: string[], ...flags: string[]) {
  const file = path.join(dir, `leitores-${++files}.csv`);
  writeFileSync(file, `${lines.join('\n')}\n`);
  return runAdminCommand(t.database.db, { command: 'people.import', args: [file, ...flags] }, undefined, configuredMailer(sink.url, 'biblioteca@uevs.test'));
}

const signIn = (username: string, password: string) =>
  call(t.app, authEndpoints.token, { body: { grant_type: 'password', client_id: 'estante-web', client_secret: 'estante-public', username, password } }, null);

const personalDataOf = async (login: string, password: string) =>
  (await call(t.app, peopleEndpoints.personalData, {}, await patronToken(t.app, login, password))).body;

const peopleCount = async () => (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from people`))[0]!.n;
const auditCount = async () =>
  (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from staff_audit where acao = 'people.import'`))[0]!.n;

const GOOD = [
  HEADER,
  `ana.souza,Ana Beatriz Souza,529.982.247-25,ana@uevs.test,(11) 5555-0101,01,Biblioteca Central,2027-12-31,${BCRYPT}`,
  `bruno,Bruno Lima,11144477735,bruno@uevs.test,,Professor,BIB0;Biblioteca Setorial,31/01/2028,${PBKDF2}`,
  'carla,Carla Dias,,carla@uevs.test,11 99999-0000,graduação,,,',
];

describe('importing patrons from CSV', () => {
  it('imports every row: the patrons sign in with the old system’s passwords and see their data', async () => {
    const mailsBefore = (await sink.messages()).length;
    const output = await importFile(GOOD);
    expect(output).toContain('3 rows: 3 created, 0 updated, 0 unchanged, 0 rejected');

    // bcrypt, as PHP writes it ($2y$): the old password opens the account, a wrong one does not.
    expect((await signIn('ana.souza', 'U*V')).status).toBe(401);
    expect((await signIn('ana.souza', 'U*U')).status).toBe(200);
    expect(await personalDataOf('ana.souza', 'U*U')).toMatchObject({
      nome: 'Ana Beatriz Souza',
      cpf: '52998224725',
      email: 'ana@uevs.test',
      telefone: '(11) 5555-0101',
      categoria: { codigo: '01', descricao: 'Graduação' },
      validade: '2027-12-31',
    });
    // Once the password is known it is kept in our own form: the next sign-in still works.
    const [stored] = await queryRows<{ password_hash: string }>(t.database.db, sql`select password_hash from logins where login = 'ana.souza'`);
    expect(stored!.password_hash).toMatch(/^scrypt\$/);
    expect((await signIn('ana.souza', 'U*U')).status).toBe(200);

    // PBKDF2 as Django writes it; the category by its name, libraries by abbreviation and name, a Brazilian date.
    expect((await signIn('bruno', 'lètmein')).status).toBe(200);
    expect(await personalDataOf('bruno', 'lètmein')).toMatchObject({ nome: 'Bruno Lima', categoria: { codigo: '04' }, validade: '2028-01-31' });
    const libraries = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from patron_libraries pl join logins l using (cod_pessoa) where l.login = 'bruno'`,
    );
    expect(libraries[0]!.n).toBe(2);

    // No hash: nobody can sign in yet; the patron is e-mailed a recovery code and chooses a password with it.
    expect(output).toContain('line 4: carla has no password yet; recovery e-mail sent to ca***@u***.test');
    const mails = (await sink.messages()).slice(mailsBefore);
    expect(mails.map((m) => m.to)).toMatchObject([{ value: [{ address: 'carla@uevs.test' }] }]);
    const code = /código para criar uma nova senha é (\d{6})/.exec(mails[0]!.text!)![1]!;
    const finished = await call(t.app, recoveryEndpoints.finish, { params: { user: 'carla' }, body: { code, password: 'Nova#Senha2025' } }, anonymous);
    expect(finished.status).toBe(200);
    expect(await personalDataOf('carla', 'Nova#Senha2025')).toMatchObject({ nome: 'Carla Dias', cpf: null, telefone: '11 99999-0000', validade: null });
  });

  it('changes nothing when the same file is imported again, and only what differs when a row changed', async () => {
    const people = await peopleCount();
    const acts = await auditCount();
    const mails = (await sink.messages()).length;
    expect(await importFile(GOOD)).toBe('3 rows: 0 created, 0 updated, 3 unchanged, 0 rejected');
    expect(await peopleCount()).toBe(people);
    expect(await auditCount()).toBe(acts);
    expect((await sink.messages()).length).toBe(mails);

    const changed = [...GOOD];
    changed[1] = changed[1]!.replace('(11) 5555-0101', '(11) 5555-0202');
    expect(await importFile(changed)).toBe('3 rows: 0 created, 1 updated, 2 unchanged, 0 rejected\nline 2: ana.souza updated: telefone');
    expect(await personalDataOf('ana.souza', 'U*U')).toMatchObject({ telefone: '(11) 5555-0202', email: 'ana@uevs.test' });
    // The password a patron chose after the import is theirs: the file's hash does not come back.
    expect((await signIn('carla', 'Nova#Senha2025')).status).toBe(200);
    expect(await auditCount()).toBe(acts + 1);
  });

  it('refuses a file with wrong columns whole, naming them, before writing anything', async () => {
    const people = await peopleCount();
    const missing = importFile(['matricula,nome,cpf,email,categoria,biblioteca,validade,senha_hash', 'davi,Davi Reis,,,,01,,,']);
    await expect(missing).rejects.toThrow(/wrong header \(missing columns: telefone\).*nothing was imported/);
    const unknown = importFile([`${HEADER},apelido`, 'davi,Davi Reis,,,,01,,,,Davizinho']);
    await expect(unknown).rejects.toThrow(/wrong header \(unknown columns: apelido\)/);
    expect(await peopleCount()).toBe(people);
  });

  it('rejects a row with a bad CPF, with its line and reason, and imports the rest', async () => {
    const output = await importFile([HEADER, 'elisa,Elisa Prado,52998224724,,,01,,,', 'fabio,Fábio Nunes,,,,01,,,', 'gil,Gil Souto,1234,,,01,,,']);
    expect(output).toContain('3 rows: 1 created, 0 updated, 0 unchanged, 2 rejected');
    expect(output).toContain('line 2: rejected (elisa): cpf: the tax number’s check digits are wrong');
    expect(output).toContain('line 4: rejected (gil): cpf: the tax number has 11 digits');
    expect((await signIn('elisa', 'x')).status).toBe(401);
    expect(await queryRows(t.database.db, sql`select 1 from logins where login in ('elisa', 'gil')`)).toEqual([]);
    expect(await queryRows(t.database.db, sql`select 1 from logins where login = 'fabio'`)).toHaveLength(1);
  });

  it('rejects a row of an unknown category or library, with its line and reason', async () => {
    const output = await importFile([HEADER, 'hugo,Hugo Alves,,,,99,,,', 'iris,Íris Mota,,,,01,Biblioteca Lunar,,', 'jonas,Jonas Paz,,,,04,,,']);
    expect(output).toContain("line 2: rejected (hugo): categoria: no category '99' (by code or name)");
    expect(output).toContain("line 3: rejected (iris): biblioteca: no library 'Biblioteca Lunar' (by number, abbreviation or name)");
    expect(output).toContain('3 rows: 1 created, 0 updated, 0 unchanged, 2 rejected');
  });

  it('rejects a registration given twice in the file on its second line, naming the first', async () => {
    const output = await importFile([HEADER, 'kelly,Kelly Rocha,,,,01,,,', 'luiz,Luiz Costa,,,,01,,,', 'KELLY,Kelly R. Rocha,,,,04,,,']);
    expect(output).toContain('line 4: rejected (kelly): matricula kelly is on line 2 too');
    expect(output).toContain('3 rows: 2 created, 0 updated, 0 unchanged, 1 rejected');
    const [kelly] = await queryRows<{ nome_pessoa: string }>(
      t.database.db,
      sql`select nome_pessoa from people join logins using (cod_pessoa) where login = 'kelly'`,
    );
    expect(kelly!.nome_pessoa).toBe('Kelly Rocha');
  });

  it('rejects rows of a wrong value count, a bad date, e-mail or phone, or a hash it cannot verify', async () => {
    const output = await importFile([
      HEADER,
      'mara,Mara Lins,,,,01,,',
      'nina,Nina Sá,,,,01,,2027-02-30,',
      'otto,Otto Reis,,otto@,,01,,,',
      'paula,Paula Gil,,,ramal 12,01,,,',
      'quim,Quim Dantas,,,,01,,,$argon2id$v=19$m=65536,t=3,p=4$c29tZXNhbHQ$RdescudvJCsgt3ub+b+dWRWJTmaaJObG',
      'rita,Rita Melo,,,,01,,,5f4dcc3b5aa765d61d8327deb882cf99',
    ]);
    expect(output).toContain('line 2: rejected (mara): 8 values where the header has 9');
    expect(output).toContain('line 3: rejected (nina): validade: a day is YYYY-MM-DD or DD/MM/YYYY');
    expect(output).toContain('line 4: rejected (otto): email: not an e-mail address');
    expect(output).toContain('line 5: rejected (paula): telefone: digits, hyphen, parentheses and space, at most 16');
    // The argon2 hash has commas: unquoted, it is more values than the header has.
    expect(output).toContain('line 6: rejected (quim): 11 values where the header has 9');
    expect(output).toContain('line 7: rejected (rita): senha_hash: not a bcrypt');
    const quoted = await importFile([HEADER, 'quim,Quim Dantas,,,,01,,,"$argon2id$v=19$m=65536,t=3,p=4$c29tZXNhbHQ$RdescudvJCsgt3ub+b+dWRWJTmaaJObG"']);
    expect(quoted).toContain('line 2: rejected (quim): senha_hash: argon2 cannot be verified here');
    expect(await queryRows(t.database.db, sql`select 1 from logins where login in ('mara', 'nina', 'otto', 'paula', 'quim', 'rita')`)).toEqual([]);
  });

  it('never half-writes a row: one that fails while written leaves nothing of it, and the next row is imported', async () => {
    // The library's table refuses this one patron (as a constraint or a lost connection might midway): after the person and login were inserted.
    await t.database.db.execute(
      sql.raw(`create function refuse_sara() returns trigger language plpgsql as $$
               begin if exists (select 1 from logins where login = 'sara' and cod_pessoa = new.cod_pessoa) then raise exception 'refused midway'; end if; return new; end $$`),
    );
    await t.database.db.execute(sql.raw('create trigger refuse_sara before insert on patron_libraries for each row execute function refuse_sara()'));
    const people = await peopleCount();
    const output = await importFile([HEADER, `sara,Sara Pinto,,sara@uevs.test,(11) 4444-0000,01,${central},,${BCRYPT}`, 'tito,Tito Reis,,,,01,,,']);
    expect(output).toContain('line 2: rejected (sara): not written: refused midway');
    expect(output).toContain('2 rows: 1 created, 0 updated, 0 unchanged, 1 rejected');
    expect(await peopleCount()).toBe(people + 1);
    expect(await queryRows(t.database.db, sql`select 1 from people where nome_pessoa = 'Sara Pinto'`)).toEqual([]);
    expect(await queryRows(t.database.db, sql`select 1 from staff_audit where detalhes->>'login' = 'sara'`)).toEqual([]);
    expect((await signIn('sara', 'U*U')).status).toBe(401);
    await t.database.db.execute(sql.raw('drop trigger refuse_sara on patron_libraries'));
    await t.database.db.execute(sql.raw('drop function refuse_sara()'));
  });

  it('with --dry-run reports what it would do and writes nothing, e-mails nobody', async () => {
    const people = await peopleCount();
    const mails = (await sink.messages()).length;
    const changed = [...GOOD, 'ursula,Úrsula Viana,,ursula@uevs.test,,01,,,'];
    changed[1] = changed[1]!.replace('(11) 5555-0101', '(11) 5555-0202'); // as the library changed it above
    changed[2] = changed[2]!.replace('Bruno Lima', 'Bruno de Lima');
    const output = await importFile(changed, '--dry-run');
    expect(output).toBe('dry run, nothing written: 4 rows: 1 created, 1 updated, 2 unchanged, 0 rejected\nline 3: bruno updated: nome');
    expect(await peopleCount()).toBe(people);
    expect((await sink.messages()).length).toBe(mails);
    expect(await personalDataOf('bruno', 'lètmein')).toMatchObject({ nome: 'Bruno Lima' });
  });
});
