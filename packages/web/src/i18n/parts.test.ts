import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import pt from './locales/pt.json';
import { localeStrings } from '../../vite/locale-parts';
import { ACCOUNT_KEYS } from './parts';

const SRC = fileURLToPath(new URL('..', import.meta.url));

/** Every screen's source file (tests left out), relative to src/. */
function sources(dir = SRC): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path.relative(SRC, file).split(path.sep).join('/')] : [];
  });
}

/** Only the account and staff areas draw these files, behind the routes that wait for their strings (app/router.tsx). */
const inAccountArea = (file: string) =>
  file.startsWith('features/account/') || file.startsWith('features/staff/') || file === 'app/routes/account.tsx' || file === 'app/routes/staff.tsx';

describe('the account part of the strings', () => {
  it('names top-level keys of the Portuguese strings', () => {
    for (const key of ACCOUNT_KEYS) expect(Object.keys(pt), key).toContain(key);
  });

  it('is used by account screens only: a public screen never waits for a string it does not have', () => {
    const files = sources();
    const outside = files.filter((file) => !inAccountArea(file) && file !== 'i18n/parts.ts');
    const users = (key: string) => outside.filter((file) => new RegExp(`['"\`]${key}[.'"\`]`).test(readFileSync(path.join(SRC, file), 'utf8')));
    // The shared file's ACCOUNT_KEYS and every key of the account and staff sections' own locales/.
    const accountKeys = [...localeStrings('pt').account];
    expect(accountKeys).toEqual(expect.arrayContaining([...ACCOUNT_KEYS, 'loans', 'interest', 'staffJobs']));
    expect(accountKeys.flatMap((key) => users(key).map((file) => `${key} in ${file}`))).toEqual([]);
    // And the check sees the account screens' own uses (it would pass vacuously otherwise).
    const loans = files.filter((file) => inAccountArea(file) && /['"`]loans[.'"`]/.test(readFileSync(path.join(SRC, file), 'utf8')));
    expect(loans.length).toBeGreaterThan(0);
  });
});
