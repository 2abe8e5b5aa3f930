import { Button, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import i18next from 'i18next';

/**
 * The generic confirmation (spec §2 "Modals"), with @mantine/modals: a question, a way back and
 * the action, which closes the modal before it runs. `danger` paints the action red
 * (cancelling, deleting). Needs the ModalsProvider of app/providers.tsx.
 */
export function confirmAction({
  title,
  text,
  keepLabel,
  confirmLabel,
  danger = false,
  onConfirm,
}: {
  title: string;
  text: string;
  keepLabel: string;
  confirmLabel: string;
  danger?: boolean;
  onConfirm: () => void;
}): void {
  modals.openConfirmModal({
    title,
    children: <Text mb="md">{text}</Text>,
    labels: { confirm: confirmLabel, cancel: keepLabel },
    cancelProps: { variant: 'default' },
    confirmProps: { color: danger ? 'red.9' : undefined },
    closeButtonProps: { 'aria-label': i18next.t('app.close') },
    onConfirm,
  });
}

/**
 * A small button whose action runs after the generic confirmation (removing an alert, an entry
 * of the interest profile): named "label: item" for screen readers, which list many of them.
 */
export function ConfirmButton({
  label,
  item,
  title,
  text,
  keepLabel,
  onConfirm,
}: {
  label: string;
  item: string;
  title: string;
  text: string;
  keepLabel: string;
  onConfirm: () => void;
}) {
  return (
    <Button
      aria-label={`${label}: ${item}`}
      size="compact-sm"
      variant="default"
      onClick={() => confirmAction({ title, text, keepLabel, confirmLabel: label, danger: true, onConfirm })}
    >
      {label}
    </Button>
  );
}
