import { Paper } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { StatusLine } from './status-line';

/** What the page last said; `focus` sends the focus to it (after a write done from a form); `id` makes a repeated sentence a new announcement. */
export interface Said {
  id: number;
  text: string;
  focus: boolean;
}

/** How a part of the page tells an outcome: `focus` (the default) sends the focus to it; false leaves it where it is (a button pressed again and again, a search box). */
export type Say = (text: string, focus?: boolean) => void;

/**
 * A staff section's live region for outcomes (requests, acquisitions, serials), always in the page
 * so that what is put in it is announced (role status, politely). A write done from a form takes
 * the focus to its outcome (not in the Tab order); a button meant to be pressed again and again
 * (the serials' "Receber o próximo") keeps it. A refusal is said where it happened, in an alert
 * beside the form or button that was used.
 */
export function Announcer({ said }: { said: Said | null }) {
  const outcome = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (said?.focus) outcome.current?.focus();
  }, [said]);
  return (
    <div role="status" aria-live="polite" aria-atomic="true">
      {said && (
        <Paper key={said.id} ref={outcome} tabIndex={-1} withBorder p="sm">
          <StatusLine tone="ok">{said.text}</StatusLine>
        </Paper>
      )}
    </div>
  );
}

/** A refusal, said at once (role alert) beside the form or button that was used; nothing while there is none. */
export function Refused({ text }: { text: string | null }) {
  return (
    <div role="alert" aria-live="assertive" aria-atomic="true">
      {text && <StatusLine tone="danger">{text}</StatusLine>}
    </div>
  );
}
