import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { type QueryClient, useQueries, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { loadPublicCredentials } from '../../api/client';
import type { BootData } from '../../api/config';
import { usePublicCredentials } from '../../stores/public-credentials';
import { funcionalidadesQuery } from '../../features/parameters/api/get-funcionalidades';
import { guiasPesquisaQuery } from '../../features/parameters/api/get-guias-pesquisa';
import { instituicaoQuery } from '../../features/parameters/api/get-instituicao';

const credentialsQuery = { queryKey: ['public-credentials'], queryFn: loadPublicCredentials, staleTime: Infinity };

/**
 * Takes what the server inlined into the page (plugins/web.ts): the token and the three public
 * parameters are then known before the first render, and the loading screen never shows.
 */
export function applyBootData(queryClient: QueryClient, boot: BootData | undefined) {
  if (!boot) return;
  usePublicCredentials.setState({ token: boot.token });
  queryClient.setQueryData(credentialsQuery.queryKey, boot.token);
  queryClient.setQueryData(instituicaoQuery.queryKey, boot.instituicao);
  queryClient.setQueryData(funcionalidadesQuery.queryKey, boot.funcionalidades);
  queryClient.setQueryData(guiasPesquisaQuery.queryKey, boot.guias);
}

/**
 * The loading screen (spec §2): nothing else shows until the public credentials, the
 * features, the institution's data and the search guides are loaded.
 */
export function LoadingGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const credentials = useQuery(credentialsQuery);
  const results = useQueries({
    queries: [instituicaoQuery, funcionalidadesQuery, guiasPesquisaQuery].map((q) => ({ ...q, enabled: credentials.isSuccess })),
  });
  const all = [credentials, ...results];
  if (all.some((r) => r.isError)) {
    return (
      <Center mih="100vh" p="md">
        <Stack align="center" role="alert">
          <Text>{t('loading.failed')}</Text>
          <Button onClick={() => all.forEach((r) => r.isError && void r.refetch())}>{t('loading.retry')}</Button>
        </Stack>
      </Center>
    );
  }
  if (!all.every((r) => r.isSuccess)) {
    return (
      <Center mih="100vh" role="status" aria-live="polite">
        <Stack align="center">
          <Loader aria-hidden="true" />
          <Text>{t('loading.title')}</Text>
        </Stack>
      </Center>
    );
  }
  return children;
}
