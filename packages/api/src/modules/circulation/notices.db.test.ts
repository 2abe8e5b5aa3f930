import { type AddressInfo, createServer, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database.js';
import { createCopies, createLibraries, createLoan, createPatron, createTitles } from '../../../test/factories.js';
import { startTestMailSink, type TestMailSink } from '../../../test/mail.js';
import { runAdminCommand } from '../../admin/commands.js';
import { type Database, openDatabase, queryRows } from '../../db/client.js';
import { createMailer } from '../../lib/mail.js';
import { Scheduler } from '../../lib/scheduler.js';
import { expireHolds } from './desk.service.js';
import { sendLoanNotices } from './notices.service.js';

/**
 * The work the server runs by itself (issue 18): loan reminders and overdue notices, e-mailed
 * once each, through the scheduler on the database — run at start for what came due while the
 * server was stopped, and exactly once when two servers share the database.
 */
let database: TestDatabase;
let sink: TestMailSink;

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

beforeAll(async () => {
  sink = await startTestMailSink();
  database = await createTestDatabase();
  const db = database.db;
  const [central] = await createLibraries(db, ['Biblioteca Central']);
  const id = await createTitles(
    db,
    ['Iracema', 'O guarani', 'Senhora', 'Lucíola', 'Diva'].map((title, i) => ({ id: `n${i}`, title, year: 1865 + i })),
  );
  await createCopies(
    db,
    [0, 1, 2, 3, 4].map((i) => ({ codAcervo: id[`n${i}`]!, codBiblioteca: central!.codBiblioteca, tombo: `N${i}` })),
  );
  const ana = await createPatron(db, { login: 'ana', nome: 'Ana Souza', password: 'x', email: 'ana@example.org' });
  const semEmail = await createPatron(db, { login: 'sem', nome: 'Sem Email', password: 'x' });
  await createLoan(db, { tombo: 'N0', codPessoa: ana.codPessoa, dueInDays: 2 }); // reminder
  await createLoan(db, { tombo: 'N1', codPessoa: ana.codPessoa, dueInDays: 6 }); // not yet
  await createLoan(db, { tombo: 'N2', codPessoa: ana.codPessoa, dueInDays: -3, lentDaysAgo: 10 }); // overdue
  await createLoan(db, { tombo: 'N4', codPessoa: ana.codPessoa, dueInDays: -1, lentDaysAgo: 8 }); // overdue too: the same e-mail
  await createLoan(db, { tombo: 'N3', codPessoa: semEmail.codPessoa, dueInDays: 1 }); // no address: nothing
});
afterAll(async () => {
  await database.dispose();
  await sink.close();
});

describe('loan notices on the scheduler', () => {
  it('run once at start (what came due while stopped): one reminder and one overdue notice, each loan once, however often the job runs', async () => {
    const mailer = createMailer(sink.url, 'Biblioteca <biblioteca@example.org>');
    // On PostgreSQL two servers share the database, each with its scheduler and connections;
    // the embedded database has one process, so one scheduler.
    const other: Database | null = database.url ? await openDatabase({ kind: 'postgres', url: database.url }) : null;
    const schedulers = [new Scheduler(database), ...(other ? [new Scheduler(other)] : [])];
    const dbs = [database.db, ...(other ? [other.db] : [])];
    schedulers.forEach((scheduler, i) =>
      scheduler.define({ name: 'circulation.loan-notices', cron: '0 9 * * *', description: 'loan notices', run: () => sendLoanNotices(dbs[i]!, mailer) }),
    );
    try {
      await Promise.all(schedulers.map((s) => s.start({ pollingSeconds: 0.5 })));
      const messages = await until('two e-mails', async () => ((await sink.messages()).length >= 2 ? sink.messages() : undefined));
      // Give a second run, and the other server, every chance to send again.
      for (const scheduler of schedulers) await scheduler.runSoon('circulation.loan-notices');
      await until('the queue to drain', async () => {
        const listing = await runAdminCommand(database.db, { command: 'jobs.list', args: [] });
        const [job] = listing.match(/(\d+) queued/) ?? [];
        return job === '0 queued' ? true : undefined;
      });
      await sleep(1000);
      const all = await sink.messages();
      expect(all).toHaveLength(2);
      const reminder = all.find((m) => m.subject === 'Lembrete: devolução próxima')!;
      const overdue = all.find((m) => m.subject === 'Empréstimo em atraso')!;
      expect(reminder.to).toMatchObject({ value: [{ address: 'ana@example.org' }] });
      expect(reminder.text).toContain('Iracema (exemplar N0)');
      expect(reminder.text).not.toContain('O guarani');
      expect(overdue.text).toContain('Senhora (exemplar N2)');
      expect(overdue.text).toContain('Diva (exemplar N4)');
      expect(messages.every((m) => !m.text?.includes('Lucíola'))).toBe(true);
      // What `npm run jobs -- list` shows.
      const listed = await runAdminCommand(database.db, { command: 'jobs.list', args: [] });
      expect(listed).toMatch(
        /circulation\.loan-notices {2}\(0 9 \* \* \*, UTC\)\n {4}last run \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC: completed — \d+ reminder\(s\) and \d+ overdue notice\(s\) sent; 0 queued/,
      );
    } finally {
      await Promise.all(schedulers.map((s) => s.stop()));
      await other?.close();
    }
  }, 90_000);

  it('a failed send leaves the notice for the next run (the job retries)', async () => {
    const broken = { send: () => Promise.reject(new Error('SMTP down')) };
    await database.db.execute((await import('drizzle-orm')).sql`delete from loan_notices`);
    await expect(sendLoanNotices(database.db, broken)).rejects.toThrow(/could not be e-mailed/);
    const before = (await sink.messages()).length;
    expect(await sendLoanNotices(database.db, createMailer(sink.url, 'b@example.org'))).toBe('1 reminder(s) and 2 overdue notice(s) sent');
    expect((await sink.messages()).length).toBe(before + 2);
    expect(await expireHolds(database.db)).toBe(0);
  });

  it('sends outside any transaction: the claim is committed while the mail server talks, and given back when it refuses (issue 52)', async () => {
    await database.db.execute((await import('drizzle-orm')).sql`delete from loan_notices`);
    // A real SMTP server that greets, waits until told, then refuses the message.
    let connected!: () => void;
    const talking = new Promise<void>((resolve) => (connected = resolve));
    let refuse!: () => void;
    const refused = new Promise<void>((resolve) => (refuse = resolve));
    const sockets = new Set<Socket>();
    const server = createServer((socket) => {
      sockets.add(socket);
      socket.write('220 refusing.test ESMTP\r\n');
      socket.on('data', (data) => {
        const line = data.toString();
        if (/^(EHLO|HELO)/i.test(line)) socket.write('250 refusing.test\r\n');
        else if (/^MAIL FROM/i.test(line)) {
          connected();
          void refused.then(() => socket.end('554 5.7.1 no mail today\r\n'));
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
      });
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const run = sendLoanNotices(database.db, createMailer(`smtp://127.0.0.1:${port}`, 'b@example.org'));
      run.catch(() => undefined);
      await talking;
      // Mid-conversation: the claim is already committed (a transaction around the send would hide it, or hold this query).
      const count = async () =>
        (await queryRows<{ n: number }>(database.db, (await import('drizzle-orm')).sql`select count(*)::int as n from loan_notices`))[0]!.n;
      expect(await count()).toBeGreaterThan(0);
      refuse();
      await expect(run).rejects.toThrow(/could not be e-mailed/);
      expect(await count()).toBe(0);
    } finally {
      refuse();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('writes to each patron in the language they last signed in with, the due date as that language writes it, never ISO (issue 55)', async () => {
    const { sql } = await import('drizzle-orm');
    const [central] = await queryRows<{ cod_biblioteca: number }>(database.db, sql`select cod_biblioteca from libraries limit 1`);
    const id = await createTitles(database.db, [{ id: 'til', title: 'Til', year: 1872 }]);
    await createCopies(database.db, [{ codAcervo: id.til!, codBiblioteca: central!.cod_biblioteca, tombo: 'N9' }]);
    const bob = await createPatron(database.db, { login: 'bob', nome: 'Bob Reader', password: 'x', email: 'bob@example.org' });
    await database.db.execute(sql`update people set idioma = 'en' where cod_pessoa = ${bob.codPessoa}`);
    await createLoan(database.db, { tombo: 'N9', codPessoa: bob.codPessoa, dueInDays: -5, lentDaysAgo: 20 });
    await sendLoanNotices(database.db, createMailer(sink.url, 'b@example.org'));
    const mail = (await sink.messages()).find((m) => JSON.stringify(m.to).includes('bob@example.org'))!;
    expect(mail.subject).toBe('Overdue loan');
    expect(mail.text).toMatch(/- Til \(copy N9\): was due [A-Z][a-z]{2} \d{1,2}, \d{4}\n/);
    expect(mail.text).not.toMatch(/\d{4}-\d\d-\d\d/);
  });

  it('takes patrons a batch at a time: each written to once, however small the batch, and nobody twice', async () => {
    const { sql } = await import('drizzle-orm');
    const db = database.db;
    const [central] = await queryRows<{ cod_biblioteca: number }>(db, sql`select cod_biblioteca from libraries limit 1`);
    const id = await createTitles(
      db,
      ['Ubirajara', 'Sonhos d’ouro', 'Encarnação'].map((title, i) => ({ id: `b${i}`, title, year: 1874 + i })),
    );
    await createCopies(
      db,
      [0, 1, 2].map((i) => ({ codAcervo: id[`b${i}`]!, codBiblioteca: central!.cod_biblioteca, tombo: `B${i}` })),
    );
    const readers = [];
    for (const i of [0, 1, 2])
      readers.push(await createPatron(db, { login: `leitor${i}`, nome: `Leitor ${i}`, password: 'x', email: `leitor${i}@example.org` }));
    for (const [i, reader] of readers.entries()) await createLoan(db, { tombo: `B${i}`, codPessoa: reader.codPessoa, dueInDays: -2, lentDaysAgo: 9 });
    await db.execute(sql`delete from loan_notices`);
    const [open] = await queryRows<{ overdue: number; patrons: number }>(
      db,
      sql`select count(*)::int as overdue, count(distinct l.cod_pessoa)::int as patrons from loans l join people p on p.cod_pessoa = l.cod_pessoa
          where l.data_devolucao is null and p.email is not null and l.data_devolucao_prevista < current_date`,
    );
    expect(open!.patrons).toBeGreaterThanOrEqual(4);
    const before = (await sink.messages()).length;
    const mailer = createMailer(sink.url, 'b@example.org');
    // One patron a batch: every patron with an overdue loan is still reached.
    expect(await sendLoanNotices(db, mailer, 'pt', 1)).toMatch(new RegExp(`and ${open!.overdue} overdue notice\\(s\\) sent$`));
    const overdue = (await sink.messages())
      .slice(before)
      .filter((m) => m.subject === 'Empréstimo em atraso' || m.subject === 'Overdue loan')
      .map((m) => (m.to as { value: { address: string }[] }).value[0]!.address);
    expect(overdue).toHaveLength(open!.patrons);
    expect(new Set(overdue).size).toBe(overdue.length);
    expect(overdue).toEqual(expect.arrayContaining(readers.map((_, i) => `leitor${i}@example.org`)));
    expect(await sendLoanNotices(db, mailer, 'pt', 1)).toBe('0 reminder(s) and 0 overdue notice(s) sent');
  });
});
