import { Alert, Button, Group, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { schemaResolver } from '../../../ui/schema-resolver';

// A type (not an interface) so that it is a Record the form accepts.
export type OptionalPeriod = { dataIni: string; dataFim: string };

const blankToUndefined = (v: string) => (v === '' ? undefined : v);

/**
 * An optional period (spec §5: both ends or none, the start not after the end) checked with the
 * call's own query schema; `children` are the other filters (a status, a library). Nothing
 * chosen shows everything.
 */
export function SuggestionFilter({
  schema,
  onSubmit,
  children,
}: {
  schema: z.ZodType;
  onSubmit: (period: { dataIni?: string; dataFim?: string }) => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const toQuery = (v: OptionalPeriod) => ({ dataIni: blankToUndefined(v.dataIni), dataFim: blankToUndefined(v.dataFim) });
  const form = useForm<OptionalPeriod>({
    initialValues: { dataIni: '', dataFim: '' },
    validate: (values) => {
      if ((values.dataIni === '') !== (values.dataFim === '')) return { dataIni: t('period.both') };
      return schemaResolver(schema, toQuery, t)(values);
    },
  });
  const problem = Object.values(form.errors)[0];
  return (
    <form onSubmit={form.onSubmit((values) => onSubmit(toQuery(values)))} noValidate>
      <Group align="flex-end" gap="sm" mb="sm">
        <TextInput type="date" label={t('period.from')} key={form.key('dataIni')} {...form.getInputProps('dataIni')} error={!!form.errors.dataIni} />
        <TextInput type="date" label={t('period.to')} key={form.key('dataFim')} {...form.getInputProps('dataFim')} error={!!form.errors.dataFim} />
        {children}
        <Button type="submit" variant="outline" color="blue.9">
          {t('period.show')}
        </Button>
      </Group>
      {problem && (
        <Alert color="yellow" variant="light" role="alert" mb="sm">
          {problem}
        </Alert>
      )}
    </form>
  );
}
