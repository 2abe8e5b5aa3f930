import { ConfirmModal } from '../../../ui/confirm-modal';
import { ScrollTable } from '../../../ui/scroll-table';
import { Alert, Button, Group, List, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../../ui/loading';
import { messageOf } from '../../../api/client';
import { useShortDate } from '../../../ui/dates';
import { formatMoney } from '../../../ui/money';
import { downloadDeclaration, downloadPaymentSlip, mailDeclaration, useDebts, useDeviations, useIssueNoDebts, useLoanToken, useNewLoanToken, useNoDebtsCheck } from '../api/account';

/** Meu Pergamum, "Débitos" (spec §3, §9): what is owed, the total in the language's currency, the payment slip. */
export function DebtsPage() {
  const { t, i18n } = useTranslation();
  const debts = useDebts();
  const day = useShortDate();
  const [notice, setNotice] = useState<{ text: string; ok: boolean } | null>(null);
  const money = (v: string) => formatMoney(v, i18n.language);
  const slip = async () => {
    setNotice(null);
    try {
      setNotice({ text: t('debts.slipReady', { file: await downloadPaymentSlip() }), ok: true });
    } catch (error) {
      setNotice({ text: messageOf(error, t('errors.unexpected')), ok: false });
    }
  };
  return (
    <Loading state={debts} error={t('debts.fetchError')}>
      {() =>
        debts.data!.itens.length === 0 ? (
          <Text>{t('debts.none')}</Text>
        ) : (
          <Stack gap="sm">
            <ScrollTable minWidth={640}>
              <Table striped>
                <Table.Caption>{t('debts.caption')}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('debts.service')}</Table.Th>
                    <Table.Th>{t('loans.due')}</Table.Th>
                    <Table.Th>{t('debts.amount')}</Table.Th>
                    <Table.Th>{t('debts.discount')}</Table.Th>
                    <Table.Th>{t('debts.paid')}</Table.Th>
                    <Table.Th>{t('debts.balance')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {debts.data!.itens.map((d) => (
                    <Table.Tr key={d.cod_debito}>
                      <Table.Td>
                        {t(`debts.services.${d.tipo_servico}`)}
                        {d.titulo && <Text size="sm">{d.titulo}</Text>}
                      </Table.Td>
                      <Table.Td>{d.data_devolucao_prevista ? day(d.data_devolucao_prevista) : '—'}</Table.Td>
                      <Table.Td>{money(d.valor)}</Table.Td>
                      <Table.Td>{money(d.desconto)}</Table.Td>
                      <Table.Td>
                        {money(d.valor_pago)}
                        {d.data_pagamento && <Text size="sm">{day(d.data_pagamento)}</Text>}
                      </Table.Td>
                      <Table.Td>{money(d.saldo)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
            <Text fw={700}>{t('debts.total', { total: money(debts.data!.total) })}</Text>
            {notice && (
              <Alert color={notice.ok ? 'green' : 'yellow'} variant="light" role={notice.ok ? 'status' : 'alert'}>
                {notice.text}
              </Alert>
            )}
            <Button w="fit-content" onClick={() => void slip()}>
              {t('debts.slip')}
            </Button>
          </Stack>
        )
      }
    </Loading>
  );
}

/** Meu Pergamum, "Afastamentos": deviations with their reason and period. */
export function DeviationsPage() {
  const { t } = useTranslation();
  const deviations = useDeviations();
  const day = useShortDate();
  return (
    <Loading state={deviations} error={t('deviations.fetchError')}>
      {() =>
        deviations.data!.length === 0 ? (
          <Text>{t('deviations.none')}</Text>
        ) : (
          <Table striped>
            <Table.Caption>{t('account.deviations')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('deviations.reason')}</Table.Th>
                <Table.Th>{t('holds.library')}</Table.Th>
                <Table.Th>{t('period.from')}</Table.Th>
                <Table.Th>{t('period.to')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {deviations.data!.map((d) => (
                <Table.Tr key={d.cod_afastamento}>
                  <Table.Td>{d.motivo}</Table.Td>
                  <Table.Td>{d.desc_biblioteca ?? t('deviations.allLibraries')}</Table.Td>
                  <Table.Td>{day(d.inicio)}</Table.Td>
                  <Table.Td>{d.fim ? day(d.fim) : t('deviations.open')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )
      }
    </Loading>
  );
}

/**
 * Meu Pergamum, "Nada consta": what stands in the way (open loans, debts) or, with nothing
 * owed, the declaration — after a warning that it ends the link with the libraries — as a PDF
 * with its verification code, and by e-mail.
 */
export function NoDebtsPage() {
  const { t } = useTranslation();
  const check = useNoDebtsCheck();
  const issue = useIssueNoDebts();
  const day = useShortDate();
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<{ text: string; ok: boolean } | null>(null);
  const act = async (work: () => Promise<string>) => {
    setNotice(null);
    try {
      setNotice({ text: await work(), ok: true });
    } catch (error) {
      setNotice({ text: messageOf(error, t('errors.unexpected')), ok: false });
    }
  };
  return (
    <Loading state={check} error={t('noDebts.fetchError')}>
      {() => {
        const data = check.data!;
        return (
          <Stack gap="sm">
            {notice && (
              <Alert color={notice.ok ? 'green' : 'yellow'} variant="light" role={notice.ok ? 'status' : 'alert'}>
                {notice.text}
              </Alert>
            )}
            {data.declaracao ? (
              <Paper withBorder p="md">
                <Title order={2} size="h4" mb="xs">
                  {t('noDebts.issued')}
                </Title>
                <Text>{t('noDebts.issuedOn', { date: day(data.declaracao.emitida_em), code: data.declaracao.codigo })}</Text>
                <Group mt="sm">
                  <Button onClick={() => void act(async () => t('noDebts.downloaded', { file: await downloadDeclaration(data.declaracao!.codigo) }))}>{t('noDebts.pdf')}</Button>
                  <Button variant="outline" color="blue.9" onClick={() => void act(async () => t('noDebts.mailed', { email: (await mailDeclaration()).email }))}>
                    {t('noDebts.mail')}
                  </Button>
                </Group>
              </Paper>
            ) : data.pode_emitir ? (
              <>
                <Text>{t('noDebts.canIssue')}</Text>
                <Button w="fit-content" onClick={() => setConfirming(true)} loading={issue.isPending}>
                  {t('noDebts.issue')}
                </Button>
              </>
            ) : (
              <Alert color="yellow" variant="light" role="note" title={t('noDebts.cannotIssue')}>
                <List>
                  {data.motivos.map((m) => (
                    <List.Item key={m}>{m}</List.Item>
                  ))}
                </List>
              </Alert>
            )}
            <ConfirmModal
              opened={confirming}
              title={t('noDebts.confirmTitle')}
              text={t('noDebts.confirmText')}
              keepLabel={t('holds.keep')}
              confirmLabel={t('noDebts.issue')}
              onClose={() => setConfirming(false)}
              onConfirm={() => void act(async () => t('noDebts.issuedNotice', { code: (await issue.mutateAsync()).codigo }))}
            />
          </Stack>
        );
      }}
    </Loading>
  );
}

/** Meu Pergamum, "Obter token": the six-digit loan token for the self-service kiosk. */
export function LoanTokenPage() {
  const { t, i18n } = useTranslation();
  const token = useLoanToken();
  const renew = useNewLoanToken();
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <Loading state={token} error={t('token.fetchError')}>
      {() => (
        <Stack gap="sm">
          <Text>{t('token.intro')}</Text>
          {token.data ? (
            <Paper withBorder p="md" role="status">
              <Text size="xl" fw={700} ff="monospace" aria-label={t('token.value', { value: token.data.valor.split('').join(' ') })}>
                {token.data.valor}
              </Text>
              <Text>{t('token.validUntil', { date: time.format(new Date(token.data.valido_ate)) })}</Text>
            </Paper>
          ) : (
            <Text>{t('token.none')}</Text>
          )}
          <Button w="fit-content" onClick={() => renew.mutate()} loading={renew.isPending}>
            {t('token.new')}
          </Button>
        </Stack>
      )}
    </Loading>
  );
}
