import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { localeStrings } from '../../vite/locale-parts';

/** The languages of the whole product (pt, en, es): French and Italian translate the shell only. */
const LANGUAGES = ['pt', 'en', 'es'] as const;

type Tree = { [key: string]: unknown };
const leaves = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value as Tree, `${prefix}${key}.`),
  );

/** Every string of `language`: the shared locale file and every feature's own (as the build joins them). */
const strings = (language: string) => localeStrings(language).strings;

describe('plurals in the interface strings (issue 55)', () => {
  it('never hedge a count with “(s)”, “(es)” and the like: a string that depends on a number has its plural forms', () => {
    const hedged = LANGUAGES.flatMap((language) =>
      leaves(strings(language))
        .filter(([, text]) => /\p{L}\((s|es|ões)\)/u.test(text))
        .map(([key, text]) => `${language} ${key}: ${text}`),
    );
    expect(hedged).toEqual([]);
  });

  it('count the noun that follows the number: one copy, two copies; one available, two available', async () => {
    const t = i18next.createInstance();
    await t.init({
      lng: 'pt',
      fallbackLng: false,
      resources: Object.fromEntries(LANGUAGES.map((l) => [l, { translation: strings(l) }])),
      showSupportNotice: false,
    });
    const summary = (lng: string, total: number, libraries: number) =>
      t.t('title.availableSummary', { lng, available: 0, count: total, libraries: t.t('title.libraryCount', { lng, count: libraries }) });
    expect(summary('pt', 1, 1)).toBe('0 de 1 exemplar disponível em 1 biblioteca');
    expect(summary('pt', 2, 2)).toBe('0 de 2 exemplares disponíveis em 2 bibliotecas');
    expect(summary('en', 1, 2)).toBe('0 of 1 copy available in 2 libraries');
    expect(summary('es', 3, 1)).toBe('0 de 3 ejemplares disponibles en 1 biblioteca');
    expect(t.t('copies.summary', { lng: 'pt', library: 'Central', available: 1, count: 1 })).toBe('Central: 1 de 1 disponível');
    expect(t.t('copies.summary', { lng: 'es', library: 'Central', available: 1, count: 2 })).toBe('Central: 1 de 2 disponibles');
    expect(t.t('requests.originOption', { lng: 'pt', library: 'Central', count: 1 })).toBe('Central (1 disponível)');
    expect(t.t('requests.originOption', { lng: 'pt', library: 'Central', count: 2 })).toBe('Central (2 disponíveis)');
  });
});
