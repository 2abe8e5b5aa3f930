import type { DeskPatron } from '@estante/contracts/circulation';
import { Alert, Box, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShortDate } from '../../../ui/dates';
import { DescriptionRow } from '../../../ui/description-row';
import { type Column, ListSection } from '../../../ui/list-section';
import { formatMoney } from '../../../ui/money';
import { StatusLine } from '../../../ui/status-line';
import { PatronNotes } from '../patrons/patron-notes';
import type { Voice } from './announcer';
import { type LentNow, useDeskRenew, useEmailReceipt, useKeepDeskNotes, useSettleDebt, useStanding } from './desk.api';
import { PatronRequests } from './patron-requests';
import { type Slip, useSlipPrinter } from './print-slip';
import { ReasonModal, type ReasonRequest } from './reason-form';

type Loan = DeskPatron['emprestimos'][number];
type Hold = DeskPatron['reservas'][number];
type Debt = DeskPatron['debitos'][number];

/** The languages a receipt is written in; another interface language leaves it to the patron's own. */

/** A list the panel already has, in the shape ListSection draws. */
const ready = <Row,>(rows: readonly Row[]) => ({ isPending: false, isError: false, data: rows });

/**
 * The open patron at the desk: who they are (their libraries too) and how they stand (a block or
 * an absence in an alert), the loans lent in this visit, then their loans (renew), holds, open
 * requests and debts (pay or waive, with a reason), the staff's notes (added and removed, each
 * said as the desk's other acts are), and the acts on the patron: block, receipt by e-mail or on
 * paper (a slip printed on its own; `onPrinted` then gives the focus back to the desk), close.
 */
export function PatronPanel({
  patron,
  lent,
  voice,
  onClose,
  onPrinted,
}: {
  patron: DeskPatron;
  lent: LentNow[];
  voice: Voice;
  onClose: () => void;
  onPrinted: () => void;
}) {
  const { t, i18n } = useTranslation();
  const day = useShortDate();
  const money = (value: string) => formatMoney(value, i18n.language);
  const libraries = new Intl.ListFormat(i18n.language, { style: 'long', type: 'conjunction' });
  const renew = useDeskRenew();
  const receipt = useEmailReceipt();
  const settle = useSettleDebt();
  const standing = useStanding();
  const print = useSlipPrinter();
  const keepNotes = useKeepDeskNotes();
  const [asking, setAsking] = useState<{ id: number; ask: ReasonRequest } | null>(null);
  const ask = (request: ReasonRequest) => setAsking((last) => ({ id: (last?.id ?? 0) + 1, ask: request }));
  const service = (debt: Debt) => t(`staffDesk.services.${debt.servico}`, { defaultValue: debt.servico });

  const doRenew = (loan: Loan) =>
    renew
      .mutateAsync(loan.cod_emprestimo)
      .then((done) => voice.say([{ tone: 'ok', text: t('staffDesk.renewed', { title: loan.titulo, date: day(done.devolucao) }) }]), voice.refuse);
  // E-mailed in the patron's language (the one they last signed in with), which the server knows; said in the desk's.
  const sendReceipt = () =>
    receipt.mutateAsync({ codPessoa: patron.cod_pessoa }).then((sent) => {
      const language = new Intl.DisplayNames(i18n.language, { type: 'language' }).of(sent.idioma) ?? sent.idioma;
      voice.say([{ tone: 'ok', text: t('staffDesk.receiptSent', { email: sent.email, count: sent.emprestimos, language }) }]);
    }, voice.refuse);
  const printReceipt = () => {
    print(receiptSlip(patron));
    onPrinted();
  };
  const dueText = (loan: Loan) => (loan.atrasado ? t('staffDesk.loans.overdue', { date: day(loan.devolucao) }) : day(loan.devolucao));
  const receiptSlip = (of: DeskPatron): Slip => ({
    lang: i18n.language,
    title: t('staffDesk.receiptSlip.heading'),
    fields: [
      { label: t('staffDesk.receiptSlip.patron'), value: of.nome },
      { label: t('staffDesk.receiptSlip.date'), value: day(new Date().toISOString()) },
    ],
    table: {
      caption: t('staffDesk.receiptSlip.loans'),
      columns: [t('staffDesk.loans.title'), t('staffDesk.loans.copy'), t('staffDesk.loans.due')],
      rows: of.emprestimos.map((loan) => [loan.titulo, loan.tombo, dueText(loan)]),
      empty: t('staffDesk.loans.none'),
    },
  });
  const askStanding = () =>
    ask({
      title: t(patron.bloqueio ? 'staffDesk.patron.unblockTitle' : 'staffDesk.patron.blockTitle', { name: patron.nome }),
      submitLabel: t(patron.bloqueio ? 'staffDesk.patron.unblock' : 'staffDesk.patron.block'),
      act: async (motivo) => {
        const now = await standing.mutateAsync({ codPessoa: patron.cod_pessoa, bloquear: !patron.bloqueio, motivo });
        voice.say([{ tone: 'ok', text: t(now.bloqueio ? 'staffDesk.blocked' : 'staffDesk.unblocked', { name: now.nome }) }]);
      },
    });
  const askSettle = (debt: Debt, forma: 'pagamento' | 'abono') =>
    ask({
      title: t(forma === 'pagamento' ? 'staffDesk.debts.payTitle' : 'staffDesk.debts.waiveTitle', { service: service(debt), amount: money(debt.valor) }),
      text: debt.titulo ?? undefined,
      submitLabel: t(forma === 'pagamento' ? 'staffDesk.debts.pay' : 'staffDesk.debts.waive'),
      act: async (motivo) => {
        await settle.mutateAsync({ codDebito: debt.cod_debito, forma, motivo });
        voice.say([
          { tone: 'ok', text: t(forma === 'pagamento' ? 'staffDesk.paid' : 'staffDesk.waived', { service: service(debt), amount: money(debt.valor) }) },
        ]);
      },
    });

  const loanColumns: Column<Loan>[] = [
    { header: t('staffDesk.loans.title'), cell: (l) => l.titulo },
    { header: t('staffDesk.loans.copy'), cell: (l) => l.tombo },
    {
      header: t('staffDesk.loans.due'),
      status: true,
      cell: (l) =>
        l.atrasado ? (
          <StatusLine tone="danger" size="sm">
            {t('staffDesk.loans.overdue', { date: day(l.devolucao) })}
          </StatusLine>
        ) : (
          day(l.devolucao)
        ),
    },
    { header: t('staffDesk.loans.renewals'), cell: (l) => String(l.renovacoes) },
    {
      header: t('staffDesk.loans.actions'),
      cell: (l) => (
        <Button size="compact-sm" variant="default" aria-label={t('staffDesk.loans.renewOne', { title: l.titulo })} onClick={() => void doRenew(l)}>
          {t('staffDesk.loans.renew')}
        </Button>
      ),
    },
  ];
  const holdColumns: Column<Hold>[] = [
    { header: t('staffDesk.holds.title'), cell: (h) => h.titulo },
    { header: t('staffDesk.holds.library'), cell: (h) => h.biblioteca },
    {
      header: t('staffDesk.holds.state'),
      status: true,
      cell: (h) => (
        <>
          {t(`holds.statuses.${h.situacao}`, { defaultValue: h.situacao })}
          {h.tombo && <Text size="sm">{t('staffDesk.holds.kept', { tombo: h.tombo })}</Text>}
        </>
      ),
    },
    { header: t('staffDesk.holds.deadline'), cell: (h) => (h.prazo ? day(h.prazo) : '—') },
  ];
  const debtColumns: Column<Debt>[] = [
    { header: t('staffDesk.debts.service'), cell: service },
    { header: t('staffDesk.debts.title'), cell: (d) => d.titulo ?? '—' },
    { header: t('staffDesk.debts.amount'), status: true, cell: (d) => money(d.valor) },
    {
      header: t('staffDesk.debts.actions'),
      cell: (d) => (
        <Group gap="xs">
          <Button
            size="compact-sm"
            variant="default"
            aria-label={t('staffDesk.debts.payOne', { service: service(d), amount: money(d.valor) })}
            onClick={() => askSettle(d, 'pagamento')}
          >
            {t('staffDesk.debts.pay')}
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            aria-label={t('staffDesk.debts.waiveOne', { service: service(d), amount: money(d.valor) })}
            onClick={() => askSettle(d, 'abono')}
          >
            {t('staffDesk.debts.waive')}
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <section aria-labelledby="desk-patron">
      <Stack gap="lg">
        <Stack gap="sm">
          <Title order={2} size="h3" id="desk-patron">
            {t('staffDesk.patron.heading', { name: patron.nome })}
          </Title>
          {patron.bloqueio && (
            <Alert color="red" variant="light" title={t('staffDesk.patron.blockedTitle')}>
              {patron.motivo_bloqueio ? t('staffDesk.patron.reason', { reason: patron.motivo_bloqueio }) : t('staffDesk.patron.noReason')}
            </Alert>
          )}
          {patron.afastamento && (
            <Alert color="yellow" variant="light" title={t('staffDesk.patron.awayTitle')}>
              {t('staffDesk.patron.reason', { reason: patron.afastamento })}
            </Alert>
          )}
          <Box component="dl" m={0}>
            <DescriptionRow label={t('staffDesk.patron.logins')}>{patron.logins.join(', ') || '—'}</DescriptionRow>
            <DescriptionRow label={t('staffDesk.patron.category')}>{patron.categoria}</DescriptionRow>
            <DescriptionRow label={t('staffDesk.patron.validity')}>{patron.validade ? day(patron.validade) : t('staffDesk.patron.noValidity')}</DescriptionRow>
            <DescriptionRow label={t('staffDesk.patron.libraries')}>
              {patron.bibliotecas.length ? libraries.format(patron.bibliotecas) : t('staffDesk.patron.noLibraries')}
            </DescriptionRow>
            <DescriptionRow label={t('staffDesk.patron.email')}>{patron.email ?? t('staffDesk.patron.noEmail')}</DescriptionRow>
            <DescriptionRow label={t('staffDesk.patron.loans')}>
              {t('staffDesk.patron.limit', { used: patron.emprestimos.length, limit: patron.limite_emprestimos })}
            </DescriptionRow>
          </Box>
          <Group gap="sm" role="group" aria-label={t('staffDesk.patron.actions')}>
            <Button variant="default" onClick={askStanding}>
              {t(patron.bloqueio ? 'staffDesk.patron.unblock' : 'staffDesk.patron.block')}
            </Button>
            <Button variant="default" onClick={() => void sendReceipt()} loading={receipt.isPending}>
              {t('staffDesk.patron.emailReceipt')}
            </Button>
            <Button variant="default" onClick={printReceipt}>
              {t('staffDesk.patron.printReceipt')}
            </Button>
            <Button onClick={onClose}>{t('staffDesk.patron.close')}</Button>
          </Group>
        </Stack>

        {lent.length > 0 && (
          <section aria-labelledby="desk-lent">
            <Title order={3} size="h4" id="desk-lent" mb="xs">
              {t('staffDesk.lentNow.heading')}
            </Title>
            <List>
              {lent.map((loan) => (
                <List.Item key={loan.cod_emprestimo}>
                  {t('staffDesk.lentNow.line', { title: loan.titulo, tombo: loan.tombo, date: day(loan.devolucao) })}
                </List.Item>
              ))}
            </List>
          </section>
        )}

        <Block id="desk-loans" heading={t('staffDesk.loans.heading')}>
          <ListSection
            query={ready(patron.emprestimos)}
            errorText=""
            emptyText={t('staffDesk.loans.none')}
            caption={t('staffDesk.loans.caption', { name: patron.nome })}
            columns={loanColumns}
            rowKey={(l) => l.cod_emprestimo}
            minWidth={640}
          />
        </Block>
        <Block id="desk-holds" heading={t('staffDesk.holds.heading')}>
          <ListSection
            query={ready(patron.reservas)}
            errorText=""
            emptyText={t('staffDesk.holds.none')}
            caption={t('staffDesk.holds.caption', { name: patron.nome })}
            columns={holdColumns}
            rowKey={(h) => h.cod_reserva}
          />
        </Block>
        <Block id="desk-requests" heading={t('staffDesk.requests.heading')}>
          <PatronRequests patron={patron} />
        </Block>
        <Block id="desk-debts" heading={t('staffDesk.debts.heading')}>
          <ListSection
            query={ready(patron.debitos)}
            errorText=""
            emptyText={t('staffDesk.debts.none')}
            caption={t('staffDesk.debts.caption', { name: patron.nome })}
            columns={debtColumns}
            rowKey={(d) => d.cod_debito}
            minWidth={640}
            footer={
              <Text fw={700} mt="sm">
                {t('staffDesk.debts.total', { total: money(patron.total_debitos) })}
              </Text>
            }
          />
        </Block>
        <Block id="desk-notes" heading={t('staffDesk.notes.heading')}>
          <PatronNotes
            key={patron.cod_pessoa}
            codPessoa={patron.cod_pessoa}
            notes={patron.notas}
            say={(text) => voice.say([{ tone: 'ok', text }])}
            keep={keepNotes}
          />
        </Block>
      </Stack>
      <ReasonModal request={asking} />
    </section>
  );
}

/** A part of the panel under its h3. */
function Block({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <Title order={3} size="h4" id={id} mb="xs">
        {heading}
      </Title>
      {children}
    </section>
  );
}
