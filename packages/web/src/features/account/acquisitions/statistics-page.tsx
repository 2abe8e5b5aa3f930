import '@mantine/charts/styles.css';
import type { EstatisticasAquisicao } from '@estante/contracts/acquisitions';
import { BarChart } from '@mantine/charts';
import { Alert, Loader, NativeSelect, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '../../../ui/scroll-table';
import { type TextMetrics, useTextMetrics } from '../../../ui/text-metrics';
import { useLibraries } from '../../../api/libraries';
import { type SuggestionFilter as Filter, useSuggestionStatistics } from './acquisitions.api';
import { PeriodForm } from '../period-form';

interface Row {
  key: string;
  label: string;
  total: number;
}

/**
 * The chart's axes for the room it has and the text size (issue 55): labels 0.75rem, so they grow
 * with the text-size bar like the rest of the page (recharts takes them in pixels); the count axis
 * in whole numbers (suggestions are counted: no 0.25 steps); room for the labels as they grow.
 */
function chartAxes({ width, rem }: TextMetrics, horizontal: boolean, rows: Row[]) {
  const font = rem * 0.75;
  const tick = { fontSize: font, fill: 'currentColor' };
  // Whole steps, and no more marks than there are counts (one suggestion: 0 and 1, not 0 to 4).
  const count = { allowDecimals: false, tickCount: Math.min(5, Math.max(1, ...rows.map((r) => r.total)) + 1) };
  if (horizontal) {
    return {
      h: Math.max(180, rows.length * Math.max(34, font * 3)),
      xAxisProps: { ...count, tick: { ...tick, transform: 'translate(0, 10)' }, height: Math.ceil(font * 2.5) },
      // The names beside their bars: about ten times the text size, never most of the chart.
      yAxisProps: { width: Math.round(Math.min(font * 13, width * 0.45)), tick: { ...tick, transform: 'translate(-10, 0)' } },
    };
  }
  return {
    h: Math.max(220, Math.round(font * 18)),
    xAxisProps: { tick: { ...tick, transform: 'translate(0, 10)' }, height: Math.ceil(font * 2.5) },
    yAxisProps: { ...count, width: Math.ceil(font * 4), tick: { ...tick, transform: 'translate(-10, 0)' } },
  };
}

/**
 * One count as a chart and, beside it, the same numbers as a table: the chart is for the eye
 * (hidden from screen readers), the table for everyone.
 */
function Counted({ title, rows, horizontal = false }: { title: string; rows: Row[]; horizontal?: boolean }) {
  const { t } = useTranslation();
  const { ref, probe, metrics } = useTextMetrics<HTMLDivElement>();
  const axes = chartAxes(metrics, horizontal, rows);
  const id = `grafico-${title.replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="xs">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <div aria-hidden="true" ref={ref} style={{ position: 'relative' }} data-chart={horizontal ? 'bars' : 'columns'}>
          {probe}
          <BarChart
            // Pixels already scaled by the text size: a bare number would be read as rem and grow twice.
            h={`${axes.h}px`}
            data={rows.map((r) => ({ label: r.label, total: r.total }))}
            dataKey="label"
            orientation={horizontal ? 'vertical' : 'horizontal'}
            xAxisProps={axes.xAxisProps}
            yAxisProps={axes.yAxisProps}
            series={[{ name: 'total', label: t('acquisitions.stats.count'), color: 'blue.8' }]}
            withTooltip={false}
          />
        </div>
        <ScrollTable minWidth={260}>
          <Table striped>
            <Table.Caption>{title}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('acquisitions.stats.item')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('acquisitions.stats.count')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.key}>
                  <Table.Th scope="row" fw={400}>
                    {r.label}
                  </Table.Th>
                  <Table.Td ta="right">{r.total}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      </SimpleGrid>
    </section>
  );
}

function Statistics({ stats }: { stats: EstatisticasAquisicao }) {
  const { t, i18n } = useTranslation();
  const month = new Intl.DateTimeFormat(i18n.language, { month: 'short', year: 'numeric', timeZone: 'UTC' });
  if (stats.total === 0) return <Text>{t('acquisitions.none')}</Text>;
  return (
    <Stack gap="lg">
      <Text role="status">
        {t('acquisitions.stats.summary', { count: stats.total, suggested: stats.exemplares_sugeridos, delivered: stats.exemplares_entregues })}
      </Text>
      <Counted
        title={t('acquisitions.stats.byStatus')}
        horizontal
        rows={stats.por_situacao.map((s) => ({ key: s.situacao, label: s.descricao, total: s.total }))}
      />
      <Counted
        title={t('acquisitions.stats.byLibrary')}
        horizontal
        rows={stats.por_biblioteca.map((b) => ({ key: String(b.cod_biblioteca), label: b.biblioteca, total: b.total }))}
      />
      <Counted
        title={t('acquisitions.stats.byMonth')}
        rows={stats.por_mes.map((m) => ({ key: m.mes, label: month.format(new Date(`${m.mes}-15T12:00:00Z`)), total: m.total }))}
      />
    </Stack>
  );
}

/** Meu Pergamum, "Estatísticas de aquisição": the patron's suggestions counted by status, library and month. */
export function StatisticsPage() {
  const { t } = useTranslation();
  const libraries = useLibraries();
  const [library, setLibrary] = useState('');
  const [filter, setFilter] = useState<Filter>({});
  const stats = useSuggestionStatistics(filter);
  return (
    <section>
      <PeriodForm
        optional
        onSubmit={({ dataIni, dataFim }) =>
          setFilter({ dataIni: dataIni || undefined, dataFim: dataFim || undefined, biblioteca: library ? Number(library) : undefined })
        }
      >
        <NativeSelect
          label={t('acquisitions.library')}
          value={library}
          onChange={(e) => setLibrary(e.currentTarget.value)}
          data={[
            { value: '', label: t('acquisitions.allLibraries') },
            ...(libraries.data ?? []).map((l) => ({ value: String(l.cod_biblioteca), label: l.desc_biblioteca })),
          ]}
        />
      </PeriodForm>
      {stats.isPending ? (
        <Loader size="sm" aria-label={t('loading.title')} />
      ) : stats.isError ? (
        <Alert color="red" variant="filled">
          {t('acquisitions.fetchError')}
        </Alert>
      ) : (
        <Statistics stats={stats.data} />
      )}
    </section>
  );
}
