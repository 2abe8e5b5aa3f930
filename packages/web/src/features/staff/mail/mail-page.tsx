import { Tabs } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MailLog } from './mail-log';
import { MailSettings } from './mail-settings';

/** The page's tabs, in order. */
const TABS = ['registro', 'remetente'] as const;
type Tab = (typeof TABS)[number];

/**
 * The staff area's "Correio" (/equipe/correio), for the administration, in two tabs: the mail log
 * (what the server sent, read and sent again), and the sender the e-mails go from with a preview
 * of every message template. A tab's content is drawn (and its call made) only when it is open.
 */
export function MailPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('registro');
  return (
    <Tabs value={tab} onChange={(value) => setTab(TABS.find((one) => one === value) ?? 'registro')} keepMounted={false}>
      <Tabs.List aria-label={t('staffMail.tabs.label')} mb="md">
        {TABS.map((one) => (
          <Tabs.Tab key={one} value={one}>
            {t(`staffMail.tabs.${one}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value="registro">
        <MailLog />
      </Tabs.Panel>
      <Tabs.Panel value="remetente">
        <MailSettings />
      </Tabs.Panel>
    </Tabs>
  );
}
