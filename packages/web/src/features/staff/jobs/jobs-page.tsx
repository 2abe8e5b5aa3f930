import type { Tarefa } from '@estante/contracts/jobs';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type Column, ListSection } from '../../../ui/list-section';
import { useJobs } from './jobs.api';

/**
 * The staff area's "Tarefas agendadas": each job the server runs by itself, when, and how its last
 * run went — what `npm run staff -- jobs list` prints, for the administration.
 */
export function JobsPage() {
  const { t, i18n } = useTranslation();
  const jobs = useJobs();
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium', timeZone: 'UTC' });
  const columns: Column<Tarefa>[] = [
    {
      header: t('staffJobs.job'),
      cell: (job) => (
        <Stack gap={2}>
          <Text size="sm" fw={600} component="span">
            {job.nome}
          </Text>
          <Text size="sm" component="span">
            {/* The module's own words (English) for a job this page has no translation of yet. */}
            {t(`staffJobs.descriptions.${job.nome.replace(/\./g, '_')}`, { defaultValue: job.descricao })}
          </Text>
        </Stack>
      ),
    },
    { header: t('staffJobs.schedule'), cell: (job) => (job.agenda ? t('staffJobs.cron', { cron: job.agenda }) : t('staffJobs.unscheduled')) },
    {
      header: t('staffJobs.lastRun'),
      status: true,
      cell: (job) =>
        job.ultima ? (
          <Stack gap={2}>
            <Text size="sm" component="span" fw={600} c={job.ultima.situacao === 'failed' ? 'red.9' : undefined}>
              {t(`staffJobs.outcomes.${job.ultima.situacao}`)}, {t('staffJobs.at', { when: when.format(new Date(job.ultima.em)) })}
            </Text>
            {job.ultima.resultado && (
              <Text size="sm" component="span">
                {job.ultima.resultado}
              </Text>
            )}
          </Stack>
        ) : (
          t('staffJobs.never')
        ),
    },
    { header: t('staffJobs.queued'), cell: (job) => String(job.na_fila) },
  ];
  return (
    <Stack gap="sm">
      <Text>{t('staffJobs.intro')}</Text>
      <ListSection
        query={jobs}
        errorText={t('staffJobs.fetchError')}
        emptyText={t('staffJobs.none')}
        caption={t('staffJobs.title')}
        columns={columns}
        rowKey={(job) => job.nome}
        minWidth={720}
      />
    </Stack>
  );
}
