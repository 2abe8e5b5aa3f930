import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, Suspense, useState } from 'react';
import { lazyNamed } from '../../../ui/lazy-named';
import { useTranslation } from 'react-i18next';
import { useComments, useDeleteComment, useMyComments } from '../api/comments';

// The form (and the schema that checks it) comes only to a signed-in patron.
const CommentForm = lazyNamed(() => import('./comment-form'), 'CommentForm');

/**
 * Comments on a title (spec §3, §4, §8): the published ones; for a patron, a form (library
 * and text, 5 rows) and their own comments with "awaiting approval" and delete; a visitor is
 * asked to sign in (RealizeLoginEnviarComentario), in a modal (`signIn`). Text is always shown as text.
 */
export function CommentsSection({ id, signedIn, signIn }: { id: number; signedIn: boolean; signIn: ReactNode }) {
  const { t, i18n } = useTranslation();
  const comments = useComments(id);
  const mine = useMyComments(id, signedIn);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const pending = mine.data?.filter((c) => !c.moderado) ?? [];
  return (
    <section aria-labelledby="comments-heading">
      <Title order={2} size="h3" id="comments-heading" mt="xl" mb="sm">
        {t('comments.heading')}
      </Title>
      {comments.isError && <Text c="red.8">{t('comments.loadFailed')}</Text>}
      {comments.data && comments.data.length === 0 && (
        <Text c="gray.7" mb="sm">
          {t('comments.none')}
        </Text>
      )}
      <Stack gap="sm" mb="md">
        {comments.data?.map((c) => (
          <Paper key={c.cod_comentario} withBorder p="sm" component="article">
            <Text size="sm" c="gray.7" mb={4}>
              {t('comments.byline', { name: c.nome, date: date.format(new Date(c.data_envio)), library: c.desc_biblioteca })}
            </Text>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{c.texto}</Text>
          </Paper>
        ))}
      </Stack>
      {signedIn ? (
        <>
          {pending.length > 0 && <MyPending items={pending} format={(d) => date.format(new Date(d))} />}
          <Suspense fallback={null}>
            <CommentForm id={id} />
          </Suspense>
        </>
      ) : (
        <Alert variant="light" color="yellow" role="note">
          <Group gap="sm">
            <span>{t('comments.loginToComment')}</span>
            {signIn}
          </Group>
        </Alert>
      )}
    </section>
  );
}

function MyPending({ items, format }: { items: { cod_comentario: number; texto: string; data_envio: string }[]; format: (d: string) => string }) {
  const { t } = useTranslation();
  const remove = useDeleteComment();
  const [confirming, setConfirming] = useState<number | null>(null);
  return (
    <Stack gap="sm" mb="md">
      <Title order={3} size="h5">
        {t('comments.mine')}
      </Title>
      {items.map((c) => (
        <Paper key={c.cod_comentario} withBorder p="sm" component="article">
          <Group gap="xs" mb={4}>
            <Badge variant="filled" color="grape.9">
              {t('comments.awaiting')}
            </Badge>
            <Text size="sm" c="gray.7">
              {format(c.data_envio)}
            </Text>
          </Group>
          <Text style={{ whiteSpace: 'pre-wrap' }} mb="xs">
            {c.texto}
          </Text>
          {confirming === c.cod_comentario ? (
            <Group gap="xs">
              <Text size="sm">{t('comments.confirmDelete')}</Text>
              <Button
                size="xs"
                color="red"
                loading={remove.isPending}
                onClick={() => remove.mutate(c.cod_comentario, { onSettled: () => setConfirming(null) })}
              >
                {t('comments.yesDelete')}
              </Button>
              <Button size="xs" variant="default" onClick={() => setConfirming(null)}>
                {t('comments.keep')}
              </Button>
            </Group>
          ) : (
            <Button size="xs" variant="default" onClick={() => setConfirming(c.cod_comentario)}>
              {t('comments.delete')}
            </Button>
          )}
        </Paper>
      ))}
    </Stack>
  );
}
