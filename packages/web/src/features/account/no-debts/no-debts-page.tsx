import { Alert, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../../ui/loading';
import { confirmAction } from '../../../ui/confirm';
import { NoticeView, useNotify } from '../../../ui/notify';
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
  const notify = useNotify();
  const act = (work: () => Promise<string>) => notify.run(work, (text) => text);
  const askIssue = () =>
    confirmAction({
      title: t('noDebts.confirmTitle'),
      text: t('noDebts.confirmText'),
      keepLabel: t('holds.keep'),
      confirmLabel: t('noDebts.issue'),
      onConfirm: () => void act(async () => t('noDebts.issuedNotice', { code: (await issue.mutateAsync()).codigo })),
    });
  return (
    <Loading state={check} error={t('noDebts.fetchError')}>
      {() => {
        const data = check.data!;
        return (
          <Stack gap="sm">
            <NoticeView notice={notify.notice} />
            {data.declaracao ? (
              <Paper withBorder p="md">
                <Title order={2} size="h4" mb="xs">
                  {t('noDebts.issued')}
                </Title>
                <Text>{t('noDebts.issuedOn', { date: day(data.declaracao.emitida_em), code: data.declaracao.codigo })}</Text>
                <Group mt="sm">
                  <Button onClick={() => void act(async () => t('noDebts.downloaded', { file: await downloadDeclaration(data.declaracao!.codigo) }))}>
                    {t('noDebts.pdf')}
                  </Button>
                  <Button
                    variant="outline"
                    color="blue.9"
                    onClick={() => void act(async () => t('noDebts.mailed', { email: (await mailDeclaration(data.declaracao!.codigo)).email }))}
                  >
                    {t('noDebts.mail')}
                  </Button>
                </Group>
              </Paper>
            ) : data.pode_emitir ? (
              <>
                <Text>{t('noDebts.canIssue')}</Text>
                <Button w="fit-content" onClick={askIssue} loading={issue.isPending}>
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
          </Stack>
        );
      }}
    </Loading>
  );
}
