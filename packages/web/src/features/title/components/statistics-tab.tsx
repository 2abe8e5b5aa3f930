import type { DadosEstatisticos } from '@estante/contracts/catalog';
import { Select, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStatistics, useStatisticsYears } from '../api/get-estatisticas';

const WIDTH = 640;
const HEIGHT = 220;
const MARGIN = { top: 16, right: 8, bottom: 28, left: 32 };

/** Loans per month as a bar chart (SVG), described for screen readers by its title and the table below. */
function BarChart({ data, monthNames, label }: { data: DadosEstatisticos; monthNames: string[]; label: string }) {
  const max = Math.max(1, ...data.meses.map((m) => m.emprestimos));
  const step = Math.max(1, Math.ceil(max / 4));
  const ticks = Array.from({ length: Math.floor(max / step) + 1 }, (_, i) => i * step);
  const plotW = WIDTH - MARGIN.left - MARGIN.right;
  const plotH = HEIGHT - MARGIN.top - MARGIN.bottom;
  const band = plotW / 12;
  const y = (v: number) => MARGIN.top + plotH - (v / Math.max(max, ticks[ticks.length - 1]!)) * plotH;
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" style={{ maxWidth: WIDTH, display: 'block' }} role="img" aria-label={label}>
      {ticks.map((tick) => (
        <g key={tick}>
          <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={y(tick)} y2={y(tick)} stroke="#ced4da" strokeWidth={1} />
          <text x={MARGIN.left - 6} y={y(tick) + 4} textAnchor="end" fontSize={11} fill="#495057">
            {tick}
          </text>
        </g>
      ))}
      {data.meses.map((m, i) => {
        const x = MARGIN.left + i * band + band * 0.15;
        const top = y(m.emprestimos);
        return (
          <g key={m.mes}>
            <rect x={x} y={top} width={band * 0.7} height={MARGIN.top + plotH - top} fill="#1c5d99" rx={2} />
            {m.emprestimos > 0 && (
              <text x={x + band * 0.35} y={top - 3} textAnchor="middle" fontSize={11} fill="#212529">
                {m.emprestimos}
              </text>
            )}
            <text x={x + band * 0.35} y={HEIGHT - 10} textAnchor="middle" fontSize={11} fill="#495057">
              {monthNames[i]}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/** Tab 74: how often the title was lent, month by month, for a year the patron picks. */
export function StatisticsTab({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const years = useStatisticsYears(id);
  const [chosen, setChosen] = useState<number | null>(null);
  const year = chosen ?? years.data?.[0] ?? null;
  const stats = useStatistics(id, year);
  const short = Array.from({ length: 12 }, (_, m) =>
    new Intl.DateTimeFormat(i18n.language, { month: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(2000, m, 1))),
  );
  const long = Array.from({ length: 12 }, (_, m) =>
    new Intl.DateTimeFormat(i18n.language, { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2000, m, 1))),
  );
  if (years.isError || stats.isError) return <Text c="red.8">{t('errors.loadFailed')}</Text>;
  if (!years.data) return <Text c="gray.7">{t('common.loading')}</Text>;
  if (years.data.length === 0) return <Text>{t('statistics.none')}</Text>;
  return (
    <>
      <Select
        label={t('statistics.year')}
        data={years.data.map(String)}
        value={year === null ? null : String(year)}
        onChange={(value) => value && setChosen(Number(value))}
        allowDeselect={false}
        maw={200}
        mb="sm"
      />
      {stats.data && (
        <>
          <Text mb="xs" fw={600}>
            {t('statistics.total', { count: stats.data.total, year: stats.data.ano })}
          </Text>
          <BarChart data={stats.data} monthNames={short} label={t('statistics.chart', { year: stats.data.ano, count: stats.data.total })} />
          <Table withTableBorder fz="sm" mt="sm" maw={360}>
            <Table.Caption>{t('statistics.caption', { year: stats.data.ano })}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('statistics.month')}</Table.Th>
                <Table.Th scope="col">{t('statistics.loans')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {stats.data.meses.map((m) => (
                <Table.Tr key={m.mes}>
                  <Table.Th scope="row" fw={400}>
                    {long[m.mes - 1]}
                  </Table.Th>
                  <Table.Td>{m.emprestimos}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
    </>
  );
}
