import type { MensagemEnviada } from '@estante/contracts/jobs';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { messageOf } from '../../../api/client';
import { NoticeView, useNotify } from '../../../ui/notify';
import { MailFilterForm } from './mail-filter-form';
import { mailSearchParams, readMailSearch } from './mail-search';
import { MAIL_PAGE_SIZE, useMailLog, useResendMail } from './mail.api';
import { MailTable } from './mail-table';
import { dateFormat } from '../../../ui/dates';

/**
 * The mail log, the "Correio" section's first tab: the messages the server sent in the last 90
 * days, newest first, 50 a page — when (UTC), to whom, the subject, how it went — by status and
 * address (kept in the page's address), each opened to read its text, and one sent again (not one
 * that carried a secret or attachments). A message sent again is announced with the focus on the
 * announcement; a refusal in an alert.
 */
export function MailLog() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const search = readMailSearch(params);
  const log = useMailLog(search);
  const resend = useResendMail();
  const notify = useNotify();
  const [opened, setOpened] = useState<ReadonlySet<number>>(new Set());
  const format = dateFormat(i18n.language, 'medium', 'UTC');
  const when = (iso: string) => t('staffMail.at', { when: format.format(new Date(iso)) });
  const addresses = new Intl.ListFormat(i18n.language, { style: 'long', type: 'conjunction' });
  const total = log.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / MAIL_PAGE_SIZE));
  const page = search.pagina;

  const toggle = (id: number) =>
    setOpened((was) => {
      const now = new Set(was);
      if (!now.delete(id)) now.add(id);
      return now;
    });
  const resendOne = async (message: MensagemEnviada) => {
    notify.clear();
    try {
      const sent = await resend.mutateAsync(message.id);
      notify.success(t('staffMail.resent', { to: addresses.format(sent.para) }));
    } catch (error) {
      notify.failed(error);
    }
  };

  return (
    <Stack gap="lg">
      <Text>{t('staffMail.intro')}</Text>
      <MailFilterForm current={search} onSubmit={(filters) => setParams(mailSearchParams({ ...filters, pagina: 1 }))} />
      <Stack gap="sm">
        <NoticeView notice={notify.notice} />
        {log.isPending ? (
          <Loader size="sm" aria-label={t('loading.title')} />
        ) : log.isError || !log.data ? (
          <Alert color="red" variant="filled">
            {messageOf(log.error, t('staffMail.fetchError'))}
          </Alert>
        ) : log.data.itens.length === 0 ? (
          <Text>{t('staffMail.none')}</Text>
        ) : (
          <MailTable
            messages={log.data.itens}
            caption={t('staffMail.caption', { count: total, page, pages })}
            opened={opened}
            resending={resend.isPending ? (resend.variables ?? null) : null}
            when={when}
            onToggle={toggle}
            onResend={(message) => void resendOne(message)}
          />
        )}
        {log.data && total > 0 && (
          <Group component="nav" aria-label={t('staffMail.pages.label')} gap="sm">
            <Button variant="default" disabled={page <= 1} onClick={() => setParams(mailSearchParams({ ...search, pagina: page - 1 }))}>
              {t('staffMail.pages.previous')}
            </Button>
            <Text role="status">{t('staffMail.pages.where', { page, pages })}</Text>
            <Button variant="default" disabled={page >= pages} onClick={() => setParams(mailSearchParams({ ...search, pagina: page + 1 }))}>
              {t('staffMail.pages.next')}
            </Button>
          </Group>
        )}
      </Stack>
    </Stack>
  );
}
