import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { ACCOUNT_KEYS } from '../src/i18n/parts';

const PREFIX = 'virtual:locale/';
const LOCALES = fileURLToPath(new URL('../src/i18n/locales', import.meta.url));

/**
 * `virtual:locale/<language>/<public|account>`: one language's strings, split in two at the top
 * level by `ACCOUNT_KEYS` (decision 0034). The locale files stay one per language for whoever
 * translates; the first script carries only the public part.
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
      const file = path.join(LOCALES, `${language}.json`);
      this.addWatchFile(file);
      const strings = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      const account = new Set(ACCOUNT_KEYS);
      const picked = Object.fromEntries(Object.entries(strings).filter(([key]) => account.has(key) === (part === 'account')));
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(picked))});`;
    },
  };
}
