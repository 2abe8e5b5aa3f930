import type { TotaisAcervo } from '@estante/contracts/collection';
import { NativeSelect, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../api/client';
import { useShortDate } from '../../../ui/dates';
import { Loading } from '../../../ui/loading';
import { ScrollTable } from '../../../ui/scroll-table';
import { type Period, PeriodForm } from '../period-form';
import { useLibraries } from '../../../api/libraries';
import { type TotalsQuery, useCollectionTotals } from './collection-totals.api';

type Row = TotaisAcervo['por_tipo_obra'][number];

/** One count as a table: a row per group (named by a row header), the period's totals at the foot. */
function TotalsTable({ caption, nameHeader, rows, totals }: { caption: string; nameHeader: string; rows: Row[]; totals: TotaisAcervo }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <ScrollTable minWidth={360}>
      <Table striped>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{nameHeader}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('collectionTotals.titles')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('collectionTotals.copies')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.codigo}>
              <Table.Th scope="row" fw={400}>
                {r.descricao}
              </Table.Th>
              <Table.Td ta="right">{number.format(r.titulos)}</Table.Td>
              <Table.Td ta="right">{number.format(r.exemplares)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row">{t('collectionTotals.total')}</Table.Th>
            <Table.Th ta="right">{number.format(totals.titulos)}</Table.Th>
            <Table.Th ta="right">{number.format(totals.exemplares)}</Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </ScrollTable>
  );
}

function Totals({ totals, period }: { totals: TotaisAcervo; period: Period }) {
  const { t } = useTranslation();
  const day = useShortDate();
  if (totals.exemplares === 0) return <Text role="status">{t('collectionTotals.none')}</Text>;
  return (
    <Stack gap="md">
      <Text role="status">
        {t('collectionTotals.summary', {
          from: day(period.dataIni),
          to: day(period.dataFim),
          titles: t('collectionTotals.titleCount', { count: totals.titulos }),
          copies: t('collectionTotals.copyCount', { count: totals.exemplares }),
        })}
      </Text>
      <Text size="sm">{t('collectionTotals.note')}</Text>
      <TotalsTable caption={t('collectionTotals.byType')} nameHeader={t('collectionTotals.type')} rows={totals.por_tipo_obra} totals={totals} />
      <TotalsTable caption={t('collectionTotals.byLibrary')} nameHeader={t('collectionTotals.library')} rows={totals.por_biblioteca} totals={totals} />
      <TotalsTable caption={t('collectionTotals.byArea')} nameHeader={t('collectionTotals.area')} rows={totals.por_area} totals={totals} />
    </Stack>
  );
}

/**
 * Meu Pergamum, "Totais do acervo" (spec §2 menu): the titles and copies the library acquired in
 * a period, at every library or one, counted by work type, by library and by knowledge area.
 */
export function CollectionTotalsPage() {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<Period | null>(null);
  const [library, setLibrary] = useState('');
  const libraries = useLibraries();
  const query: TotalsQuery | null = period ? { ...period, ...(library ? { biblioteca: library } : {}) } : null;
  const totals = useCollectionTotals(query);
  return (
    <Stack gap="sm">
      <Text>{t('collectionTotals.intro')}</Text>
      <PeriodForm onSubmit={setPeriod}>
        <NativeSelect
          label={t('collectionTotals.library')}
          value={library}
          onChange={(event) => setLibrary(event.currentTarget.value)}
          data={[
            { value: '', label: t('collectionTotals.allLibraries') },
            ...(libraries.data ?? []).map((b) => ({ value: String(b.cod_biblioteca), label: b.desc_biblioteca })),
          ]}
        />
      </PeriodForm>
      {query && period && (
        <Loading state={totals} error={messageOf(totals.error, t('collectionTotals.fetchError'))}>
          {() => <Totals totals={totals.data!} period={period} />}
        </Loading>
      )}
    </Stack>
  );
}
