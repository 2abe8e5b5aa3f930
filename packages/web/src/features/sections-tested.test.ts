import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const FEATURES = fileURLToPath(new URL('.', import.meta.url));

/** Every file below `dir` whose name passes `keep`. */
function files(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full, keep) : keep(name) ? [full] : [];
  });
}

/** The modules a file imports by a relative path, resolved (no extension). */
function relativeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from\s+|import\()\s*'(\.{1,2}\/[^']+)'/g)].map((m) => path.resolve(path.dirname(file), m[1]!.replace(/\.(tsx?|js)$/, '')));
}

/** Each section's screen: the modules its section.ts loads lazily (`import('./x-page')`), by section file. */
function sectionScreens(area: string): { section: string; screen: string }[] {
  return files(path.join(FEATURES, area), (name) => name === 'section.ts').flatMap((section) =>
    [...readFileSync(section, 'utf8').matchAll(/import\('(\.[^']+)'\)/g)].map((m) => ({
      section: path.relative(FEATURES, section),
      screen: path.resolve(path.dirname(section), m[1]!),
    })),
  );
}

describe('every account and staff section', () => {
  it('has a component test that renders its screen (a section without one fails here)', () => {
    const tests = files(FEATURES, (name) => name.endsWith('.test.tsx'));
    const tested = new Set(tests.flatMap(relativeImports));
    const screens = [...sectionScreens('account'), ...sectionScreens('staff')];
    // The check reads real sections (it would pass vacuously with none).
    expect(screens.length).toBeGreaterThan(30);
    const untested = screens.filter(({ screen }) => !tested.has(screen)).map(({ section, screen }) => `${section}: ${path.relative(FEATURES, screen)}`);
    expect(untested).toEqual([]);
  });
});
