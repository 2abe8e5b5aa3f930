import { ScrollTable } from '../../../ui/scroll-table';
import type { EmprestimoPendente, Renovacao } from '@estante/contracts';
import { Alert, Anchor, Badge, Button, Checkbox, List, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useShortDate } from '../../../ui/dates';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { messageOf } from '../../../api/client';
import { formatMoney } from '../../../ui/money';
import { useLoanHistory, usePendingLoans, useRenewLoans } from './loans.api';
import { type Period, PeriodForm } from '../period-form';

/**
 * Meu Pergamum, "Empréstimos" and "Renovação" (spec §2, §4, §5): the open loans — overdue
 * marked, renewals used against the limit, a title someone else waits for — renew the
 * selected ones ("select an item to renew" when none is), each with its outcome and a receipt
 * with its key; and the returned loans of a period, or only those fined.
 */
export function LoansPage({ titleHref }: { titleHref: (id: number) => string }) {
  const { t } = useTranslation();
  const loans = usePendingLoans();
  const renew = useRenewLoans();
  const [selected, setSelected] = useState<number[]>([]);
  const [outcome, setOutcome] = useState<Renovacao | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const day = useShortDate();

  const doRenew = async () => {
    setProblem(null);
    setOutcome(null);
    if (selected.length === 0) return setProblem(t('loans.selectToRenew'));
    try {
      setOutcome(await renew.mutateAsync(selected));
      setSelected([]);
    } catch (error) {
      setProblem(messageOf(error, t('errors.unexpected')));
    }
  };

  return (
    <Stack gap="lg">
      <section aria-labelledby="loans-current">
        <Title order={2} size="h3" id="loans-current" mb="sm">
          {t('loans.current')}
        </Title>
        {problem && (
          <Alert color="yellow" variant="light" role="alert" mb="sm">
            {problem}
          </Alert>
        )}
        {outcome && <RenewalOutcome outcome={outcome} day={day} />}
        {loans.isPending ? (
          <Loader size="sm" aria-label={t('loading.title')} />
        ) : loans.isError ? (
          <Alert color="red" variant="filled">
            {t('loans.fetchError')}
          </Alert>
        ) : loans.data.length === 0 ? (
          <Text>{t('loans.none')}</Text>
        ) : (
          <>
            <ScrollTable minWidth={640}>
              <Table striped>
                <Table.Caption>{t('loans.current')}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('holds.select')}</Table.Th>
                    <Table.Th>{t('holds.title')}</Table.Th>
                    <Table.Th>{t('holds.library')}</Table.Th>
                    <Table.Th>{t('loans.lentOn')}</Table.Th>
                    <Table.Th>{t('loans.due')}</Table.Th>
                    <Table.Th>{t('loans.renewals')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {loans.data.map((l) => (
                    <LoanRow
                      key={l.cod_emprestimo}
                      loan={l}
                      day={day}
                      titleHref={titleHref}
                      checked={selected.includes(l.cod_emprestimo)}
                      onToggle={(on) => setSelected((s) => (on ? [...s, l.cod_emprestimo] : s.filter((x) => x !== l.cod_emprestimo)))}
                    />
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
            <Button mt="sm" onClick={() => void doRenew()} loading={renew.isPending}>
              {t('loans.renewSelected')}
            </Button>
          </>
        )}
      </section>
      <History titleHref={titleHref} day={day} />
    </Stack>
  );
}

function LoanRow({ loan, day, titleHref, checked, onToggle }: { loan: EmprestimoPendente; day: (iso: string) => string; titleHref: (id: number) => string; checked: boolean; onToggle: (on: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Table.Tr>
      <Table.Td>
        <Checkbox aria-label={t('loans.selectOne', { title: loan.titulo })} checked={checked} onChange={(e) => onToggle(e.currentTarget.checked)} />
      </Table.Td>
      <Table.Td>
        <Anchor component={Link} to={titleHref(loan.cod_acervo)} underline="always">
          {loan.titulo}
        </Anchor>
        <Text size="sm">{t('loans.copy', { tombo: loan.tombo })}</Text>
        {loan.reservado && <Text size="sm">{t('loans.heldByAnother')}</Text>}
      </Table.Td>
      <Table.Td>{loan.desc_biblioteca}</Table.Td>
      <Table.Td>{day(loan.data_emprestimo)}</Table.Td>
      <Table.Td>
        {day(loan.data_devolucao_prevista)}
        {loan.atrasado && (
          <Badge color="red.9" variant="filled" ml={6}>
            {t('loans.overdue', { count: loan.dias_atraso })}
          </Badge>
        )}
      </Table.Td>
      <Table.Td>{t('loans.renewalsOf', { used: loan.renovacoes, limit: loan.limite_renovacoes })}</Table.Td>
    </Table.Tr>
  );
}

/** Each loan's outcome, and the receipt of the renewals made (its key, to print). */
function RenewalOutcome({ outcome, day }: { outcome: Renovacao; day: (iso: string) => string }) {
  const { t, i18n } = useTranslation();
  return (
    <Paper withBorder p="md" mb="sm" role="status" aria-label={t('loans.outcome')}>
      <List spacing={4}>
        {outcome.itens.map((i) => (
          <List.Item key={i.cod_emprestimo}>
            {i.renovado ? t('loans.renewed', { title: i.titulo, date: day(i.nova_devolucao!) }) : t('loans.notRenewed', { title: i.titulo ?? `#${i.cod_emprestimo}`, reason: i.motivo })}
          </List.Item>
        ))}
      </List>
      {outcome.comprovante && (
        <Stack gap={4} mt="sm">
          <Text fw={700}>{t('loans.receipt')}</Text>
          <Text>
            {t('loans.receiptLine', {
              name: outcome.comprovante.pessoa,
              date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(outcome.comprovante.data)),
            })}
          </Text>
          <Text>
            {t('loans.receiptKey')} <strong>{outcome.comprovante.chave}</strong>
          </Text>
          <Button variant="outline" color="blue.9" w="fit-content" onClick={() => window.print()}>
            {t('loans.print')}
          </Button>
        </Stack>
      )}
    </Paper>
  );
}

function History({ titleHref, day }: { titleHref: (id: number) => string; day: (iso: string) => string }) {
  const { t, i18n } = useTranslation();
  const [onlyFined, setOnlyFined] = useState(false);
  const [query, setQuery] = useState<(Period & { multa: boolean }) | null>(null);
  const history = useLoanHistory(query);
  return (
    <section aria-labelledby="loans-history">
      <Title order={2} size="h3" id="loans-history" mb="sm">
        {t('loans.history')}
      </Title>
      <PeriodForm onSubmit={(period) => setQuery({ ...period, multa: onlyFined })}>
        <Checkbox label={t('loans.onlyFined')} checked={onlyFined} onChange={(e) => setOnlyFined(e.currentTarget.checked)} mb={8} />
      </PeriodForm>
      {query && history.isPending && <Loader size="sm" aria-label={t('loading.title')} />}
      {history.isError && (
        <Alert color="red" variant="filled">
          {t('loans.fetchError')}
        </Alert>
      )}
      {history.data &&
        (history.data.length === 0 ? (
          <Text>{t('loans.noneInPeriod')}</Text>
        ) : (
          <ScrollTable minWidth={560}>
            <Table striped>
              <Table.Caption>{t('loans.history')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('holds.title')}</Table.Th>
                  <Table.Th>{t('loans.lentOn')}</Table.Th>
                  <Table.Th>{t('loans.returnedOn')}</Table.Th>
                  <Table.Th>{t('loans.fine')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {history.data.map((l) => (
                  <Table.Tr key={l.cod_emprestimo}>
                    <Table.Td>
                      <Anchor component={Link} to={titleHref(l.cod_acervo)} underline="always">
                        {l.titulo}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{day(l.data_emprestimo)}</Table.Td>
                    <Table.Td>{day(l.data_devolucao)}</Table.Td>
                    <Table.Td>{l.multa ? formatMoney(l.multa, i18n.language) : '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        ))}
    </section>
  );
}
