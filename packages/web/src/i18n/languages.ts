import { LANGUAGE_CODES, type Language, LANGUAGES } from '@estante/contracts/kernel';

/**
 * The languages the interface offers: the three of the whole product (pt, en, es) and the two
 * the sign-in shell and footer also list (spec §1, §9: fr, it). French and Italian translate the
 * shell (header, accessibility bar, footer, sign-in and recovery); screens beyond it fall back
 * to English (docs/decisions/0012-interface-languages.md).
 */
export const INTERFACE_LANGUAGES = [...LANGUAGES, 'fr', 'it'] as const;
export type InterfaceLanguage = (typeof INTERFACE_LANGUAGES)[number];

export function isInterfaceLanguage(value: unknown): value is InterfaceLanguage {
  return typeof value === 'string' && (INTERFACE_LANGUAGES as readonly string[]).includes(value);
}

/** The API's language for an interface language: its own for pt/en/es, English for fr/it. */
export function apiLanguage(language: InterfaceLanguage): Language {
  return (LANGUAGES as readonly string[]).includes(language) ? (language as Language) : 'en';
}

/** The API language code (1 pt, 3 es, 5 en) to send with every call (spec §7). */
export function apiLanguageCode(language: InterfaceLanguage): number {
  return LANGUAGE_CODES[apiLanguage(language)];
}

/** The BCP 47 tag of each interface language, for `<html lang>` and Intl. */
export const LOCALE_TAGS: Record<InterfaceLanguage, string> = { pt: 'pt-BR', en: 'en', es: 'es', fr: 'fr', it: 'it' };
