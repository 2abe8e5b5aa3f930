import { networkPartnerEndpoints, novoParceiroSchema, type Parceiro } from '@estante/contracts/network';
import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../api/client';
import { useContractForm } from '../../../ui/use-contract-form';
import { Refused } from './announcer';
import { useAddPartner } from './network.api';

/** The longest name and address the call takes (the contract's limits). */
const NAME_MAX = 100;
const ADDRESS_MAX = 500;
/** The contract's own checks of an address, to say in our words which one failed. */
const { endereco: addressRule } = novoParceiroSchema.shape;

/**
 * "Adicionar parceiro": the partner's OAI-PMH address, its name, and (optional) the address of one
 * of its records with {id}, checked with the call's own schema. The server asks the address
 * Identify before saving, which can take seconds: the button shows it is busy meanwhile. Added,
 * the form is emptied and `onAdded` announces it; refused (409, 422), the server's message is
 * said beside the form, which keeps what was typed.
 */
export function AddPartnerForm({ onAdded }: { onAdded: (partner: Parceiro) => void }) {
  const { t } = useTranslation();
  const headingId = useId();
  const add = useAddPartner();
  const [refused, setRefused] = useState<{ id: number; text: string } | null>(null);
  const form = useContractForm(networkPartnerEndpoints.add, {
    schema: novoParceiroSchema,
    initialValues: { endereco: '', nome: '', registro: '' },
    toBody: (v) => ({ endereco: v.endereco.trim(), nome: v.nome.trim(), ...(v.registro.trim() ? { registro: v.registro.trim() } : {}) }),
    rules: (v) => ({
      endereco: v.endereco.trim() === '' ? t('validation.required') : addressRule.safeParse(v.endereco).success ? null : t('staffNetwork.add.addressRule'),
      registro:
        v.registro.trim() === ''
          ? null
          : !addressRule.safeParse(v.registro).success
            ? t('staffNetwork.add.addressRule')
            : v.registro.includes('{id}')
              ? null
              : t('staffNetwork.add.recordRule'),
    }),
  });
  const submit = form.onSubmit(async (body) => {
    setRefused(null);
    try {
      const partner = await add.mutateAsync(body);
      form.reset();
      onAdded(partner);
    } catch (error) {
      setRefused((last) => ({ id: (last?.id ?? 0) + 1, text: messageOf(error, t('errors.unexpected')) }));
    }
  });
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId} mb="xs">
        {t('staffNetwork.add.heading')}
      </Title>
      <form onSubmit={submit} noValidate aria-labelledby={headingId} aria-busy={add.isPending}>
        <Stack gap="sm" maw="44rem">
          <TextInput
            label={t('staffNetwork.add.address')}
            description={t('staffNetwork.add.addressHelp')}
            required
            type="url"
            maxLength={ADDRESS_MAX}
            autoComplete="off"
            spellCheck={false}
            {...form.getInputProps('endereco')}
          />
          <TextInput
            label={t('staffNetwork.add.name')}
            description={t('staffNetwork.add.nameHelp', { max: NAME_MAX })}
            required
            maxLength={NAME_MAX}
            autoComplete="off"
            {...form.getInputProps('nome')}
          />
          <TextInput
            label={t('staffNetwork.add.record')}
            description={t('staffNetwork.add.recordHelp')}
            type="url"
            maxLength={ADDRESS_MAX}
            autoComplete="off"
            spellCheck={false}
            {...form.getInputProps('registro')}
          />
          <Refused said={refused} />
          <Group gap="sm">
            <Button type="submit" loading={add.isPending}>
              {t('staffNetwork.add.submit')}
            </Button>
            <div aria-live="polite">
              {add.isPending && (
                <Text size="sm" component="span">
                  {t('staffNetwork.add.checking')}
                </Text>
              )}
            </div>
          </Group>
        </Stack>
      </form>
    </section>
  );
}
