import { Anchor, Box, Button, Drawer, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Route, Routes, useLocation } from 'react-router';
import { DebtsPage, DeviationsPage, LoanTokenPage, NoDebtsPage } from '../../features/circulation/components/account-pages';
import { HoldsPage } from '../../features/circulation/components/holds-page';
import { LoansPage } from '../../features/circulation/components/loans-page';
import { RequestsPage } from '../../features/circulation/components/requests-page';
import { ACTIVITY, usePermissions } from '../../features/parameters/use-permissions';
import { usePageSettings } from '../../stores/page-settings';
import { useHasSession, useSessionUser } from '../../stores/session';
import { PageTitle } from '../../ui/page-title';
import { paths } from '../paths';
import { NotFoundRoute } from './not-found';
import { useSiteName } from './use-site-name';

/** The sections of Meu Pergamum built so far (spec §2 menu), in menu order. */
const SECTIONS = [
  { path: paths.accountLoans, label: 'account.loans' },
  { path: paths.accountDebts, label: 'account.debts' },
  { path: paths.accountDeviations, label: 'account.deviations' },
  { path: paths.accountNoDebts, label: 'account.noDebts' },
  { path: paths.accountHolds, label: 'account.holds' },
  { path: paths.accountRequests, label: 'account.requests' },
  { path: paths.accountToken, label: 'account.token' },
] as const;

/**
 * `/meupergamum/*`: protected — without a session, to /login?redirect={path} (spec §2) — and
 * only while the institution offers the account area (activity 8). The "neo" layout (spec §3
 * page state): the menu beside the sections, collapsible (kept in the page settings), in a
 * drawer on small screens.
 */
export function AccountRoute() {
  const { t } = useTranslation();
  const site = useSiteName();
  const signedIn = useHasSession();
  const user = useSessionUser();
  const location = useLocation();
  const permissions = usePermissions();
  const layout = usePageSettings((s) => s.meuPergamum);
  const setMenuOpen = usePageSettings((s) => s.setMenuOpen);
  const [drawer, setDrawer] = useState(false);
  if (permissions.hasNone(ACTIVITY.accountArea)) return <NotFoundRoute />;
  if (!signedIn) return <Navigate replace to={paths.loginWithRedirect(`${location.pathname}${location.search}`)} />;
  const here = SECTIONS.find((s) => s.path === location.pathname);
  const menu = (vertical: boolean) => {
    const Layout = vertical ? Stack : Group;
    return (
      <Layout component="nav" aria-label={t('account.menu')} gap={vertical ? 'xs' : 'md'} onClick={() => setDrawer(false)}>
        <Anchor component={Link} to={paths.account} aria-current={location.pathname === paths.account ? 'page' : undefined} underline="always">
          {t('account.home')}
        </Anchor>
        {SECTIONS.map((s) => (
          <Anchor key={s.path} component={Link} to={s.path} aria-current={location.pathname === s.path ? 'page' : undefined} underline="always">
            {t(s.label)}
          </Anchor>
        ))}
      </Layout>
    );
  };
  return (
    <Stack gap="md" className={`meupergamum tema-${layout.tema}`}>
      <PageTitle site={site}>{here ? `${t('screens.account')}: ${t(here.label)}` : t('screens.account')}</PageTitle>
      <Group hiddenFrom="sm">
        <Button variant="outline" color="blue.9" onClick={() => setDrawer(true)}>
          {t('account.openMenu')}
        </Button>
      </Group>
      <Drawer opened={drawer} onClose={() => setDrawer(false)} title={t('screens.account')} closeButtonProps={{ 'aria-label': t('app.close') }} hiddenFrom="sm">
        {menu(true)}
      </Drawer>
      <Group align="flex-start" wrap="nowrap" gap="lg">
        <Box visibleFrom="sm" className="meupergamum-menu" w={layout.menuOpen ? 220 : undefined}>
          <Button variant="subtle" size="compact-sm" mb="xs" aria-expanded={layout.menuOpen} onClick={() => setMenuOpen(!layout.menuOpen)}>
            {layout.menuOpen ? t('account.hideMenu') : t('account.showMenu')}
          </Button>
          {layout.menuOpen && menu(true)}
        </Box>
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Routes>
            <Route index element={<Text>{t('account.welcome', { name: user?.nome_pessoa.split(/\s+/)[0] ?? '' })}</Text>} />
            <Route path="emprestimos" element={<LoansPage titleHref={(id) => paths.title(id)} />} />
            <Route path="reservas" element={<HoldsPage titleHref={(id) => paths.title(id)} />} />
            <Route path="solicitacoes" element={<RequestsPage titleHref={(id) => paths.title(id)} />} />
            <Route path="debitos" element={<DebtsPage />} />
            <Route path="afastamentos" element={<DeviationsPage />} />
            <Route path="nada-consta" element={<NoDebtsPage />} />
            <Route path="token" element={<LoanTokenPage />} />
            <Route path="*" element={<NotFoundRoute />} />
          </Routes>
        </Box>
      </Group>
    </Stack>
  );
}
