import { Alert, Loader, Table, Text } from '@mantine/core';
import type { Key, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from './scroll-table';

/** A column of a list: its header and what each row shows in it. */
export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** The row's status (due date, availability): first on a narrow screen, where each row is a card. */
  status?: boolean;
}

/**
 * The shape every Meu Pergamum list has: nothing until it is asked for (`enabled`), a spinner
 * while it loads, the error in red, the "none" sentence when empty, else a captioned striped
 * table — on a narrow screen or at a large text size, one card per row with its status first,
 * so nothing scrolls sideways (WCAG 1.4.10) — and `footer` (the action on the selected rows) under it.
 */
export function ListSection<Row>({
  query,
  enabled = true,
  errorText,
  emptyText,
  caption,
  columns,
  rowKey,
  minWidth = 560,
  footer,
}: {
  query: { isPending: boolean; isError: boolean; data: readonly Row[] | undefined };
  enabled?: boolean;
  errorText: string;
  emptyText: string;
  caption: string;
  columns: Column<Row>[];
  rowKey: (row: Row) => Key;
  minWidth?: number;
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  if (!enabled) return null;
  if (query.isPending) return <Loader size="sm" aria-label={t('loading.title')} />;
  if (query.isError || !query.data)
    return (
      <Alert color="red" variant="filled">
        {errorText}
      </Alert>
    );
  if (query.data.length === 0) return <Text>{emptyText}</Text>;
  return (
    <>
      <ScrollTable minWidth={minWidth} stacks>
        <Table striped className="stack-table">
          <Table.Caption>{caption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.header}>{c.header}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {query.data.map((row) => (
              <Table.Tr key={rowKey(row)}>
                {columns.map((c) => (
                  // The header travels with the cell: a narrow screen shows it beside the value (styles.css).
                  <Table.Td key={c.header} data-label={c.header} data-status={c.status || undefined}>
                    {c.cell(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      {footer}
    </>
  );
}
