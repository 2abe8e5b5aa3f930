import { Anchor, Box, Group, Image, Stack, Text } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useInstitutionText, useInstituicao } from '../../features/parameters/api/get-instituicao';
import { ACTIVITY, usePermissions } from '../../features/parameters/use-permissions';
import { INTERFACE_LANGUAGES, LOCALE_TAGS } from '../../i18n/languages';
import { useSessionUser } from '../../stores/session';
import { useNotify } from '../../ui/notify';
import { paths } from '../paths';
import { changeLanguage, LANGUAGE_NAMES } from './language-select';

import type { Open } from './footer-modals';

const FooterModals = lazy(() => import('./footer-modals').then((m) => ({ default: m.FooterModals })));

/**
 * Footer (spec §2): general comments, acquisition suggestion (and the professors' own link),
 * ICAP (activity 57) and partner-network (87) links, the institution's pages, support, the
 * language bar (with French and Italian), the coloured band, logo, copyright, minimum browser
 * versions, the privacy link and the product logo (88).
 */
export function Footer() {
  const { t, i18n } = useTranslation();
  const instituicao = useInstituicao();
  const support = useInstitutionText('msg_suporte_consulta');
  const permissions = usePermissions();
  const user = useSessionUser();
  const [open, setOpenState] = useState<Open>(null);
  const [used, setUsed] = useState(false);
  const setOpen = (next: Open) => {
    if (next) setUsed(true);
    setOpenState(next);
  };
  const notify = useNotify();
  const sent = (message: string) => {
    setOpen(null);
    notify.toast(message);
  };
  const links: ReactNode[] = [];
  if (permissions.hasAll(ACTIVITY.comments)) {
    links.push(
      <Anchor key="comment" component="button" type="button" size="sm" onClick={() => setOpen('comment')}>
        {t('footer.generalComment')}
      </Anchor>,
    );
  }
  if (permissions.hasAll(ACTIVITY.acquisitionSuggestion)) {
    links.push(
      <Anchor key="suggestion" component="button" type="button" size="sm" onClick={() => setOpen('suggestion')}>
        {t('footer.suggestion')}
      </Anchor>,
    );
    if (user?.professor && instituicao.p.__web_aquisicao) {
      links.push(<ExternalLink key="professor" href={instituicao.p.__web_aquisicao} label={t('footer.professorSuggestion')} />);
    }
  }
  if (permissions.hasAll(ACTIVITY.icap) && instituicao.p.__web_icap)
    links.push(<ExternalLink key="icap" href={instituicao.p.__web_icap} label={t('footer.icap')} />);
  if (permissions.hasAll(ACTIVITY.networkCatalogue) && instituicao.p.__web_rede) {
    links.push(<ExternalLink key="rede" href={instituicao.p.__web_rede} label={t('footer.network')} />);
  }
  if (support) {
    links.push(
      <Anchor key="support" component="button" type="button" size="sm" onClick={() => setOpen('support')}>
        {t('footer.support')}
      </Anchor>,
    );
  }
  const band = instituicao.tema.corSecundaria ?? 'var(--mantine-primary-color-filled)';
  return (
    <Box component="footer" id="footer" mt="xl" className="site-footer">
      <div className="footer-band" style={{ background: band }} aria-hidden="true" />
      <Stack gap="sm" px="md" py="lg">
        <Group component="nav" aria-label={t('footer.services')} gap="xs" wrap="wrap">
          {links}
          <Anchor component={Link} to={paths.openingHours} size="sm">
            {t('content.openingHours')}
          </Anchor>
          <Anchor component={Link} to={paths.events} size="sm">
            {t('content.events')}
          </Anchor>
          <Anchor component={Link} to={paths.faq} size="sm">
            {t('content.faq')}
          </Anchor>
          <Anchor component={Link} to={paths.generalInformation} size="sm">
            {t('content.generalInformation')}
          </Anchor>
        </Group>
        <Group component="nav" aria-label={t('footer.languages')} gap={4} wrap="wrap">
          {INTERFACE_LANGUAGES.map((language) => (
            <Anchor
              key={language}
              component="button"
              type="button"
              size="sm"
              px={6}
              fw={i18n.language === language ? 700 : 400}
              underline={i18n.language === language ? 'always' : 'hover'}
              lang={LOCALE_TAGS[language]}
              aria-current={i18n.language === language ? 'true' : undefined}
              onClick={() => i18n.language !== language && changeLanguage(language)}
            >
              {LANGUAGE_NAMES[language]}
            </Anchor>
          ))}
        </Group>
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
          <Group gap="sm" wrap="wrap" align="center">
            {instituicao.tema.logo && <Image src={instituicao.tema.logo} alt={instituicao.sigla} h={36} w="auto" fit="contain" />}
            <Stack gap={2}>
              <Text size="sm">{t('footer.copyright', { year: new Date().getFullYear(), name: instituicao.nome })}</Text>
              <Text size="sm">{t('footer.browsers')}</Text>
              {instituicao.link_lgpd && <ExternalLink href={instituicao.link_lgpd} label={t('footer.privacy')} />}
            </Stack>
          </Group>
          {permissions.hasAll(ACTIVITY.productLogo) && (
            <Text size="xs" c="dark.4" className="product-logo">
              <strong>Estante</strong> · {t('footer.poweredBy')}
            </Text>
          )}
        </Group>
      </Stack>
      {/* Fetched when a modal is first opened, then kept (its closing animation plays). */}
      {used && (
        <Suspense fallback={null}>
          <FooterModals open={open} onClose={() => setOpen(null)} onSent={sent} />
        </Suspense>
      )}
    </Box>
  );
}

function ExternalLink({ href, label }: { href: string; label: string }) {
  const { t } = useTranslation();
  return (
    <Anchor href={href} size="sm" target="_blank" rel="noopener noreferrer">
      {label}
      <span className="visually-hidden">{` (${t('app.newWindow')})`}</span>
    </Anchor>
  );
}
