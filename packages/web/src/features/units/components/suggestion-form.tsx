import { GENERAL_TEXT_MAX, SUGGESTION_REQUIRED, sugestaoAquisicaoBodySchema } from '@estante/contracts/parameters';
import { Checkbox, NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { sendSuggestion, useCampuses, useLibraries } from '../api/units';
import { FormEnd, useSending } from './form-end';

const EMPTY = { campus: '', biblioteca: '', autor: '', titulo: '', edicao: '', editor: '', isbn_issn: '', outras_inf: '', periodico: false };
type TextField = 'autor' | 'titulo' | 'edicao' | 'editor' | 'isbn_issn' | 'outras_inf';

/**
 * The acquisition suggestion form (spec §3, §5): campus and library required, `titulo` and
 * `editor` must hold more than blanks — else the CampoObrigatorioNaoPreenchido warning names the
 * field. The values are checked with the call's own body schema before they are sent. `onSent`
 * gets the success message.
 */
export function SuggestionForm({ onSent }: { onSent: (message: string) => void }) {
  const { t } = useTranslation();
  const campuses = useCampuses();
  const form = useForm({ initialValues: EMPTY });
  const campus = form.values.campus;
  const libraries = useLibraries(campus ? Number(campus) : undefined);
  const { problem, setProblem, busy, send } = useSending();
  const label = (field: TextField) => t(`units.fields.${field}`);
  const text = (field: TextField, props: { required?: boolean; maxLength: number }) => (
    <TextInput label={label(field)} key={form.key(field)} {...form.getInputProps(field)} {...props} />
  );

  const submit = form.onSubmit(async (values) => {
    const checked = sugestaoAquisicaoBodySchema.safeParse({ ...values, campus: Number(values.campus), biblioteca: Number(values.biblioteca) });
    const failed = new Set(checked.error?.issues.map((i) => String(i.path[0])));
    const field = failed.has('campus') ? 'campus' : failed.has('biblioteca') ? 'biblioteca' : SUGGESTION_REQUIRED.find((f) => !checked.data?.[f]);
    const missing = field === 'campus' ? t('units.campus') : field === 'biblioteca' ? t('units.library') : field && label(field);
    if (missing || !checked.success) {
      const message = t('messages.CampoObrigatorioNaoPreenchido', { field: missing ?? '' });
      // The field is marked too: the focus goes to it (ui/focus-keeper.ts), the notice says why.
      if (field) form.setFieldError(field, true);
      return setProblem(message);
    }
    await send(async () => {
      await sendSuggestion(checked.data);
      form.reset();
      onSent(t('messages.SugestaoAquisicaoEnviadoSucesso'));
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <NativeSelect
            label={t('units.campus')}
            required
            key={form.key('campus')}
            {...form.getInputProps('campus')}
            onChange={(e) => {
              form.setFieldValue('campus', e.currentTarget.value);
              form.setFieldValue('biblioteca', '');
            }}
            data={[{ value: '', label: t('units.chooseCampus') }, ...(campuses.data ?? []).map((c) => ({ value: String(c.cod_campus), label: c.nome_campus }))]}
          />
          <NativeSelect
            label={t('units.library')}
            required
            disabled={!campus}
            key={form.key('biblioteca')}
            {...form.getInputProps('biblioteca')}
            data={[
              { value: '', label: t('units.chooseLibrary') },
              ...(campus ? (libraries.data ?? []) : []).map((l) => ({ value: String(l.cod_biblioteca), label: l.desc_biblioteca })),
            ]}
          />
        </SimpleGrid>
        {text('titulo', { required: true, maxLength: 500 })}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {text('autor', { maxLength: 300 })}
          {text('editor', { required: true, maxLength: 300 })}
          {text('edicao', { maxLength: 100 })}
          {text('isbn_issn', { maxLength: 30 })}
        </SimpleGrid>
        <Checkbox label={t('units.fields.periodico')} key={form.key('periodico')} {...form.getInputProps('periodico', { type: 'checkbox' })} />
        <Textarea label={label('outras_inf')} rows={4} maxLength={GENERAL_TEXT_MAX} key={form.key('outras_inf')} {...form.getInputProps('outras_inf')} />
        <FormEnd problem={problem} busy={busy} />
      </Stack>
    </form>
  );
}
