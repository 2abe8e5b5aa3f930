import type { BibliografiaQuery } from '@estante/contracts/collection';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../api/client';
import { Loading } from '../../../ui/loading';
import { NoticeView, useNotify } from '../../../ui/notify';
import { PlanFilterForm } from './plan-filter-form';
import { PlanTable } from './plan-table';
import { downloadBibliography, useBibliography, usePlanOffers } from './teaching-plan.api';

/**
 * Meu Pergamum, "Plano de ensino" (spec §3 "Teaching plan", §5): a professor chooses some of
 * their plans and sees each one's bibliography against the institution's targets — copies per
 * library, loans in the semester, copies per vacancy — and takes it as CSV or PDF. A patron
 * without plans is told so.
 */
export function TeachingPlanPage({ titleHref }: { titleHref: (codAcervo: number) => string }) {
  const { t } = useTranslation();
  const offers = usePlanOffers();
  const [filters, setFilters] = useState<BibliografiaQuery | null>(null);
  return (
    <Loading state={offers} error={t('teachingPlan.fetchError')}>
      {() => {
        const data = offers.data!;
        if (!data.professor) return <Text>{t('teachingPlan.notProfessor')}</Text>;
        if (data.planos.length === 0) return <Text>{t('teachingPlan.noPlans')}</Text>;
        return (
          <Stack gap="md">
            <PlanFilterForm offers={data} onSubmit={setFilters} />
            {filters && <Results filters={filters} titleHref={titleHref} />}
          </Stack>
        );
      }}
    </Loading>
  );
}

/** The plans the filters keep: the targets explained, the downloads, a table per plan. */
function Results({ filters, titleHref }: { filters: BibliografiaQuery; titleHref: (codAcervo: number) => string }) {
  const { t } = useTranslation();
  const bibliography = useBibliography(filters);
  const notify = useNotify();
  const targetsId = useId();
  const download = (formato: 'csv' | 'pdf') =>
    void notify.run(
      () => downloadBibliography(formato, filters),
      (file) => t('teachingPlan.downloaded', { file }),
    );
  return (
    <Loading state={bibliography} error={messageOf(bibliography.error, t('teachingPlan.fetchError'))}>
      {() => {
        const { meta, planos } = bibliography.data!;
        if (planos.length === 0) return <Text role="status">{t('teachingPlan.noneMatch')}</Text>;
        return (
          <Stack gap="lg">
            <Text role="status">{t('teachingPlan.found', { count: planos.length })}</Text>
            <Paper withBorder p="sm" bg="blue.0" component="section" aria-labelledby={targetsId}>
              <Title order={2} size="h5" id={targetsId} mb={4}>
                {t('teachingPlan.targetsTitle')}
              </Title>
              <Text size="sm">{t('teachingPlan.targets', { vagas: meta.vagas_por_exemplar, exemplares: meta.exemplares_complementar })}</Text>
            </Paper>
            <Group gap="sm">
              <Button variant="outline" color="blue.9" onClick={() => download('csv')}>
                {t('teachingPlan.csv')}
              </Button>
              <Button variant="outline" color="blue.9" onClick={() => download('pdf')}>
                {t('teachingPlan.pdf')}
              </Button>
            </Group>
            <NoticeView notice={notify.notice} />
            {planos.map((plan) => (
              <PlanTable key={plan.cod_plano} plan={plan} titleHref={titleHref} />
            ))}
          </Stack>
        );
      }}
    </Loading>
  );
}
