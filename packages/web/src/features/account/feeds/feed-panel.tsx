import type { FeedKind, NewFeed } from '@estante/contracts/feeds';
import { Button, CopyButton, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../ui/confirm';
import { NoticeView, useNotify } from '../../../ui/notify';
import { useFeeds, useMakeFeed, useRevokeFeed } from './feeds.api';
import { dateFormat } from '../../../ui/dates';

/**
 * A private feed of the patron (decision 0019): the alerts for a feed reader, the due dates for a
 * calendar. Make a secret address (shown once: only its digest is kept), make a new one (the old
 * one stops working) or revoke it.
 */
export function FeedPanel({ kind }: { kind: FeedKind }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const feeds = useFeeds();
  const make = useMakeFeed();
  const revoke = useRevokeFeed();
  const notify = useNotify();
  const [made, setMade] = useState<NewFeed | null>(null);
  const status = feeds.data?.find((f) => f.tipo === kind);
  const when = status?.criado_em ? dateFormat(i18n.language, 'short').format(new Date(status.criado_em)) : '';

  const makeAddress = () => void notify.run(async () => setMade(await make.mutateAsync(kind)), t('feeds.made'));
  const remake = () =>
    confirmAction({
      title: t('feeds.remakeTitle'),
      text: t('feeds.remakeText'),
      keepLabel: t('feeds.keep'),
      confirmLabel: t('feeds.remake'),
      onConfirm: makeAddress,
    });
  const revokeAddress = () =>
    confirmAction({
      title: t('feeds.revokeTitle'),
      text: t('feeds.revokeText'),
      keepLabel: t('feeds.keep'),
      confirmLabel: t('feeds.revoke'),
      danger: true,
      onConfirm: () =>
        void notify.run(async () => {
          await revoke.mutateAsync(kind);
          setMade(null);
        }, t('feeds.revoked')),
    });

  return (
    <Paper component="section" withBorder p="md" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          {t(`feeds.${kind}.heading`)}
        </Title>
        <Text>{t(`feeds.${kind}.text`)}</Text>
        <NoticeView notice={notify.notice} />
        {made && (
          <Stack gap={4}>
            <Group align="end" gap="xs">
              <TextInput label={t('feeds.address')} value={made.url} readOnly onFocus={(e) => e.currentTarget.select()} style={{ flex: 1 }} />
              <CopyButton value={made.url}>
                {({ copied, copy }) => (
                  <Button variant="outline" color="blue.9" onClick={copy}>
                    {copied ? t('feeds.copied') : t('feeds.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Text size="sm">{t('feeds.secret')}</Text>
          </Stack>
        )}
        {status && !made && <Text size="sm">{status.ativo ? t('feeds.active', { date: when }) : t('feeds.inactive')}</Text>}
        {status && (
          <Group gap="xs">
            {status.ativo ? (
              <>
                <Button variant="outline" color="blue.9" onClick={remake} loading={make.isPending}>
                  {t('feeds.remake')}
                </Button>
                <Button variant="default" onClick={revokeAddress} loading={revoke.isPending}>
                  {t('feeds.revoke')}
                </Button>
              </>
            ) : (
              <Button color="blue.9" onClick={makeAddress} loading={make.isPending}>
                {t('feeds.make')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
