import { acquisitionsEndpoints, novoPedidoCompraSchema, ORDERABLE_STATUSES, type SugestaoEquipe, type SuggestionStatus } from '@estante/contracts/acquisitions';
import { Button, Checkbox, Group, NativeSelect, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLibraries } from '../../../api/libraries';
import { type Column, ListSection } from '../../../ui/list-section';
import { useContractForm } from '../../../ui/use-contract-form';
import { usePlaceOrder, useQueue } from './acquisitions.api';
import { Refused, type Say } from '../../../ui/announcer';
import { refusalText, useMoney } from './words';

const ORDERABLE: readonly SuggestionStatus[] = ORDERABLE_STATUSES;
/** The longest supplier and note an order takes (the contract's limits). */
const SUPPLIER_MAX = 200;
const NOTE_MAX = 2000;

/** The order's fields as typed (a type, not an interface: the form's values are a record). */
type OrderValues = {
  biblioteca: string;
  sugestoes: number[];
  fornecedor: string;
  previsao_entrega: string;
  nota: string;
};
const EMPTY: OrderValues = { biblioteca: '', sugestoes: [], fornecedor: '', previsao_entrega: '', nota: '' };

/** What the chosen suggestions cost as quoted (unit price × copies), and how many have no price. */
function costOf(chosen: SugestaoEquipe[]): { cents: number; unpriced: number } {
  return chosen.reduce(
    (sum, s) => (s.preco ? { ...sum, cents: sum.cents + Math.round(Number(s.preco) * 100) * s.quantidade } : { ...sum, unpriced: sum.unpriced + 1 }),
    { cents: 0, unpriced: 0 },
  );
}

/**
 * "Novo pedido de compra": a library first (an order holds one library's suggestions), then its
 * suggestions that may be ordered (a purchase suggestion, quoted or in negotiation) to tick, the
 * supplier (the first ticked one's quoted supplier, when none is typed), the expected delivery and
 * a note; checked with the call's own schema. Each requester is e-mailed by the server.
 */
export function NewOrderForm({ say }: { say: Say }) {
  const { t } = useTranslation();
  const libraries = useLibraries();
  const place = usePlaceOrder();
  const money = useMoney();
  const headingId = useId();
  const pickedId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useContractForm(acquisitionsEndpoints.order, {
    schema: novoPedidoCompraSchema,
    initialValues: EMPTY,
    toBody: (v) => ({
      fornecedor: v.fornecedor.trim(),
      biblioteca: Number(v.biblioteca),
      sugestoes: v.sugestoes,
      previsao_entrega: v.previsao_entrega || undefined,
      nota: v.nota.trim() || undefined,
    }),
    rules: (v) => ({
      biblioteca: v.biblioteca ? null : t('staffAcquisitions.orders.new.libraryRule'),
      sugestoes: v.sugestoes.length > 0 ? null : t('staffAcquisitions.orders.new.pickOne'),
    }),
  });
  const { biblioteca, sugestoes, fornecedor } = form.getValues();
  const queue = useQueue({ biblioteca }, biblioteca !== '');
  const orderable = queue.data?.filter((s) => ORDERABLE.includes(s.situacao));
  const chosen = (orderable ?? []).filter((s) => sugestoes.includes(s.codigo));
  const cost = costOf(chosen);
  const libraryName = libraries.data?.find((b) => String(b.cod_biblioteca) === biblioteca)?.desc_biblioteca ?? biblioteca;

  const tick = (s: SugestaoEquipe, on: boolean) => {
    form.setFieldValue('sugestoes', on ? [...sugestoes, s.codigo] : sugestoes.filter((id) => id !== s.codigo));
    if (on && fornecedor.trim() === '' && s.fornecedor) form.setFieldValue('fornecedor', s.fornecedor);
  };
  const submit = form.onSubmit(
    async (body) => {
      if (place.isPending) return;
      setProblem(null);
      try {
        const order = await place.mutateAsync(body);
        form.setValues({ ...EMPTY, biblioteca });
        form.resetDirty();
        const words = { id: order.codigo, supplier: order.fornecedor, library: order.biblioteca, count: order.itens.length };
        say(`${t('staffAcquisitions.orders.new.done', words)} ${t('staffAcquisitions.orders.mailedEach')}`);
      } catch (error) {
        setProblem(refusalText(error, t));
      }
    },
    () => setProblem(t('staffAcquisitions.fix')),
  );
  const columns: Column<SugestaoEquipe>[] = [
    {
      header: t('staffAcquisitions.orders.new.include'),
      cell: (s) => (
        <Checkbox
          aria-label={t('staffAcquisitions.orders.new.includeOne', { id: s.codigo, title: s.titulo })}
          aria-describedby={form.errors.sugestoes ? pickedId : undefined}
          checked={sugestoes.includes(s.codigo)}
          onChange={(event) => tick(s, event.currentTarget.checked)}
        />
      ),
    },
    { header: t('staffAcquisitions.list.number'), cell: (s) => s.codigo },
    { header: t('staffAcquisitions.list.title'), cell: (s) => s.titulo },
    { header: t('staffAcquisitions.list.requester'), cell: (s) => s.solicitante },
    { header: t('staffAcquisitions.orders.new.copies'), cell: (s) => s.quantidade },
    { header: t('staffAcquisitions.list.price'), cell: (s) => (s.preco ? money(s.preco) : '—') },
    { header: t('staffAcquisitions.detail.supplier'), cell: (s) => s.fornecedor ?? '—' },
    { header: t('staffAcquisitions.list.status'), status: true, cell: (s) => s.descricao_situacao },
  ];

  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId} mb="xs">
        {t('staffAcquisitions.orders.new.heading')}
      </Title>
      <form onSubmit={submit} noValidate aria-labelledby={headingId} aria-busy={place.isPending}>
        <Stack gap="sm">
          <Text size="sm">{t('staffAcquisitions.orders.new.help')}</Text>
          <NativeSelect
            label={t('staffAcquisitions.filters.library')}
            required
            w="24rem"
            maw="100%"
            data={[
              { value: '', label: t('staffAcquisitions.orders.new.chooseLibrary') },
              ...(libraries.data ?? []).map((b) => ({ value: String(b.cod_biblioteca), label: b.desc_biblioteca })),
            ]}
            {...form.getInputProps('biblioteca')}
            onChange={(event) => {
              form.setFieldValue('biblioteca', event.currentTarget.value);
              form.setFieldValue('sugestoes', []);
            }}
          />
          <ListSection
            enabled={biblioteca !== ''}
            query={{ isPending: queue.isPending, isError: queue.isError, data: orderable }}
            errorText={t('staffAcquisitions.list.fetchError')}
            emptyText={t('staffAcquisitions.orders.new.none', { library: libraryName })}
            caption={t('staffAcquisitions.orders.new.caption', { library: libraryName })}
            columns={columns}
            rowKey={(s) => s.codigo}
            minWidth={820}
          />
          {form.errors.sugestoes && (
            <Text id={pickedId} size="sm" c="red.9">
              {form.errors.sugestoes}
            </Text>
          )}
          {chosen.length > 0 && (
            <Text size="sm">
              {t('staffAcquisitions.orders.new.total', { count: chosen.length, total: money((cost.cents / 100).toFixed(2)) })}
              {cost.unpriced > 0 && ` ${t('staffAcquisitions.orders.new.unpriced', { count: cost.unpriced })}`}
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} maw="48rem">
            <TextInput
              label={t('staffAcquisitions.detail.supplier')}
              required
              maxLength={SUPPLIER_MAX}
              autoComplete="off"
              {...form.getInputProps('fornecedor')}
            />
            <TextInput label={t('staffAcquisitions.detail.expected')} type="date" {...form.getInputProps('previsao_entrega')} />
          </SimpleGrid>
          <Textarea
            label={t('staffAcquisitions.actions.note')}
            description={t('staffAcquisitions.orders.new.noteHelp')}
            maxLength={NOTE_MAX}
            autosize
            minRows={2}
            maw="48rem"
            {...form.getInputProps('nota')}
          />
          <Refused text={problem} />
          <Group>
            <Button type="submit" loading={place.isPending}>
              {t('staffAcquisitions.orders.new.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </section>
  );
}
