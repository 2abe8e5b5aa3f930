import type { Orcamento } from '@estante/contracts/acquisitions';
import { Button, Group, Modal, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, ListSection } from '../../../ui/list-section';
import { StatusLine } from '../../../ui/status-line';
import { useBudgets, useSetBudget } from './acquisitions.api';
import { Refused, type Say } from '../../../ui/announcer';
import { refusalText, typedAmount, useMoney } from './words';

/** The years offered: next year, this one and the nine before (the API takes 2000–2100). */
const YEARS_BACK = 9;

/**
 * A budget as the contract takes it (`setBudget`'s body: reais with at most two decimals, up to
 * 9 999 999 999). The contract declares that schema inline in the endpoint, which the web build
 * strips (decision 0034), so the form cannot check with it: this mirrors it, and the server checks again.
 */
const BUDGET_PATTERN = /^\d{1,10}(\.\d{1,2})?$/;
const BUDGET_MAX = 9_999_999_999;
const validBudget = (value: string) => BUDGET_PATTERN.test(value) && Number(value) <= BUDGET_MAX;

/**
 * "Orçamento": each library's budget for a year (this year at first), what open orders commit,
 * what deliveries spent, the balance, and how many ordered suggestions have no price (not
 * counted); a library's budget is set in a modal, the outcome announced with the new balance.
 */
export function BudgetTab({ say }: { say: Say }) {
  const { t } = useTranslation();
  const money = useMoney();
  const thisYear = new Date().getFullYear();
  const [year, setYear] = useState(thisYear);
  const budgets = useBudgets(year);
  const headingId = useId();
  const [editing, setEditing] = useState<{ id: number; budget: Orcamento; open: boolean; done: boolean } | null>(null);
  const years = Array.from({ length: YEARS_BACK + 2 }, (_, i) => thisYear + 1 - i);

  const columns: Column<Orcamento>[] = [
    { header: t('staffAcquisitions.list.library'), cell: (b) => b.biblioteca },
    { header: t('staffAcquisitions.budget.value'), cell: (b) => (b.valor === null ? t('staffAcquisitions.budget.notSet') : money(b.valor)) },
    { header: t('staffAcquisitions.budget.committed'), cell: (b) => money(b.comprometido) },
    { header: t('staffAcquisitions.budget.spent'), cell: (b) => money(b.gasto) },
    {
      header: t('staffAcquisitions.budget.balance'),
      status: true,
      cell: (b) =>
        b.saldo === null ? (
          '—'
        ) : Number(b.saldo) < 0 ? (
          <StatusLine tone="danger" size="sm">
            {t('staffAcquisitions.budget.over', { amount: money(b.saldo) })}
          </StatusLine>
        ) : (
          money(b.saldo)
        ),
    },
    { header: t('staffAcquisitions.budget.unpriced'), cell: (b) => b.sem_preco },
    {
      header: t('staffAcquisitions.list.actions'),
      cell: (b) => (
        <Button
          size="compact-sm"
          variant="default"
          aria-label={t('staffAcquisitions.budget.editOne', { library: b.biblioteca, year })}
          onClick={() => setEditing((last) => ({ id: (last?.id ?? 0) + 1, budget: b, open: true, done: false }))}
        >
          {t('staffAcquisitions.budget.edit')}
        </Button>
      ),
    },
  ];

  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId} mb="xs">
        {t('staffAcquisitions.budget.heading')}
      </Title>
      <Stack gap="sm">
        <Text size="sm">{t('staffAcquisitions.budget.help')}</Text>
        <NativeSelect
          label={t('staffAcquisitions.budget.year')}
          w="10rem"
          value={String(year)}
          onChange={(event) => setYear(Number(event.currentTarget.value))}
          data={years.map(String)}
        />
        <ListSection
          query={budgets}
          errorText={t('staffAcquisitions.budget.fetchError')}
          emptyText={t('staffAcquisitions.budget.none')}
          caption={t('staffAcquisitions.budget.caption', { year })}
          columns={columns}
          rowKey={(b) => b.cod_biblioteca}
          minWidth={820}
        />
      </Stack>
      <Modal
        opened={editing?.open ?? false}
        onClose={() => setEditing((last) => last && { ...last, open: false })}
        // Saved, the focus goes to the outcome announced; cancelled, back to the button that opened the modal.
        returnFocus={!editing?.done}
        title={editing && t('staffAcquisitions.budget.editOne', { library: editing.budget.biblioteca, year: editing.budget.ano })}
        closeButtonProps={{ 'aria-label': t('app.close') }}
      >
        {editing && (
          <BudgetForm
            key={editing.id}
            budget={editing.budget}
            onCancel={() => setEditing((last) => last && { ...last, open: false })}
            onSaved={(now) => {
              setEditing((last) => last && { ...last, open: false, done: true });
              say(
                t('staffAcquisitions.budget.done', {
                  library: now.biblioteca,
                  year: now.ano,
                  value: now.valor === null ? t('staffAcquisitions.budget.notSet') : money(now.valor),
                  balance: now.saldo === null ? '—' : money(now.saldo),
                }),
              );
            }}
          />
        )}
      </Modal>
    </section>
  );
}

/** The budget's amount (the one set, at first); a refusal under it, the modal kept. */
function BudgetForm({ budget, onCancel, onSaved }: { budget: Orcamento; onCancel: () => void; onSaved: (budget: Orcamento) => void }) {
  const { t } = useTranslation();
  const save = useSetBudget();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm({
    initialValues: { valor: budget.valor ?? '' },
    validate: { valor: (value) => (validBudget(typedAmount(value)) ? null : t('staffAcquisitions.budget.rule')) },
  });
  const submit = form.onSubmit(
    async ({ valor }) => {
      if (save.isPending) return;
      setProblem(null);
      try {
        onSaved(await save.mutateAsync({ biblioteca: budget.cod_biblioteca, ano: budget.ano, valor: typedAmount(valor) }));
      } catch (error) {
        setProblem(refusalText(error, t));
      }
    },
    () => setProblem(t('staffAcquisitions.fix')),
  );
  return (
    <form onSubmit={submit} noValidate aria-label={t('staffAcquisitions.budget.form')} aria-busy={save.isPending}>
      <Stack gap="sm">
        <TextInput
          label={t('staffAcquisitions.budget.value')}
          description={t('staffAcquisitions.budget.valueHelp')}
          required
          inputMode="decimal"
          autoComplete="off"
          data-autofocus
          {...form.getInputProps('valor')}
        />
        <Refused text={problem} />
        <Group gap="sm">
          <Button type="submit" loading={save.isPending}>
            {t('staffAcquisitions.budget.save')}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {t('staffAcquisitions.budget.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
