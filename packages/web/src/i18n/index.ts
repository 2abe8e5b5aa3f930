import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { apiLanguageCode, INTERFACE_LANGUAGES, type InterfaceLanguage, isInterfaceLanguage, LOCALE_TAGS } from './languages';
import pt from './locales/pt.json';

/**
 * Portuguese, the default (spec §9), is in the first script; another language is fetched only by
 * whoever reads in it (a language change reloads the page, spec §4), so nobody downloads five.
 */
const OTHER_LANGUAGES: Record<Exclude<InterfaceLanguage, 'pt'>, () => Promise<{ default: object }>> = {
  en: () => import('./locales/en.json'),
  es: () => import('./locales/es.json'),
  fr: () => import('./locales/fr.json'),
  it: () => import('./locales/it.json'),
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
