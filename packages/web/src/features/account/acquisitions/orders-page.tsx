import type { PedidoCompra } from '@estante/contracts/acquisitions';
import { Alert, Anchor, Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useShortDate } from '../../../ui/dates';
import { ScrollTable } from '../../../ui/scroll-table';
import type { AccountSectionProps } from '../sections';
import { usePurchaseOrders } from './acquisitions.api';
import { SuggestionStatusBadge } from './suggestions-page';

/** Meu Pergamum, "Pedidos de compra": the orders that hold the patron's suggestions, with their items. */
export function OrdersPage({ titleHref }: Pick<AccountSectionProps, 'titleHref'>) {
  const { t } = useTranslation();
  const orders = usePurchaseOrders();
  if (orders.isPending) return <Loader size="sm" aria-label={t('loading.title')} />;
  if (orders.isError)
    return (
      <Alert color="red" variant="filled">
        {t('acquisitions.ordersError')}
      </Alert>
    );
  if (orders.data.length === 0) return <Text>{t('acquisitions.noOrders')}</Text>;
  return (
    <Stack>
      {orders.data.map((order) => (
        <Order key={order.codigo} order={order} titleHref={titleHref} />
      ))}
    </Stack>
  );
}

function Order({ order, titleHref }: { order: PedidoCompra } & Pick<AccountSectionProps, 'titleHref'>) {
  const { t } = useTranslation();
  const date = useShortDate();
  return (
    <Card withBorder component="article" aria-labelledby={`pedido-${order.codigo}`}>
      <Group justify="space-between" align="baseline" mb="xs">
        <Title order={2} size="h4" id={`pedido-${order.codigo}`}>
          {t('acquisitions.order', { order: order.codigo })}
        </Title>
        <Text fw={600}>{order.encerrado ? t('acquisitions.orderClosed') : t('acquisitions.orderOpen')}</Text>
      </Group>
      <Text size="sm">
        {t('acquisitions.orderLine', { library: order.biblioteca, supplier: order.fornecedor, date: date(order.criado_em) })}
        {order.previsao_entrega ? ` ${t('acquisitions.expected', { date: date(order.previsao_entrega) })}` : ''}
      </Text>
      <ScrollTable minWidth={560}>
        <Table striped mt="xs">
          <Table.Caption>{t('acquisitions.orderItems', { order: order.codigo })}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('acquisitions.number')}</Table.Th>
              <Table.Th>{t('acquisitions.title')}</Table.Th>
              <Table.Th>{t('acquisitions.status')}</Table.Th>
              <Table.Th>{t('acquisitions.copies')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {order.itens.map((item) => (
              <Table.Tr key={item.sugestao}>
                <Table.Td>{item.sugestao}</Table.Td>
                <Table.Td>
                  {item.cod_acervo ? (
                    <Anchor component={Link} to={titleHref(item.cod_acervo)} underline="always">
                      {item.titulo}
                    </Anchor>
                  ) : (
                    item.titulo
                  )}
                </Table.Td>
                <Table.Td>
                  <SuggestionStatusBadge situacao={item.situacao} text={item.descricao_situacao} />
                </Table.Td>
                <Table.Td>{t('acquisitions.delivered', { delivered: item.total_entregue, ordered: item.quantidade })}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    </Card>
  );
}
