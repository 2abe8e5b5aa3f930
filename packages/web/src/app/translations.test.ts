import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEBT_SERVICE_CODES } from '@estante/contracts/account';
import { LIVE_RULES, LOGIN_CATEGORIES_87 } from '@estante/contracts/auth';
import { EXPORT_FORMATS } from '@estante/contracts/basket';
import { COPY_STATUS_CODES, FREQUENCIES, ISSUE_PART_CODES, REFERENCE_STYLES } from '@estante/contracts/catalog';
import { HOLD_STATUS_CODES, LOAN_REQUEST_FILTERS } from '@estante/contracts/circulation';
import { DIGEST_FREQUENCIES } from '@estante/contracts/interest';
import { dadosPessoaisBodySchema, EDUCATION_LEVELS, GENDERS, MARITAL_STATUSES, pedidoExclusaoSchema } from '@estante/contracts/people';
import { MATCH_TYPES, OPERATORS, SEARCH_FIELDS } from '@estante/contracts/search';
import { COLOUR_SCHEMES } from '../stores/page-settings';
import { TITLE_TABS } from './paths';
import { SHORTCUTS } from './shell/accessibility';
import french from '../i18n/locales/fr.json';
import italian from '../i18n/locales/it.json';
import { localeStrings } from '../../vite/locale-parts';

type Tree = { [key: string]: string | Tree };

/** Every leaf key of a locale file, dotted ("home.heading"). */
function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`)));
}

function lookup(tree: Tree, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Tree)[part] : undefined), tree);
}

/** Literal keys the source passes to t(…) or names as i18n keys in config ('titleKey', 'label'). */
function keysUsedInSource(): string[] {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.(ts|tsx)$/.test(name) && !name.endsWith('.test.ts')) files.push(full);
    }
  };
  walk(root);
  const found = new Set<string>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/\bt\(\s*'([a-zA-Z][\w.]*)'/g)) found.add(match[1]!);
    for (const match of text.matchAll(/titleKey="([a-zA-Z][\w.]*)"/g)) found.add(match[1]!);
  }
  for (const tab of TITLE_TABS) found.add(tab.label);
  // Keys the code builds from constants: t(`search.fields.${field}`) and the like.
  for (const field of SEARCH_FIELDS) found.add(`search.fields.${field}`);
  for (const match of MATCH_TYPES) found.add(`search.matchTypes.${match}`);
  for (const operator of OPERATORS) found.add(`search.operators.${operator}`);
  for (const control of ['first', 'previous', 'next', 'last', 'page']) found.add(`search.pages.${control}`);
  for (const style of REFERENCE_STYLES) found.add(`reference.styles.${style}`);
  for (const status of COPY_STATUS_CODES) found.add(`copies.statuses.${status}`);
  for (const frequency of FREQUENCIES) found.add(`kardex.frequencies.${frequency}`);
  for (const part of ISSUE_PART_CODES) found.add(`kardex.parts.${part}`);
  for (const format of EXPORT_FORMATS) found.add(`basket.formats.${format}`);
  for (const rule of LIVE_RULES) found.add(`recovery.rule.${rule}`);
  for (const category of LOGIN_CATEGORIES_87) found.add(`login.categories.${category}`);
  for (const status of HOLD_STATUS_CODES) found.add(`holds.statuses.${status}`);
  found.add('account.holds');
  for (const section of ['loans', 'debts', 'deviations', 'noDebts', 'token', 'requests', 'interest', 'checkTitles', 'alerts']) found.add(`account.${section}`);
  for (const frequency of DIGEST_FREQUENCIES) found.add(`interest.frequencies.${frequency}`);
  for (const scheme of COLOUR_SCHEMES) found.add(`a11y.schemes.${scheme || 'normal'}`);
  for (const shortcut of SHORTCUTS) found.add(shortcut.label);
  for (const field of ['titulo', 'autor', 'edicao', 'editor', 'isbn_issn', 'periodico', 'outras_inf']) found.add(`units.fields.${field}`);
  for (const status of LOAN_REQUEST_FILTERS) found.add(`requests.statuses.${status}`);
  for (const location of [1, 2, 3]) found.add(`requests.locations.${location}`);
  for (const service of DEBT_SERVICE_CODES) found.add(`debts.services.${service}`);
  for (const gender of GENDERS) found.add(`personalData.genders.${gender}`);
  for (const level of EDUCATION_LEVELS) found.add(`personalData.education.${level}`);
  for (const status of MARITAL_STATUSES) found.add(`personalData.marital.${status}`);
  for (const field of Object.keys(dadosPessoaisBodySchema.shape)) found.add(`personalData.fields.${field}`);
  for (const status of pedidoExclusaoSchema.shape.situacao.options) found.add(`myData.statuses.${status}`);
  for (const section of ['personalData', 'password', 'swapUser', 'myData']) found.add(`account.${section}`);
  for (const rule of ['phone', 'taxDigits', 'taxLength', 'taxInvalid', 'postalCode', 'birthDate', 'userRequired']) found.add(`validation.${rule}`);
  return [...found];
}

// Each language as the app gets it: the shared file and every feature's own locales/<language>.json.
const [pt, en, es] = (['pt', 'en', 'es'] as const).map((language) => localeStrings(language).strings as Tree);
const locales = { pt, en, es } as Record<string, Tree>;

describe('translations', () => {
  it('have the same keys in pt, en and es', () => {
    const reference = keys(pt!).sort();
    expect(keys(en as Tree).sort()).toEqual(reference);
    expect(keys(es as Tree).sort()).toEqual(reference);
  });

  it.each(Object.keys(locales))('have a non-empty %s string for every key the app uses', (language) => {
    const used = keysUsedInSource();
    expect(used.length).toBeGreaterThan(20);
    const present = (key: string) => {
      const value = lookup(locales[language]!, key);
      return typeof value === 'string' && value.trim() !== '';
    };
    // A plural key (t('x', { count })) is there when its _one and _other forms are.
    const missing = used.filter((key) => !present(key) && !(present(`${key}_one`) && present(`${key}_other`)));
    expect(missing).toEqual([]);
  });

  it('name every search guide the demo library offers', () => {
    const seed = readFileSync(fileURLToPath(new URL('../../../api/src/seed/demo.ts', import.meta.url)), 'utf8');
    const codes = [...seed.matchAll(/\['(\w+)', '[a-z-]+'\]/g)].map((m) => m[1]!);
    expect(codes.length).toBeGreaterThanOrEqual(10);
    for (const language of Object.keys(locales)) {
      expect(codes.filter((code) => typeof lookup(locales[language]!, `guides.${code}`) !== 'string')).toEqual([]);
    }
  });
});

/** The namespaces of the sign-in shell (header, accessibility bar, footer, sign-in, recovery) that French and Italian translate. */
const SHELL_NAMESPACES = ['app', 'a11y', 'footer', 'loading', 'errors', 'notFound', 'login', 'captcha', 'recovery'];

describe('French and Italian (the sign-in shell’s extra languages)', () => {
  it.each([
    ['fr', french],
    ['it', italian],
  ] as const)('%s translates every string of the shell, and nothing the other languages lack', (_, locale) => {
    const shell = keys(pt as Tree).filter((key) => SHELL_NAMESPACES.includes(key.split('.')[0]!));
    const own = keys(locale as Tree);
    expect(shell.filter((key) => !own.includes(key))).toEqual([]);
    expect(own.filter((key) => lookup(pt as Tree, key) === undefined)).toEqual([]);
    expect(own.filter((key) => String(lookup(locale as Tree, key)).trim() === '')).toEqual([]);
  });
});
