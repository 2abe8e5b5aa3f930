import type { ComentarioModeracao } from '@estante/contracts/comments';
import { Alert, Anchor, Box, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useShortDate } from '../../../ui/dates';
import type { Situacao } from './moderation.api';

/** Where the focus goes after an act: an element of the page, found when the page has drawn the outcome (none: the announcement). */
export type FocusTarget = () => HTMLElement | null;

/** A button on each comment: its words, its name for assistive technology (naming the comment), and what it does. */
export interface CommentAction {
  label: string;
  labelFor: (comment: ComentarioModeracao) => string;
  primary?: boolean;
  /** `button` is the one pressed: the focus goes back to it when a modal it opens is cancelled. */
  run: (comment: ComentarioModeracao, button: HTMLButtonElement) => void;
}

/** The title page of a comment's title (the catalogue's `/acervo/<cod_acervo>`). */
const titlePath = (codAcervo: number) => `/acervo/${codAcervo}`;

/**
 * One list of comments under its h2: a spinner while it loads, the error in red, the "none"
 * sentence when empty, else each comment as an article (its title as an h3 linking to the title
 * page, who sent it from which library and when, its text, and the `actions` buttons; the first
 * one's element given to `register`, for the page to move the focus to).
 */
export function CommentList({
  id,
  situacao,
  query,
  heading,
  intro,
  emptyText,
  errorText,
  actions,
  register,
}: {
  id: string;
  situacao: Situacao;
  query: { isPending: boolean; isError: boolean; data: readonly ComentarioModeracao[] | undefined };
  heading: string;
  intro: string;
  emptyText: string;
  errorText: string;
  actions: CommentAction[];
  register: (situacao: Situacao, id: number) => Ref<HTMLButtonElement>;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={id}>
      <Title order={2} size="h3" id={id} mb="xs">
        {heading}
      </Title>
      <Text mb="sm">{intro}</Text>
      {query.isPending ? (
        <Loader size="sm" role="status" aria-label={t('loading.title')} />
      ) : query.isError || !query.data ? (
        <Alert color="red" variant="filled">
          {errorText}
        </Alert>
      ) : query.data.length === 0 ? (
        <Text>{emptyText}</Text>
      ) : (
        <Box component="ol" m={0} p={0} style={{ listStyle: 'none', display: 'flex', flexDirection: 'column', gap: 'var(--mantine-spacing-md)' }}>
          {query.data.map((comment) => (
            <li key={comment.cod_comentario}>
              <CommentCard id={`${id}-${comment.cod_comentario}`} comment={comment} actions={actions} firstRef={register(situacao, comment.cod_comentario)} />
            </li>
          ))}
        </Box>
      )}
    </section>
  );
}

function CommentCard({
  id,
  comment,
  actions,
  firstRef,
}: {
  id: string;
  comment: ComentarioModeracao;
  actions: CommentAction[];
  firstRef: Ref<HTMLButtonElement>;
}) {
  const { t } = useTranslation();
  const day = useShortDate();
  return (
    <Paper component="article" withBorder p="md" aria-labelledby={id}>
      <Stack gap="xs">
        <Title order={3} size="h4" id={id}>
          <Anchor component={Link} to={titlePath(comment.cod_acervo)} underline="always">
            {comment.titulo}
          </Anchor>
        </Title>
        <Text size="sm">{t('staffModeration.comment.byline', { name: comment.nome, library: comment.biblioteca, date: day(comment.data_envio) })}</Text>
        {comment.publicado && comment.data_aprovacao && (
          <Text size="sm">{t('staffModeration.comment.publishedOn', { date: day(comment.data_aprovacao) })}</Text>
        )}
        <Box
          component="blockquote"
          m={0}
          pl="sm"
          aria-label={t('staffModeration.comment.text')}
          style={{ borderInlineStart: '3px solid var(--mantine-color-gray-5)', whiteSpace: 'pre-wrap', overflowWrap: 'break-word' }}
        >
          {comment.texto}
        </Box>
        <Group gap="xs" role="group" aria-label={t('staffModeration.actions.group', { name: comment.nome })}>
          {actions.map((action, i) => (
            <Button
              key={action.label}
              ref={i === 0 ? firstRef : undefined}
              variant={action.primary ? 'filled' : 'default'}
              aria-label={action.labelFor(comment)}
              onClick={(event) => action.run(comment, event.currentTarget)}
            >
              {action.label}
            </Button>
          ))}
        </Group>
      </Stack>
    </Paper>
  );
}
