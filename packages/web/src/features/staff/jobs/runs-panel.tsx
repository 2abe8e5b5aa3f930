import { Button, Group, Text, Title } from '@mantine/core';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, ListSection } from '../../../ui/list-section';
import { StatusLine, type Tone } from '../../../ui/status-line';
import { anyUnderWay, type Execucao, useJobRuns, useRefreshJobs } from './jobs.api';
import { dateFormat } from '../../../ui/dates';

/** How each of pg-boss's states reads at a glance (its words say it too). */
const TONES: Record<string, Tone> = { created: 'warning', retry: 'warning', active: 'warning', completed: 'ok', failed: 'danger', cancelled: 'neutral' };

/** A timestamp of the API as a date and time in the interface language, in UTC (as the server's schedules are). */
export function useUtcTime(): (iso: string) => string {
  const { i18n } = useTranslation();
  const format = dateFormat(i18n.language, 'medium', 'UTC');
  return (iso) => format.format(new Date(iso));
}

/**
 * A job's latest runs (20 at most, newest first), below the jobs list: each run's state in words,
 * when it was created, started and ended (UTC), and its outcome. Read again every 2 s while a run is
 * not over; when the last one ends, the jobs list too (its last run changed).
 */
export function RunsPanel({ id, nome, onClose }: { id: string; nome: string; onClose: () => void }) {
  const { t } = useTranslation();
  const runs = useJobRuns(nome);
  const refreshJobs = useRefreshJobs();
  const time = useUtcTime();
  const headingId = useId();
  const underWay = anyUnderWay(runs.data);
  const wasUnderWay = useRef(false);
  useEffect(() => {
    if (wasUnderWay.current && !underWay) refreshJobs();
    wasUnderWay.current = underWay;
  }, [underWay, refreshJobs]);

  const at = (iso: string | null) => (iso ? t('staffJobs.utc', { when: time(iso) }) : '—');
  const columns: Column<Execucao & { n: number }>[] = [
    {
      header: t('staffJobs.runs.state'),
      status: true,
      cell: (run) => (
        <StatusLine tone={TONES[run.estado] ?? 'neutral'} size="sm">
          {t(`staffJobs.states.${run.estado}`, { defaultValue: run.estado })}
        </StatusLine>
      ),
    },
    { header: t('staffJobs.runs.created'), cell: (run) => at(run.criada) },
    { header: t('staffJobs.runs.started'), cell: (run) => at(run.inicio) },
    { header: t('staffJobs.runs.ended'), cell: (run) => at(run.fim) },
    { header: t('staffJobs.runs.outcome'), cell: (run) => <span style={{ overflowWrap: 'anywhere' }}>{run.resultado ?? '—'}</span> },
  ];
  return (
    <section id={id} aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-start" mb="xs">
        <Title order={2} size="h3" id={headingId}>
          {t('staffJobs.runs.heading', { name: nome })}
        </Title>
        <Button size="compact-sm" variant="default" onClick={onClose} aria-label={t('staffJobs.runs.closeOne', { name: nome })}>
          {t('staffJobs.runs.close')}
        </Button>
      </Group>
      <Text size="sm" mb="xs">
        {underWay ? t('staffJobs.runs.polling') : t('staffJobs.runs.help')}
      </Text>
      <ListSection
        // Runs carry no number: their place in the answer (newest first) tells them apart.
        query={{ isPending: runs.isPending, isError: runs.isError, data: runs.data?.map((run, n) => ({ ...run, n })) }}
        errorText={t('staffJobs.runs.fetchError')}
        emptyText={t('staffJobs.runs.none')}
        caption={t('staffJobs.runs.caption', { name: nome })}
        columns={columns}
        rowKey={(run) => run.n}
        minWidth={760}
      />
    </section>
  );
}
