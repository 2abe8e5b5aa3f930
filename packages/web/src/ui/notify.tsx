import { Alert, type MantineSpacing } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../api/client';

/** What a screen tells the patron after an action: done (announced politely) or a problem (an alert). */
export interface Notice {
  text: string;
  ok: boolean;
}

/**
 * Every screen's notifications through one hook: the notice shown in place (`<NoticeView>`),
 * set by `success` / `problem` / `failed(error)` (the server's message, or "unexpected") or by
 * `run(work, done)` around a call, and
 * `toast` for a message that closes by itself (spec §9: 8 s, set on <Notifications>).
 */
export function useNotify() {
  const { t } = useTranslation();
  const [notice, setNotice] = useState<Notice | null>(null);
  return useMemo(
    () => ({
      notice,
      success: (text: string) => setNotice({ text, ok: true }),
      problem: (text: string) => setNotice({ text, ok: false }),
      failed: (error: unknown) => setNotice({ text: messageOf(error, t('errors.unexpected')), ok: false }),
      clear: () => setNotice(null),
      /** Runs `work`, then says `done` (a text, or one made from its result), or what went wrong. */
      run: async <T,>(work: () => Promise<T>, done: string | ((result: T) => string)) => {
        setNotice(null);
        try {
          const result = await work();
          setNotice({ text: typeof done === 'string' ? done : done(result), ok: true });
        } catch (error) {
          setNotice({ text: messageOf(error, t('errors.unexpected')), ok: false });
        }
      },
      toast: (message: string) => notifications.show({ message, color: 'green', withBorder: true, closeButtonProps: { 'aria-label': t('app.close') } }),
    }),
    [notice, t],
  );
}

/** The notice in place: green with role status when done, yellow with role alert for a problem. */
export function NoticeView({ notice, mb }: { notice: Notice | null; mb?: MantineSpacing }) {
  const ref = useRef<HTMLDivElement>(null);
  // A confirmation takes the focus when it appears (after every write): a keyboard or screen
  // reader user is where the outcome is, not left on a button of a form that was reset. A problem
  // is announced (role alert) and leaves the focus in the form, to be corrected.
  useEffect(() => {
    if (notice?.ok) ref.current?.focus();
  }, [notice]);
  if (!notice) return null;
  return (
    <Alert ref={ref} tabIndex={-1} color={notice.ok ? 'green' : 'yellow'} variant="light" role={notice.ok ? 'status' : 'alert'} mb={mb}>
      {notice.text}
    </Alert>
  );
}
