import { ConfirmModal } from '../../../ui/confirm-modal';
import { ScrollTable } from '../../../ui/scroll-table';
import type { Reserva } from '@estante/contracts';
import { Alert, Anchor, Button, Checkbox, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useShortDate } from '../../../ui/dates';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { messageOf } from '../../../api/client';
import { useCancelHolds, useHoldHistory, useMyHolds } from './holds.api';
import { type Period, PeriodForm } from '../period-form';

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
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<{ text: string; ok: boolean } | null>(null);
  const day = useShortDate();

  const askCancel = () => {
    setNotice(null);
    if (selected.length === 0) return setNotice({ text: t('holds.selectToCancel'), ok: false });
    setConfirming(true);
  };
  const doCancel = async () => {
    setConfirming(false);
    try {
      const done = await cancel.mutateAsync(selected);
      setNotice({ text: t('holds.cancelled', { count: done.canceladas }), ok: true });
      setSelected([]);
    } catch (error) {
      setNotice({ text: messageOf(error, t('errors.unexpected')), ok: false });
    }
  };

  const status = (h: Reserva) =>
    h.situacao === 'fila'
      ? t('holds.inQueue', { position: h.posicao })
      : h.situacao === 'liberada'
        ? t('holds.released', { date: day(h.prazo_retirada!), copy: h.observacao })
        : t(`holds.statuses.${h.situacao}`);

  return (
    <Stack gap="lg">
      <section aria-labelledby="holds-current">
        <Title order={2} size="h3" id="holds-current" mb="sm">
          {t('holds.current')}
        </Title>
        {notice && (
          <Alert color={notice.ok ? 'green' : 'yellow'} variant="light" role={notice.ok ? 'status' : 'alert'} mb="sm">
            {notice.text}
          </Alert>
        )}
        {holds.isPending ? (
          <Loader size="sm" aria-label={t('loading.title')} />
        ) : holds.isError ? (
          <Alert color="red" variant="filled">
            {t('holds.fetchError')}
          </Alert>
        ) : holds.data.length === 0 ? (
          <Text>{t('holds.none')}</Text>
        ) : (
          <>
            <HoldsTable
              caption={t('holds.current')}
              holds={holds.data}
              status={status}
              day={day}
              titleHref={titleHref}
              selected={selected}
              onToggle={(id, on) => setSelected((s) => (on ? [...s, id] : s.filter((x) => x !== id)))}
            />
            <Button mt="sm" color="red.9" onClick={askCancel} loading={cancel.isPending}>
              {t('holds.cancelSelected')}
            </Button>
          </>
        )}
      </section>
      <History titleHref={titleHref} status={status} day={day} />
      <ConfirmModal
        opened={confirming}
        title={t('holds.confirmTitle')}
        text={t('holds.confirmText', { count: selected.length })}
        keepLabel={t('holds.keep')}
        confirmLabel={t('holds.confirmCancel')}
        danger
        onClose={() => setConfirming(false)}
        onConfirm={() => void doCancel()}
      />
    </Stack>
  );
}

function HoldsTable({
  caption,
  holds,
  status,
  day,
  titleHref,
  selected,
  onToggle,
}: {
  caption: string;
  holds: Reserva[];
  status: (h: Reserva) => string;
  day: (iso: string) => string;
  titleHref: (id: number) => string;
  selected?: number[];
  onToggle?: (id: number, on: boolean) => void;
}) {
  const { t } = useTranslation();
  const parts = (h: Reserva) => [h.volume && `v. ${h.volume}`, h.tomo && `t. ${h.tomo}`, h.parte && `pt. ${h.parte}`].filter(Boolean).join(', ');
  return (
    <ScrollTable minWidth={560}>
      <Table striped>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {onToggle && <Table.Th>{t('holds.select')}</Table.Th>}
            <Table.Th>{t('holds.title')}</Table.Th>
            <Table.Th>{t('holds.library')}</Table.Th>
            <Table.Th>{t('holds.placedOn')}</Table.Th>
            <Table.Th>{t('holds.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {holds.map((h) => (
            <Table.Tr key={h.cod_reserva}>
              {onToggle && (
                <Table.Td>
                  <Checkbox
                    aria-label={t('holds.selectOne', { title: h.titulo })}
                    checked={selected?.includes(h.cod_reserva) ?? false}
                    onChange={(e) => onToggle(h.cod_reserva, e.currentTarget.checked)}
                  />
                </Table.Td>
              )}
              <Table.Td>
                <Anchor component={Link} to={titleHref(h.cod_acervo)} underline="always">
                  {h.titulo}
                </Anchor>
                {parts(h) && <Text size="sm">{parts(h)}</Text>}
              </Table.Td>
              <Table.Td>{h.desc_biblioteca}</Table.Td>
              <Table.Td>{day(h.data_reserva)}</Table.Td>
              <Table.Td>{status(h)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

/** The holds placed in a period. */
function History({ titleHref, status, day }: { titleHref: (id: number) => string; status: (h: Reserva) => string; day: (iso: string) => string }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<Period | null>(null);
  const history = useHoldHistory(period);
  return (
    <section aria-labelledby="holds-history">
      <Title order={2} size="h3" id="holds-history" mb="sm">
        {t('holds.history')}
      </Title>
      <PeriodForm onSubmit={setPeriod} />
      {period && history.isPending && <Loader size="sm" aria-label={t('loading.title')} />}
      {history.isError && (
        <Alert color="red" variant="filled">
          {t('holds.fetchError')}
        </Alert>
      )}
      {history.data &&
        (history.data.length === 0 ? (
          <Text>{t('holds.noneInPeriod')}</Text>
        ) : (
          <HoldsTable caption={t('holds.history')} holds={history.data} status={status} day={day} titleHref={titleHref} />
        ))}
    </section>
  );
}
