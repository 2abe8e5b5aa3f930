import type { DadosPedido } from '@estante/contracts';
import { Alert, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRequestStart } from './library-requests.api';

/** A request section: its introduction, then (once the libraries are known) its form and history. */
export function RequestSection({ intro, children }: { intro: string; children: (start: DadosPedido) => ReactNode }) {
  const { t } = useTranslation();
  const start = useRequestStart();
  if (start.isPending) return <Loader size="sm" aria-label={t('loading.title')} />;
  if (start.isError)
    return (
      <Alert color="red" variant="filled">
        {t('requests.fetchError')}
      </Alert>
    );
  return (
    <Stack gap="lg">
      <Text>{intro}</Text>
      <Text size="sm">{t('requestForms.limit', { count: start.data.limite })}</Text>
      {children(start.data)}
    </Stack>
  );
}
