import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The generic confirmation (spec §2 "Modals"): a question, a way back and the action, which
 * closes the modal before it runs. `danger` paints the action red (cancelling, deleting).
 */
export function ConfirmModal({
  opened,
  title,
  text,
  keepLabel,
  confirmLabel,
  danger = false,
  onClose,
  onConfirm,
}: {
  opened: boolean;
  title: string;
  text: string;
  keepLabel: string;
  confirmLabel: string;
  danger?: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={title} closeButtonProps={{ 'aria-label': t('app.close') }}>
      <Text mb="md">{text}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {keepLabel}
        </Button>
        <Button
          color={danger ? 'red.9' : undefined}
          onClick={() => {
            onClose();
            onConfirm();
          }}
        >
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
