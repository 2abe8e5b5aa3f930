import { periodInOrder } from '@estante/contracts/catalog';
import { Alert, Button, Group, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';

// A type (not an interface) so that it is a Record the form's zod resolver accepts.
export type Period = {
  dataIni: string;
  dataFim: string;
};

/** A local day as the API takes it: YYYY-MM-DD. */
function isoDay(day: Date): string {
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}

/**
 * The last 12 months, today included: the period a history opens with, so that it shows at once
 * (issue 24) rather than waiting for two dates typed.
 */
export function lastTwelveMonths(today: Date = new Date()): Period {
  const start = new Date(today.getFullYear(), today.getMonth() - 12, today.getDate());
  // 29 February has no twin a year before: Date would roll over to 1 March, so take 28 February.
  if (start.getDate() !== today.getDate()) start.setDate(0);
  return { dataIni: isoDay(start), dataFim: isoDay(today) };
}

/**
 * A period to look up (spec §5): both dates needed, the start not after the end — the API's own
 * rule (`periodInOrder` of the contracts), worded for the patron. `optional`: both dates or none
 * (none: every date; the dates then come as ''). The first problem is announced under the
 * fields; the fields at fault are marked invalid. `initial`: the dates the fields start with (the
 * period the page already shows), else empty.
 */
export function PeriodForm({
  onSubmit,
  children,
  optional = false,
  initial,
}: {
  onSubmit: (period: Period) => void;
  children?: ReactNode;
  optional?: boolean;
  initial?: Period;
}) {
  const { t } = useTranslation();
  const schema = useMemo(() => {
    const both = { error: t('period.both'), path: ['dataIni'] };
    const order = { error: t('period.order'), path: ['dataIni'] };
    if (optional)
      return z
        .object({ dataIni: z.string(), dataFim: z.string() })
        .refine((p) => (p.dataIni === '') === (p.dataFim === ''), both)
        .refine((p) => p.dataIni === '' || p.dataFim === '' || periodInOrder(p), order);
    const date = z.string().min(1, { error: t('period.both') });
    return z.object({ dataIni: date, dataFim: date }).refine(periodInOrder, order);
  }, [t, optional]);
  const form = useForm<Period>({ initialValues: initial ?? { dataIni: '', dataFim: '' }, validate: zod4Resolver(schema), validateInputOnChange: false });
  const problem = Object.values(form.errors)[0];
  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate>
      <Group align="flex-end" gap="sm" mb="sm">
        <TextInput
          type="date"
          label={t('period.from')}
          required={!optional}
          key={form.key('dataIni')}
          {...form.getInputProps('dataIni')}
          error={!!form.errors.dataIni}
        />
        <TextInput
          type="date"
          label={t('period.to')}
          required={!optional}
          key={form.key('dataFim')}
          {...form.getInputProps('dataFim')}
          error={!!form.errors.dataFim}
        />
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
