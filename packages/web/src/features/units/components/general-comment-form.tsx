import { NativeSelect, Stack, Textarea } from '@mantine/core';
import { GENERAL_TEXT_MAX } from '@estante/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sendGeneralComment, useLibraries } from '../api/units';
import { FormEnd, useSending } from './form-end';

/**
 * The general comment form (spec §3 "General comment payload", §5): a library and a non-empty
 * trimmed text, 5 rows. `onSent` gets the success message (the footer shows it as a toast).
 */
export function GeneralCommentForm({ onSent }: { onSent: (message: string) => void }) {
  const { t } = useTranslation();
  const libraries = useLibraries();
  const [library, setLibrary] = useState('');
  const [text, setText] = useState('');
  const { problem, setProblem, busy, send } = useSending();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!library || !text.trim()) {
      setProblem(t('units.commentRequired'));
      return;
    }
    await send(async () => {
      await sendGeneralComment({ content: text.trim(), b: Number(library) });
      onSent(t('messages.ComentarioGeralEnviadoSucesso'));
    });
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="sm">
        <NativeSelect
          label={t('units.library')}
          required
          value={library}
          onChange={(e) => setLibrary(e.currentTarget.value)}
          data={[{ value: '', label: t('units.chooseLibrary') }, ...(libraries.data ?? []).map((l) => ({ value: String(l.cod_biblioteca), label: l.desc_biblioteca }))]}
        />
        <Textarea label={t('units.commentText')} required rows={5} maxLength={GENERAL_TEXT_MAX} value={text} onChange={(e) => setText(e.currentTarget.value)} />
        <FormEnd problem={problem} busy={busy} />
      </Stack>
    </form>
  );
}
