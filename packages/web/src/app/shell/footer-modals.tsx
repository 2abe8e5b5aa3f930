import { Alert, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useInformativo } from '../../features/parameters/api/get-conteudo';
import { useInstitutionText } from '../../features/parameters/api/get-instituicao';
import { ACTIVITY, usePermissions } from '../../features/parameters/use-permissions';
import { GeneralCommentForm } from '../../features/units/components/general-comment-form';
import { SuggestionForm } from '../../features/units/components/suggestion-form';
import { useHasSession } from '../../stores/session';
import { SafeHtml } from '../../ui/safe-html';
import { SignInPanel } from './sign-in-panel';

export type Open = 'comment' | 'suggestion' | 'support' | null;

/**
 * The footer's modals (spec §2): general comment and acquisition suggestion — titled with the
 * activity's description, asking a visitor to sign in first (RealizeLoginEnviarComentario,
 * RealizeLoginEnviarSugestaoAquisicao) — and support, the institution's message (sanitised).
 */
export function FooterModals({ open, onClose, onSent }: { open: Open; onClose: () => void; onSent: (message: string) => void }) {
  const { t } = useTranslation();
  const support = useInstitutionText('msg_suporte_consulta');
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
          <SafeHtml html={support ?? ''} rich />
        </div>
      </Modal>
    </>
  );
}
