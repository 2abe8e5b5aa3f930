import type { Parceiro } from '@estante/contracts/network';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../api/client';
import { Refused } from './announcer';
import { useNetworkWords } from './harvest-state';
import { useRemovePartner } from './network.api';

/** The partner whose removal is being confirmed; `done` once removed (the focus then goes to the outcome, not back to the button). */
export interface Removing {
  id: number;
  partner: Parceiro;
  open: boolean;
  done: boolean;
}

/**
 * "Remover X": a confirmation saying that the partner's records leave the network search; a
 * refusal (it was removed meanwhile) said in the modal, which stays open. Cancelled, the focus goes
 * back to the button that opened it.
 */
export function RemoveModal({
  removing,
  onClose,
  onRemoved,
}: {
  removing: Removing | null;
  onClose: () => void;
  onRemoved: (partner: Parceiro, registros: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={removing?.open ?? false}
      onClose={onClose}
      // Done, the focus goes to the outcome announced; cancelled, back to the button that opened the modal.
      returnFocus={!removing?.done}
      title={removing && t('staffNetwork.remove.title', { name: removing.partner.nome })}
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      {removing && <RemoveConfirmation key={removing.id} partner={removing.partner} onCancel={onClose} onRemoved={onRemoved} />}
    </Modal>
  );
}

function RemoveConfirmation({
  partner,
  onCancel,
  onRemoved,
}: {
  partner: Parceiro;
  onCancel: () => void;
  onRemoved: (partner: Parceiro, registros: number) => void;
}) {
  const { t } = useTranslation();
  const words = useNetworkWords();
  const remove = useRemovePartner();
  const [refused, setRefused] = useState<{ id: number; text: string } | null>(null);
  const confirm = async () => {
    setRefused(null);
    try {
      const { registros } = await remove.mutateAsync(partner.cod_empresa);
      onRemoved(partner, registros);
    } catch (error) {
      setRefused((last) => ({ id: (last?.id ?? 0) + 1, text: messageOf(error, t('errors.unexpected')) }));
    }
  };
  return (
    <Stack gap="sm">
      <Text>{t('staffNetwork.remove.text', { name: partner.nome, count: partner.registros, n: words.count(partner.registros) })}</Text>
      <Refused said={refused} />
      <Group gap="sm">
        <Button color="red.9" loading={remove.isPending} onClick={() => void confirm()}>
          {t('staffNetwork.remove.confirm')}
        </Button>
        <Button variant="default" onClick={onCancel} data-autofocus>
          {t('staffNetwork.remove.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}
