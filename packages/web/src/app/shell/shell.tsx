import { Box, Container, Skeleton, Stack } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';
import { usePageSettings } from '../../stores/page-settings';
import { useShortcuts } from './accessibility';
import { Footer } from './footer';
import { Header } from './header';
import { LibrasWidget } from './libras';
import { SessionWatch } from './session-watch';

/** The frame every screen lives in: skip link, header, main landmark, footer; the shortcuts and the Libras widget. */
export function Shell() {
  const { t } = useTranslation();
  const libras = usePageSettings((s) => s.acessibilidade.libras);
  useShortcuts();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <div id="skip-links" />
      <Header />
      <Box component="main" id="main" tabIndex={-1} py="lg" className="main">
        <Container size="lg">
          <Suspense fallback={<PageSkeleton />}>
            <Outlet />
          </Suspense>
        </Container>
      </Box>
      <Footer />
      {/* A new page starts at its top; back and forward return to where the patron was (issue 55). */}
      <ScrollRestoration />
      {libras && <LibrasWidget />}
      <SessionWatch />
    </>
  );
}

/**
 * What stands for a screen while its script or data arrive: a heading and lines where they will
 * be, inside a main area that already reaches past the fold, so nothing below moves when the
 * screen comes (no layout shift).
 */
export function PageSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" role="status" aria-label={t('loading.title')}>
      <Skeleton height={34} width="45%" radius="sm" />
      <Skeleton height={16} width="70%" radius="sm" />
      <Skeleton height={42} radius="sm" />
      <Skeleton height={16} radius="sm" />
      <Skeleton height={16} width="85%" radius="sm" />
    </Stack>
  );
}
