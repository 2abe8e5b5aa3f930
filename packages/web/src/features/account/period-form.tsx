import { Alert, Button, Group, TextInput } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface Period {
  dataIni: string;
  dataFim: string;
}

/** A period to look up (spec §5): both dates needed, the start not after the end. */
export function PeriodForm({ onSubmit, children }: { onSubmit: (period: Period) => void; children?: ReactNode }) {
  const { t } = useTranslation();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!from || !to) return setProblem(t('period.both'));
    if (from > to) return setProblem(t('period.order'));
    setProblem(null);
    onSubmit({ dataIni: from, dataFim: to });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end" gap="sm" mb="sm">
        <TextInput type="date" label={t('period.from')} value={from} onChange={(e) => setFrom(e.currentTarget.value)} required />
        <TextInput type="date" label={t('period.to')} value={to} onChange={(e) => setTo(e.currentTarget.value)} required />
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
