import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDublinCore } from '../api/get-dublin-core';

/** Tab 115: the record in simple Dublin Core (Library of Congress crosswalk). */
export function DublinCoreTab({ id }: { id: number }) {
  const { t } = useTranslation();
  const dc = useDublinCore(id);
  if (dc.isError) return <Text c="red.8">{t('errors.loadFailed')}</Text>;
  if (!dc.data) return <Text c="gray.7">{t('common.loading')}</Text>;
  return (
    <Table striped withTableBorder fz="sm">
      <Table.Caption>{t('dublinCore.caption')}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('dublinCore.element')}</Table.Th>
          <Table.Th scope="col">{t('dublinCore.value')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {dc.data.elementos.map((e, i) => (
          <Table.Tr key={i}>
            <Table.Th scope="row" ff="monospace" fw={600}>
              dc:{e.elemento}
            </Table.Th>
            <Table.Td>{e.valor}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
