import type { ComentarioModeracao } from '@estante/contracts/comments';
import { Stack, Tabs, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError, messageOf } from '../../../api/client';
import { Announcer, type Said } from './announcer';
import { CommentList, type FocusTarget } from './comment-list';
import { GeneralCommentsTable, SuggestionsTable } from './received-tables';
import {
  type Situacao,
  useApproveComment,
  useEditComment,
  useGeneralComments,
  useModerationComments,
  useReceivedSuggestions,
  useRejectComment,
  useUnpublishComment,
} from './moderation.api';
import { type Answer, ReasonModal, type ReasonRequest } from './reason-form';

/** The page's tabs, in order. */
type Tab = 'pendentes' | 'publicados' | 'gerais' | 'sugestoes';

/** A refusal saying the comment is no longer where the page saw it (gone, or answered by another moderator meanwhile). */
const gone = (error: unknown) => error instanceof ApiRequestError && (error.status === 404 || error.status === 409);

/**
 * The staff area's moderation (/equipe/moderacao, role `moderacao`): in tabs, the comments
 * awaiting approval (approve; reject, edit out a name, each with a reason asked in a modal), the
 * published ones (unpublish, with a reason), and the general comments and acquisition suggestions
 * sent from the footer forms (read only). Each outcome is announced in a live region; the focus
 * then goes to the next comment's first button, or to the announcement when none is left.
 */
export function ModerationPage() {
  const { t } = useTranslation();
  const pending = useModerationComments('pendente');
  const published = useModerationComments('publicado');
  const general = useGeneralComments();
  const suggestions = useReceivedSuggestions();
  const approve = useApproveComment();
  const reject = useRejectComment();
  const edit = useEditComment();
  const unpublish = useUnpublishComment();
  const [tab, setTab] = useState<Tab>('pendentes');
  const [said, setSaid] = useState<Said | null>(null);
  const [asking, setAsking] = useState<{ id: number; ask: ReasonRequest } | null>(null);
  const [focus, setFocus] = useState<{ id: number; target: FocusTarget } | null>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  // The first button of each comment shown, by list and comment: where the focus goes next.
  const firstButtons = useRef(new Map<string, HTMLButtonElement>());
  // Where the focus goes when the modal open now closes: the button that opened it, until the act is done.
  const landing = useRef<FocusTarget>(() => null);

  // The focus is placed once the page shows the outcome (and the modal, if any, is closed);
  // when the place asked for is gone, the announcement takes it: it is never lost to the page's body.
  useEffect(() => {
    if (!focus) return;
    const element = focus.target();
    (element?.isConnected ? element : statusRef.current)?.focus();
  }, [focus]);
  const focusOn = (target: FocusTarget) => setFocus((last) => ({ id: (last?.id ?? 0) + 1, target }));
  const say = (text: string) => setSaid((last) => ({ id: (last?.id ?? 0) + 1, ok: true, lines: [{ tone: 'ok', text }] }));
  const refuse = (error: unknown) =>
    setSaid((last) => ({ id: (last?.id ?? 0) + 1, ok: false, lines: [{ tone: 'danger', text: messageOf(error, t('errors.unexpected')) }] }));

  const buttonOf =
    (situacao: Situacao, id: number): FocusTarget =>
    () =>
      firstButtons.current.get(`${situacao}-${id}`) ?? null;
  /** Where the focus goes when `comment` leaves its list: the next comment's first button (else the one before), or the announcement. */
  const afterLeaving = (situacao: Situacao, comment: ComentarioModeracao): FocusTarget => {
    const list = (situacao === 'pendente' ? pending.data : published.data) ?? [];
    const at = list.findIndex((c) => c.cod_comentario === comment.cod_comentario);
    const next = list[at + 1] ?? list[at - 1];
    return next && next.cod_comentario !== comment.cod_comentario ? buttonOf(situacao, next.cod_comentario) : () => null;
  };
  const ask = (opener: HTMLElement, request: ReasonRequest) => {
    landing.current = () => opener;
    setAsking((last) => ({ id: (last?.id ?? 0) + 1, ask: request }));
  };
  /**
   * A write from the modal: done, announced and the focus sent on; refused because the comment is
   * gone (or answered by someone else), announced and the modal closed; refused otherwise, thrown
   * for the form to show, which stays to be corrected.
   */
  const fromModal = async (write: () => Promise<unknown>, done: string, after: FocusTarget, whenGone: FocusTarget = after) => {
    try {
      await write();
    } catch (error) {
      if (!gone(error)) throw error;
      refuse(error);
      landing.current = whenGone;
      return;
    }
    say(done);
    landing.current = after;
  };

  const doApprove = async (comment: ComentarioModeracao) => {
    if (approve.isPending && approve.variables.id === comment.cod_comentario) return;
    const after = afterLeaving('pendente', comment);
    try {
      await approve.mutateAsync({ id: comment.cod_comentario });
      say(t('staffModeration.done.approved'));
      focusOn(after);
    } catch (error) {
      refuse(error);
      // Still there (a failure to retry), the focus stays on its button; gone, it moves on.
      if (gone(error)) focusOn(after);
    }
  };
  const askReject = (comment: ComentarioModeracao, opener: HTMLElement) =>
    ask(opener, {
      title: t('staffModeration.reject.title', { name: comment.nome }),
      text: t('staffModeration.reject.text', { title: comment.titulo }),
      quote: comment.texto,
      submitLabel: t('staffModeration.actions.reject'),
      act: ({ motivo }: Answer) =>
        fromModal(() => reject.mutateAsync({ id: comment.cod_comentario, motivo }), t('staffModeration.done.rejected'), afterLeaving('pendente', comment)),
    });
  const askEdit = (comment: ComentarioModeracao, opener: HTMLElement) =>
    ask(opener, {
      title: t('staffModeration.edit.title', { name: comment.nome }),
      text: t('staffModeration.edit.text', { title: comment.titulo }),
      editText: comment.texto,
      submitLabel: t('staffModeration.edit.submit'),
      act: ({ motivo, texto }: Answer) =>
        fromModal(
          () => edit.mutateAsync({ id: comment.cod_comentario, texto: texto ?? comment.texto, motivo }),
          t('staffModeration.done.edited'),
          // Still awaiting approval: its "Aprovar" next, the step the edit was for.
          buttonOf('pendente', comment.cod_comentario),
          afterLeaving('pendente', comment),
        ),
    });
  const askUnpublish = (comment: ComentarioModeracao, opener: HTMLElement) =>
    ask(opener, {
      title: t('staffModeration.unpublish.title', { name: comment.nome }),
      text: t('staffModeration.unpublish.text', { title: comment.titulo }),
      quote: comment.texto,
      submitLabel: t('staffModeration.actions.unpublish'),
      act: ({ motivo }: Answer) =>
        fromModal(
          () => unpublish.mutateAsync({ id: comment.cod_comentario, motivo }),
          t('staffModeration.done.unpublished'),
          afterLeaving('publicado', comment),
        ),
    });

  const counted = (label: string, list: readonly unknown[] | undefined) => (list ? t('staffModeration.tabs.counted', { label, n: list.length }) : label);
  const register = (situacao: Situacao, id: number) => (element: HTMLButtonElement | null) => {
    const key = `${situacao}-${id}`;
    if (!element) return;
    firstButtons.current.set(key, element);
    return () => {
      if (firstButtons.current.get(key) === element) firstButtons.current.delete(key);
    };
  };

  return (
    <Stack gap="lg">
      <Text>{t('staffModeration.intro')}</Text>
      <Announcer said={said} statusRef={statusRef} />
      <Tabs value={tab} onChange={(value) => value && setTab(value as Tab)} keepMounted={false}>
        <Tabs.List aria-label={t('staffModeration.tabs.label')}>
          <Tabs.Tab value="pendentes">{counted(t('staffModeration.pending.heading'), pending.data)}</Tabs.Tab>
          <Tabs.Tab value="publicados">{counted(t('staffModeration.published.heading'), published.data)}</Tabs.Tab>
          <Tabs.Tab value="gerais">{counted(t('staffModeration.general.heading'), general.data)}</Tabs.Tab>
          <Tabs.Tab value="sugestoes">{counted(t('staffModeration.suggestions.heading'), suggestions.data)}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="pendentes" pt="md">
          <CommentList
            id="moderation-pending"
            situacao="pendente"
            query={pending}
            heading={t('staffModeration.pending.heading')}
            intro={t('staffModeration.pending.intro')}
            emptyText={t('staffModeration.pending.none')}
            errorText={t('staffModeration.pending.fetchError')}
            actions={[
              {
                label: t('staffModeration.actions.approve'),
                labelFor: (c) => t('staffModeration.actions.approveOne', { title: c.titulo, name: c.nome }),
                primary: true,
                run: (c) => void doApprove(c),
              },
              {
                label: t('staffModeration.actions.reject'),
                labelFor: (c) => t('staffModeration.actions.rejectOne', { title: c.titulo, name: c.nome }),
                run: askReject,
              },
              {
                label: t('staffModeration.actions.edit'),
                labelFor: (c) => t('staffModeration.actions.editOne', { title: c.titulo, name: c.nome }),
                run: askEdit,
              },
            ]}
            register={register}
          />
        </Tabs.Panel>
        <Tabs.Panel value="publicados" pt="md">
          <CommentList
            id="moderation-published"
            situacao="publicado"
            query={published}
            heading={t('staffModeration.published.heading')}
            intro={t('staffModeration.published.intro')}
            emptyText={t('staffModeration.published.none')}
            errorText={t('staffModeration.published.fetchError')}
            actions={[
              {
                label: t('staffModeration.actions.unpublish'),
                labelFor: (c) => t('staffModeration.actions.unpublishOne', { title: c.titulo, name: c.nome }),
                run: askUnpublish,
              },
            ]}
            register={register}
          />
        </Tabs.Panel>
        <Tabs.Panel value="gerais" pt="md">
          <section aria-labelledby="moderation-general">
            <Title order={2} size="h3" id="moderation-general" mb="xs">
              {t('staffModeration.general.heading')}
            </Title>
            <Text mb="sm">{t('staffModeration.general.intro')}</Text>
            <GeneralCommentsTable query={general} />
          </section>
        </Tabs.Panel>
        <Tabs.Panel value="sugestoes" pt="md">
          <section aria-labelledby="moderation-suggestions">
            <Title order={2} size="h3" id="moderation-suggestions" mb="xs">
              {t('staffModeration.suggestions.heading')}
            </Title>
            <Text mb="sm">{t('staffModeration.suggestions.intro')}</Text>
            <SuggestionsTable query={suggestions} />
          </section>
        </Tabs.Panel>
      </Tabs>
      <ReasonModal request={asking} onClosed={() => focusOn(landing.current)} />
    </Stack>
  );
}
