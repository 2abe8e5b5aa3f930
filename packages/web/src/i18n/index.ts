import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { apiLanguageCode, INTERFACE_LANGUAGES, type InterfaceLanguage, isInterfaceLanguage, LOCALE_TAGS } from './languages';
import pt from 'virtual:locale/pt/public';

/**
 * Portuguese, the default (spec §9), is in the first script; another language is fetched only by
 * whoever reads in it (a language change reloads the page, spec §4), so nobody downloads five.
 */
const OTHER_LANGUAGES: Record<Exclude<InterfaceLanguage, 'pt'>, () => Promise<{ default: object }>> = {
  en: () => import('virtual:locale/en/public'),
  es: () => import('virtual:locale/es/public'),
  fr: () => import('virtual:locale/fr/public'),
  it: () => import('virtual:locale/it/public'),
};

/** The account area's strings (src/i18n/parts.ts), fetched when an account screen is first drawn. */
const ACCOUNT_PARTS: Record<InterfaceLanguage, () => Promise<{ default: object }>> = {
  pt: () => import('virtual:locale/pt/account'),
  en: () => import('virtual:locale/en/account'),
  es: () => import('virtual:locale/es/account'),
  fr: () => import('virtual:locale/fr/account'),
  it: () => import('virtual:locale/it/account'),
};

/** French and Italian translate the shell and fall back to English (decision 0012). */
const FALLBACKS: Record<InterfaceLanguage, InterfaceLanguage[]> = { pt: [], en: ['pt'], es: ['pt'], fr: ['en', 'pt'], it: ['en', 'pt'] };

async function resourcesFor(language: InterfaceLanguage) {
  const needed = [language, ...FALLBACKS[language]];
  const loaded = await Promise.all(needed.map(async (code) => [code, code === 'pt' ? pt : (await OTHER_LANGUAGES[code]()).default] as const));
  return Object.fromEntries(loaded.map(([code, translation]) => [code, { translation }]));
}

export { isInterfaceLanguage as isLanguage, LOCALE_TAGS };

/** The API language code (1 pt, 3 es, 5 en) of the current interface language. */
export function languageCode(): number {
  const language = i18next.language;
  return apiLanguageCode(isInterfaceLanguage(language) ? language : 'pt');
}

let accountStrings: Promise<void> | undefined;

/**
 * Adds the account area's strings, in the interface's language and its fallbacks, once; the
 * account routes wait for it before they draw (app/router.tsx).
 */
export function loadAccountStrings(): Promise<void> {
  accountStrings ??= (async () => {
    const language = isInterfaceLanguage(i18next.language) ? i18next.language : 'pt';
    const parts = await Promise.all([language, ...FALLBACKS[language]].map(async (code) => [code, (await ACCOUNT_PARTS[code]()).default] as const));
    for (const [code, strings] of parts) i18next.addResourceBundle(code, 'translation', strings, true, false);
  })().catch((error: unknown) => {
    accountStrings = undefined;
    throw error;
  });
  return accountStrings;
}

/** Starts i18next in `language` (pt by default, spec §9); French and Italian fall back to English. */
export async function initI18n(language: InterfaceLanguage): Promise<typeof i18next> {
  await i18next.use(initReactI18next).init({
    resources: await resourcesFor(language),
    lng: language,
    fallbackLng: FALLBACKS,
    supportedLngs: INTERFACE_LANGUAGES,
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  });
  document.documentElement.lang = LOCALE_TAGS[language];
  return i18next;
}
