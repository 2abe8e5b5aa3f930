import { HANDOVER_TTL } from '@estante/contracts/links';
import { provedorBodySchema, settingsEndpoints } from '@estante/contracts/parameters';
import { Button, Checkbox, Group, Modal, NativeSelect, Stack, Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../../ui/use-contract-form';
import { Refused } from './announcer';
import { entradaOf, type Entry, entryProblems, PATRON_DATA, providerName, valuesOf } from './provider-entry';
import { useSetProvider } from './settings.api';
import { focusFirstInvalid, useRefusal } from './words';

/** The provider whose entry is being edited; `done` once saved (the focus then goes to the outcome, not back to the button). */
export interface EditingProvider {
  id: number;
  recurso: string;
  entry: Entry | null;
  open: boolean;
  done: boolean;
}

/**
 * "Provedor: name": a provider's entry in a dialog — how it takes the patron over, its address,
 * its name for patrons, its domains, the categories it serves, the token's lifetime and what the
 * token tells, on or off — checked as the server will check it, then sent. The server's 422 (what
 * is wrong in the entry, in its words) is said in the dialog, which stays open; cancelled, the
 * focus goes back to the button that opened it.
 */
export function ProviderModal({ editing, onClose, onDone }: { editing: EditingProvider | null; onClose: () => void; onDone: (text: string) => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={editing?.open ?? false}
      onClose={onClose}
      returnFocus={!editing?.done}
      title={editing && t('staffSettings.providers.form.title', { name: providerName(editing.recurso, t) })}
      closeButtonProps={{ 'aria-label': t('app.close') }}
      size="lg"
    >
      {editing && <ProviderForm key={editing.id} editing={editing} onCancel={onClose} onDone={onDone} />}
    </Modal>
  );
}

function ProviderForm({ editing: { recurso, entry }, onCancel, onDone }: { editing: EditingProvider; onCancel: () => void; onDone: (text: string) => void }) {
  const { t } = useTranslation();
  const save = useSetProvider();
  const refusal = useRefusal();
  const name = providerName(recurso, t);
  const form = useContractForm(settingsEndpoints.provider, {
    schema: provedorBodySchema,
    initialValues: valuesOf(entry),
    toBody: (v) => ({ entrada: entradaOf(v) }),
    rules: (v) => entryProblems(v, t),
  });
  const { entrega, todas } = form.getValues();
  const link = entrega === 'link';

  const submit = form.onSubmit(async (body) => {
    if (save.isPending) return;
    refusal.clear();
    try {
      await save.mutateAsync({ recurso, body });
      onDone(t(entry ? 'staffSettings.providers.form.done' : 'staffSettings.providers.form.added', { name }));
    } catch (error) {
      refusal.refuse(error);
    }
  }, focusFirstInvalid);

  return (
    <form onSubmit={submit} noValidate aria-label={t('staffSettings.providers.form.title', { name })} aria-busy={save.isPending}>
      <Stack gap="sm">
        <NativeSelect
          label={t('staffSettings.providers.form.handover')}
          description={t('staffSettings.providers.form.handoverHelp')}
          data={[
            { value: 'assinada', label: t('staffSettings.providers.handover.assinada') },
            { value: 'link', label: t('staffSettings.providers.handover.link') },
          ]}
          data-autofocus
          {...form.getInputProps('entrega')}
        />
        <TextInput
          label={t('staffSettings.providers.form.url')}
          description={t(link ? 'staffSettings.providers.form.urlHelpLink' : 'staffSettings.providers.form.urlHelpSigned')}
          required
          type="url"
          autoComplete="off"
          spellCheck={false}
          {...form.getInputProps('url')}
        />
        <TextInput
          label={t('staffSettings.providers.form.name')}
          description={t('staffSettings.providers.form.nameHelp', { name })}
          maxLength={100}
          autoComplete="off"
          {...form.getInputProps('nome')}
        />
        <TextInput
          label={t('staffSettings.providers.form.domains')}
          description={t('staffSettings.providers.form.domainsHelp')}
          autoComplete="off"
          spellCheck={false}
          {...form.getInputProps('dominios')}
        />
        <Checkbox label={t('staffSettings.providers.form.allCategories')} {...form.getInputProps('todas', { type: 'checkbox' })} />
        <TextInput
          label={t('staffSettings.providers.form.categories')}
          description={t('staffSettings.providers.form.categoriesHelp')}
          disabled={todas}
          autoComplete="off"
          spellCheck={false}
          {...form.getInputProps('categorias')}
        />
        <TextInput
          label={t('staffSettings.providers.form.lifetime')}
          description={t(link ? 'staffSettings.providers.form.signedOnly' : 'staffSettings.providers.form.lifetimeHelp', HANDOVER_TTL)}
          disabled={link}
          inputMode="numeric"
          autoComplete="off"
          w="12rem"
          {...form.getInputProps('validade')}
        />
        <Checkbox.Group
          label={t('staffSettings.providers.form.data')}
          description={t(link ? 'staffSettings.providers.form.signedOnly' : 'staffSettings.providers.form.dataHelp')}
          {...form.getInputProps('dados')}
        >
          <Group gap="lg" mt={4}>
            {PATRON_DATA.map((d) => (
              <Checkbox key={d} value={d} label={t(`staffSettings.providers.data.${d}`)} disabled={link} />
            ))}
          </Group>
        </Checkbox.Group>
        <Switch
          label={t('staffSettings.providers.form.active')}
          description={t('staffSettings.providers.form.activeHelp')}
          {...form.getInputProps('ativo', { type: 'checkbox' })}
        />
        <Refused said={refusal.said} />
        <Group gap="sm">
          <Button type="submit" loading={save.isPending}>
            {t('staffSettings.providers.form.save')}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {t('staffSettings.providers.form.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
