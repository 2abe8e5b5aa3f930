import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { AuditFilters } from './audit.api';

/** The largest person number the calls take (a PostgreSQL integer). */
const PERSON_MAX = 2_147_483_647;
/** An action as the audit records it: `<module>` or `<module>.<verb>` (the contract's pattern). */
const ACTION = /^[a-z]+(\.[a-z_]+)?$/;
const ACTION_MAX = 60;

const personNumber = (value: string) => /^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= PERSON_MAX;

/**
 * The audit's filters: who (a person number), which action, whose record (a patron number), and a
 * period of days. Each may be left empty; "Filtrar" hands over those given, checked as the call
 * checks them.
 */
export function AuditFilterForm({ onSubmit }: { onSubmit: (filters: AuditFilters) => void }) {
  const { t } = useTranslation();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { autor: '', acao: '', pessoa: '', de: '', ate: '' },
    transformValues: (values) => ({
      autor: values.autor.trim(),
      acao: values.acao.trim(),
      pessoa: values.pessoa.trim(),
      de: values.de,
      ate: values.ate,
    }),
    validate: {
      autor: (value) => (value.trim() === '' || personNumber(value.trim()) ? null : t('staffAudit.filters.numberRule')),
      pessoa: (value) => (value.trim() === '' || personNumber(value.trim()) ? null : t('staffAudit.filters.numberRule')),
      acao: (value) => (value.trim() === '' || (ACTION.test(value.trim()) && value.trim().length <= ACTION_MAX) ? null : t('staffAudit.filters.actionRule')),
      ate: (value, values) => (value && values.de && value < values.de ? t('staffAudit.filters.periodRule') : null),
    },
  });
  const submit = form.onSubmit(({ autor, acao, pessoa, de, ate }) =>
    onSubmit({
      autor: autor ? Number(autor) : undefined,
      acao: acao || undefined,
      pessoa: pessoa ? Number(pessoa) : undefined,
      de: de || undefined,
      ate: ate || undefined,
    }),
  );
  return (
    <form onSubmit={submit} noValidate aria-label={t('staffAudit.filters.form')}>
      <Stack gap="sm">
        <Group align="flex-start" gap="sm">
          <TextInput
            label={t('staffAudit.filters.author')}
            description={t('staffAudit.filters.authorHelp')}
            inputMode="numeric"
            autoComplete="off"
            maxLength={10}
            key={form.key('autor')}
            {...form.getInputProps('autor')}
          />
          <TextInput
            label={t('staffAudit.filters.action')}
            description={t('staffAudit.filters.actionHelp')}
            autoComplete="off"
            spellCheck={false}
            maxLength={ACTION_MAX}
            key={form.key('acao')}
            {...form.getInputProps('acao')}
          />
          <TextInput
            label={t('staffAudit.filters.patron')}
            description={t('staffAudit.filters.patronHelp')}
            inputMode="numeric"
            autoComplete="off"
            maxLength={10}
            key={form.key('pessoa')}
            {...form.getInputProps('pessoa')}
          />
        </Group>
        <Group align="flex-end" gap="sm">
          <TextInput type="date" label={t('staffAudit.filters.from')} key={form.key('de')} {...form.getInputProps('de')} />
          <TextInput type="date" label={t('staffAudit.filters.to')} key={form.key('ate')} {...form.getInputProps('ate')} />
          <Button type="submit">{t('staffAudit.filters.submit')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
