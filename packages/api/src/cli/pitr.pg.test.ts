import { execFile } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The point-in-time recovery recipe of docs/operations/backup.md (decision 0060), followed once by
 * ops/backup/pitr-check.sh on a cluster of its own (initdb on a free port, pgBackRest's archive and
 * backups in a temporary directory): recovery to a noted time keeps the rows written before it and
 * none written after. pgBackRest's own `check` and `info` judge the archive inside the script.
 * Needs the Debian packages postgresql and pgbackrest (the script names the missing one).
 */
const script = path.resolve(import.meta.dirname, '../../../../ops/backup/pitr-check.sh');

describe('point-in-time recovery with pgBackRest (ops/backup/pitr-check.sh)', () => {
  it('recovers a cluster to a noted time: the rows before it are there, the rows after it are not', async () => {
    const run = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
      execFile('bash', [script], { timeout: 170_000 }, (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      ),
    );
    expect(run.stderr.split('\n').filter((l) => /^pitr-check:|ERROR/.test(l))).toEqual([]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^pitr-check: recovered to \d{4}-\d\d-\d\d [\d:.]+\+00: 100 rows before it, none after \(pgBackRest [\d.]+\)\n$/);
  }, 180_000);
});
