import { type Politicas, policiesEndpoints, regraEmprestimoSchema } from '@estante/contracts/circulation';
import { Button, Checkbox, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../../ui/use-contract-form';
import { Refused } from './announcer';
import { useDropRule, useSetRule } from './settings.api';
import { focusFirstInvalid, typedAmount, useAmountForInput, useMoney, useRefusal, whole } from './words';

type Categoria = Politicas['categorias'][number];
type Tipo = Politicas['tipos'][number];
type Regra = Politicas['regras'][number];
type Padrao = Politicas['padrao'];

/** The pair whose rule is being edited; `done` once saved or removed (the focus then goes to the outcome, not back to the button). */
export interface Editing {
  id: number;
  category: Categoria;
  type: Tipo;
  open: boolean;
  done: boolean;
}

/**
 * A rule and the default in words: a rule's "7 dias, 1 renovação, R$ 2,50/dia, com reserva"; the
 * default's terms "14 dias, 2 renovações, R$ 1,00/dia" (in a sentence), or "Padrão: …" (in a cell).
 */
export function useRuleWords() {
  const { t } = useTranslation();
  const money = useMoney();
  const terms = (p: { prazo_dias: number; limite_renovacoes: number; multa_dia: string }) =>
    t('staffSettings.policies.terms', {
      days: t('staffSettings.policies.days', { count: p.prazo_dias }),
      renewals: t('staffSettings.policies.renewals', { count: p.limite_renovacoes }),
      fine: money(p.multa_dia),
    });
  return {
    terms,
    rule: (r: Pick<Regra, 'prazo_dias' | 'limite_renovacoes' | 'multa_dia' | 'permite_reserva'>) =>
      t('staffSettings.policies.summary', { terms: terms(r), holds: t(r.permite_reserva ? 'staffSettings.policies.holds' : 'staffSettings.policies.noHolds') }),
    default: (p: Padrao) => t('staffSettings.policies.default', { terms: terms(p) }),
  };
}

/** The contract's limits, said in the form's help (the schema checks them). */
const DAYS = { min: 1, max: 365 };
const RENEWALS = { min: 0, max: 99 };

type Values = { prazo_dias: string; limite_renovacoes: string; permite_reserva: boolean; multa_dia: string };

const within = (value: string, { min, max }: { min: number; max: number }) => {
  const n = whole(value);
  return n >= min && n <= max;
};

/**
 * "Regra de empréstimo: category, type": the rule of one pair in a dialog — the loan period
 * (1–365 days), renewals (0–99), whether holds are allowed and the daily fine in reais (a comma or
 * a point), checked with the call's own schema — saved, or removed with "Usar o padrão" when the
 * pair has a rule. A refusal is said in the dialog, which stays open; cancelled, the focus goes
 * back to the cell's button.
 */
export function RuleModal({
  editing,
  rule,
  padrao,
  onClose,
  onDone,
}: {
  editing: Editing | null;
  rule: Regra | null;
  padrao: Padrao;
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={editing?.open ?? false}
      onClose={onClose}
      // Done, the focus goes to the outcome announced; cancelled, back to the button that opened the dialog.
      returnFocus={!editing?.done}
      title={editing && t('staffSettings.policies.rule.title', { category: editing.category.descricao, type: editing.type.descricao })}
      closeButtonProps={{ 'aria-label': t('app.close') }}
      size="lg"
    >
      {editing && <RuleForm key={editing.id} editing={editing} rule={rule} padrao={padrao} onCancel={onClose} onDone={onDone} />}
    </Modal>
  );
}

function RuleForm({
  editing: { category, type },
  rule,
  padrao,
  onCancel,
  onDone,
}: {
  editing: Editing;
  rule: Regra | null;
  padrao: Padrao;
  onCancel: () => void;
  onDone: (text: string) => void;
}) {
  const { t } = useTranslation();
  const words = useRuleWords();
  const amount = useAmountForInput();
  const setRule = useSetRule();
  const dropRule = useDropRule();
  const refusal = useRefusal();
  const pair = { category: category.descricao, type: type.descricao };
  // Without a rule of its own, the form starts from the default (holds as the loan type allows them).
  const start = rule ?? { ...padrao, permite_reserva: type.permite_reserva };
  const form = useContractForm(policiesEndpoints.setRule, {
    schema: regraEmprestimoSchema,
    initialValues: {
      prazo_dias: String(start.prazo_dias),
      limite_renovacoes: String(start.limite_renovacoes),
      permite_reserva: start.permite_reserva,
      multa_dia: amount(start.multa_dia),
    } satisfies Values,
    toBody: (v) => ({
      prazo_dias: whole(v.prazo_dias),
      limite_renovacoes: whole(v.limite_renovacoes),
      permite_reserva: v.permite_reserva,
      multa_dia: typedAmount(v.multa_dia),
    }),
    rules: (v) => ({
      prazo_dias: within(v.prazo_dias, DAYS) ? null : t('staffSettings.policies.rule.daysRule', DAYS),
      limite_renovacoes: within(v.limite_renovacoes, RENEWALS) ? null : t('staffSettings.policies.rule.renewalsRule', RENEWALS),
      multa_dia: regraEmprestimoSchema.shape.multa_dia.safeParse(typedAmount(v.multa_dia)).success ? null : t('staffSettings.policies.rule.fineRule'),
    }),
  });
  const busy = setRule.isPending || dropRule.isPending;

  const submit = form.onSubmit(async (body) => {
    if (busy) return;
    refusal.clear();
    try {
      const now = await setRule.mutateAsync({ categoria: category.codigo, tipo: type.codigo, body });
      const saved = now.regras.find((r) => r.categoria === category.codigo && r.tipo === type.codigo);
      onDone(t('staffSettings.policies.rule.done', { ...pair, rule: saved ? words.rule(saved) : '' }));
    } catch (error) {
      refusal.refuse(error);
    }
  }, focusFirstInvalid);
  const backToDefault = async () => {
    if (busy) return;
    refusal.clear();
    try {
      const now = await dropRule.mutateAsync({ categoria: category.codigo, tipo: type.codigo });
      onDone(t('staffSettings.policies.rule.dropped', { ...pair, default: words.terms(now.padrao) }));
    } catch (error) {
      refusal.refuse(error);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('staffSettings.policies.rule.title', pair)} aria-busy={busy}>
      <Stack gap="sm">
        <Text size="sm">{rule ? t('staffSettings.policies.rule.hasRule') : t('staffSettings.policies.rule.noRule', { default: words.terms(padrao) })}</Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label={t('staffSettings.policies.rule.days')}
            description={t('staffSettings.policies.rule.daysHelp', DAYS)}
            required
            inputMode="numeric"
            autoComplete="off"
            data-autofocus
            {...form.getInputProps('prazo_dias')}
          />
          <TextInput
            label={t('staffSettings.policies.rule.renewals')}
            description={t('staffSettings.policies.rule.renewalsHelp', RENEWALS)}
            required
            inputMode="numeric"
            autoComplete="off"
            {...form.getInputProps('limite_renovacoes')}
          />
          <TextInput
            label={t('staffSettings.policies.rule.fine')}
            description={t('staffSettings.policies.rule.fineHelp')}
            required
            inputMode="decimal"
            autoComplete="off"
            {...form.getInputProps('multa_dia')}
          />
        </SimpleGrid>
        <Checkbox label={t('staffSettings.policies.rule.holdsAllowed')} {...form.getInputProps('permite_reserva', { type: 'checkbox' })} />
        <Refused said={refusal.said} />
        <Group gap="sm">
          <Button type="submit" loading={setRule.isPending}>
            {t('staffSettings.policies.rule.save')}
          </Button>
          {rule && (
            <Button variant="outline" loading={dropRule.isPending} onClick={() => void backToDefault()}>
              {t('staffSettings.policies.rule.useDefault')}
            </Button>
          )}
          <Button variant="default" onClick={onCancel}>
            {t('staffSettings.policies.rule.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
