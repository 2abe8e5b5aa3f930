import { Button, Group, Paper, Select, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type KardexPart, useKardexCombo, useKardexData, useKardexItem } from '../api/kardex';
import { IssueContents } from './issue-contents';
import { dateFormat } from '../../../ui/dates';

/**
 * Tab 32, collection / Kardex: a serial's issues at a library for a year (received, with the
 * arrival date, or still missing), supplements and indexes apart; an issue opens its contents.
 */
export function KardexTab({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const combo = useKardexCombo(id);
  const [chosen, setChosen] = useState<{ library: number | null; year: number | null; part: KardexPart }>({ library: null, year: null, part: 'F' });
  const [open, setOpen] = useState<number | null>(null);
  const library = chosen.library ?? combo.data?.bibliotecas[0]?.cod_biblioteca ?? null;
  const year = chosen.year ?? combo.data?.anos[0] ?? null;
  const data = useKardexData(id, library, year, chosen.part);
  const item = useKardexItem(id, open, chosen.part);
  const month = new Intl.DateTimeFormat(i18n.language, { month: 'long', timeZone: 'UTC' });
  const date = dateFormat(i18n.language, 'none', 'UTC');
  if (combo.isError || data.isError) return <Text c="red.8">{t('errors.loadFailed')}</Text>;
  if (!combo.data) return <Text c="gray.7">{t('common.loading')}</Text>;
  const change = (next: Partial<typeof chosen>) => {
    setChosen({ library, year, part: chosen.part, ...next });
    setOpen(null);
  };
  return (
    <>
      <Text mb="sm">{t('kardex.frequency', { frequency: t(`kardex.frequencies.${combo.data.periodicidade}`) })}</Text>
      <Group gap="sm" mb="sm" wrap="wrap" align="flex-end">
        <Select
          label={t('copies.library')}
          data={combo.data.bibliotecas.map((b) => ({ value: String(b.cod_biblioteca), label: b.desc_biblioteca }))}
          value={library === null ? null : String(library)}
          onChange={(v) => v && change({ library: Number(v) })}
          allowDeselect={false}
          w={300}
        />
        <Select
          label={t('statistics.year')}
          data={combo.data.anos.map(String)}
          value={year === null ? null : String(year)}
          onChange={(v) => v && change({ year: Number(v) })}
          allowDeselect={false}
          w={120}
        />
        <Select
          label={t('kardex.part')}
          data={combo.data.partes.map((p) => ({ value: p, label: t(`kardex.parts.${p}`) }))}
          value={chosen.part}
          onChange={(v) => {
            const part = combo.data.partes.find((p) => p === v);
            if (part) change({ part });
          }}
          allowDeselect={false}
          w={180}
        />
      </Group>
      {data.data && (
        <Table withTableBorder striped fz="sm" maw={720}>
          <Table.Caption>{t('kardex.caption', { year: data.data.ano, count: data.data.fasciculos.length })}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('statistics.month')}</Table.Th>
              <Table.Th scope="col">{t('kardex.volume')}</Table.Th>
              <Table.Th scope="col">{t('kardex.number')}</Table.Th>
              <Table.Th scope="col">{t('copies.status')}</Table.Th>
              <Table.Th scope="col">{t('kardex.contents')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.data.fasciculos.map((f) => (
              <Table.Tr key={f.seq}>
                <Table.Th scope="row" fw={400}>
                  {month.format(new Date(Date.UTC(data.data.ano, f.mes - 1, 1)))}
                </Table.Th>
                <Table.Td>{f.volume ?? ''}</Table.Td>
                <Table.Td>{f.numero ?? ''}</Table.Td>
                <Table.Td>
                  {f.recebido && f.data_chegada ? t('kardex.received', { date: date.format(new Date(`${f.data_chegada}T00:00:00Z`)) }) : t('kardex.missing')}
                </Table.Td>
                <Table.Td>
                  {f.artigos > 0 ? (
                    <Button size="compact-xs" variant="light" onClick={() => setOpen(f.seq)} aria-pressed={open === f.seq}>
                      {t('kardex.articles', { count: f.artigos })}
                    </Button>
                  ) : (
                    ''
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <div aria-live="polite">
        {item.data && (
          <Paper withBorder p="md" mt="md" maw={720}>
            <IssueContents issue={item.data} />
          </Paper>
        )}
      </div>
    </>
  );
}
