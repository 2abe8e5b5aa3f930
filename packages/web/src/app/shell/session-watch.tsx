import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { onSessionExpired } from '../../api/client';

/**
 * When the patron's token can no longer be renewed, the session-expired warning before the
 * sign-out (spec §4, §8), on whichever screen the failed call was made.
 */
export function SessionWatch() {
  const { t } = useTranslation();
  useEffect(
    () =>
      onSessionExpired(() =>
        notifications.show({
          id: 'session-expired',
          color: 'yellow',
          title: t('session.expiredTitle'),
          message: t('session.expired'),
          withBorder: true,
          closeButtonProps: { 'aria-label': t('app.close') },
        }),
      ),
    [t],
  );
  return null;
}
