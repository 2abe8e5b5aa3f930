import { comentarioGeralBodySchema, GENERAL_TEXT_MAX } from '@estante/contracts/parameters';
import { NativeSelect, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { sendGeneralComment, useLibraries } from '../api/units';
import { FormEnd, useSending } from './form-end';

/**
 * The general comment form (spec §3 "General comment payload", §5): a library and a non-empty
 * trimmed text, 5 rows — checked with the call's own body schema before it is sent. `onSent`
 * gets the success message (the footer shows it as a toast).
 */
export function GeneralCommentForm({ onSent }: { onSent: (message: string) => void }) {
  const { t } = useTranslation();
  const libraries = useLibraries();
  const { problem, setProblem, busy, send } = useSending();
  const form = useForm({ initialValues: { b: '', content: '' } });
  const body = (values: typeof form.values) => comentarioGeralBodySchema.safeParse({ content: values.content, b: Number(values.b) });

  const submit = form.onSubmit(async (values) => {
    const checked = body(values);
    if (!checked.success) return setProblem(t('units.commentRequired'));
    await send(async () => {
      await sendGeneralComment(checked.data);
      onSent(t('messages.ComentarioGeralEnviadoSucesso'));
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <NativeSelect
          label={t('units.library')}
          required
          key={form.key('b')}
          {...form.getInputProps('b')}
          data={[
            { value: '', label: t('units.chooseLibrary') },
            ...(libraries.data ?? []).map((l) => ({ value: String(l.cod_biblioteca), label: l.desc_biblioteca })),
          ]}
        />
        <Textarea label={t('units.commentText')} required rows={5} maxLength={GENERAL_TEXT_MAX} key={form.key('content')} {...form.getInputProps('content')} />
        <FormEnd problem={problem} busy={busy} />
      </Stack>
    </form>
  );
}
