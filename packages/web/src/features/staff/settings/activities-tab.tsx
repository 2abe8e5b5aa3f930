import type { Configuracoes } from '@estante/contracts/parameters';
import { Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../api/client';
import type { Tell } from './announcer';
import { useSwitchActivity } from './settings.api';
import { folded } from './words';

type Atividade = Configuracoes['atividades'][number];

/**
 * "Funcionalidades": the catalogue's activities, each a switch (its description and code) sent at
 * once. A switch's outcome is announced without moving the focus (a change of a setting must not
 * move it, WCAG 3.2.2), so that the next one is a Tab away; the switch shows what was asked for
 * while the call runs, then what the server holds.
 */
export function ActivitiesTab({ atividades, tell }: { atividades: readonly Atividade[]; tell: Tell }) {
  const { t } = useTranslation();
  const headingId = useId();
  const listId = useId();
  const toggle = useSwitchActivity();
  const [asked, setAsked] = useState<ReadonlyMap<number, boolean>>(new Map());
  const [filter, setFilter] = useState('');
  const shown = atividades.filter((a) => filter.trim() === '' || folded(a.descricao).includes(folded(filter.trim())) || String(a.codigo) === filter.trim());

  const change = async (activity: Atividade, ativa: boolean) => {
    setAsked((last) => new Map(last).set(activity.codigo, ativa));
    try {
      await toggle.mutateAsync({ codigo: activity.codigo, ativa });
      tell(true, t(ativa ? 'staffSettings.activities.on' : 'staffSettings.activities.off', { name: activity.descricao, code: activity.codigo }), false);
    } catch (error) {
      tell(false, messageOf(error, t('errors.unexpected')), false);
    } finally {
      setAsked((last) => {
        const next = new Map(last);
        next.delete(activity.codigo);
        return next;
      });
    }
  };

  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId} mb="xs">
        {t('staffSettings.activities.heading')}
      </Title>
      <Text mb="sm">{t('staffSettings.activities.intro')}</Text>
      <TextInput
        label={t('staffSettings.activities.filter')}
        description={t('staffSettings.activities.filterHelp')}
        type="search"
        autoComplete="off"
        maw="24rem"
        mb="md"
        value={filter}
        onChange={(event) => setFilter(event.currentTarget.value)}
        aria-controls={listId}
      />
      <Text size="sm" mb="xs" aria-live="polite">
        {t('staffSettings.activities.count', { count: shown.length, total: atividades.length })}
      </Text>
      <Stack gap="sm" component="ul" id={listId} aria-labelledby={headingId} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {shown.map((a) => (
          <li key={a.codigo}>
            <Switch
              label={a.descricao}
              description={t('staffSettings.activities.code', { code: a.codigo })}
              checked={asked.get(a.codigo) ?? a.ativa}
              aria-busy={asked.has(a.codigo) || undefined}
              onChange={(event) => void change(a, event.currentTarget.checked)}
            />
          </li>
        ))}
      </Stack>
    </section>
  );
}
