import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../ui/page-title';
import { useSiteName } from './use-site-name';

/** A screen whose content a later issue builds: the shell and the screen's title. */
export function ScreenRoute({ titleKey, values }: { titleKey: string; values?: Record<string, string> }) {
  const { t } = useTranslation();
  const site = useSiteName();
  return (
    <>
      <PageTitle site={site}>{t(titleKey, values)}</PageTitle>
      <Text c="gray.7">{t('screens.comingSoon')}</Text>
    </>
  );
}
