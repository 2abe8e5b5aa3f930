import { LANGUAGE_CODES, type Language, LANGUAGES } from '@estante/contracts';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';
import es from './locales/es.json';
import pt from './locales/pt.json';

export const resources = { pt: { translation: pt }, en: { translation: en }, es: { translation: es } } as const;

/** The BCP 47 tag of each interface language, for `<html lang>` and Intl. */
export const LOCALE_TAGS: Record<Language, string> = { pt: 'pt-BR', en: 'en', es: 'es' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as string[]).includes(value);
}

/** The API language code (1 pt, 3 es, 5 en) of the current interface language. */
export function languageCode(): number {
  const language = i18next.language;
  return isLanguage(language) ? LANGUAGE_CODES[language] : LANGUAGE_CODES.pt;
}

/** Starts i18next in `language` (pt by default, spec §9). */
export async function initI18n(language: Language): Promise<typeof i18next> {
  await i18next.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: 'pt',
    supportedLngs: LANGUAGES,
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  });
  document.documentElement.lang = LOCALE_TAGS[language];
  return i18next;
}
