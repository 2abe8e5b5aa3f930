import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { instituicaoQuery } from '../features/parameters/api/get-instituicao';
import { themeFor } from './theme';

export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

/** Toasts close by themselves after 8 s (spec §9). */
export const TOAST_AUTO_CLOSE_MS = 8000;

/** The design system themed with the institution's colour once its settings are loaded. */
function ThemedMantine({ children }: { children: ReactNode }) {
  const { data } = useQuery({ ...instituicaoQuery, enabled: false });
  const theme = useMemo(() => themeFor(data?.tema.corPrimaria), [data?.tema.corPrimaria]);
  return (
    <MantineProvider theme={theme}>
      <ModalsProvider>
        <Notifications autoClose={TOAST_AUTO_CLOSE_MS} position="top-right" />
        {children}
      </ModalsProvider>
    </MantineProvider>
  );
}

/** Server state (TanStack Query) and the design system (Mantine, with confirmations and toasts). */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemedMantine>{children}</ThemedMantine>
    </QueryClientProvider>
  );
}
