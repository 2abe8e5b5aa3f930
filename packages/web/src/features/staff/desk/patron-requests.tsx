import type { DeskPatron } from '@estante/contracts/circulation';
import { useTranslation } from 'react-i18next';
import { useShortDate } from '../../../ui/dates';
import { type Column, ListSection } from '../../../ui/list-section';

type Request = DeskPatron['solicitacoes'][number];

/**
 * The patron's open requests, oldest first: a loan request or a service request (its kind in
 * words), its number, what it asks for, how it stands and when it was made; a sentence when none.
 */
export function PatronRequests({ patron }: { patron: DeskPatron }) {
  const { t } = useTranslation();
  const day = useShortDate();
  const columns: Column<Request>[] = [
    { header: t('staffDesk.requests.kind'), cell: (r) => t(`staffDesk.requests.kinds.${r.tipo}`, { defaultValue: r.tipo }) },
    { header: t('staffDesk.requests.number'), cell: (r) => String(r.codigo) },
    { header: t('staffDesk.requests.what'), cell: (r) => r.titulo },
    { header: t('staffDesk.requests.state'), status: true, cell: (r) => t(`staffDesk.requests.statuses.${r.situacao}`, { defaultValue: r.situacao }) },
    { header: t('staffDesk.requests.date'), cell: (r) => day(r.data) },
  ];
  return (
    <ListSection
      query={{ isPending: false, isError: false, data: patron.solicitacoes }}
      errorText=""
      emptyText={t('staffDesk.requests.none')}
      caption={t('staffDesk.requests.caption', { name: patron.nome })}
      columns={columns}
      rowKey={(r) => `${r.tipo}-${r.codigo}`}
      minWidth={640}
    />
  );
}
