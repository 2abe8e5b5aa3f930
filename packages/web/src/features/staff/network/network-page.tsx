import type { Parceiro } from '@estante/contracts/network';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../api/client';
import { type Column, ListSection } from '../../../ui/list-section';
import { StatusLine } from '../../../ui/status-line';
import { AddPartnerForm } from './add-partner-form';
import { Announcer, type Said } from './announcer';
import { HarvestState, useNetworkWords } from './harvest-state';
import { type Asked, stillAsked, useHarvestPartner, useNetworkPartners } from './network.api';
import { RemoveModal, type Removing } from './remove-modal';

/**
 * The staff area's "Rede de parceiros" (/equipe/rede): the partner libraries whose catalogues are
 * harvested over OAI-PMH and searched in the network guide — records held, last complete harvest,
 * next attempt, last error, and the harvest running now page by page (the list read again every
 * 2 s meanwhile) — a harvest asked for now, a partner removed with its records (after a
 * confirmation in a modal), and a partner added — what `npm run network` does, for the
 * administration. Each outcome is announced in a live region that takes the focus.
 */
export function NetworkPage() {
  const { t } = useTranslation();
  const listHeading = useId();
  const words = useNetworkWords();
  // The harvests asked for here that the list does not show begun yet.
  const [asked, setAsked] = useState<ReadonlyMap<number, Asked>>(new Map());
  const partners = useNetworkPartners(asked);
  const harvest = useHarvestPartner();
  const [said, setSaid] = useState<Said | null>(null);
  const [removing, setRemoving] = useState<Removing | null>(null);

  const tell = (ok: boolean, text: string, focus = true) => setSaid((last) => ({ id: (last?.id ?? 0) + 1, ok, text, focus }));

  const harvestNow = async (partner: Parceiro) => {
    const at = Date.now();
    try {
      await harvest.mutateAsync(partner.cod_empresa);
      setAsked((last) => new Map(last).set(partner.cod_empresa, { before: partner.coleta?.inicio ?? null, at }));
      tell(true, t('staffNetwork.harvest.requested', { name: partner.nome }));
    } catch (error) {
      // The button may be disabled by now (the list read again shows the harvest running): the focus goes to the refusal.
      tell(false, messageOf(error, t('errors.unexpected')));
    }
  };

  const columns: Column<Parceiro>[] = [
    {
      header: t('staffNetwork.list.name'),
      cell: (p) => (
        <Text size="sm" fw={600} component="span">
          {p.nome}
        </Text>
      ),
    },
    {
      header: t('staffNetwork.list.address'),
      cell: (p) => (
        <Text size="sm" component="span" style={{ overflowWrap: 'anywhere' }}>
          {p.endereco}
        </Text>
      ),
    },
    { header: t('staffNetwork.list.format'), cell: (p) => p.formato ?? t('staffNetwork.list.noFormat') },
    { header: t('staffNetwork.list.records'), cell: (p) => words.count(p.registros) },
    { header: t('staffNetwork.list.lastHarvest'), cell: (p) => (p.ultima_coleta ? words.when(p.ultima_coleta) : t('staffNetwork.list.never')) },
    { header: t('staffNetwork.list.nextAttempt'), cell: (p) => (p.proxima_tentativa ? words.when(p.proxima_tentativa) : t('staffNetwork.list.nextRun')) },
    {
      header: t('staffNetwork.list.lastError'),
      cell: (p) =>
        p.ultimo_erro ? (
          <Stack gap={2}>
            <StatusLine tone="danger" size="sm">
              {p.ultimo_erro}
            </StatusLine>
            {p.falhas > 0 && (
              <Text size="sm" component="span">
                {t('staffNetwork.list.failures', { count: p.falhas, n: words.count(p.falhas) })}
              </Text>
            )}
          </Stack>
        ) : (
          t('staffNetwork.list.noError')
        ),
    },
    { header: t('staffNetwork.list.harvest'), status: true, cell: (p) => <HarvestState partner={p} asked={stillAsked(p, asked)} /> },
    {
      header: t('staffNetwork.list.actions'),
      cell: (p) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="compact-sm"
            variant="default"
            aria-label={t('staffNetwork.harvest.one', { name: p.nome })}
            disabled={p.coleta?.situacao === 'coletando'}
            loading={harvest.isPending && harvest.variables === p.cod_empresa}
            onClick={() => void harvestNow(p)}
          >
            {t('staffNetwork.harvest.button')}
          </Button>
          <Button
            size="compact-sm"
            variant="outline"
            color="red.9"
            aria-label={t('staffNetwork.remove.one', { name: p.nome })}
            onClick={() => setRemoving((last) => ({ id: (last?.id ?? 0) + 1, partner: p, open: true, done: false }))}
          >
            {t('staffNetwork.remove.button')}
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <Text>{t('staffNetwork.intro')}</Text>
      <Announcer said={said} />
      <section aria-labelledby={listHeading}>
        <Title order={2} size="h3" id={listHeading} mb="xs">
          {t('staffNetwork.list.heading')}
        </Title>
        <ListSection
          query={partners}
          errorText={t('staffNetwork.fetchError')}
          emptyText={t('staffNetwork.none')}
          caption={t('staffNetwork.list.caption')}
          columns={columns}
          rowKey={(p) => p.cod_empresa}
          minWidth={1000}
        />
      </section>
      <AddPartnerForm onAdded={(partner) => tell(true, t('staffNetwork.add.done', { name: partner.nome }))} />
      <RemoveModal
        removing={removing}
        onClose={() => setRemoving((last) => last && { ...last, open: false })}
        onRemoved={(partner, registros) => {
          setRemoving((last) => last && { ...last, open: false, done: true });
          tell(true, t('staffNetwork.remove.done', { name: partner.nome, count: registros, n: words.count(registros) }));
        }}
      />
    </Stack>
  );
}
