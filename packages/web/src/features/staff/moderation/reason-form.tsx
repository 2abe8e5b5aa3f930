import { Box, Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../api/client';

/** A reason as the moderation calls take it (the contract's `motivo`: 3 to 500 characters, trimmed). */
const REASON_MIN = 3;
const REASON_MAX = 500;
/** A comment's text as the edit takes it (1 to 2000 characters, trimmed). */
const TEXT_MAX = 2000;

/** What the form answers: the reason, and the comment's new text when it asked for one. */
export interface Answer {
  motivo: string;
  texto?: string;
}

/**
 * The form every moderation write but approval asks for: "Motivo" (required, 3–500 characters)
 * and its submit button; given `text`, first the comment's text to change (prefilled, required,
 * up to 2000 characters). `onSubmit` gets them trimmed; what it throws is shown under the fields
 * (the server's message), and the form stays to be corrected.
 */
export function ReasonForm({
  label,
  submitLabel,
  text,
  onSubmit,
  onCancel,
}: {
  /** Names the form for assistive technology (the act it asks a reason for). */
  label: string;
  submitLabel: string;
  /** The comment's text, to edit (no field for it when left out). */
  text?: string;
  onSubmit: (answer: Answer) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const editing = text !== undefined;
  const form = useForm({
    initialValues: { texto: text ?? '', motivo: '' },
    validate: {
      texto: (value) => (editing && (value.trim().length === 0 || value.trim().length > TEXT_MAX) ? t('staffModeration.text.rule', { max: TEXT_MAX }) : null),
      motivo: (value) =>
        value.trim().length < REASON_MIN || value.trim().length > REASON_MAX ? t('staffModeration.reason.rule', { min: REASON_MIN, max: REASON_MAX }) : null,
    },
  });
  const submit = form.onSubmit(async ({ texto, motivo }) => {
    setProblem(null);
    setPending(true);
    try {
      await onSubmit(editing ? { texto: texto.trim(), motivo: motivo.trim() } : { motivo: motivo.trim() });
    } catch (error) {
      setProblem(messageOf(error, t('errors.unexpected')));
    } finally {
      setPending(false);
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label={label}>
      <Stack gap="sm">
        {editing && (
          <Textarea
            label={t('staffModeration.text.label')}
            description={t('staffModeration.text.help', { max: TEXT_MAX })}
            required
            autosize
            minRows={4}
            maxRows={14}
            maxLength={TEXT_MAX}
            data-autofocus
            key={form.key('texto')}
            {...form.getInputProps('texto')}
          />
        )}
        <TextInput
          label={t('staffModeration.reason.label')}
          description={t('staffModeration.reason.help', { min: REASON_MIN, max: REASON_MAX })}
          required
          maxLength={REASON_MAX}
          data-autofocus={editing ? undefined : true}
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
          <Button variant="default" onClick={onCancel}>
            {t('staffModeration.reason.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** What a reason is asked for: the modal's title, the sentence and the comment under it, its action's name, and the act itself. */
export interface ReasonRequest {
  title: string;
  text: string;
  /** The comment's text, quoted above the form (rejecting, unpublishing). */
  quote?: string;
  /** The comment's text to edit, in the form (editing). */
  editText?: string;
  submitLabel: string;
  act: (answer: Answer) => Promise<void>;
}

/**
 * A Mantine modal asking a reason for `request` (a rejection, an edit, an unpublishing). It gives
 * the focus back to nobody itself: `onClosed` tells the page how it closed (done, or cancelled),
 * and the page places the focus (the next comment, the button that opened it, the announcement).
 */
export function ReasonModal({ request, onClosed }: { request: { id: number; ask: ReasonRequest } | null; onClosed: (done: boolean) => void }) {
  const { t } = useTranslation();
  // Which request was closed: the modal stays drawn while it closes, with its last words.
  const [closed, setClosed] = useState<number | null>(null);
  const opened = request !== null && closed !== request.id;
  const close = (done: boolean) => {
    if (!request || closed === request.id) return;
    setClosed(request.id);
    onClosed(done);
  };
  return (
    <Modal
      opened={opened}
      onClose={() => close(false)}
      returnFocus={false}
      size={request?.ask.editText !== undefined ? 'lg' : 'md'}
      title={request?.ask.title}
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      {request && (
        <Stack gap="sm">
          <Text>{request.ask.text}</Text>
          {request.ask.quote !== undefined && (
            <Box component="blockquote" m={0} pl="sm" style={{ borderInlineStart: '3px solid var(--mantine-color-gray-5)', whiteSpace: 'pre-wrap' }}>
              {request.ask.quote}
            </Box>
          )}
          <ReasonForm
            key={request.id}
            label={request.ask.title}
            submitLabel={request.ask.submitLabel}
            text={request.ask.editText}
            onCancel={() => close(false)}
            onSubmit={async (answer) => {
              await request.ask.act(answer);
              close(true);
            }}
          />
        </Stack>
      )}
    </Modal>
  );
}
