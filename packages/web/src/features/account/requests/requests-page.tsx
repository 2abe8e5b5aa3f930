import { ScrollTable } from '../../../ui/scroll-table';
import { LOAN_REQUEST_FILTERS } from '@estante/contracts';
import { Alert, Anchor, Loader, Select, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMyRequests } from './requests.api';
import { type Period, PeriodForm } from '../period-form';

type Status = (typeof LOAN_REQUEST_FILTERS)[number];

/** Meu Pergamum, "Consulta de solicitações de empréstimo": the requests of a period, by status (spec §4). */
export function RequestsPage({ titleHref }: { titleHref: (id: number) => string }) {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<Status>('todas');
  const [query, setQuery] = useState<(Period & { status: Status }) | null>(null);
  const requests = useMyRequests(query);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short' });
  return (
    <section>
      <PeriodForm onSubmit={(period) => setQuery({ ...period, status })}>
        <Select
          label={t('requests.status')}
          data={LOAN_REQUEST_FILTERS.map((s) => ({ value: s, label: t(`requests.statuses.${s}`) }))}
          value={status}
          onChange={(v) => setStatus(LOAN_REQUEST_FILTERS.find((s) => s === v) ?? 'todas')}
          allowDeselect={false}
        />
      </PeriodForm>
      {query && requests.isPending && <Loader size="sm" aria-label={t('loading.title')} />}
      {requests.isError && (
        <Alert color="red" variant="filled">
          {t('requests.fetchError')}
        </Alert>
      )}
      {requests.data &&
        (requests.data.length === 0 ? (
          <Text>{t('requests.noneInPeriod')}</Text>
        ) : (
          <ScrollTable minWidth={640}>
            <Table striped>
              <Table.Caption>{t('requests.mine')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('holds.title')}</Table.Th>
                  <Table.Th>{t('requests.origin')}</Table.Th>
                  <Table.Th>{t('requests.receiving')}</Table.Th>
                  <Table.Th>{t('requests.date')}</Table.Th>
                  <Table.Th>{t('requests.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {requests.data.map((r) => (
                  <Table.Tr key={r.cod_solicitacao}>
                    <Table.Td>
                      <Anchor component={Link} to={titleHref(r.cod_acervo)} underline="always">
                        {r.titulo}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{r.origem}</Table.Td>
                    <Table.Td>
                      {r.recebimento}
                      <Text size="sm">{t(`requests.locations.${r.cod_local_recebimento}`)}</Text>
                    </Table.Td>
                    <Table.Td>{date.format(new Date(r.data_solicitacao))}</Table.Td>
                    <Table.Td>{t(`requests.statuses.${r.situacao}`)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        ))}
    </section>
  );
}
