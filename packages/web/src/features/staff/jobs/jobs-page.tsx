import type { Tarefa } from '@estante/contracts/jobs';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError, messageOf } from '../../../api/client';
import { type Column, ListSection } from '../../../ui/list-section';
import { NoticeView, useNotify } from '../../../ui/notify';
import { useJobs, useRunNow } from './jobs.api';
import { RunsPanel, useUtcTime } from './runs-panel';

/** Refusals of this page whose message the administrator should read whatever their status: jobs not running on this server. */
const TOLD_HERE = new Set(['AgendadorParado']);

/** The server's message for a refusal (as every screen shows it), and for the scheduler stopped here, too. */
function refusalText(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError && error.key !== undefined && TOLD_HERE.has(error.key)) return error.message;
  return messageOf(error, fallback);
}

/**
 * The staff area's "Tarefas agendadas": each job the server runs by itself, when, and how its last
 * run went — what `npm run staff -- jobs list` prints, for the administration — with a job run now
 * (announced, the focus on the announcement) and a job's latest runs opened below the list.
 */
export function JobsPage() {
  const { t } = useTranslation();
  const jobs = useJobs();
  const runNow = useRunNow();
  const notify = useNotify();
  const when = useUtcTime();
  const panelId = useId();
  const [open, setOpen] = useState<string | null>(null);
  const openers = useRef(new Map<string, HTMLButtonElement>());

  const run = async (nome: string) => {
    notify.clear();
    try {
      const asked = await runNow.mutateAsync(nome);
      notify.success(t('staffJobs.run.asked', { name: asked.nome }));
      setOpen(asked.nome);
    } catch (error) {
      notify.problem(refusalText(error, t('errors.unexpected')));
    }
  };
  const close = () => {
    const opener = open === null ? undefined : openers.current.get(open);
    setOpen(null);
    opener?.focus();
  };

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
              {t(`staffJobs.outcomes.${job.ultima.situacao}`)}, {t('staffJobs.at', { when: when(job.ultima.em) })}
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
    {
      header: t('staffJobs.actions'),
      cell: (job) => {
        const isOpen = open === job.nome;
        return (
          <Group gap="xs">
            <Button
              size="compact-sm"
              variant="outline"
              color="blue.9"
              aria-label={t('staffJobs.run.one', { name: job.nome })}
              loading={runNow.isPending && runNow.variables === job.nome}
              onClick={() => void run(job.nome)}
            >
              {t('staffJobs.run.button')}
            </Button>
            <Button
              size="compact-sm"
              variant={isOpen ? 'filled' : 'default'}
              ref={(element) => {
                if (element) openers.current.set(job.nome, element);
                else openers.current.delete(job.nome);
              }}
              aria-label={t(isOpen ? 'staffJobs.runs.hideOne' : 'staffJobs.runs.showOne', { name: job.nome })}
              aria-expanded={isOpen}
              aria-controls={isOpen ? panelId : undefined}
              onClick={() => (isOpen ? close() : setOpen(job.nome))}
            >
              {t(isOpen ? 'staffJobs.runs.hide' : 'staffJobs.runs.show')}
            </Button>
          </Group>
        );
      },
    },
  ];
  return (
    <Stack gap="lg">
      <Text>{t('staffJobs.intro')}</Text>
      <NoticeView notice={notify.notice} />
      <ListSection
        query={jobs}
        errorText={t('staffJobs.fetchError')}
        emptyText={t('staffJobs.none')}
        caption={t('staffJobs.title')}
        columns={columns}
        rowKey={(job) => job.nome}
        minWidth={900}
      />
      {open && <RunsPanel key={open} id={panelId} nome={open} onClose={close} />}
    </Stack>
  );
}
