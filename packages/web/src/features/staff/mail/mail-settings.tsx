import { Alert, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../api/client';
import { useMailSettings } from './mail.api';
import { SenderForm } from './sender-form';
import { TemplateList } from './template-list';

/** The "Remetente e modelos" tab: the sender the e-mails go from, and a preview of every message template. */
export function MailSettings() {
  const { t } = useTranslation();
  const settings = useMailSettings();
  if (settings.isPending) return <Loader size="sm" aria-label={t('loading.title')} />;
  if (settings.isError)
    return (
      <Alert color="red" variant="filled">
        {messageOf(settings.error, t('staffMail.settings.fetchError'))}
      </Alert>
    );
  return (
    <Stack gap="xl">
      <Text>{t('staffMail.settings.intro')}</Text>
      <SenderForm settings={settings.data} />
      <TemplateList templates={settings.data.modelos} />
    </Stack>
  );
}
