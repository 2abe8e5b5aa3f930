import { Box, Button, Drawer, Group, Loader, Stack, Text } from '@mantine/core';
import { type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { useRefreshedPerson } from '../../api/me';
import { AccountDashboard } from '../../features/account/dashboard/dashboard';
import { RegistrationNotice } from '../../features/account/registration-notice';
import { AccountMenu } from '../../features/account/account-menu';
import { accountSectionPath, sectionsFor } from '../../features/account/sections';
import { ACTIVITY, usePermissions } from '../../features/parameters/use-permissions';
import { SuggestionForm } from '../../features/units/components/suggestion-form';
import { usePageSettings } from '../../stores/page-settings';
import { useHasSession, useSessionUser } from '../../stores/session';
import { PageTitle } from '../../ui/page-title';
import { paths } from '../paths';
import { NotFoundRoute } from './not-found';
import { useSiteName } from './use-site-name';
import { AccountAreaChoice } from '../../features/links/components/account-area-choice';
import { sitePath } from '../../api/config';

const titleHref = (id: number) => paths.title(id);
const searchHref = (guia: string, consulta: string) => `${paths.guide(guia)}?${consulta}`;
// A new tab (databases-page.tsx), outside the router: with the site's path.
const externalHref = (recurso: string, base: number) => sitePath(paths.handOver({ recurso, base }));

/**
 * `/meupergamum/*`: protected — without a session, to /login?redirect={path} (spec §2) — and
 * only while the institution offers the account area (activity 8). The "neo" layout (spec §3
 * page state): the menu beside the sections, collapsible (kept in the page settings), in a
 * drawer on small screens. The app variant (`app`: `/meupergamum/app/*`, the mobile app's web
 * view) is the same area under its own address, signing in on the spot (`signIn`), not on /login.
 */
export function AccountRoute({ app = false, signIn, home }: { app?: boolean; signIn?: ReactNode; home?: ReactNode } = {}) {
  const base = app ? paths.accountApp : paths.account;
  const sectionHref = app ? paths.accountAppSection : accountSectionPath;
  const { t } = useTranslation();
  const site = useSiteName();
  const signedIn = useHasSession();
  const user = useSessionUser();
  const location = useLocation();
  const permissions = usePermissions();
  const layout = usePageSettings((s) => s.meuPergamum);
  const setMenuOpen = usePageSettings((s) => s.setMenuOpen);
  const [drawer, setDrawer] = useState(false);
  // The patron's permissions and the registration's validity, as the library has them now.
  useRefreshedPerson();
  if (permissions.hasNone(ACTIVITY.accountArea)) return <NotFoundRoute />;
  if (!signedIn) return signIn ?? <Navigate replace to={paths.loginWithRedirect(`${location.pathname}${location.search}`)} />;
  // The sections the institution has on and the patron can use (spec §6; features/account/sections.ts).
  const sections = sectionsFor(permissions, user).map((s) => ({ ...s, path: sectionHref(s.segment) }));
  const here = sections.find((s) => s.path === location.pathname);
  const menu = () => <AccountMenu home={base} sections={sections} current={location.pathname} onNavigate={() => setDrawer(false)} />;
  return (
    <Stack gap="md" className={`meupergamum tema-${layout.tema}`}>
      <PageTitle site={site}>{here ? `${t('screens.account')}: ${t(here.label)}` : t('screens.account')}</PageTitle>
      <RegistrationNotice validade={user?.validade} />
      <Group hiddenFrom="sm">
        <Button variant="outline" color="blue.9" onClick={() => setDrawer(true)}>
          {t('account.openMenu')}
        </Button>
      </Group>
      <Drawer opened={drawer} onClose={() => setDrawer(false)} title={t('screens.account')} closeButtonProps={{ 'aria-label': t('app.close') }} hiddenFrom="sm">
        {menu()}
      </Drawer>
      <Group align="flex-start" wrap="nowrap" gap="lg">
        <Box visibleFrom="sm" className="meupergamum-menu" w={layout.menuOpen ? 220 : undefined}>
          <Button variant="subtle" size="compact-sm" mb="xs" aria-expanded={layout.menuOpen} onClick={() => setMenuOpen(!layout.menuOpen)}>
            {layout.menuOpen ? t('account.hideMenu') : t('account.showMenu')}
          </Button>
          {layout.menuOpen && menu()}
        </Box>
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Suspense fallback={<Loader size="sm" aria-label={t('loading.title')} />}>
            <Routes>
              <Route
                index
                element={
                  <Stack gap="md">
                    <Text>{t('account.welcome', { name: user?.nome_pessoa.split(/\s+/)[0] ?? '' })}</Text>
                    <AccountDashboard segments={sections.map((s) => s.segment)} sectionHref={sectionHref} />
                    {home}
                  </Stack>
                }
              />
              {sections.map(({ segment, component: Section }) => (
                <Route
                  key={segment}
                  path={segment}
                  element={<Section titleHref={titleHref} searchHref={searchHref} SuggestionForm={SuggestionForm} externalHref={externalHref} />}
                />
              ))}
              <Route path="*" element={<NotFoundRoute />} />
            </Routes>
          </Suspense>
        </Box>
      </Group>
    </Stack>
  );
}

/** `/meupergamum/*` on the site: the area with the site's header and footer. */
export function AccountSiteRoute() {
  return <AccountRoute home={<AccountAreaChoice />} />;
}
