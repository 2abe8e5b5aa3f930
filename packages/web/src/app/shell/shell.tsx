import { Box, Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
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
      <Header />
      <Box component="main" id="main" tabIndex={-1} py="lg">
        <Container size="lg">
          <Outlet />
        </Container>
      </Box>
      <Footer />
      {libras && <LibrasWidget />}
      <SessionWatch />
    </>
  );
}
