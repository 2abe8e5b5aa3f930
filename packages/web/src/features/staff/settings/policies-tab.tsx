import { limiteBodySchema, type Politicas, policiesEndpoints } from '@estante/contracts/circulation';
import { Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '../../../ui/scroll-table';
import { useContractForm } from '../../../ui/use-contract-form';
import { Refused, type Tell } from './announcer';
import { RuleModal, type Editing, useRuleWords } from './rule-modal';
import { useSetLimit } from './settings.api';
import { focusFirstInvalid, useFollowServer, useRefusal, whole } from './words';

type Categoria = Politicas['categorias'][number];

/** The contract's loan limit: its check, and its bounds for the help and the message. */
const limitSchema = limiteBodySchema.shape.limite_emprestimos;
const LIMIT = { min: limitSchema.minValue ?? 0, max: limitSchema.maxValue ?? 0 };

/**
 * "Políticas de empréstimo": each patron category's loan limit, edited in its row, and the matrix
 * of categories × loan types with the rule of each pair (or the default that applies without one),
 * a pair's rule edited in a dialog or removed to use the default. They take effect on the next loan.
 */
export function PoliciesTab({ policies, tell }: { policies: Politicas; tell: Tell }) {
  const { t } = useTranslation();
  const words = useRuleWords();
  const limitsHeading = useId();
  const rulesHeading = useId();
  const [editing, setEditing] = useState<Editing | null>(null);
  const ruleOf = (categoria: string, tipo: number) => policies.regras.find((r) => r.categoria === categoria && r.tipo === tipo) ?? null;

  return (
    <Stack gap="xl">
      <Text>{t('staffSettings.policies.intro')}</Text>
      <section aria-labelledby={limitsHeading}>
        <Title order={2} size="h3" id={limitsHeading} mb="xs">
          {t('staffSettings.policies.limits.heading')}
        </Title>
        <Text mb="sm">{t('staffSettings.policies.limits.help', LIMIT)}</Text>
        {policies.categorias.length === 0 ? (
          <Text>{t('staffSettings.policies.noCategories')}</Text>
        ) : (
          <ScrollTable minWidth={480}>
            <Table striped>
              <Table.Caption>{t('staffSettings.policies.limits.caption')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('staffSettings.policies.category')}</Table.Th>
                  <Table.Th scope="col">{t('staffSettings.policies.limits.limit')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {policies.categorias.map((c) => (
                  <Table.Tr key={c.codigo}>
                    <Table.Th scope="row">{c.descricao}</Table.Th>
                    <Table.Td>
                      <LimitForm category={c} tell={tell} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </section>

      <section aria-labelledby={rulesHeading}>
        <Title order={2} size="h3" id={rulesHeading} mb="xs">
          {t('staffSettings.policies.rules.heading')}
        </Title>
        <Text mb="sm">{t('staffSettings.policies.rules.help', { default: words.terms(policies.padrao) })}</Text>
        {policies.categorias.length === 0 || policies.tipos.length === 0 ? (
          <Text>{t('staffSettings.policies.noCategories')}</Text>
        ) : (
          <ScrollTable minWidth={200 + 200 * policies.tipos.length}>
            <Table withColumnBorders>
              <Table.Caption>{t('staffSettings.policies.rules.caption')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('staffSettings.policies.category')}</Table.Th>
                  {policies.tipos.map((tipo) => (
                    <Table.Th scope="col" key={tipo.codigo}>
                      {tipo.descricao}
                      {!tipo.permite_emprestimo && (
                        <Text size="sm" fw={400}>
                          {t('staffSettings.policies.rules.notLent')}
                        </Text>
                      )}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {policies.categorias.map((c) => (
                  <Table.Tr key={c.codigo}>
                    <Table.Th scope="row">{c.descricao}</Table.Th>
                    {policies.tipos.map((tipo) => {
                      const rule = ruleOf(c.codigo, tipo.codigo);
                      return (
                        <Table.Td key={tipo.codigo}>
                          <Stack gap={4} align="flex-start">
                            <Text size="sm" c={rule ? undefined : 'gray.8'} fs={rule ? undefined : 'italic'}>
                              {rule ? words.rule(rule) : words.default(policies.padrao)}
                            </Text>
                            <Button
                              size="compact-sm"
                              variant="default"
                              aria-label={t('staffSettings.policies.rules.editOne', { category: c.descricao, type: tipo.descricao })}
                              onClick={() => setEditing((last) => ({ id: (last?.id ?? 0) + 1, category: c, type: tipo, open: true, done: false }))}
                            >
                              {t('staffSettings.policies.rules.edit')}
                            </Button>
                          </Stack>
                        </Table.Td>
                      );
                    })}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </section>
      <RuleModal
        editing={editing}
        rule={editing && ruleOf(editing.category.codigo, editing.type.codigo)}
        padrao={policies.padrao}
        onClose={() => setEditing((last) => last && { ...last, open: false })}
        onDone={(text) => {
          setEditing((last) => last && { ...last, open: false, done: true });
          tell(true, text);
        }}
      />
    </Stack>
  );
}

/** A category's loan limit, in its row: a whole number from 0 to 999, checked with the call's schema, saved by itself. */
function LimitForm({ category, tell }: { category: Categoria; tell: Tell }) {
  const { t } = useTranslation();
  const save = useSetLimit();
  const refusal = useRefusal();
  const initial = { limite_emprestimos: String(category.limite_emprestimos) };
  const form = useContractForm(policiesEndpoints.setLimit, {
    schema: limiteBodySchema,
    initialValues: initial,
    toBody: (v) => ({ limite_emprestimos: whole(v.limite_emprestimos) }),
    // The schema's check, said as the help says it (a number typed wrong, too big: one sentence).
    rules: (v) => ({
      limite_emprestimos: limitSchema.safeParse(whole(v.limite_emprestimos)).success ? null : t('staffSettings.policies.limits.rule', LIMIT),
    }),
  });
  useFollowServer(form, initial);
  const submit = form.onSubmit(async (body) => {
    refusal.clear();
    try {
      const now = await save.mutateAsync({ categoria: category.codigo, body });
      const saved = now.categorias.find((c) => c.codigo === category.codigo)?.limite_emprestimos ?? body.limite_emprestimos;
      form.setValues({ limite_emprestimos: String(saved) });
      form.resetDirty({ limite_emprestimos: String(saved) });
      tell(true, t('staffSettings.policies.limits.done', { category: category.descricao, count: saved }));
    } catch (error) {
      refusal.refuse(error);
    }
  }, focusFirstInvalid);
  return (
    <form onSubmit={submit} noValidate aria-label={t('staffSettings.policies.limits.form', { category: category.descricao })} aria-busy={save.isPending}>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          aria-label={t('staffSettings.policies.limits.limitOf', { category: category.descricao })}
          inputMode="numeric"
          autoComplete="off"
          w="6rem"
          {...form.getInputProps('limite_emprestimos')}
        />
        <Button
          type="submit"
          variant="default"
          loading={save.isPending}
          aria-label={t('staffSettings.policies.limits.saveOne', { category: category.descricao })}
        >
          {t('staffSettings.policies.limits.save')}
        </Button>
      </Group>
      <Refused said={refusal.said} />
    </form>
  );
}
