import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../../ui/loading';
import { useShortDate } from '../../../ui/dates';
import { useDeviations } from './deviations.api';

/** Meu Pergamum, "Afastamentos": deviations with their reason and period. */
export function DeviationsPage() {
  const { t } = useTranslation();
  const deviations = useDeviations();
  const day = useShortDate();
  return (
    <Loading state={deviations} error={t('deviations.fetchError')}>
      {() =>
        deviations.data!.length === 0 ? (
          <Text>{t('deviations.none')}</Text>
        ) : (
          <Table striped>
            <Table.Caption>{t('account.deviations')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('deviations.reason')}</Table.Th>
                <Table.Th>{t('holds.library')}</Table.Th>
                <Table.Th>{t('period.from')}</Table.Th>
                <Table.Th>{t('period.to')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {deviations.data!.map((d) => (
                <Table.Tr key={d.cod_afastamento}>
                  <Table.Td>{d.motivo}</Table.Td>
                  <Table.Td>{d.desc_biblioteca ?? t('deviations.allLibraries')}</Table.Td>
                  <Table.Td>{day(d.inicio)}</Table.Td>
                  <Table.Td>{d.fim ? day(d.fim) : t('deviations.open')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )
      }
    </Loading>
  );
}
