import { Alert, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A query's three faces: a spinner while it loads, `error` in red if it failed, else `children()`. */
export function Loading({ state, error, children }: { state: { isPending: boolean; isError: boolean }; error: string; children: () => ReactNode }) {
  const { t } = useTranslation();
  if (state.isPending) return <Loader size="sm" aria-label={t('loading.title')} />;
  if (state.isError)
    return (
      <Alert color="red" variant="filled">
        {error}
      </Alert>
    );
  return <>{children()}</>;
}
