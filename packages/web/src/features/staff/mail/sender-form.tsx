import { operationsEndpoints, remetenteBodySchema } from '@estante/contracts/jobs';
import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NoticeView, useNotify } from '../../../ui/notify';
import { useContractForm } from '../../../ui/use-contract-form';
import { useSetSender } from './mail.api';
import type { MailSettingsData } from './mail-templates';

/** The longest sender the call takes (the contract's limit). */
const SENDER_MAX = 200;
/** The contract's own check of a sender, to say in our words what it wants. */
const { remetente: senderRule } = remetenteBodySchema.shape;

/**
 * "Remetente": the sender the e-mails go from now (the library's, else the server's default), a
 * form to set it ("Nome <endereço>" or an address, checked with the call's own schema) and a
 * button back to the server's default. Each save is announced with the focus on the announcement
 * (it holds from the next message); a refusal is said in an alert, the form keeping what was typed.
 */
export function SenderForm({ settings }: { settings: MailSettingsData }) {
  const { t } = useTranslation();
  const headingId = useId();
  const whyId = useId();
  const save = useSetSender();
  const notify = useNotify();
  const form = useContractForm(operationsEndpoints.setSender, {
    schema: remetenteBodySchema,
    initialValues: { remetente: settings.remetente ?? '' },
    toBody: (values) => ({ remetente: values.remetente.trim() }),
    rules: (values) => ({
      remetente:
        values.remetente.trim() === ''
          ? t('validation.required')
          : senderRule.safeParse(values.remetente).success
            ? null
            : t('staffMail.sender.rule', { max: SENDER_MAX }),
    }),
  });

  const send = async (remetente: string | null) => {
    notify.clear();
    try {
      const saved = await save.mutateAsync(remetente);
      form.setValues({ remetente: saved.remetente ?? '' });
      form.resetDirty({ remetente: saved.remetente ?? '' });
      notify.success(saved.remetente ? t('staffMail.sender.saved', { sender: saved.remetente }) : t('staffMail.sender.cleared', { sender: saved.padrao }));
    } catch (error) {
      notify.failed(error);
    }
  };
  const backToDefault = () => {
    form.clearErrors();
    void send(null);
  };

  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId} mb="xs">
        {t('staffMail.sender.heading')}
      </Title>
      <Stack gap="sm" maw="44rem">
        <Text>
          {settings.remetente ? t('staffMail.sender.inUse', { sender: settings.remetente }) : t('staffMail.sender.inUseDefault', { sender: settings.padrao })}
        </Text>
        <NoticeView notice={notify.notice} />
        <form onSubmit={form.onSubmit((body) => void send(body.remetente))} noValidate aria-labelledby={headingId} aria-busy={save.isPending}>
          <Stack gap="sm">
            <TextInput
              label={t('staffMail.sender.label')}
              description={t('staffMail.sender.help')}
              required
              maxLength={SENDER_MAX}
              autoComplete="off"
              spellCheck={false}
              {...form.getInputProps('remetente')}
            />
            <Group gap="sm">
              <Button type="submit" loading={save.isPending && save.variables !== null}>
                {t('staffMail.sender.submit')}
              </Button>
              <Button
                variant="default"
                disabled={settings.remetente === null}
                loading={save.isPending && save.variables === null}
                aria-describedby={settings.remetente === null ? whyId : undefined}
                onClick={backToDefault}
              >
                {t('staffMail.sender.useDefault')}
              </Button>
            </Group>
            {settings.remetente === null && (
              <Text size="sm" c="gray.8" id={whyId}>
                {t('staffMail.sender.alreadyDefault')}
              </Text>
            )}
          </Stack>
        </form>
      </Stack>
    </section>
  );
}
