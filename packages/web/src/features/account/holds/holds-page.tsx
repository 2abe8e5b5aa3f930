import type { Reserva } from '@estante/contracts/circulation';
import { Anchor, Button, Checkbox, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { confirmAction } from '../../../ui/confirm';
import { copyPartsLabel } from '../../../ui/copy-parts';
import { useShortDate } from '../../../ui/dates';
import { type Column, ListSection } from '../../../ui/list-section';
import { NoticeView, useNotify } from '../../../ui/notify';
import { useCancelHolds, useHoldHistory, useMyHolds } from './holds.api';
import { lastTwelveMonths, type Period, PeriodForm } from '../period-form';

/**
 * Meu Pergamum, "Reservas" (spec §2, §4, §5): the patron's holds — the place in the queue, or
 * the copy waiting at the desk and until when — cancel the selected ones after a confirmation
 * ("select a reservation to cancel" when none is), and the history of a period.
 */
export function HoldsPage({ titleHref }: { titleHref: (id: number) => string }) {
  const { t } = useTranslation();
  const holds = useMyHolds();
  const cancel = useCancelHolds();
  const [selected, setSelected] = useState<number[]>([]);
  const notify = useNotify();
  const columns = useHoldColumns(titleHref);

  const doCancel = async (ids: number[]) => {
    try {
      const done = await cancel.mutateAsync(ids);
      notify.success(t('holds.cancelled', { count: done.canceladas }));
      setSelected([]);
    } catch (error) {
      notify.failed(error);
    }
  };
  const askCancel = () => {
    notify.clear();
    if (selected.length === 0) return notify.problem(t('holds.selectToCancel'));
    const ids = selected;
    confirmAction({
      title: t('holds.confirmTitle'),
      text: t('holds.confirmText', { count: ids.length }),
      keepLabel: t('holds.keep'),
      confirmLabel: t('holds.confirmCancel'),
      danger: true,
      onConfirm: () => void doCancel(ids),
    });
  };
  const select: Column<Reserva> = {
    header: t('holds.select'),
    cell: (h) => (
      <Checkbox
        aria-label={t('holds.selectOne', { title: h.titulo })}
        checked={selected.includes(h.cod_reserva)}
        onChange={(e) => {
          const on = e.currentTarget.checked;
          setSelected((s) => (on ? [...s, h.cod_reserva] : s.filter((x) => x !== h.cod_reserva)));
        }}
      />
    ),
  };

  return (
    <Stack gap="lg">
      <section aria-labelledby="holds-current">
        <Title order={2} size="h3" id="holds-current" mb="sm">
          {t('holds.current')}
        </Title>
        <NoticeView notice={notify.notice} mb="sm" />
        <ListSection
          query={holds}
          errorText={t('holds.fetchError')}
          emptyText={t('holds.none')}
          caption={t('holds.current')}
          columns={[select, ...columns]}
          rowKey={(h) => h.cod_reserva}
          footer={
            <Button mt="sm" color="red.9" onClick={askCancel} loading={cancel.isPending}>
              {t('holds.cancelSelected')}
            </Button>
          }
        />
      </section>
      <History columns={columns} />
    </Stack>
  );
}

/** A hold's title (and parts), library, date placed and where it stands: the current list's and the history's columns. */
function useHoldColumns(titleHref: (id: number) => string): Column<Reserva>[] {
  const { t } = useTranslation();
  const day = useShortDate();
  const parts = (h: Reserva) => copyPartsLabel(h, t);
  const status = (h: Reserva) =>
    h.situacao === 'fila'
      ? t('holds.inQueue', { position: h.posicao })
      : h.situacao === 'liberada'
        ? t('holds.released', { date: day(h.prazo_retirada!), copy: h.observacao })
        : t(`holds.statuses.${h.situacao}`);
  return [
    {
      header: t('holds.title'),
      cell: (h) => (
        <>
          <Anchor component={Link} to={titleHref(h.cod_acervo)} underline="always">
            {h.titulo}
          </Anchor>
          {parts(h) && <Text size="sm">{parts(h)}</Text>}
        </>
      ),
    },
    { header: t('holds.library'), cell: (h) => h.desc_biblioteca },
    { header: t('holds.placedOn'), cell: (h) => day(h.data_reserva) },
    { header: t('holds.status'), cell: status },
  ];
}

/** The holds placed in a period (at first the last 12 months). */
function History({ columns }: { columns: Column<Reserva>[] }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<Period>(lastTwelveMonths);
  const history = useHoldHistory(period);
  return (
    <section aria-labelledby="holds-history">
      <Title order={2} size="h3" id="holds-history" mb="sm">
        {t('holds.history')}
      </Title>
      <PeriodForm initial={period} onSubmit={setPeriod} />
      <ListSection
        query={history}
        errorText={t('holds.fetchError')}
        emptyText={t('holds.noneInPeriod')}
        caption={t('holds.history')}
        columns={columns}
        rowKey={(h) => h.cod_reserva}
      />
    </section>
  );
}
