import { Alert, Anchor, Button, Group, List, Paper, Select, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiRequestError } from '../../../api/client';
import { type ClosedStackChoice, useDadosArmazem, useRequestClosedStack } from '../api/closed-stacks';
import { dateFormat } from '../../../ui/dates';
import { copyPartsLabel } from '../../../ui/copy-parts';

/**
 * The closed-stacks tab (acervo_fechado): where the title is kept out of reach, by library and
 * volume / tome / part, and, for a signed-in patron, a request to have it fetched (the answer is
 * the protocol to quote at the desk).
 */
export function ClosedStacksTab({ id, signedIn, loginHref }: { id: number; signedIn: boolean; loginHref: string }) {
  const { t, i18n } = useTranslation();
  const [choice, setChoice] = useState<ClosedStackChoice>({ library: null, volume: null, tomo: null, parte: null });
  const data = useDadosArmazem(id, choice);
  const request = useRequestClosedStack(id);
  const library = choice.library ?? data.data?.bibliotecas[0]?.cod_biblioteca ?? null;
  const scoped = useDadosArmazem(id, { ...choice, library });
  const options = scoped.data?.opcoes;
  const free = scoped.data?.exemplares.filter((c) => c.disponivel) ?? [];
  const time = dateFormat(i18n.language, 'short');
  const part = (key: 'volume' | 'tomo' | 'parte', values: string[] | undefined, label: string) =>
    values && values.length > 0 ? (
      <Select
        label={label}
        data={[{ value: '', label: t('closedStacks.any') }, ...values.map((v) => ({ value: v, label: v }))]}
        value={choice[key] ?? ''}
        onChange={(value) => setChoice({ ...choice, [key]: value || null })}
        allowDeselect={false}
        w={140}
      />
    ) : null;

  if (data.isError) return <Text c="red.8">{t('errors.loadFailed')}</Text>;
  if (!data.data) return <Text c="gray.7">{t('common.loading')}</Text>;
  return (
    <>
      <Text mb="sm">{t('closedStacks.intro')}</Text>
      <Group align="flex-end" gap="sm" mb="sm" wrap="wrap">
        <Select
          label={t('copies.library')}
          data={data.data.bibliotecas.map((b) => ({ value: String(b.cod_biblioteca), label: b.desc_biblioteca }))}
          value={library === null ? null : String(library)}
          onChange={(value) => value && setChoice({ library: Number(value), volume: null, tomo: null, parte: null })}
          allowDeselect={false}
          w={320}
        />
        {part('volume', options?.volumes, t('closedStacks.volume'))}
        {part('tomo', options?.tomos, t('closedStacks.tome'))}
        {part('parte', options?.partes, t('closedStacks.part'))}
      </Group>
      <List size="sm" mb="sm" aria-label={t('closedStacks.copies')}>
        {scoped.data?.exemplares.map((c) => (
          <List.Item key={c.cod_exemplar}>
            {[c.tombo, c.localizacao, copyPartsLabel(c, t)].filter(Boolean).join(' · ')} — {c.disponivel ? t('closedStacks.free') : t('closedStacks.busy')}
          </List.Item>
        ))}
      </List>
      {!signedIn ? (
        <Alert variant="light" color="yellow" role="note">
          {t('closedStacks.loginToRequest')}{' '}
          <Anchor component={Link} to={loginHref}>
            {t('app.login')}
          </Anchor>
        </Alert>
      ) : (
        <Button
          disabled={free.length === 0 || library === null}
          loading={request.isPending}
          onClick={() => library !== null && request.mutate({ ...choice, library })}
        >
          {t('closedStacks.request')}
        </Button>
      )}
      <div aria-live="polite">
        {request.data && (
          <Paper withBorder p="md" mt="md" role="status">
            <Text fw={700}>{t('closedStacks.protocol', { protocol: request.data.protocolo })}</Text>
            <Text size="sm">
              {t('closedStacks.protocolDetail', { library: request.data.desc_biblioteca, time: time.format(new Date(request.data.criado_em)) })}
            </Text>
            <List size="sm" mt="xs">
              {request.data.itens.map((i) => (
                <List.Item key={i.tombo}>
                  {i.titulo} — {i.tombo} ({i.localizacao})
                </List.Item>
              ))}
            </List>
          </Paper>
        )}
        {request.error && (
          <Alert variant="light" color="yellow" mt="md">
            {request.error instanceof ApiRequestError && request.error.status !== 500 && request.error.status !== 0
              ? request.error.message
              : t('errors.unexpected')}
          </Alert>
        )}
      </div>
    </>
  );
}
