import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useShortDate } from '../../ui/dates';

/** How many days before a registration ends its patron is warned (spec §8 notices). */
export const EXPIRY_NOTICE_DAYS = 30;

/** Whole days from today (local) until `iso` (YYYY-MM-DD): 0 today, negative once past. */
export function daysUntil(iso: string, today = new Date()): number {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return Math.round((Date.UTC(y, m - 1, d) - Date.UTC(today.getFullYear(), today.getMonth(), today.getDate())) / 86_400_000);
}

/**
 * The notice of spec §8 "registration about to expire": shown in Meu Pergamum while the
 * registration ends within EXPIRY_NOTICE_DAYS days (its last day from GET /pessoas).
 */
export function RegistrationNotice({ validade }: { validade: string | null | undefined }) {
  const { t } = useTranslation();
  const day = useShortDate();
  if (!validade) return null;
  const days = daysUntil(validade);
  if (days < 0 || days > EXPIRY_NOTICE_DAYS) return null;
  return (
    <Alert color="yellow" variant="light" role="note" title={t('account.expiry.title')}>
      {t('account.expiry.text', { count: days, date: day(validade) })}
    </Alert>
  );
}
