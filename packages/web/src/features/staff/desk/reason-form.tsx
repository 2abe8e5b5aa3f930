import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../api/client';

/** A reason as the desk's calls take it (the contract's `motivo`: 3 to 500 characters, trimmed). */
const REASON_MIN = 3;
const REASON_MAX = 500;

/**
 * The one field every overriding or recorded act at the desk asks for, "Motivo" (required, 3–500
 * characters), and its submit button. `onSubmit` gets the trimmed reason; what it throws is shown
 * under the field (the server's message), and the form stays to be corrected.
 */
export function ReasonForm({
  label,
  submitLabel,
  onSubmit,
  onCancel,
  autoFocus = false,
}: {
  /** Names the form for assistive technology (the act it asks a reason for). */
  label: string;
  submitLabel: string;
  onSubmit: (motivo: string) => Promise<void>;
  onCancel?: () => void;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const form = useForm({
    initialValues: { motivo: '' },
    validate: {
      motivo: (value) =>
        value.trim().length < REASON_MIN || value.trim().length > REASON_MAX ? t('staffDesk.reason.rule', { min: REASON_MIN, max: REASON_MAX }) : null,
    },
  });
  const submit = form.onSubmit(async ({ motivo }) => {
    setProblem(null);
    setPending(true);
    try {
      await onSubmit(motivo.trim());
    } catch (error) {
      setProblem(messageOf(error, t('errors.unexpected')));
    } finally {
      setPending(false);
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label={label}>
      <Stack gap="sm">
        <TextInput
          label={t('staffDesk.reason.label')}
          description={t('staffDesk.reason.help', { min: REASON_MIN, max: REASON_MAX })}
          required
          maxLength={REASON_MAX}
          data-autofocus={autoFocus || undefined}
          key={form.key('motivo')}
          {...form.getInputProps('motivo')}
        />
        {problem && (
          <Text role="alert" c="red.9" fw={600}>
            {problem}
          </Text>
        )}
        <Group gap="sm">
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t('staffDesk.reason.cancel')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

/** What a reason is asked for: the modal's title, the sentence under it, its action's name and the act itself. */
export interface ReasonRequest {
  title: string;
  text?: string;
  submitLabel: string;
  act: (motivo: string) => Promise<void>;
}

/**
 * A Mantine modal asking a reason for `request` (a block, a payment, a waiver). Cancelled, the focus
 * goes back to the button that opened it; done, it stays where the act put it (the desk puts it
 * back in its input, for the next scan).
 */
export function ReasonModal({ request }: { request: { id: number; ask: ReasonRequest } | null }) {
  const { t } = useTranslation();
  // Which request was closed, and how: the modal stays drawn while it closes, with its last words.
  const [closed, setClosed] = useState<{ id: number; done: boolean } | null>(null);
  const opened = request !== null && closed?.id !== request.id;
  const done = closed !== null && closed.id === request?.id && closed.done;
  const close = (finished: boolean) => {
    if (!request) return;
    setClosed({ id: request.id, done: finished });
  };
  return (
    <Modal
      opened={opened}
      onClose={() => close(false)}
      // Done, the focus is the desk's to place; cancelled, it returns to the button that opened the modal.
      returnFocus={!done}
      title={request?.ask.title}
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      {request && (
        <Stack gap="sm">
          {request.ask.text && <Text>{request.ask.text}</Text>}
          <ReasonForm
            key={request.id}
            label={request.ask.title}
            submitLabel={request.ask.submitLabel}
            autoFocus
            onCancel={() => close(false)}
            onSubmit={async (motivo) => {
              await request.ask.act(motivo);
              close(true);
            }}
          />
        </Stack>
      )}
    </Modal>
  );
}
