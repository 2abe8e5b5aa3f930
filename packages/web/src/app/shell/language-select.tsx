import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { INTERFACE_LANGUAGES, type InterfaceLanguage, isInterfaceLanguage } from '../../i18n/languages';
import { LANGUAGES } from '@estante/contracts';
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

/**
 * Language bar: the product's three languages; the sign-in page and the footer also list French
 * and Italian (`shell`, spec §1).
 */
export function LanguageSelect({ shell = false, id }: { shell?: boolean; id?: string }) {
  const { t, i18n } = useTranslation();
  const offered: readonly InterfaceLanguage[] = shell || !(LANGUAGES as readonly string[]).includes(i18n.language) ? INTERFACE_LANGUAGES : LANGUAGES;
  return (
    <NativeSelect
      id={id}
      label={t('app.language')}
      size="xs"
      value={i18n.language}
      data={offered.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))}
      onChange={(event) => {
        const language = event.currentTarget.value;
        if (isInterfaceLanguage(language)) changeLanguage(language);
      }}
    />
  );
}
