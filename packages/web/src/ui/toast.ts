import { notifications } from '@mantine/notifications';
import i18next from 'i18next';

/** A success toast; it closes by itself (spec §9: 8,000 ms, set on <Notifications>) or with its labelled close button. */
export function toastSuccess(message: string): void {
  notifications.show({ message, color: 'green', withBorder: true, closeButtonProps: { 'aria-label': i18next.t('app.close') } });
}
