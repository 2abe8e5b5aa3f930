import type { Debitos } from '@estante/contracts/account';
import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useShortDate } from '../../../ui/dates';
import { type Column, ListSection } from '../../../ui/list-section';
import { formatMoney } from '../../../ui/money';
import { NoticeView, useNotify } from '../../../ui/notify';
import { downloadPaymentSlip, useDebts } from './debts.api';

type Debito = Debitos['itens'][number];

/** Meu Pergamum, "Débitos" (spec §3, §9): what is owed and for which item, the total in the language's currency, the payment slip. */
export function DebtsPage() {
  const { t, i18n } = useTranslation();
  const debts = useDebts();
  const day = useShortDate();
  const notify = useNotify();
  const money = (v: string) => formatMoney(v, i18n.language);
  const slip = async () => {
    notify.clear();
    try {
      notify.success(t('debts.slipReady', { file: await downloadPaymentSlip() }));
    } catch (error) {
      notify.failed(error);
    }
  };
  const columns: Column<Debito>[] = [
    // The item comes from the debt's loan; a debt without one says so rather than leaving a blank.
    { header: t('holds.title'), cell: (d) => d.titulo ?? t('debts.noItem') },
    { header: t('debts.service'), cell: (d) => t(`debts.services.${d.tipo_servico}`) },
    { header: t('debts.dueDate'), cell: (d) => (d.data_devolucao_prevista ? day(d.data_devolucao_prevista) : '—') },
    { header: t('debts.amount'), cell: (d) => money(d.valor) },
    { header: t('debts.discount'), cell: (d) => money(d.desconto) },
    {
      header: t('debts.paid'),
      cell: (d) => (
        <>
          {money(d.valor_pago)}
          {d.data_pagamento && <Text size="sm">{day(d.data_pagamento)}</Text>}
        </>
      ),
    },
    { header: t('debts.balance'), cell: (d) => money(d.saldo) },
  ];
  return (
    <ListSection
      query={{ ...debts, data: debts.data?.itens }}
      errorText={t('debts.fetchError')}
      emptyText={t('debts.none')}
      caption={t('debts.caption')}
      columns={columns}
      rowKey={(d) => d.cod_debito}
      minWidth={640}
      footer={
        <Stack gap="sm" mt="sm">
          <Text fw={700}>{t('debts.total', { total: money(debts.data?.total ?? '0') })}</Text>
          <NoticeView notice={notify.notice} />
          <Button w="fit-content" onClick={() => void slip()}>
            {t('debts.slip')}
          </Button>
        </Stack>
      }
    />
  );
}
