import { Anchor, Badge, Box, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useFuncionalidades } from '../../features/parameters/api/get-funcionalidades';
import { useInstituicao } from '../../features/parameters/api/get-instituicao';
import { useBasket } from '../../stores/basket';
import { useHasSession, useSessionUser } from '../../stores/session';
import { paths } from '../paths';
import { LanguageSelect } from './language-select';

/** Top bar: institution name (links home), main navigation, language, sign-in. */
export function Header() {
  const { t } = useTranslation();
  const instituicao = useInstituicao();
  const location = useLocation();
  const signedIn = useHasSession();
  const user = useSessionUser();
  const basketCount = useBasket((b) => b.items.length);
  // Spec §2: the account button only when activity 8 (account area) is on.
  const accountArea = useFuncionalidades().some((a) => a.cod_modulo === 3 && a.cod_atividade === 8);
  const here = `${location.pathname}${location.search}`;
  return (
    <Box component="header" px="md" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Anchor component={Link} to={paths.home} underline="never" c="inherit">
          <Text fw={700} size="lg" component="span">
            {instituicao.nome}
          </Text>
          <Text size="sm" c="gray.7" component="span" ml="xs">
            {instituicao.sigla} · {t('app.tagline')}
          </Text>
        </Anchor>
        <Group gap="sm" align="flex-end" component="nav" aria-label={t('app.mainNavigation')}>
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
          {signedIn && accountArea && (
            <Anchor component={Link} to={paths.account}>
              {t('app.account')}
            </Anchor>
          )}
          <LanguageSelect />
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
        </Group>
      </Group>
    </Box>
  );
}
