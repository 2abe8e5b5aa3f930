import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Route, Routes, useLocation } from 'react-router';
import { DebtsPage, DeviationsPage, LoanTokenPage, NoDebtsPage } from '../../features/circulation/components/account-pages';
import { HoldsPage } from '../../features/circulation/components/holds-page';
import { LoansPage } from '../../features/circulation/components/loans-page';
import { RequestsPage } from '../../features/circulation/components/requests-page';
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

/** `/meupergamum/*`: protected — without a session, to /login?redirect={path} (spec §2) — with its menu. */
export function AccountRoute() {
  const { t } = useTranslation();
  const site = useSiteName();
  const signedIn = useHasSession();
  const user = useSessionUser();
  const location = useLocation();
  if (!signedIn) return <Navigate replace to={paths.loginWithRedirect(`${location.pathname}${location.search}`)} />;
  const here = SECTIONS.find((s) => s.path === location.pathname);
  return (
    <Stack gap="md">
      <PageTitle site={site}>{here ? `${t('screens.account')}: ${t(here.label)}` : t('screens.account')}</PageTitle>
      <Group component="nav" aria-label={t('account.menu')} gap="md">
        <Anchor component={Link} to={paths.account} aria-current={location.pathname === paths.account ? 'page' : undefined} underline="always">
          {t('account.home')}
        </Anchor>
        {SECTIONS.map((s) => (
          <Anchor key={s.path} component={Link} to={s.path} aria-current={location.pathname === s.path ? 'page' : undefined} underline="always">
            {t(s.label)}
          </Anchor>
        ))}
      </Group>
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
    </Stack>
  );
}
