import { Button, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../ui/confirm';
import { useShortDate } from '../../../ui/dates';
import { ListSection } from '../../../ui/list-section';
import { NoticeView, useNotify } from '../../../ui/notify';
import { downloadMyData, useErasureRequests, useRequestErasure, useSignedInEmail } from './my-data.api';

/**
 * Meu Pergamum, "Meus dados" (LGPD, Brazil's data protection law): everything the library holds
 * about the patron, downloaded as JSON (art. 18, II), and a request that the library erase it
 * (art. 18, VI) — e-mailed to the library, refused while loans or debts are open.
 */
export function MyDataPage() {
  return (
    <Stack gap="md">
      <DownloadPanel />
      <ErasurePanel />
    </Stack>
  );
}

function DownloadPanel() {
  const { t } = useTranslation();
  const headingId = useId();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    await notify.run(downloadMyData, (file) => t('myData.downloaded', { file }));
    setBusy(false);
  };
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId} mb="xs">
        {t('myData.downloadTitle')}
      </Title>
      <Stack gap="sm">
        <Text>{t('myData.downloadIntro')}</Text>
        <NoticeView notice={notify.notice} />
        <Button w="fit-content" onClick={() => void download()} loading={busy}>
          {t('myData.download')}
        </Button>
      </Stack>
    </Paper>
  );
}

function ErasurePanel() {
  const { t } = useTranslation();
  const headingId = useId();
  const day = useShortDate();
  const email = useSignedInEmail();
  const requests = useErasureRequests();
  const erase = useRequestErasure();
  const notify = useNotify();
  const [motivo, setMotivo] = useState('');
  const ask = () =>
    confirmAction({
      title: t('myData.confirmTitle'),
      text: t('myData.confirmText'),
      keepLabel: t('myData.keep'),
      confirmLabel: t('myData.erase'),
      danger: true,
      onConfirm: () =>
        void notify.run(
          async () => {
            const answer = await erase.mutateAsync(motivo);
            setMotivo('');
            return answer.mensagem;
          },
          (message) => message,
        ),
    });
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId} mb="xs">
        {t('myData.eraseTitle')}
      </Title>
      <Stack gap="sm">
        <Text>{t('myData.eraseIntro')}</Text>
        {email.data && <Text>{email.data.email ? t('myData.answerAt', { email: email.data.email }) : t('myData.noEmail')}</Text>}
        <Textarea label={t('myData.reason')} value={motivo} onChange={(e) => setMotivo(e.currentTarget.value)} maxLength={1000} autosize minRows={2} />
        <NoticeView notice={notify.notice} />
        <Button w="fit-content" color="red.9" onClick={ask} loading={erase.isPending}>
          {t('myData.erase')}
        </Button>
        <ListSection
          caption={t('myData.requests')}
          query={requests}
          emptyText={t('myData.noRequests')}
          errorText={t('myData.fetchError')}
          minWidth={360}
          rowKey={(r) => r.codigo}
          columns={[
            { header: t('myData.number'), cell: (r) => String(r.codigo) },
            { header: t('myData.date'), cell: (r) => day(r.criado_em) },
            { header: t('myData.status'), cell: (r) => t(`myData.statuses.${r.situacao}`) },
          ]}
        />
      </Stack>
    </Paper>
  );
}
