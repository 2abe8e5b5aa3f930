import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { apiLanguageCode, INTERFACE_LANGUAGES, type InterfaceLanguage, isInterfaceLanguage, LOCALE_TAGS } from './languages';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import it from './locales/it.json';
import pt from './locales/pt.json';

export const resources = {
  pt: { translation: pt },
  en: { translation: en },
  es: { translation: es },
  fr: { translation: fr },
  it: { translation: it },
} as const;

export { isInterfaceLanguage as isLanguage, LOCALE_TAGS };

/** The API language code (1 pt, 3 es, 5 en) of the current interface language. */
export function languageCode(): number {
  const language = i18next.language;
  return apiLanguageCode(isInterfaceLanguage(language) ? language : 'pt');
}

/** Starts i18next in `language` (pt by default, spec §9); French and Italian fall back to English. */
export async function initI18n(language: InterfaceLanguage): Promise<typeof i18next> {
  await i18next.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: { fr: ['en'], it: ['en'], default: ['pt'] },
    supportedLngs: INTERFACE_LANGUAGES,
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  });
  document.documentElement.lang = LOCALE_TAGS[language];
  return i18next;
}
