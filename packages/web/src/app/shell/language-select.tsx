import type { InterfaceLanguage } from '../../i18n/languages';
import { usePageSettings } from '../../stores/page-settings';

/** Each language named in itself, whatever the interface language. */
export const LANGUAGE_NAMES: Record<InterfaceLanguage, string> = { pt: 'Português', en: 'English', es: 'Español', fr: 'Français', it: 'Italiano' };

/** Spec §4 "Language change": store the language and reload with `lng`, so every screen and server message comes back in it. */
export function changeLanguage(language: InterfaceLanguage) {
  usePageSettings.getState().setLanguage(language);
  const url = new URL(window.location.href);
  url.searchParams.set('lng', language);
  window.location.assign(url.toString());
}
