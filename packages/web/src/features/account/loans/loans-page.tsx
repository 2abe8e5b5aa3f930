import type { EmprestimoHistorico, EmprestimoPendente, Renovacao } from '@estante/contracts/circulation';
import { Anchor, Badge, Button, Checkbox, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dateFormat, useShortDate } from '../../../ui/dates';
import { type Column, ListSection } from '../../../ui/list-section';
import { formatMoney } from '../../../ui/money';
import { NoticeView, useNotify } from '../../../ui/notify';
import { useLoanHistory, usePendingLoans, useRenewLoans } from './loans.api';
import { lastTwelveMonths, type Period, PeriodForm } from '../period-form';
import { FeedPanel } from '../feeds/feed-panel';

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
  const notify = useNotify();
  const day = useShortDate();

  const doRenew = async () => {
    notify.clear();
    setOutcome(null);
    if (selected.length === 0) return notify.problem(t('loans.selectToRenew'));
    try {
      setOutcome(await renew.mutateAsync(selected));
      setSelected([]);
    } catch (error) {
      notify.failed(error);
    }
  };
  const title = (l: EmprestimoPendente) => (
    <>
      <Anchor component={Link} to={titleHref(l.cod_acervo)} underline="always">
        {l.titulo}
      </Anchor>
      <Text size="sm">{t('loans.copy', { tombo: l.tombo })}</Text>
      {l.reservado && <Text size="sm">{t('loans.heldByAnother')}</Text>}
    </>
  );
  const columns: Column<EmprestimoPendente>[] = [
    {
      header: t('holds.select'),
      cell: (l) => (
        <Checkbox
          aria-label={t('loans.selectOne', { title: l.titulo })}
          checked={selected.includes(l.cod_emprestimo)}
          onChange={(e) => {
            const on = e.currentTarget.checked;
            setSelected((s) => (on ? [...s, l.cod_emprestimo] : s.filter((x) => x !== l.cod_emprestimo)));
          }}
        />
      ),
    },
    { header: t('holds.title'), cell: title },
    { header: t('holds.library'), cell: (l) => l.desc_biblioteca },
    { header: t('loans.lentOn'), cell: (l) => day(l.data_emprestimo) },
    {
      header: t('loans.due'),
      status: true,
      cell: (l) => (
        <>
          {day(l.data_devolucao_prevista)}
          {l.atrasado && (
            <Badge color="red.9" variant="filled" ml={6}>
              {t('loans.overdue', { count: l.dias_atraso })}
            </Badge>
          )}
        </>
      ),
    },
    { header: t('loans.renewals'), cell: (l) => t('loans.renewalsOf', { used: l.renovacoes, limit: l.limite_renovacoes }) },
  ];

  return (
    <Stack gap="lg">
      <section aria-labelledby="loans-current">
        <Title order={2} size="h3" id="loans-current" mb="sm">
          {t('loans.current')}
        </Title>
        <NoticeView notice={notify.notice} mb="sm" />
        {outcome && <RenewalOutcome outcome={outcome} day={day} />}
        <ListSection
          query={loans}
          errorText={t('loans.fetchError')}
          emptyText={t('loans.none')}
          caption={t('loans.current')}
          columns={columns}
          rowKey={(l) => l.cod_emprestimo}
          minWidth={640}
          footer={
            <Button mt="sm" onClick={() => void doRenew()} loading={renew.isPending}>
              {t('loans.renewSelected')}
            </Button>
          }
        />
      </section>
      <History titleHref={titleHref} day={day} />
      <FeedPanel kind="vencimentos" />
    </Stack>
  );
}

/** Each loan's outcome, and the receipt of the renewals made (its key, to print). */
function RenewalOutcome({ outcome, day }: { outcome: Renovacao; day: (iso: string) => string }) {
  const { t, i18n } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  // The outcome takes the focus when it appears (decision 0047), as NoticeView does: a renewal
  // answered within a frame never blurs its button, so the focus keeper alone would leave it there.
  useEffect(() => ref.current?.focus(), [outcome]);
  return (
    <Paper ref={ref} tabIndex={-1} withBorder p="md" mb="sm" role="status" aria-label={t('loans.outcome')}>
      <List spacing={4}>
        {outcome.itens.map((i) => (
          <List.Item key={i.cod_emprestimo}>
            {i.renovado
              ? t('loans.renewed', { title: i.titulo, date: day(i.nova_devolucao!) })
              : t('loans.notRenewed', { title: i.titulo ?? `#${i.cod_emprestimo}`, reason: i.motivo })}
          </List.Item>
        ))}
      </List>
      {outcome.comprovante && (
        <Stack gap={4} mt="sm">
          <Text fw={700}>{t('loans.receipt')}</Text>
          <Text>
            {t('loans.receiptLine', {
              name: outcome.comprovante.pessoa,
              date: dateFormat(i18n.language, 'short').format(new Date(outcome.comprovante.data)),
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

/** The loans returned in a period (at first the last 12 months), or only those fined. */
function History({ titleHref, day }: { titleHref: (id: number) => string; day: (iso: string) => string }) {
  const { t, i18n } = useTranslation();
  const [onlyFined, setOnlyFined] = useState(false);
  const [query, setQuery] = useState<Period & { multa: boolean }>(() => ({ ...lastTwelveMonths(), multa: false }));
  const history = useLoanHistory(query);
  const columns: Column<EmprestimoHistorico>[] = [
    {
      header: t('holds.title'),
      cell: (l) => (
        <Anchor component={Link} to={titleHref(l.cod_acervo)} underline="always">
          {l.titulo}
        </Anchor>
      ),
    },
    { header: t('loans.lentOn'), cell: (l) => day(l.data_emprestimo) },
    { header: t('loans.returnedOn'), cell: (l) => day(l.data_devolucao) },
    { header: t('loans.fine'), cell: (l) => (l.multa ? formatMoney(l.multa, i18n.language) : '—') },
  ];
  return (
    <section aria-labelledby="loans-history">
      <Title order={2} size="h3" id="loans-history" mb="sm">
        {t('loans.history')}
      </Title>
      <PeriodForm initial={query} onSubmit={(period) => setQuery({ ...period, multa: onlyFined })}>
        <Checkbox label={t('loans.onlyFined')} checked={onlyFined} onChange={(e) => setOnlyFined(e.currentTarget.checked)} mb={8} />
      </PeriodForm>
      <ListSection
        query={history}
        errorText={t('loans.fetchError')}
        emptyText={t('loans.noneInPeriod')}
        caption={t('loans.history')}
        columns={columns}
        rowKey={(l) => l.cod_emprestimo}
      />
    </section>
  );
}
