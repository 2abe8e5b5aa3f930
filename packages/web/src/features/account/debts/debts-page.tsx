import { ScrollTable } from '../../../ui/scroll-table';
import { Alert, Button, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../../ui/loading';
import { messageOf } from '../../../api/client';
import { useShortDate } from '../../../ui/dates';
import { formatMoney } from '../../../ui/money';
import { downloadPaymentSlip, useDebts } from './debts.api';

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
