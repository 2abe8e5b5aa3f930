import { Anchor, Group, Loader, List, Stack, Text } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Route, Routes, useLocation } from 'react-router';
import { useRefreshedPerson } from '../../api/me';
import { sectionsFor } from '../../features/staff/sections';
import { useHasSession, useSessionUser } from '../../stores/session';
import { PageTitle } from '../../ui/page-title';
import { paths } from '../paths';
import { NotFoundRoute } from './not-found';
import { useSiteName } from './use-site-name';

/**
 * `/equipe/*`, the staff area (issue 51): signed in only (else to /login?redirect=), the sections
 * the person's roles open (features/staff/<section>/section.ts) in a menu above them. Someone with
 * no staff role is told whom to ask; the calls behind each section check the roles again.
 */
export function StaffRoute() {
  const { t } = useTranslation();
  const site = useSiteName();
  const signedIn = useHasSession();
  const user = useSessionUser();
  const location = useLocation();
  // The roles as the library has them now (granted or taken back since sign-in).
  useRefreshedPerson();
  if (!signedIn) return <Navigate replace to={paths.loginWithRedirect(`${location.pathname}${location.search}`)} />;
  const sections = sectionsFor(user?.papeis ?? []);
  const here = sections.find((s) => paths.staffSection(s.segment) === location.pathname);
  return (
    <Stack gap="md">
      <PageTitle site={site}>{here ? `${t('staff.title')}: ${t(here.label)}` : t('staff.title')}</PageTitle>
      {sections.length === 0 ? (
        <Text role="status">{t('staff.noRoles')}</Text>
      ) : (
        <>
          <Group component="nav" aria-label={t('staff.menu')} gap="md">
            <Anchor component={Link} to={paths.staff} aria-current={location.pathname === paths.staff ? 'page' : undefined} underline="always">
              {t('staff.title')}
            </Anchor>
            {sections.map((s) => (
              <Anchor key={s.segment} component={Link} to={paths.staffSection(s.segment)} aria-current={here === s ? 'page' : undefined} underline="always">
                {t(s.label)}
              </Anchor>
            ))}
          </Group>
          <Suspense fallback={<Loader size="sm" role="status" aria-label={t('loading.title')} />}>
            <Routes>
              <Route
                index
                element={
                  <Stack gap="xs">
                    <Text>{t('staff.welcome')}</Text>
                    <List>
                      {sections.map((s) => (
                        <List.Item key={s.segment}>
                          <Anchor component={Link} to={paths.staffSection(s.segment)} underline="always">
                            {t(s.label)}
                          </Anchor>
                        </List.Item>
                      ))}
                    </List>
                  </Stack>
                }
              />
              {sections.map(({ segment, component: Section }) => (
                <Route key={segment} path={segment} element={<Section />} />
              ))}
              <Route path="*" element={<NotFoundRoute />} />
            </Routes>
          </Suspense>
        </>
      )}
    </Stack>
  );
}
