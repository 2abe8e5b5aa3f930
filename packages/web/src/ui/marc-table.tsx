import { ScrollTable } from './scroll-table';
import type { MarcView } from '@estante/contracts/catalog';
import { Code, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A MARC record as cataloguers read it: leader, then one row per field with tag, indicators
 * and subfields ($a …). Labels (the MARC 21 standard's names) show beside the tag and as the
 * subfield codes' titles.
 */
export function MarcTable({ marc }: { marc: MarcView }) {
  const { t } = useTranslation();
  return (
    <ScrollTable minWidth={480}>
      <Table striped withTableBorder verticalSpacing={4} fz="sm" ff="monospace">
        <Table.Caption>{t('marc.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('marc.tag')}</Table.Th>
            <Table.Th scope="col">{t('marc.indicators')}</Table.Th>
            <Table.Th scope="col">{t('marc.content')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th scope="row">LDR</Table.Th>
            <Table.Td />
            <Table.Td>
              <Code>{marc.lider.replace(/ /g, '#')}</Code>
            </Table.Td>
          </Table.Tr>
          {marc.campos.map((campo, i) => (
            <Table.Tr key={i}>
              <Table.Th scope="row" style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                {campo.tag}
                {campo.rotulo && (
                  <Text span size="xs" c="gray.7" display="block" ff="sans-serif" fw={400}>
                    {campo.rotulo}
                  </Text>
                )}
              </Table.Th>
              <Table.Td style={{ whiteSpace: 'pre', verticalAlign: 'top' }}>
                {campo.valor === null ? `${(campo.ind1 ?? ' ').replace(' ', '#')}${(campo.ind2 ?? ' ').replace(' ', '#')}` : ''}
              </Table.Td>
              <Table.Td style={{ verticalAlign: 'top' }}>
                {campo.valor !== null
                  ? campo.valor.replace(/ /g, '#')
                  : campo.subcampos.map((s, j) => (
                      <span key={j}>
                        <Text span fw={700} c="blue.9" title={s.rotulo ?? undefined}>
                          ${s.codigo}
                        </Text>{' '}
                        {s.valor}{' '}
                      </span>
                    ))}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
