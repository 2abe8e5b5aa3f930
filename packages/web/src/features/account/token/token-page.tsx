import { Button, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../../ui/loading';
import { useLoanToken, useNewLoanToken } from './token.api';
import { dateFormat } from '../../../ui/dates';

/** Meu Pergamum, "Obter token": the six-digit loan token for the self-service kiosk. */
export function LoanTokenPage() {
  const { t, i18n } = useTranslation();
  const token = useLoanToken();
  const renew = useNewLoanToken();
  const time = dateFormat(i18n.language, 'short');
  return (
    <Loading state={token} error={t('token.fetchError')}>
      {() => (
        <Stack gap="sm">
          <Text>{t('token.intro')}</Text>
          {token.data ? (
            <Paper withBorder p="md" role="status">
              <Text size="xl" fw={700} ff="monospace" aria-label={t('token.value', { value: token.data.valor.split('').join(' ') })}>
                {token.data.valor}
              </Text>
              <Text>{t('token.validUntil', { date: time.format(new Date(token.data.valido_ate)) })}</Text>
            </Paper>
          ) : (
            <Text>{t('token.none')}</Text>
          )}
          <Button w="fit-content" onClick={() => renew.mutate()} loading={renew.isPending}>
            {t('token.new')}
          </Button>
        </Stack>
      )}
    </Loading>
  );
}
