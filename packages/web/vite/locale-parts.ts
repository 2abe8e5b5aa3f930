import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { ACCOUNT_KEYS } from '../src/i18n/parts';

const PREFIX = 'virtual:locale/';
const LOCALES = fileURLToPath(new URL('../src/i18n/locales', import.meta.url));
const FEATURES = fileURLToPath(new URL('../src/features', import.meta.url));

/** Feature folders whose own strings come with the account part (they draw behind the routes that load it). */
const ACCOUNT_AREAS = ['account', 'staff'];

type Strings = Record<string, unknown>;

/** Every `locales/<language>.json` below src/features (a feature's or a section's own strings). */
function featureLocaleFiles(language: string, dir = FEATURES): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (!statSync(full).isDirectory()) return [];
    const own = name === 'locales' && existsSync(path.join(full, `${language}.json`)) ? [path.join(full, `${language}.json`)] : [];
    return [...own, ...featureLocaleFiles(language, full)];
  });
}

const isAccountFile = (file: string) => ACCOUNT_AREAS.some((area) => file.startsWith(path.join(FEATURES, area) + path.sep));

/**
 * One language's strings, with the part each top-level key belongs to: the shared file
 * `src/i18n/locales/<language>.json` (its ACCOUNT_KEYS are the account part), then each feature's
 * own `locales/<language>.json` (the account part when the feature is under features/account or
 * features/staff). A top-level key lives in one file only: a second one is an error, not a merge.
 */
export function localeStrings(language: string): { strings: Strings; account: Set<string>; files: string[] } {
  const shared = path.join(LOCALES, `${language}.json`);
  const strings = JSON.parse(readFileSync(shared, 'utf8')) as Strings;
  const account = new Set(ACCOUNT_KEYS);
  const files = [shared];
  for (const file of featureLocaleFiles(language)) {
    const own = JSON.parse(readFileSync(file, 'utf8')) as Strings;
    for (const [key, value] of Object.entries(own)) {
      if (key in strings) throw new Error(`${path.relative(FEATURES, file)}: the top-level key "${key}" is already defined elsewhere`);
      strings[key] = value;
      if (isAccountFile(file)) account.add(key);
    }
    files.push(file);
  }
  return { strings, account, files };
}

/**
 * `virtual:locale/<language>/<public|account>`: one language's strings (localeStrings), split in
 * two at the top level (decision 0034). The shared locale files stay one per language for whoever
 * translates the catalogue; a section's strings sit in its own folder; the first script carries
 * only the public part.
 */
export function localeParts(): Plugin {
  return {
    name: 'estante:locale-parts',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const [language, part] = id.slice(PREFIX.length + 1).split('/');
      if (!language || !/^[a-z]{2}$/.test(language) || (part !== 'public' && part !== 'account')) this.error(`unknown locale part ${id}`);
      const { strings, account, files } = localeStrings(language);
      for (const file of files) this.addWatchFile(file);
      const picked = Object.fromEntries(Object.entries(strings).filter(([key]) => account.has(key) === (part === 'account')));
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(picked))});`;
    },
  };
}
