import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../../ui/loading';
import { NoticeView, useNotify } from '../../../ui/notify';
import { paperPostingAddress, useRepository } from './paper-posting.api';

/**
 * Meu Pergamum, "Postagem de trabalho" (spec §2 menu, §7 `POST /pessoas/postagem-trabalho/redirect`):
 * the patron is handed over, signed in, to the institutional repository to post a paper — in a
 * new tab, opened at the click while the address is fetched (spec §8: a notice asks to wait).
 */
export function PaperPostingPage() {
  const { t } = useTranslation();
  const repository = useRepository();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const go = async () => {
    const tab = window.open('', '_blank');
    setBusy(true);
    notify.clear();
    try {
      const { url } = await paperPostingAddress();
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else window.location.assign(url);
      notify.success(t('paperPosting.opened'));
    } catch (error) {
      tab?.close();
      notify.failed(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="sm" maw={640}>
      <Text>{t('paperPosting.intro')}</Text>
      <Loading state={repository} error={t('paperPosting.fetchError')}>
        {() =>
          repository.data === null ? (
            <Alert color="gray" variant="light">
              {t('paperPosting.notConfigured')}
            </Alert>
          ) : repository.data?.permitido === false ? (
            <Alert color="yellow" variant="light" role="alert">
              {t('paperPosting.denied')}
            </Alert>
          ) : (
            <Group>
              <Button onClick={() => void go()} loading={busy}>
                {t('paperPosting.go')}
              </Button>
            </Group>
          )
        }
      </Loading>
      {busy && (
        <Group gap="xs" role="status">
          <Loader size="xs" aria-hidden />
          <Text size="sm">{t('handOver.wait')}</Text>
        </Group>
      )}
      <NoticeView notice={notify.notice} />
    </Stack>
  );
}
