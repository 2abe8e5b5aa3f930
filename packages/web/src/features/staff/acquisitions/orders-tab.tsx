import { Stack } from '@mantine/core';
import type { Say } from '../../../ui/announcer';
import { NewOrderForm } from './new-order-form';
import { OrdersList } from './orders-list';

/** "Pedidos": a new purchase order made of a library's suggestions, and the orders made. */
export function OrdersTab({ say }: { say: Say }) {
  return (
    <Stack gap="xl">
      <NewOrderForm say={say} />
      <OrdersList say={say} />
    </Stack>
  );
}
