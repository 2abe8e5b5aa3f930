/**
 * The migrations rule (migration-rule.ts, docs/operations/upgrades.md) in CI: every committed
 * migration keeps it, or is one of the few written before it, and the check itself catches what
 * it is for (small bad and good migrations, read by PostgreSQL's own parser).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkFolder, checkMigration, loadParser } from './migration-rule.js';

beforeAll(() => loadParser());

/** The rules broken by one migration's SQL. */
const broken = (sql: string) => checkMigration('x.sql', sql).map((f) => f.rule);

describe('the committed migrations', () => {
  it('keep the rule, but for the ones written before it, and are all in the journal', async () => {
    const { findings, unneeded, journal } = await checkFolder();
    expect(findings.map((f) => `${f.file}: ${f.statement} — ${f.why}`)).toEqual([]);
    expect(unneeded).toEqual([]);
    expect(journal).toEqual([]);
  });
});

describe('one migration both adding and dropping', () => {
  it('is refused for a dropped column, table, rename or type change beside an addition', () => {
    expect(broken('CREATE TABLE b (id int); ALTER TABLE a DROP COLUMN old;')).toEqual(['adds-and-drops']);
    expect(broken('ALTER TABLE a ADD COLUMN n text; DROP TABLE old_things;')).toEqual(['adds-and-drops']);
    expect(broken('CREATE INDEX a_n ON a (n); ALTER TABLE a RENAME COLUMN x TO y;')).toEqual(['adds-and-drops']);
    expect(broken('-- rewrite-ok: a holds ten rows\nALTER TABLE a ADD COLUMN n text, ALTER COLUMN m TYPE bigint;')).toEqual(['adds-and-drops']);
  });

  it('is allowed as two migrations, and for indexes, triggers and constraints replaced in place', () => {
    expect(broken('CREATE TABLE b (id int); ALTER TABLE a ADD COLUMN n text;')).toEqual([]);
    expect(broken('ALTER TABLE a DROP COLUMN old; DROP TABLE old_things;')).toEqual([]);
    expect(broken('DROP INDEX a_n; CREATE INDEX a_n ON a (n, m);')).toEqual([]);
    expect(broken('ALTER TABLE a DROP CONSTRAINT a_k; ALTER TABLE a ADD CONSTRAINT a_k CHECK (k > 0) NOT VALID;')).toEqual([]);
  });
});

describe('a long rewrite or scan of a table', () => {
  it('is refused without a note', () => {
    for (const sql of [
      'ALTER TABLE a ALTER COLUMN n TYPE bigint;',
      'ALTER TABLE a ADD COLUMN id uuid DEFAULT gen_random_uuid() NOT NULL;',
      'ALTER TABLE a ADD COLUMN at timestamptz DEFAULT clock_timestamp();',
      'ALTER TABLE a ADD COLUMN n bigserial;',
      'ALTER TABLE a ADD COLUMN n int GENERATED ALWAYS AS (m * 2) STORED;',
      'ALTER TABLE a ALTER COLUMN n SET NOT NULL;',
      'ALTER TABLE a ADD CONSTRAINT a_n CHECK (n > 0);',
      'ALTER TABLE a ADD CONSTRAINT a_b FOREIGN KEY (b) REFERENCES b (id);',
      'ALTER TABLE a ADD COLUMN b int REFERENCES b (id);',
      'VACUUM FULL a;',
      'CLUSTER a USING a_pkey;',
    ])
      expect(broken(sql), sql).toEqual(['rewrite']);
  });

  it('is allowed with a "-- rewrite-ok:" note giving a reason', () => {
    expect(broken('-- rewrite-ok: a holds a few dozen rows\nALTER TABLE a ALTER COLUMN n TYPE bigint;')).toEqual([]);
    expect(broken('-- rewrite-ok:\nALTER TABLE a ALTER COLUMN n TYPE bigint;')).toEqual(['rewrite']);
  });

  it('is not what a constant or stable default, NOT VALID, or a table of the same migration is', () => {
    expect(broken("ALTER TABLE a ADD COLUMN n text DEFAULT 'x' NOT NULL, ADD COLUMN j jsonb DEFAULT '{}'::jsonb NOT NULL;")).toEqual([]);
    expect(broken('ALTER TABLE a ADD COLUMN at timestamptz DEFAULT now() NOT NULL, ADD COLUMN d date DEFAULT CURRENT_DATE;')).toEqual([]);
    expect(broken('ALTER TABLE a ADD CONSTRAINT a_n CHECK (n > 0) NOT VALID;')).toEqual([]);
    expect(broken('ALTER TABLE a VALIDATE CONSTRAINT a_n;')).toEqual([]);
    expect(broken('CREATE TABLE c (id int); ALTER TABLE c ADD CONSTRAINT c_id CHECK (id > 0); ALTER TABLE c ALTER COLUMN id SET NOT NULL;')).toEqual([]);
    expect(broken('VACUUM a;')).toEqual([]);
  });
});

describe('the folder check', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'migration-rule-'));
    mkdirSync(path.join(dir, 'meta'));
    writeFileSync(path.join(dir, '0000_a.sql'), 'CREATE TABLE a (id int);');
    writeFileSync(path.join(dir, '0001_b.sql'), 'CREATE TABLE b (id int);--> statement-breakpoint\nALTER TABLE a DROP COLUMN id;');
    writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify({ entries: [{ tag: '0000_a' }, { tag: '0002_c' }] }));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reports a breaking migration, an allow-list entry nothing needs, and the journal out of step', async () => {
    const { findings, unneeded, journal } = await checkFolder(dir, { '0000_a.sql': { rules: ['rewrite'], why: 'test' } });
    expect(findings).toEqual([expect.objectContaining({ file: '0001_b.sql', rule: 'adds-and-drops', statement: 'ALTER TABLE a DROP COLUMN id' })]);
    expect(unneeded).toEqual(['0000_a.sql (rewrite)']);
    expect(journal).toEqual(['0001_b.sql is not in meta/_journal.json', 'meta/_journal.json lists 0002_c.sql, which does not exist']);
  });

  it('accepts a breaking migration the allow-list names for its rule', async () => {
    const { findings } = await checkFolder(dir, { '0001_b.sql': { rules: ['adds-and-drops'], why: 'test' } });
    expect(findings).toEqual([]);
  });
});
