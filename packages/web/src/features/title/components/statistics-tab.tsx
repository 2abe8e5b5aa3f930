import type { DadosEstatisticos } from '@estante/contracts/catalog';
import { Box, Select, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '../../../ui/scroll-table';
import { useTextMetrics } from '../../../ui/text-metrics';
import { useStatistics, useStatisticsYears } from '../api/get-estatisticas';

/** The axes' labels: 0.75rem, like the page's smallest text, so they grow with the text-size bar. */
const LABEL_REM = 0.75;
/** A rough advance width of a digit or a letter, in em: enough to lay the labels out without measuring each. */
const CHAR_EM = 0.62;

/**
 * The count axis's marks: whole numbers (loans are counted), about four steps from 0 to at least
 * `max`. Exported for its test.
 */
export function countTicks(max: number): number[] {
  const step = Math.max(1, Math.ceil(Math.max(1, max) / 4));
  const top = Math.ceil(Math.max(1, max) / step) * step;
  return Array.from({ length: top / step + 1 }, (_, i) => i * step);
}

/**
 * Loans per month as a bar chart (SVG), described for screen readers by its title and the table
 * below. Drawn in CSS pixels for the width it has, its labels 0.75rem: they grow with the text
 * size (issue 55). The months' names lie down when they do not fit under their bars; the count
 * over a bar is left out where it would not fit (the table has every number).
 */
function BarChart({ data, monthNames, label }: { data: DadosEstatisticos; monthNames: string[]; label: string }) {
  const { ref, probe, metrics } = useTextMetrics<HTMLDivElement>();
  const font = metrics.rem * LABEL_REM;
  const max = Math.max(1, ...data.meses.map((m) => m.emprestimos));
  const ticks = countTicks(max);
  const top = ticks[ticks.length - 1]!;
  const width = metrics.width;
  const textWidth = (text: string) => text.length * CHAR_EM * font;
  const left = Math.ceil(textWidth(String(top)) + font * 0.75);
  const right = font * 0.5;
  const band = (width - left - right) / 12;
  const monthWidth = Math.max(...monthNames.map(textWidth));
  const upright = monthWidth <= band * 0.95;
  const bottom = Math.ceil(upright ? font * 1.8 : monthWidth + font * 0.8);
  const margin = { top: Math.ceil(font * 1.5), bottom };
  const plotH = Math.round(font * 13);
  const height = margin.top + plotH + margin.bottom;
  const y = (v: number) => margin.top + plotH - (v / top) * plotH;
  const baseline = margin.top + plotH;
  return (
    <div ref={ref} style={{ position: 'relative', maxWidth: '44rem' }}>
      {probe}
      <svg
        width={width}
        height={height}
        viewBox={`0 0 ${width} ${height}`}
        style={{ display: 'block', maxWidth: '100%', height: 'auto', fontSize: `${LABEL_REM}rem` }}
        role="img"
        aria-label={label}
      >
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={left} x2={width - right} y1={y(tick)} y2={y(tick)} stroke="#ced4da" strokeWidth={1} />
            <text x={left - font * 0.4} y={y(tick)} dominantBaseline="central" textAnchor="end" fill="#495057" data-axis="count">
              {tick}
            </text>
          </g>
        ))}
        {data.meses.map((m, i) => {
          const x = left + i * band + band * 0.15;
          const centre = x + band * 0.35;
          const barTop = y(m.emprestimos);
          return (
            <g key={m.mes}>
              <rect x={x} y={barTop} width={band * 0.7} height={baseline - barTop} fill="#1c5d99" rx={2} />
              {m.emprestimos > 0 && textWidth(String(m.emprestimos)) <= band && (
                <text x={centre} y={barTop - font * 0.3} textAnchor="middle" fill="#212529">
                  {m.emprestimos}
                </text>
              )}
              {upright ? (
                <text x={centre} y={baseline + font * 1.3} textAnchor="middle" fill="#495057" data-axis="month">
                  {monthNames[i]}
                </text>
              ) : (
                <text
                  transform={`translate(${centre} ${baseline + font * 0.4}) rotate(-90)`}
                  textAnchor="end"
                  dominantBaseline="central"
                  fill="#495057"
                  data-axis="month"
                >
                  {monthNames[i]}
                </text>
              )}
            </g>
          );
        })}
      </svg>
    </div>
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
          {/* At the largest text size a phone cannot hold the two columns: the table scrolls in its own box, not the page. */}
          <Box mt="sm" maw={360}>
            <ScrollTable minWidth={0}>
              <Table withTableBorder fz="sm">
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
            </ScrollTable>
          </Box>
        </>
      )}
    </>
  );
}
