import { ConfirmModal } from '../../../ui/confirm-modal';
import { Alert, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../../ui/loading';
import { messageOf } from '../../../api/client';
import { useShortDate } from '../../../ui/dates';
import { downloadDeclaration, mailDeclaration, useIssueNoDebts, useNoDebtsCheck } from './no-debts.api';

/**
 * Meu Pergamum, "Nada consta": what stands in the way (open loans, debts) or, with nothing
 * owed, the declaration — after a warning that it ends the link with the libraries — as a PDF
 * with its verification code, and by e-mail.
 */
export function NoDebtsPage() {
  const { t } = useTranslation();
  const check = useNoDebtsCheck();
  const issue = useIssueNoDebts();
  const day = useShortDate();
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<{ text: string; ok: boolean } | null>(null);
  const act = async (work: () => Promise<string>) => {
    setNotice(null);
    try {
      setNotice({ text: await work(), ok: true });
    } catch (error) {
      setNotice({ text: messageOf(error, t('errors.unexpected')), ok: false });
    }
  };
  return (
    <Loading state={check} error={t('noDebts.fetchError')}>
      {() => {
        const data = check.data!;
        return (
          <Stack gap="sm">
            {notice && (
              <Alert color={notice.ok ? 'green' : 'yellow'} variant="light" role={notice.ok ? 'status' : 'alert'}>
                {notice.text}
              </Alert>
            )}
            {data.declaracao ? (
              <Paper withBorder p="md">
                <Title order={2} size="h4" mb="xs">
                  {t('noDebts.issued')}
                </Title>
                <Text>{t('noDebts.issuedOn', { date: day(data.declaracao.emitida_em), code: data.declaracao.codigo })}</Text>
                <Group mt="sm">
                  <Button onClick={() => void act(async () => t('noDebts.downloaded', { file: await downloadDeclaration(data.declaracao!.codigo) }))}>{t('noDebts.pdf')}</Button>
                  <Button variant="outline" color="blue.9" onClick={() => void act(async () => t('noDebts.mailed', { email: (await mailDeclaration()).email }))}>
                    {t('noDebts.mail')}
                  </Button>
                </Group>
              </Paper>
            ) : data.pode_emitir ? (
              <>
                <Text>{t('noDebts.canIssue')}</Text>
                <Button w="fit-content" onClick={() => setConfirming(true)} loading={issue.isPending}>
                  {t('noDebts.issue')}
                </Button>
              </>
            ) : (
              <Alert color="yellow" variant="light" role="note" title={t('noDebts.cannotIssue')}>
                <List>
                  {data.motivos.map((m) => (
                    <List.Item key={m}>{m}</List.Item>
                  ))}
                </List>
              </Alert>
            )}
            <ConfirmModal
              opened={confirming}
              title={t('noDebts.confirmTitle')}
              text={t('noDebts.confirmText')}
              keepLabel={t('holds.keep')}
              confirmLabel={t('noDebts.issue')}
              onClose={() => setConfirming(false)}
              onConfirm={() => void act(async () => t('noDebts.issuedNotice', { code: (await issue.mutateAsync()).codigo }))}
            />
          </Stack>
        );
      }}
    </Loading>
  );
}
