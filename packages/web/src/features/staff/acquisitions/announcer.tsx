import { Paper } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { StatusLine } from '../../../ui/status-line';

/** What the page last said; `id` makes a repeated sentence a new announcement, `focus` sends the focus to it (after a write). */
export interface Said {
  id: number;
  text: string;
  focus: boolean;
}

/** Says an outcome in the page's live region; `focus` (the default, after a write) sends the focus to it. */
export type Say = (text: string, focus?: boolean) => void;

/**
 * The page's live region for outcomes, always in the page so that what is put in it is announced
 * (role status, politely). A write done takes the focus to its outcome, which is not in the Tab
 * order; a refusal is said where it happened, in an alert beside the form that was sent.
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

/** A refusal, said at once (role alert) where the act was asked for; nothing while there is none. */
export function Refused({ text }: { text: string | null }) {
  return (
    <div role="alert" aria-live="assertive" aria-atomic="true">
      {text && <StatusLine tone="danger">{text}</StatusLine>}
    </div>
  );
}
