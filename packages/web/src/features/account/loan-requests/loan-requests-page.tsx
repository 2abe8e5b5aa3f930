import { LOAN_REQUEST_FILTERS, type Solicitacao } from '@estante/contracts/circulation';
import { Anchor, Select, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Column, ListSection } from '../../../ui/list-section';
import { useMyLoanRequests } from './loan-requests.api';
import { lastTwelveMonths, type Period, PeriodForm } from '../period-form';
import { dateFormat } from '../../../ui/dates';

type Status = (typeof LOAN_REQUEST_FILTERS)[number];

/** Meu Pergamum, "Consulta de solicitações de empréstimo": the requests of a period (at first the last 12 months), by status (spec §4). */
export function LoanRequestsPage({ titleHref }: { titleHref: (id: number) => string }) {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<Status>('todas');
  const [query, setQuery] = useState<Period & { status: Status }>(() => ({ ...lastTwelveMonths(), status: 'todas' }));
  const requests = useMyLoanRequests(query);
  const date = dateFormat(i18n.language);
  const columns: Column<Solicitacao>[] = [
    {
      header: t('holds.title'),
      cell: (r) => (
        <Anchor component={Link} to={titleHref(r.cod_acervo)} underline="always">
          {r.titulo}
        </Anchor>
      ),
    },
    { header: t('requests.origin'), cell: (r) => r.origem },
    {
      header: t('requests.receiving'),
      cell: (r) => (
        <>
          {r.recebimento}
          <Text size="sm">{t(`requests.locations.${r.cod_local_recebimento}`)}</Text>
        </>
      ),
    },
    { header: t('requests.date'), cell: (r) => date.format(new Date(r.data_solicitacao)) },
    { header: t('requests.status'), cell: (r) => t(`requests.statuses.${r.situacao}`) },
  ];
  return (
    <section>
      <PeriodForm initial={query} onSubmit={(period) => setQuery({ ...period, status })}>
        <Select
          label={t('requests.status')}
          data={LOAN_REQUEST_FILTERS.map((s) => ({ value: s, label: t(`requests.statuses.${s}`) }))}
          value={status}
          onChange={(v) => setStatus(LOAN_REQUEST_FILTERS.find((s) => s === v) ?? 'todas')}
          allowDeselect={false}
        />
      </PeriodForm>
      <ListSection
        query={requests}
        errorText={t('requests.fetchError')}
        emptyText={t('requests.noneInPeriod')}
        caption={t('requests.mine')}
        columns={columns}
        rowKey={(r) => r.cod_solicitacao}
        minWidth={640}
      />
    </section>
  );
}
