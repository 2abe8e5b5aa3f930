import { Button, Group, Select, Stack, Textarea, Title } from '@mantine/core';
import { comentarioBodySchema, COMMENT_MAX_LENGTH } from '@estante/contracts/comments';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../api/client';
import { NoticeView, useNotify } from '../../../ui/notify';
import { useLibraries, usePostComment } from '../api/comments';

/** A new comment: a library and a text, checked with the call's own body schema before it is sent. */
export function CommentForm({ id }: { id: number }) {
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
          // No placeholder: a field cannot wrap it, and at the largest text size a phone cut it short (issue 55).
          // The label names the field; leaving it empty says what to do (comments.required).
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
