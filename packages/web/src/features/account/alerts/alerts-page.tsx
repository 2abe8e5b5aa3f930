import type { Alerta } from '@estante/contracts/interest';
import { Anchor, Badge, Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmButton } from '../../../ui/confirm';
import { type Column, ListSection } from '../../../ui/list-section';
import { NoticeView, useNotify } from '../../../ui/notify';
import { FeedPanel } from '../feeds/feed-panel';
import { type Period, PeriodForm } from '../period-form';
import { useAlerts, useReadAlert, useRemoveAlert } from './alerts.api';
import { dateFormat } from '../../../ui/dates';

/**
 * Meu Pergamum, "Alertas" (spec §3, §4): the new titles the interest profile matched, newest
 * first — all, or those of a period — the unread ones marked; mark one read, remove one.
 */
export function AlertsPage({ titleHref }: { titleHref: (id: number) => string }) {
  const { t, i18n } = useTranslation();
  const [period, setPeriod] = useState<Period | null>(null);
  const alerts = useAlerts(period);
  const read = useReadAlert();
  const remove = useRemoveAlert();
  const notify = useNotify();
  const date = dateFormat(i18n.language);
  const columns: Column<Alerta>[] = [
    {
      header: t('holds.title'),
      cell: (a) => (
        <>
          <Anchor component={Link} to={titleHref(a.cod_acervo)} underline="always" fw={a.lido ? undefined : 700}>
            {a.titulo}
          </Anchor>
          {!a.lido && (
            <Badge ml={6} size="sm" color="blue.9">
              {t('alerts.new')}
            </Badge>
          )}
          {a.autor && <Text size="sm">{a.autor}</Text>}
          {a.tipo !== 'titulo' && (
            <Text size="sm">
              {t(`alerts.kinds.${a.tipo}`)}
              {a.detalhe ? `: ${a.detalhe}` : ''}
            </Text>
          )}
        </>
      ),
    },
    { header: t('alerts.reason'), cell: (a) => a.motivo },
    { header: t('alerts.date'), cell: (a) => date.format(new Date(a.data)) },
    {
      header: t('alerts.actions'),
      cell: (a) => (
        <Group gap="xs" wrap="nowrap">
          {!a.lido && (
            <Button
              aria-label={`${t('alerts.markRead')}: ${a.titulo}`}
              size="compact-sm"
              variant="outline"
              color="blue.9"
              onClick={() => void notify.run(() => read.mutateAsync(a.id), t('alerts.markedRead', { title: a.titulo }))}
            >
              {t('alerts.markRead')}
            </Button>
          )}
          <ConfirmButton
            label={t('alerts.remove')}
            item={a.titulo}
            title={t('alerts.removeTitle')}
            text={t('alerts.removeText', { title: a.titulo })}
            keepLabel={t('holds.keep')}
            onConfirm={() => void notify.run(() => remove.mutateAsync(a.id), t('alerts.removed'))}
          />
        </Group>
      ),
    },
  ];
  return (
    <Stack gap="sm">
      {alerts.data && <Text>{alerts.data.nao_lidos ? t('alerts.unread', { count: alerts.data.nao_lidos }) : t('alerts.noneUnread')}</Text>}
      <PeriodForm onSubmit={setPeriod} />
      <NoticeView notice={notify.notice} />
      <ListSection
        query={{ ...alerts, data: alerts.data?.itens }}
        errorText={t('alerts.fetchError')}
        emptyText={period ? t('alerts.noneInPeriod') : t('alerts.none')}
        caption={t('account.alerts')}
        columns={columns}
        rowKey={(a) => a.id}
        minWidth={640}
      />
      <FeedPanel kind="alertas" />
    </Stack>
  );
}

/** The unread count beside "Alertas" in the menu (nothing when none is unread). */
export function UnreadAlerts() {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const count = alerts.data?.nao_lidos ?? 0;
  if (count === 0) return null;
  return (
    <Badge ml={6} size="sm" color="red.9" component="span">
      {count}
      <VisuallyHidden> {t('alerts.unreadShort', { count })}</VisuallyHidden>
    </Badge>
  );
}
