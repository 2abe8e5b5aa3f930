import { Alert, Button, Group } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../ui/notify';

/**
 * How the footer's forms send: the problem to show (a missing field, the server's refusal) and
 * whether a send is under way. `send` runs the call; a refusal becomes the problem.
 */
export function useSending() {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const send = async (call: () => Promise<void>) => {
    notify.clear();
    setBusy(true);
    try {
      await call();
    } catch (error) {
      notify.failed(error);
    } finally {
      setBusy(false);
    }
  };
  return { problem: notify.notice?.text ?? null, setProblem: notify.problem, busy, send };
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
