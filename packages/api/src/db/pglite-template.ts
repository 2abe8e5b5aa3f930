import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Embedded databases made once, at install (`npm install` runs scripts/prepare.ts), kept as
 * closed PGlite data directories: `empty` (PGlite's initdb and every migration) and
 * `demo-<titles>` (that and the date-free part of the demo seed, seedDemoCatalogue). A new
 * DATA_DIR is copied from one (about 0.4 s, then 0.8 s to open) instead of running initdb in
 * WebAssembly (about 5 s), the migrations (about 1 s) and importing the demo catalogue (about
 * 3.5 s) — most of what a first `npm start` waited for (issue 25: a fresh machine answers
 * within 10 s). Migrations added since a template was made still run as usual; only the date-
 * dependent rest of the demo (copies, loans, patrons…) is seeded at start. A template of another
 * PGlite version is not used (its files are tied to it).
 */

const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));
const require = createRequire(import.meta.url);

/** Where this installation keeps its templates. */
export const TEMPLATE_DIR = path.join(repoRoot, 'node_modules', '.cache', 'estante');

function pgliteVersion(): string {
  const main = require.resolve('@electric-sql/pglite');
  for (let dir = path.dirname(main); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (!existsSync(file)) continue;
    const { name, version } = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
    if (name === '@electric-sql/pglite' && version) return version;
  }
  return 'unknown';
}

/** The directory of template `name`. */
export function templatePath(name: string, dir = TEMPLATE_DIR): string {
  return path.join(dir, `pglite-${pgliteVersion()}-${name}`);
}

/**
 * When `dataDir` is new (missing or empty), fills it from the first of the templates `names` this
 * installation has, and answers that name; else null (PGlite then makes the database itself).
 */
export function startFromTemplate(dataDir: string, names: readonly string[], dir = TEMPLATE_DIR): string | null {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) return null;
  for (const name of names) {
    const template = templatePath(name, dir);
    if (!existsSync(path.join(template, 'PG_VERSION'))) continue;
    cpSync(template, dataDir, { recursive: true });
    return name;
  }
  return null;
}

/**
 * Makes template `name`: `build` fills a new data directory (a copy of template `from` when
 * given), which then replaces the template whole (renamed: a start never copies half of one).
 */
export async function makeTemplate(name: string, build: (dataDir: string) => Promise<void>, options: { from?: string; dir?: string } = {}): Promise<string> {
  const target = templatePath(name, options.dir);
  const partial = `${target}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  if (options.from) cpSync(templatePath(options.from, options.dir), partial, { recursive: true });
  try {
    await build(partial);
    rmSync(target, { recursive: true, force: true });
    renameSync(partial, target);
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
  return target;
}

/**
 * Template `name` as PGlite's tarball, for databases in memory (the tests': about 1.5 s to start
 * instead of 6 s of initdb and migrations); made from the template's directory once and kept beside
 * it until the directory changes. Null without the template. `dump` opens a copy of the
 * directory and answers its tarball (client.ts cannot be imported here: it imports this file).
 */
export async function templateImage(name: string, dump: (dataDir: string) => Promise<Blob>, dir = TEMPLATE_DIR): Promise<Blob | null> {
  const template = templatePath(name, dir);
  const version = path.join(template, 'PG_VERSION');
  if (!existsSync(version)) return null;
  const file = `${template}.tar.gz`;
  if (!existsSync(file) || statSync(file).mtimeMs < statSync(version).mtimeMs) {
    // A copy is opened: opening the template itself would write to it.
    const copy = mkdtempSync(path.join(tmpdir(), 'estante-template-'));
    try {
      cpSync(template, copy, { recursive: true });
      const bytes = Buffer.from(await (await dump(copy)).arrayBuffer());
      const partial = `${file}.${process.pid}.partial`;
      writeFileSync(partial, bytes);
      renameSync(partial, file);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  }
  return new Blob([readFileSync(file)]);
}
