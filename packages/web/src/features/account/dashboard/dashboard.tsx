import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useShortDate } from '../../../ui/dates';
import { formatMoney } from '../../../ui/money';
import { useAlerts } from '../alerts/alerts.api';
import { useDebts } from '../debts/debts.api';
import { useMyHolds } from '../holds/holds.api';
import { DashboardCard } from './dashboard-card';
import { LoansCard } from './loans-card';
import { StatusLine } from '../../../ui/status-line';

/** The holds card: those waiting at the desk (until when), and how many are in a queue. */
function HoldsCard({ href }: { href: string }) {
  const { t } = useTranslation();
  const holds = useMyHolds();
  const day = useShortDate();
  return (
    <DashboardCard
      id="reservas"
      title={t('account.holds')}
      href={href}
      linkText={t('account.dashboard.holds.link')}
      query={holds}
      errorText={t('holds.fetchError')}
      lines={3}
    >
      {() => {
        const all = holds.data!;
        if (all.length === 0) return <Text>{t('holds.none')}</Text>;
        const ready = all.filter((h) => h.situacao === 'liberada').sort((a, b) => (a.prazo_retirada ?? '').localeCompare(b.prazo_retirada ?? ''));
        const queued = all.filter((h) => h.situacao === 'fila').length;
        return (
          <>
            {ready.length > 0 ? (
              <StatusLine tone="warning">{t('account.dashboard.holds.ready', { count: ready.length })}</StatusLine>
            ) : (
              <Text>{t('account.dashboard.holds.ready', { count: 0 })}</Text>
            )}
            {ready.length > 0 && (
              <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('account.dashboard.holds.readyList')}>
                {ready.slice(0, 3).map((h) => (
                  <li key={h.cod_reserva}>
                    <Text style={{ overflowWrap: 'anywhere' }}>{h.titulo}</Text>
                    {h.prazo_retirada && <Text size="sm">{t('account.dashboard.holds.pickUpBy', { date: day(h.prazo_retirada) })}</Text>}
                  </li>
                ))}
              </Stack>
            )}
            <Text>{t('account.dashboard.holds.queue', { count: queued })}</Text>
          </>
        );
      }}
    </DashboardCard>
  );
}

/** The debts card: what is left to pay, in the language's currency, and over how many debts. */
function DebtsCard({ href }: { href: string }) {
  const { t, i18n } = useTranslation();
  const debts = useDebts();
  return (
    <DashboardCard
      id="debitos"
      title={t('account.debts')}
      href={href}
      linkText={t('account.dashboard.debts.link')}
      query={debts}
      errorText={t('debts.fetchError')}
      lines={2}
    >
      {() =>
        debts.data!.itens.length === 0 ? (
          <StatusLine tone="ok">{t('debts.none')}</StatusLine>
        ) : (
          <>
            <StatusLine tone="danger">
              <strong>{t('debts.total', { total: formatMoney(debts.data!.total, i18n.language) })}</strong>
            </StatusLine>
            <Text>{t('account.dashboard.debts.count', { count: debts.data!.itens.length })}</Text>
          </>
        )
      }
    </DashboardCard>
  );
}

/** The alerts card: how many are unread (the same call as the menu's badge). */
function AlertsCard({ href }: { href: string }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  return (
    <DashboardCard
      id="alertas"
      title={t('account.alerts')}
      href={href}
      linkText={t('account.dashboard.alerts.link')}
      query={alerts}
      errorText={t('alerts.fetchError')}
      lines={1}
    >
      {() => {
        const unread = alerts.data!.nao_lidos;
        return unread ? <StatusLine tone="warning">{t('alerts.unread', { count: unread })}</StatusLine> : <Text>{t('alerts.noneUnread')}</Text>;
      }}
    </DashboardCard>
  );
}

/** The cards, each with the menu segment of its section (the same as in ../sections.ts). */
const CARDS: readonly { segment: string; Card: ComponentType<{ href: string }> }[] = [
  { segment: 'emprestimos', Card: LoansCard },
  { segment: 'reservas', Card: HoldsCard },
  { segment: 'debitos', Card: DebtsCard },
  { segment: 'alertas', Card: AlertsCard },
];

/**
 * The account home (issue 24): a card for each of loans, holds, debts and alerts — only those
 * whose section the patron has (`segments`, the menu's) — with where it stands and a link to
 * it (`sectionHref`: the site's or the app's address of a section).
 */
export function AccountDashboard({ segments, sectionHref }: { segments: readonly string[]; sectionHref: (segment: string) => string }) {
  const shown = CARDS.filter((c) => segments.includes(c.segment));
  if (shown.length === 0) return null;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      {shown.map(({ segment, Card }) => (
        <Card key={segment} href={sectionHref(segment)} />
      ))}
    </SimpleGrid>
  );
}
