import '@mantine/charts/styles.css';
import type { EstatisticasAquisicao } from '@estante/contracts/acquisitions';
import { BarChart } from '@mantine/charts';
import { Alert, Loader, NativeSelect, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '../../../ui/scroll-table';
import { useLibraries } from '../../../api/libraries';
import { type SuggestionFilter as Filter, useSuggestionStatistics } from './acquisitions.api';
import { PeriodForm } from '../period-form';

interface Row {
  key: string;
  label: string;
  total: number;
}

/**
 * One count as a chart and, beside it, the same numbers as a table: the chart is for the eye
 * (hidden from screen readers), the table for everyone.
 */
function Counted({ title, rows, horizontal = false }: { title: string; rows: Row[]; horizontal?: boolean }) {
  const { t } = useTranslation();
  const id = `grafico-${title.replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="xs">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <div aria-hidden="true">
          <BarChart
            h={Math.max(180, horizontal ? rows.length * 34 : 220)}
            data={rows.map((r) => ({ label: r.label, total: r.total }))}
            dataKey="label"
            orientation={horizontal ? 'vertical' : 'horizontal'}
            yAxisProps={horizontal ? { width: 160 } : undefined}
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
