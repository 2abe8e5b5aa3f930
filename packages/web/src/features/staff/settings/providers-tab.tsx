import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../api/client';
import { confirmAction } from '../../../ui/confirm';
import { DescriptionRow } from '../../../ui/description-row';
import { StatusLine, type Tone } from '../../../ui/status-line';
import type { Tell } from './announcer';
import { type Entry, providerName, readEntry } from './provider-entry';
import { type EditingProvider, ProviderModal } from './provider-modal';
import { type ProviderSetting, useSetProvider } from './settings.api';

/**
 * "Provedores": the external providers the catalogue knows (the e-book platforms of spec §9, Grupo
 * A, Target, the repository, an external account area; decision 0023), each configured or not,
 * with its entry's main fields and, when it hands over a signed token and the server has the
 * secret, the key to give the provider (with a copy button). An entry is edited in a dialog;
 * "Remover" asks first. Outcomes are announced and take the focus; a copy's does not.
 */
export function ProvidersTab({ providers, tell }: { providers: readonly ProviderSetting[]; tell: Tell }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [editing, setEditing] = useState<EditingProvider | null>(null);
  const configured = providers.filter((p) => p.entrada !== null).length;
  const edit = (recurso: string, entry: Entry | null) => setEditing((last) => ({ id: (last?.id ?? 0) + 1, recurso, entry, open: true, done: false }));

  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId} mb="xs">
        {t('staffSettings.providers.heading')}
      </Title>
      <Text mb="sm">{t('staffSettings.providers.intro')}</Text>
      <Text mb="md" fw={600}>
        {t('staffSettings.providers.count', { count: configured, total: providers.length })}
      </Text>
      <Stack gap="md" component="ul" aria-labelledby={headingId} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {providers.map((p) => (
          <li key={p.recurso}>
            <ProviderCard provider={p} tell={tell} onEdit={edit} />
          </li>
        ))}
      </Stack>
      <ProviderModal
        editing={editing}
        onClose={() => setEditing((last) => last && { ...last, open: false })}
        onDone={(text) => {
          setEditing((last) => last && { ...last, open: false, done: true });
          tell(true, text);
        }}
      />
    </section>
  );
}

/** How a provider stands, in words and a tone: not configured, on, off, or stored but of no effect. */
function standing(entry: Entry | null, chave: string | null): { tone: Tone; key: string } {
  if (!entry) return { tone: 'neutral', key: 'notConfigured' };
  if (entry.entrega === null || entry.url === '') return { tone: 'danger', key: 'invalid' };
  if (!entry.ativo) return { tone: 'warning', key: 'off' };
  // The server gives a signed provider's key only when it has the secret: without it, the provider is not offered.
  if (entry.entrega === 'assinada' && chave === null) return { tone: 'warning', key: 'noSecret' };
  return { tone: 'ok', key: entry.entrega === 'assinada' ? 'signed' : 'link' };
}

function ProviderCard({ provider, tell, onEdit }: { provider: ProviderSetting; tell: Tell; onEdit: (recurso: string, entry: Entry | null) => void }) {
  const { t } = useTranslation();
  const headingId = useId();
  const save = useSetProvider();
  const entry = provider.entrada && readEntry(provider.entrada);
  const name = providerName(provider.recurso, t);
  const { tone, key } = standing(entry, provider.chave);

  const removeNow = async () => {
    try {
      await save.mutateAsync({ recurso: provider.recurso, body: { entrada: null } });
      tell(true, t('staffSettings.providers.remove.done', { name }));
    } catch (error) {
      tell(false, messageOf(error, t('errors.unexpected')));
    }
  };
  const remove = () =>
    confirmAction({
      title: t('staffSettings.providers.remove.title', { name }),
      text: t('staffSettings.providers.remove.text', { name }),
      keepLabel: t('staffSettings.providers.remove.keep'),
      confirmLabel: t('staffSettings.providers.remove.confirm'),
      danger: true,
      onConfirm: () => void removeNow(),
    });

  return (
    <Paper component="section" withBorder p="md" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs">
          <div>
            <Title order={3} size="h4" id={headingId}>
              {name}
            </Title>
            <Text size="sm">{t('staffSettings.providers.code', { code: provider.recurso })}</Text>
          </div>
          <StatusLine tone={tone} size="sm">
            {t(`staffSettings.providers.standing.${key}`)}
          </StatusLine>
        </Group>
        {entry && <EntryFields entry={entry} />}
        {provider.chave && <KeyField name={name} chave={provider.chave} tell={tell} />}
        <Group gap="xs">
          <Button
            size="compact-sm"
            variant="default"
            aria-label={t(entry ? 'staffSettings.providers.editOne' : 'staffSettings.providers.configureOne', { name })}
            onClick={() => onEdit(provider.recurso, entry)}
          >
            {t(entry ? 'staffSettings.providers.edit' : 'staffSettings.providers.configure')}
          </Button>
          {entry && (
            <Button size="compact-sm" variant="default" loading={save.isPending} aria-label={t('staffSettings.providers.removeOne', { name })} onClick={remove}>
              {t('staffSettings.providers.remove.confirm')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/** An entry's main fields: the hand-over, the address, the domains, the categories and, for a signed one, the token's lifetime and data. */
function EntryFields({ entry }: { entry: Entry }) {
  const { t } = useTranslation();
  const none = t('staffSettings.providers.none');
  return (
    <dl style={{ margin: 0 }}>
      {entry.entrega && (
        <DescriptionRow label={t('staffSettings.providers.form.handover')}>{t(`staffSettings.providers.handover.${entry.entrega}`)}</DescriptionRow>
      )}
      <DescriptionRow label={t('staffSettings.providers.form.url')}>
        <span style={{ overflowWrap: 'anywhere' }}>{entry.url || none}</span>
      </DescriptionRow>
      {entry.nome && <DescriptionRow label={t('staffSettings.providers.form.name')}>{entry.nome}</DescriptionRow>}
      <DescriptionRow label={t('staffSettings.providers.form.domains')}>{entry.dominios.length > 0 ? entry.dominios.join(', ') : none}</DescriptionRow>
      <DescriptionRow label={t('staffSettings.providers.form.categories')}>
        {entry.categorias === null ? t('staffSettings.providers.allCategories') : entry.categorias.length > 0 ? entry.categorias.join(', ') : none}
      </DescriptionRow>
      {entry.entrega === 'assinada' && (
        <>
          <DescriptionRow label={t('staffSettings.providers.form.lifetime')}>{t('staffSettings.providers.seconds', { count: entry.validade })}</DescriptionRow>
          <DescriptionRow label={t('staffSettings.providers.form.data')}>
            {entry.dados.length > 0
              ? entry.dados.map((d) => t(`staffSettings.providers.data.${d}`, { defaultValue: d })).join(', ')
              : t('staffSettings.providers.noData')}
          </DescriptionRow>
        </>
      )}
    </dl>
  );
}

/** The key to give a signed provider (it checks our tokens with it), to read or copy; a copy is announced without moving the focus. */
function KeyField({ name, chave, tell }: { name: string; chave: string; tell: Tell }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(chave);
      tell(true, t('staffSettings.providers.key.copied', { name }), false);
    } catch {
      tell(false, t('staffSettings.providers.key.copyFailed'), false);
    }
  };
  return (
    <Group align="flex-end" gap="xs">
      <TextInput
        label={t('staffSettings.providers.key.label')}
        description={t('staffSettings.providers.key.help')}
        value={chave}
        readOnly
        spellCheck={false}
        ff="monospace"
        style={{ flex: 1 }}
        miw="16rem"
        onFocus={(event) => event.currentTarget.select()}
      />
      <Button variant="default" aria-label={t('staffSettings.providers.key.copyOne', { name })} onClick={() => void copy()}>
        {t('staffSettings.providers.key.copy')}
      </Button>
    </Group>
  );
}
