import { Checkbox, NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { GENERAL_TEXT_MAX, SUGGESTION_REQUIRED } from '@estante/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sendSuggestion, useCampuses, useLibraries } from '../api/units';
import { FormEnd, useSending } from './form-end';

const EMPTY = { autor: '', titulo: '', edicao: '', editor: '', isbn_issn: '', outras_inf: '' };
type TextField = keyof typeof EMPTY;

/**
 * The acquisition suggestion form (spec §3, §5): campus and library required, `titulo` and
 * `editor` must hold more than blanks — else the CampoObrigatorioNaoPreenchido warning names the
 * field. `onSent` gets the success message.
 */
export function SuggestionForm({ onSent }: { onSent: (message: string) => void }) {
  const { t } = useTranslation();
  const campuses = useCampuses();
  const [campus, setCampus] = useState('');
  const libraries = useLibraries(campus ? Number(campus) : undefined);
  const [library, setLibrary] = useState('');
  const [fields, setFields] = useState(EMPTY);
  const [periodico, setPeriodico] = useState(false);
  const { problem, setProblem, busy, send } = useSending();
  const set = (field: TextField, value: string) => setFields((f) => ({ ...f, [field]: value }));
  const label = (field: TextField) => t(`units.fields.${field}`);
  const text = (field: TextField, props: { required?: boolean; maxLength: number }) => (
    <TextInput label={label(field)} value={fields[field]} onChange={(e) => set(field, e.currentTarget.value)} {...props} />
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = !campus ? t('units.campus') : !library ? t('units.library') : SUGGESTION_REQUIRED.map((f) => (fields[f].trim() ? null : label(f))).find(Boolean);
    if (missing) {
      setProblem(t('messages.CampoObrigatorioNaoPreenchido', { field: missing }));
      return;
    }
    const trimmed = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.trim()])) as typeof EMPTY;
    await send(async () => {
      await sendSuggestion({ ...trimmed, periodico, campus: Number(campus), biblioteca: Number(library) });
      onSent(t('messages.SugestaoAquisicaoEnviadoSucesso'));
    });
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <NativeSelect
            label={t('units.campus')}
            required
            value={campus}
            onChange={(e) => {
              setCampus(e.currentTarget.value);
              setLibrary('');
            }}
            data={[{ value: '', label: t('units.chooseCampus') }, ...(campuses.data ?? []).map((c) => ({ value: String(c.cod_campus), label: c.nome_campus }))]}
          />
          <NativeSelect
            label={t('units.library')}
            required
            disabled={!campus}
            value={library}
            onChange={(e) => setLibrary(e.currentTarget.value)}
            data={[{ value: '', label: t('units.chooseLibrary') }, ...(campus ? (libraries.data ?? []) : []).map((l) => ({ value: String(l.cod_biblioteca), label: l.desc_biblioteca }))]}
          />
        </SimpleGrid>
        {text('titulo', { required: true, maxLength: 500 })}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {text('autor', { maxLength: 300 })}
          {text('editor', { required: true, maxLength: 300 })}
          {text('edicao', { maxLength: 100 })}
          {text('isbn_issn', { maxLength: 30 })}
        </SimpleGrid>
        <Checkbox label={t('units.fields.periodico')} checked={periodico} onChange={(e) => setPeriodico(e.currentTarget.checked)} />
        <Textarea label={label('outras_inf')} rows={4} maxLength={GENERAL_TEXT_MAX} value={fields.outras_inf} onChange={(e) => set('outras_inf', e.currentTarget.value)} />
        <FormEnd problem={problem} busy={busy} />
      </Stack>
    </form>
  );
}
