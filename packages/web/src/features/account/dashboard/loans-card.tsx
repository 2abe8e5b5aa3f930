import type { EmprestimoPendente } from '@estante/contracts/circulation';
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useShortDate } from '../../../ui/dates';
import { usePendingLoans } from '../loans/loans.api';
import { DashboardCard } from './dashboard-card';
import { StatusLine, type Tone } from '../../../ui/status-line';

/** Days from today (local) to an API date (YYYY-MM-DD): negative once it has passed. */
export function daysUntil(iso: string, today: Date = new Date()): number {
  const [y, m, d] = iso.slice(0, 10).split('-').map(Number);
  return Math.round((Date.UTC(y!, m! - 1, d!) - Date.UTC(today.getFullYear(), today.getMonth(), today.getDate())) / 86_400_000);
}

/** The loans to return first: the overdue ones, then by due date; at most `count`. */
export function nextDue(loans: readonly EmprestimoPendente[], count = 3): EmprestimoPendente[] {
  return [...loans]
    .sort((a, b) => Number(b.atrasado) - Number(a.atrasado) || a.data_devolucao_prevista.localeCompare(b.data_devolucao_prevista))
    .slice(0, count);
}

/** How a loan stands in words and tone: overdue (the library's count of days), due within two days, or later. */
function useDueStatus(): (loan: EmprestimoPendente) => { tone: Tone; text: string } {
  const { t } = useTranslation();
  const day = useShortDate();
  return (loan) => {
    const date = day(loan.data_devolucao_prevista);
    if (loan.atrasado) return { tone: 'danger', text: t('account.dashboard.loans.overdue', { count: loan.dias_atraso, date }) };
    const days = daysUntil(loan.data_devolucao_prevista);
    if (days <= 2) return { tone: 'warning', text: t('account.dashboard.loans.dueIn', { count: Math.max(days, 0), date }) };
    return { tone: 'ok', text: t('account.dashboard.loans.dueOn', { date }) };
  };
}

/** The loans card: how many are open and overdue, and the next ones to return. */
export function LoansCard({ href }: { href: string }) {
  const { t } = useTranslation();
  const loans = usePendingLoans();
  const status = useDueStatus();
  return (
    <DashboardCard
      id="emprestimos"
      title={t('account.loans')}
      href={href}
      linkText={t('account.dashboard.loans.link')}
      query={loans}
      errorText={t('loans.fetchError')}
      lines={9}
    >
      {() => {
        const open = loans.data!;
        if (open.length === 0) return <Text>{t('loans.none')}</Text>;
        const overdue = open.filter((l) => l.atrasado).length;
        return (
          <>
            <Text fw={700}>{t('account.dashboard.loans.open', { count: open.length })}</Text>
            <StatusLine tone={overdue ? 'danger' : 'ok'}>
              {overdue ? t('account.dashboard.loans.overdueCount', { count: overdue }) : t('account.dashboard.loans.noneOverdue')}
            </StatusLine>
            <Title order={3} size="h6" id="painel-emprestimos-proximos" mt={4}>
              {t('account.dashboard.loans.next')}
            </Title>
            <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }} aria-labelledby="painel-emprestimos-proximos">
              {nextDue(open).map((loan) => {
                const { tone, text } = status(loan);
                return (
                  <li key={loan.cod_emprestimo}>
                    <Text style={{ overflowWrap: 'anywhere' }}>{loan.titulo}</Text>
                    <StatusLine tone={tone} size="sm">
                      {text}
                    </StatusLine>
                  </li>
                );
              })}
            </Stack>
          </>
        );
      }}
    </DashboardCard>
  );
}
