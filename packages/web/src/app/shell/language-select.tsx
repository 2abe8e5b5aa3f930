import { LANGUAGES } from '@estante/contracts';
import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '../../i18n';
import { usePageSettings } from '../../stores/page-settings';

/**
 * Language bar: stores the choice and reloads with `lng` (spec §4 "Language change"), so every
 * screen and cached server message comes back in the new language.
 */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const setLanguage = usePageSettings((s) => s.setLanguage);
  return (
    <NativeSelect
      label={t('app.language')}
      size="xs"
      value={i18n.language}
      data={LANGUAGES.map((value) => ({ value, label: t(`app.languages.${value}`) }))}
      onChange={(event) => {
        const language = event.currentTarget.value;
        if (!isLanguage(language)) return;
        setLanguage(language);
        const url = new URL(window.location.href);
        url.searchParams.set('lng', language);
        window.location.assign(url.toString());
      }}
    />
  );
}
