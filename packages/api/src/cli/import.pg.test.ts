import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { queryRows } from '../db/client.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const MELINDA = path.join(root, 'packages/api/src/seed/data/melinda-100.marcxml.xml');

/** The node flags of `npm run import` as package.json gives them (the memory bound under test). */
function importScriptFlags(): string[] {
  const scripts = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const words = scripts.import!.split(/\s+/);
  return words.slice(1, words.indexOf('packages/api/src/cli/import.ts'));
}

/** The 100 Melinda records `times` times over, each copy with control numbers of its own: ~19 KB of MARCXML a record. */
function largeFile(dir: string, times: number): string {
  const xml = readFileSync(MELINDA, 'utf8');
  const records = [...xml.matchAll(/<(?:\w+:)?record[ >][\s\S]*?<\/(?:\w+:)?record>/g)];
  const start = records[0]!.index;
  const end = records.at(-1)!.index + records.at(-1)![0].length;
  let n = 0;
  const body = Array.from({ length: times }, () =>
    records.map(([r]) => r.replace(/(<(?:\w+:)?controlfield tag="001">)[^<]*/, (_, open: string) => `${open}BIG${String(++n).padStart(6, '0')}`)).join('\n'),
  ).join('\n');
  const file = path.join(dir, 'large.xml');
  writeFileSync(file, xml.slice(0, start) + body + xml.slice(end));
  return file;
}

let database: TestDatabase;
const dir = mkdtempSync(path.join(tmpdir(), 'estante-import-large-'));

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.dispose();
  rmSync(dir, { recursive: true, force: true });
});

describe('npm run import on PostgreSQL (issue 52)', () => {
  it('imports 1,000 large records (19 MB of MARCXML) within the command’s own heap bound, exit code 0', async () => {
    const file = largeFile(dir, 10);
    const flags = importScriptFlags();
    expect(flags).toContain('--max-old-space-size=128');
    const { stdout } = await promisify(execFile)('node', [...flags, 'packages/api/src/cli/import.ts', file], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, DATABASE_URL: database.url!, DATABASE_REPLICA_URL: '' },
      maxBuffer: 16 * 1024 * 1024,
    });
    expect(stdout).toContain('1000 records read, 1000 new');
    const [row] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from titles where control_number like 'BIG%'`);
    expect(row!.n).toBe(1000);
  }, 240_000);
});
