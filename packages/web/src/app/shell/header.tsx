import { Anchor, Badge, Box, Burger, Button, Drawer, Group, Image, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { AccountAreaLink } from '../../features/links/components/account-area-link';
import { useAutoatendimento } from '../../features/parameters/api/get-autoatendimento';
import { useInstituicao } from '../../features/parameters/api/get-instituicao';
import { ACTIVITY, usePermissions } from '../../features/parameters/use-permissions';
import { useBasket } from '../../stores/basket';
import { useHasSession, useSessionUser } from '../../stores/session';
import { paths } from '../paths';
import { AccessibilityBar } from './accessibility-bar';

/**
 * Header (spec §2): the accessibility bar (not on /login), the institution (links home), the
 * main navigation with the user menu, and the self-service kiosk button. Below the `sm`
 * breakpoint a compact bar with the portal's name and the institution's acronym opens the same
 * navigation in a drawer.
 */
export function Header() {
  const { t } = useTranslation();
  const instituicao = useInstituicao();
  const location = useLocation();
  const [drawer, { open, close }] = useDisclosure(false);
  return (
    <>
      {location.pathname !== paths.login && <AccessibilityBar />}
      <Box component="header" px="md" py="sm" className="site-header">
        <Group justify="space-between" wrap="nowrap" gap="sm" visibleFrom="sm">
          <Anchor component={Link} to={paths.home} underline="never" c="inherit">
            <Group gap="sm" wrap="nowrap">
              {instituicao.tema.logo && <Image src={instituicao.tema.logo} alt="" h={40} w="auto" fit="contain" />}
              <span>
                <Text fw={700} size="lg" component="span" display="block">
                  {instituicao.nome}
                </Text>
                <Text size="sm" c="gray.7" component="span">
                  {instituicao.sigla} · {t('app.tagline')}
                </Text>
              </span>
            </Group>
          </Anchor>
          <Navigation id="main-nav" />
        </Group>
        <Group justify="space-between" wrap="nowrap" hiddenFrom="sm">
          <Anchor component={Link} to={paths.home} underline="never" c="inherit">
            <Text fw={700} component="span">
              {t('app.tagline')}
            </Text>{' '}
            <Text component="span" size="sm" c="gray.7">
              {instituicao.sigla}
            </Text>
          </Anchor>
          <Burger opened={drawer} onClick={open} aria-label={t('app.openMenu')} size="sm" />
        </Group>
      </Box>
      <Drawer
        opened={drawer}
        onClose={close}
        title={instituicao.sigla}
        position="right"
        size="xs"
        closeButtonProps={{ 'aria-label': t('app.close') }}
        hiddenFrom="sm"
      >
        <Navigation vertical onNavigate={close} />
      </Drawer>
    </>
  );
}

/** The main navigation and user menu (spec §2 "Top-bar user menu"); a column inside the drawer. */
function Navigation({ id, vertical = false, onNavigate }: { id?: string; vertical?: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const location = useLocation();
  const signedIn = useHasSession();
  const user = useSessionUser();
  const basketCount = useBasket((b) => b.items.length);
  const permissions = usePermissions();
  const here = `${location.pathname}${location.search}`;
  const Layout = vertical ? Stack : Group;
  return (
    <Layout
      gap="sm"
      align={vertical ? 'stretch' : 'flex-end'}
      component="nav"
      aria-label={t('app.mainNavigation')}
      id={id}
      onClick={(e: MouseEvent) => (e.target as HTMLElement).closest('a') && onNavigate?.()}
    >
      <Anchor component={Link} to={paths.home}>
        {t('app.home')}
      </Anchor>
      <Anchor component={Link} to={paths.basket} aria-label={t('app.basketCount', { count: basketCount })}>
        {t('app.basket')}
        {basketCount > 0 && (
          <Badge component="span" ml={6} variant="filled" color="blue.9" size="sm" aria-hidden>
            {basketCount}
          </Badge>
        )}
      </Anchor>
      {signedIn && permissions.hasAll(ACTIVITY.accountArea) && <AccountAreaLink to={paths.account}>{t('app.account')}</AccountAreaLink>}
      {signedIn && (user?.papeis?.length ?? 0) > 0 && (
        <Anchor component={Link} to={paths.staff}>
          {t('app.staff')}
        </Anchor>
      )}
      <KioskButton />
      {signedIn && user && (
        <>
          <Text size="sm" component="span">
            {t('app.greeting', { name: user.nome_pessoa.trim().split(/\s+/)[0] })}
          </Text>
          <Anchor component={Link} to={paths.logout}>
            {t('app.logout')}
          </Anchor>
        </>
      )}
      {!signedIn && location.pathname !== paths.login && (
        <Button component={Link} to={paths.loginWithRedirect(here)} size="xs">
          {t('app.login')}
        </Button>
      )}
    </Layout>
  );
}

/**
 * The self-service kiosk button (spec §2): opens the institution's kiosk page with the
 * institution, library, language, keypad and authentication-type parameters.
 */
function KioskButton() {
  const { t, i18n } = useTranslation();
  const instituicao = useInstituicao();
  const { data } = useAutoatendimento();
  if (!data?.showAuto || !data.url) return null;
  const url = new URL(data.url);
  url.searchParams.set('instituicao', String(instituicao.codEmpresa));
  if (data.codBibAuto !== null) url.searchParams.set('biblioteca', String(data.codBibAuto));
  url.searchParams.set('idioma', data.idiomaAuto ?? i18n.language);
  url.searchParams.set('teclado', data.tecladoAuto ? 'S' : 'N');
  if (data.authAuto) url.searchParams.set('autenticacao', data.authAuto);
  return (
    <Button component="a" href={url.toString()} target="_blank" rel="noopener noreferrer" size="xs" variant="outline" color="blue.9">
      {t('app.kiosk')}
      <Text component="span" className="visually-hidden">
        {` (${t('app.newWindow')})`}
      </Text>
    </Button>
  );
}
