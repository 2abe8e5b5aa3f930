import type { deskEndpoints } from '@estante/contracts/circulation';
import type { EndpointOutput } from '@estante/contracts/kernel';
import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useShortDate } from '../../../ui/dates';
import { type Column, ListSection } from '../../../ui/list-section';
import { StatusLine } from '../../../ui/status-line';
import { useHoldsShelf } from './desk.api';

type ShelfHold = EndpointOutput<typeof deskEndpoints.holdsShelf>[number];

/** "Estante de reservas": the copies kept at the desk for patrons, lapsed ones first and said so in words. */
export function HoldsShelf() {
  const { t } = useTranslation();
  const shelf = useHoldsShelf();
  const day = useShortDate();
  const columns: Column<ShelfHold>[] = [
    { header: t('staffDesk.shelf.title'), cell: (h) => h.titulo },
    { header: t('staffDesk.shelf.copy'), cell: (h) => h.tombo },
    { header: t('staffDesk.shelf.patron'), cell: (h) => h.nome },
    { header: t('staffDesk.shelf.library'), cell: (h) => h.biblioteca },
    {
      header: t('staffDesk.shelf.deadline'),
      status: true,
      cell: (h) => (
        <StatusLine tone={h.vencida ? 'danger' : 'neutral'} size="sm">
          {h.vencida ? t('staffDesk.shelf.lapsed', { date: day(h.prazo) }) : day(h.prazo)}
        </StatusLine>
      ),
    },
  ];
  return (
    <section aria-labelledby="desk-shelf">
      <Title order={2} size="h3" id="desk-shelf" mb="sm">
        {t('staffDesk.shelf.heading')}
      </Title>
      <ListSection
        query={shelf}
        errorText={t('staffDesk.shelf.fetchError')}
        emptyText={t('staffDesk.shelf.none')}
        caption={t('staffDesk.shelf.heading')}
        columns={columns}
        rowKey={(h) => h.cod_reserva}
        minWidth={640}
      />
    </section>
  );
}
