import { Alert, Anchor, Box, Group, Image, Modal, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useInformativo } from '../../features/parameters/api/get-conteudo';
import { useInstituicao } from '../../features/parameters/api/get-instituicao';
import { ACTIVITY, usePermissions } from '../../features/parameters/use-permissions';
import { GeneralCommentForm } from '../../features/units/components/general-comment-form';
import { SuggestionForm } from '../../features/units/components/suggestion-form';
import { INTERFACE_LANGUAGES, LOCALE_TAGS } from '../../i18n/languages';
import { useHasSession, useSessionUser } from '../../stores/session';
import { SafeHtml } from '../../ui/safe-html';
import { useNotify } from '../../ui/notify';
import { paths } from '../paths';
import { changeLanguage, LANGUAGE_NAMES } from './language-select';
import { SignInPanel } from './sign-in-panel';

type Open = 'comment' | 'suggestion' | 'support' | null;

/**
 * Footer (spec §2): general comments, acquisition suggestion (and the professors' own link),
 * ICAP (activity 57) and partner-network (87) links, the institution's pages, support, the
 * language bar (with French and Italian), the coloured band, logo, copyright, minimum browser
 * versions, the privacy link and the product logo (88).
 */
export function Footer() {
  const { t, i18n } = useTranslation();
  const instituicao = useInstituicao();
  const permissions = usePermissions();
  const user = useSessionUser();
  const [open, setOpen] = useState<Open>(null);
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
  if (instituicao.msg_suporte_consulta) {
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
          <Group gap="sm" wrap="nowrap" align="center">
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
      <FooterModals open={open} onClose={() => setOpen(null)} onSent={sent} />
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

/**
 * The footer's modals (spec §2): general comment and acquisition suggestion — titled with the
 * activity's description, asking a visitor to sign in first (RealizeLoginEnviarComentario,
 * RealizeLoginEnviarSugestaoAquisicao) — and support, the institution's message (sanitised).
 */
function FooterModals({ open, onClose, onSent }: { open: Open; onClose: () => void; onSent: (message: string) => void }) {
  const { t } = useTranslation();
  const instituicao = useInstituicao();
  const permissions = usePermissions();
  const signedIn = useHasSession();
  const location = useLocation();
  // Only when the suggestion modal opens: not a request on every page for a modal seldom opened.
  const note = useInformativo(ACTIVITY.acquisitionSuggestion, open === 'suggestion');
  const signInFirst = (message: string) => (
    <Stack gap="sm">
      <Alert variant="light" color="yellow" role="note">
        {message}
      </Alert>
      <SignInPanel variant="modal" redirect={`${location.pathname}${location.search}`} onSignedIn={() => undefined} />
    </Stack>
  );
  const common = { onClose, closeButtonProps: { 'aria-label': t('app.close') } };
  return (
    <>
      <Modal opened={open === 'comment'} title={permissions.description(ACTIVITY.comments, t('footer.generalComment'))} {...common}>
        {signedIn ? <GeneralCommentForm onSent={onSent} /> : signInFirst(t('messages.RealizeLoginEnviarComentario'))}
      </Modal>
      <Modal opened={open === 'suggestion'} title={permissions.description(ACTIVITY.acquisitionSuggestion, t('footer.suggestion'))} size="lg" {...common}>
        {note.data && (
          <Text size="sm" mb="sm" component="div">
            <SafeHtml html={note.data.html} rich />
          </Text>
        )}
        {signedIn ? <SuggestionForm onSent={onSent} /> : signInFirst(t('messages.RealizeLoginEnviarSugestaoAquisicao'))}
      </Modal>
      <Modal opened={open === 'support'} title={t('footer.support')} {...common}>
        <div className="rich-text">
          <SafeHtml html={instituicao.msg_suporte_consulta ?? ''} rich />
        </div>
      </Modal>
    </>
  );
}
