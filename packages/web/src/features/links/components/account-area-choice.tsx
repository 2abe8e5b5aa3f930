import { Button, Group, Paper, Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NoticeView, useNotify } from '../../../ui/notify';
import { fetchAccountArea, useAccountArea, useChooseAccountArea } from '../api/account-area';

/**
 * Where the patron's account area opens (`PUT /pessoas/meu-pergamum/redirect-base`), offered only
 * when the institution has an external one the patron may use: here, or there — and, chosen
 * there, a button that opens it now (its address with a one-time token, asked for on the click).
 */
export function AccountAreaChoice() {
  const { t } = useTranslation();
  const area = useAccountArea();
  const choose = useChooseAccountArea();
  const notify = useNotify();
  if (!area.data?.externa_disponivel) return null;
  const open = async () => {
    // Opened before the call so that the browser does not take it for a pop-up.
    const tab = window.open('', '_blank');
    try {
      const { url } = await fetchAccountArea();
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else window.location.assign(url);
    } catch (error) {
      tab?.close();
      notify.failed(error);
    }
  };
  return (
    <Paper withBorder p="md" maw={560}>
      <Stack gap="sm">
        <Radio.Group
          label={t('accountArea.legend')}
          value={area.data.base}
          onChange={(value) =>
            void notify.run(
              () => choose.mutateAsync(value as 'interna' | 'externa'),
              value === 'externa' ? t('accountArea.savedExternal') : t('accountArea.savedHere'),
            )
          }
        >
          <Stack gap="xs">
            <Radio value="interna" label={t('accountArea.here')} disabled={choose.isPending} />
            <Radio value="externa" label={t('accountArea.external')} disabled={choose.isPending} />
          </Stack>
        </Radio.Group>
        <Text size="sm" c="gray.8">
          {t('accountArea.hint')}
        </Text>
        {area.data.base === 'externa' && (
          <Group>
            <Button variant="light" onClick={() => void open()}>
              {t('accountArea.open')}
            </Button>
          </Group>
        )}
        <NoticeView notice={notify.notice} />
      </Stack>
    </Paper>
  );
}
