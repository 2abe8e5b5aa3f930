import { ScrollTable } from '../../../ui/scroll-table';
import { StatusLine, type Tone } from '../../../ui/status-line';
import type { Acervo, Exemplar } from '@estante/contracts/catalog';
import { Select, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useExemplares } from '../api/get-exemplares';
import { dateFormat } from '../../../ui/dates';
import { copyPartsLabel } from '../../../ui/copy-parts';

/** Each copy status at a glance: on the shelf, out for now, gone, or for reading here. */
const STATUS_TONE: Record<string, Tone> = {
  disponivel: 'ok',
  emprestado: 'warning',
  reservado: 'warning',
  em_transito: 'warning',
  em_processamento: 'neutral',
  consulta_local: 'neutral',
  extraviado: 'danger',
};

/** Today in the reader's calendar, as the API writes dates (YYYY-MM-DD). */
function todayIso(now = new Date()): string {
  return [now.getFullYear(), now.getMonth() + 1, now.getDate()].map((n) => String(n).padStart(2, '0')).join('-');
}

/** A copy on loan past its due date: said late, in the danger tone (issue 55: a past date alone read as if all were well). */
const isOverdue = (copy: Pick<Exemplar, 'situacao' | 'data_devolucao_prevista'>, today = todayIso()) =>
  copy.situacao === 'emprestado' && copy.data_devolucao_prevista !== null && copy.data_devolucao_prevista < today;

/** Tab 30: the copies, by library, with where they are and whether they can be borrowed now. */
export function CopiesTab({ acervo }: { acervo: Acervo }) {
  const { t, i18n } = useTranslation();
  const [library, setLibrary] = useState<number | null>(null);
  const copies = useExemplares(acervo.cod_acervo, library);
  const date = dateFormat(i18n.language, 'none', 'UTC');
  return (
    <>
      <Select
        label={t('copies.library')}
        data={[
          { value: '', label: t('copies.allLibraries') },
          ...acervo.disponibilidade.map((d) => ({ value: String(d.cod_biblioteca), label: d.desc_biblioteca })),
        ]}
        value={library === null ? '' : String(library)}
        onChange={(value) => setLibrary(value ? Number(value) : null)}
        allowDeselect={false}
        maw={360}
        mb="sm"
      />
      <div aria-live="polite" aria-busy={copies.isFetching}>
        {copies.data && (
          <Text size="sm" mb="sm">
            {copies.data.disponibilidade.map((d) => t('copies.summary', { library: d.desc_biblioteca, available: d.disponiveis, count: d.total })).join(' · ')}
          </Text>
        )}
      </div>
      {copies.isError && <Text c="red.8">{t('errors.loadFailed')}</Text>}
      {copies.data && (
        <ScrollTable minWidth={720} stacks>
          <Table striped withTableBorder fz="sm" className="stack-table">
            <Table.Caption>{t('copies.caption', { count: copies.data.exemplares.length })}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('copies.accession')}</Table.Th>
                <Table.Th scope="col">{t('copies.library')}</Table.Th>
                <Table.Th scope="col">{t('copies.location')}</Table.Th>
                <Table.Th scope="col">{t('copies.loanType')}</Table.Th>
                <Table.Th scope="col">{t('copies.collection')}</Table.Th>
                <Table.Th scope="col">{t('copies.parts')}</Table.Th>
                <Table.Th scope="col">{t('copies.material')}</Table.Th>
                <Table.Th scope="col">{t('copies.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {copies.data.exemplares.map((c) => (
                <Table.Tr key={c.cod_exemplar}>
                  <Table.Th scope="row" fw={400} data-label={t('copies.accession')}>
                    {c.tombo}
                  </Table.Th>
                  <Table.Td data-label={t('copies.library')}>{c.desc_biblioteca}</Table.Td>
                  <Table.Td data-label={t('copies.location')}>{c.localizacao}</Table.Td>
                  <Table.Td data-label={t('copies.loanType')}>{c.tipo_emprestimo}</Table.Td>
                  <Table.Td data-label={t('copies.collection')}>{c.colecao ?? ''}</Table.Td>
                  <Table.Td data-label={t('copies.parts')}>{copyPartsLabel(c, t)}</Table.Td>
                  <Table.Td data-label={t('copies.material')}>{c.material ?? ''}</Table.Td>
                  <Table.Td data-label={t('copies.status')} data-status>
                    <StatusLine tone={isOverdue(c) ? 'danger' : (STATUS_TONE[c.situacao] ?? 'neutral')} size="sm">
                      {t(`copies.statuses.${c.situacao}`)}
                      {c.data_devolucao_prevista &&
                        ` — ${t(isOverdue(c) ? 'copies.overdue' : 'copies.due', { date: date.format(new Date(`${c.data_devolucao_prevista}T00:00:00Z`)) })}`}
                    </StatusLine>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </>
  );
}
