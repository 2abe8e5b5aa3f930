import { Alert, Button, Group } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../api/client';

/**
 * How the footer's forms send: the problem to show (a missing field, the server's refusal) and
 * whether a send is under way. `send` runs the call; a refusal becomes the problem.
 */
export function useSending() {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const send = async (call: () => Promise<void>) => {
    setProblem(null);
    setBusy(true);
    try {
      await call();
    } catch (error) {
      setProblem(messageOf(error, t('errors.unexpected')));
    } finally {
      setBusy(false);
    }
  };
  return { problem, setProblem, busy, send };
}

/** The end of a footer form: the problem, announced, and the send button. */
export function FormEnd({ problem, busy }: { problem: string | null; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <div aria-live="polite">
        {problem && (
          <Alert variant="light" color="yellow">
            {problem}
          </Alert>
        )}
      </div>
      <Group justify="flex-end">
        <Button type="submit" loading={busy}>
          {t('units.send')}
        </Button>
      </Group>
    </>
  );
}
