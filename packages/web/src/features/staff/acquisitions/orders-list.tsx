import type { acquisitionsEndpoints } from '@estante/contracts/acquisitions';
import type { EndpointOutput } from '@estante/contracts/kernel';
import { Alert, Anchor, Button, Group, Loader, NativeSelect, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLibraries } from '../../../api/libraries';
import { confirmAction } from '../../../ui/confirm';
import { useShortDate } from '../../../ui/dates';
import { DescriptionRow } from '../../../ui/description-row';
import { ScrollTable } from '../../../ui/scroll-table';
import { useCloseOrder, useOrders, useStatusName } from './acquisitions.api';
import { Refused, type Say } from '../../../ui/announcer';
import { refusalText, titlePath } from './words';

/** A purchase order as the staff see it, with its items. */
type Order = EndpointOutput<typeof acquisitionsEndpoints.staffOrders>[number];

/** "Pedidos de compra": the orders (of a library, or all), open first then newest, each with its items and how far each was delivered. */
export function OrdersList({ say }: { say: Say }) {
  const { t } = useTranslation();
  const libraries = useLibraries();
  const [library, setLibrary] = useState('');
  const orders = useOrders(library);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId} mb="xs">
        {t('staffAcquisitions.orders.list.heading')}
      </Title>
      <Stack gap="sm">
        <NativeSelect
          label={t('staffAcquisitions.filters.library')}
          w="24rem"
          maw="100%"
          value={library}
          onChange={(event) => setLibrary(event.currentTarget.value)}
          data={[
            { value: '', label: t('staffAcquisitions.filters.allLibraries') },
            ...(libraries.data ?? []).map((b) => ({ value: String(b.cod_biblioteca), label: b.desc_biblioteca })),
          ]}
        />
        {orders.isPending ? (
          <Loader size="sm" aria-label={t('loading.title')} />
        ) : orders.isError ? (
          <Alert color="red" variant="filled">
            {t('staffAcquisitions.orders.list.fetchError')}
          </Alert>
        ) : orders.data.length === 0 ? (
          <Text>{t('staffAcquisitions.orders.list.none')}</Text>
        ) : (
          orders.data.map((order) => <OrderCard key={order.codigo} order={order} say={say} />)
        )}
      </Stack>
    </section>
  );
}

/** One order: supplier, library, dates, open or closed; its items; "Encerrar pedido" (after a confirmation) while open. */
function OrderCard({ order, say }: { order: Order; say: Say }) {
  const { t } = useTranslation();
  const day = useShortDate();
  const statusName = useStatusName();
  const close = useCloseOrder();
  const headingId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const n = order.codigo;
  const awaiting = order.itens.filter((i) => i.situacao === 'aguardando_entrega').length;
  const partial = order.itens.filter((i) => i.situacao === 'parcialmente_atendida').length;

  const doClose = async () => {
    setProblem(null);
    try {
      await close.mutateAsync(n);
      say(
        `${t('staffAcquisitions.orders.close.done', {
          id: n,
          awaiting,
          partial,
          unattended: statusName('nao_atendida'),
          incomplete: statusName('finalizada_incompleta'),
        })} ${t('staffAcquisitions.orders.mailedEach')}`,
      );
    } catch (error) {
      setProblem(refusalText(error, t));
    }
  };
  const askClose = () =>
    confirmAction({
      title: t('staffAcquisitions.orders.close.title', { id: n }),
      text: t('staffAcquisitions.orders.close.text', {
        id: n,
        supplier: order.fornecedor,
        awaiting,
        partial,
        unattended: statusName('nao_atendida'),
        incomplete: statusName('finalizada_incompleta'),
      }),
      keepLabel: t('staffAcquisitions.orders.close.keep'),
      confirmLabel: t('staffAcquisitions.orders.close.confirm'),
      danger: true,
      onConfirm: () => void doClose(),
    });

  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Title order={3} size="h4" id={headingId}>
            {t('staffAcquisitions.orders.list.orderHeading', {
              id: n,
              supplier: order.fornecedor,
              state: t(order.encerrado ? 'staffAcquisitions.orders.list.closed' : 'staffAcquisitions.orders.list.open'),
            })}
          </Title>
          {!order.encerrado && (
            <Button
              variant="outline"
              color="red.9"
              size="compact-md"
              loading={close.isPending}
              onClick={askClose}
              aria-label={t('staffAcquisitions.orders.close.one', { id: n })}
            >
              {t('staffAcquisitions.orders.close.button')}
            </Button>
          )}
        </Group>
        <dl style={{ margin: 0 }}>
          <DescriptionRow label={t('staffAcquisitions.list.library')}>{order.biblioteca}</DescriptionRow>
          <DescriptionRow label={t('staffAcquisitions.orders.list.created')}>{day(order.criado_em)}</DescriptionRow>
          <DescriptionRow label={t('staffAcquisitions.detail.expected')}>{order.previsao_entrega ? day(order.previsao_entrega) : '—'}</DescriptionRow>
        </dl>
        <ScrollTable minWidth={640}>
          <Table striped>
            <Table.Caption>{t('staffAcquisitions.orders.list.items', { id: n })}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('staffAcquisitions.orders.list.suggestion')}</Table.Th>
                <Table.Th>{t('staffAcquisitions.list.title')}</Table.Th>
                <Table.Th>{t('staffAcquisitions.list.status')}</Table.Th>
                <Table.Th>{t('staffAcquisitions.list.copies')}</Table.Th>
                <Table.Th>{t('staffAcquisitions.detail.title')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {order.itens.map((item) => (
                <Table.Tr key={item.sugestao}>
                  <Table.Td>{item.sugestao}</Table.Td>
                  <Table.Td>{item.titulo}</Table.Td>
                  <Table.Td>{item.descricao_situacao}</Table.Td>
                  <Table.Td>{t('staffAcquisitions.list.copiesCell', { delivered: item.total_entregue, ordered: item.quantidade })}</Table.Td>
                  <Table.Td>
                    {item.cod_acervo ? (
                      <Anchor component={Link} to={titlePath(item.cod_acervo)} underline="always">
                        {t('staffAcquisitions.detail.titleNumber', { id: item.cod_acervo })}
                      </Anchor>
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
        <Refused text={problem} />
      </Stack>
    </Paper>
  );
}
