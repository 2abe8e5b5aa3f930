import { Box, Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { Footer } from './footer';
import { Header } from './header';

/** The frame every screen lives in: skip link, header, main landmark, footer. */
export function Shell() {
  const { t } = useTranslation();
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
    </>
  );
}
