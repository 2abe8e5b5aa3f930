import { Alert, Badge, Button, Group, Paper, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { comentarioBodySchema, COMMENT_MAX_LENGTH } from '@estante/contracts';
import { useForm } from '@mantine/form';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../api/client';
import { NoticeView, useNotify } from '../../../ui/notify';
import { useComments, useDeleteComment, useLibraries, useMyComments, usePostComment } from '../api/comments';

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
          <CommentForm id={id} />
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

/** A new comment: a library and a text, checked with the call's own body schema before it is sent. */
function CommentForm({ id }: { id: number }) {
  const { t } = useTranslation();
  const libraries = useLibraries();
  const post = usePostComment(id);
  const notify = useNotify();
  const form = useForm({ initialValues: { library: null as string | null, text: '' } });

  const submit = form.onSubmit((values) => {
    notify.clear();
    const body = comentarioBodySchema.safeParse({ biblioteca: Number(values.library), texto: values.text });
    if (!values.library || !body.success) return notify.problem(t('comments.required'));
    post.mutate(body.data, {
      onSuccess: () => {
        form.setFieldValue('text', '');
        notify.success(t('comments.sent'));
      },
      onError: (error) =>
        notify.problem(error instanceof ApiRequestError && error.status !== 500 && error.status !== 0 ? error.message : t('errors.unexpected')),
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" maw={560}>
        <Title order={3} size="h5">
          {t('comments.write')}
        </Title>
        <Select
          label={t('comments.library')}
          placeholder={t('comments.chooseLibrary')}
          data={(libraries.data?.itens ?? []).map((l) => ({ value: String(l.cod_biblioteca), label: l.desc_biblioteca }))}
          key={form.key('library')}
          {...form.getInputProps('library')}
          required
        />
        <Textarea label={t('comments.text')} rows={5} maxLength={COMMENT_MAX_LENGTH} key={form.key('text')} {...form.getInputProps('text')} required />
        <div aria-live="polite">
          <NoticeView notice={notify.notice} />
        </div>
        <Group>
          <Button type="submit" loading={post.isPending}>
            {t('comments.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
