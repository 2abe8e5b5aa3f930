import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../ui/page-title';
import { paths } from '../paths';
import { sitePath } from '../../api/config';

/**
 * Shown when a screen fails while rendering: a plain message and a way home, never a stack
 * trace. A full page load (not a client-side link) clears whatever state broke.
 */
export function ErrorRoute() {
  const { t } = useTranslation();
  return (
    <main style={{ padding: '2rem' }}>
      <PageTitle site="Estante">{t('errors.screenHeading')}</PageTitle>
      <Text mb="md">{t('errors.unexpected')}</Text>
      <Anchor href={sitePath(paths.home)}>{t('notFound.back')}</Anchor>
    </main>
  );
}
