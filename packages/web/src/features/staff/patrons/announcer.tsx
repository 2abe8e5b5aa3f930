import { Paper } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { StatusLine } from '../../../ui/status-line';

/**
 * What the page last said: an outcome (`ok`) or a refusal; `focus` sends the focus to an outcome
 * (after a write); `id` makes a repeated sentence a new announcement.
 */
export interface Said {
  id: number;
  ok: boolean;
  text: string;
  focus: boolean;
}

/** How a part of the page tells an outcome: `focus` after a write (the default), not after a search. */
export type Say = (text: string, focus?: boolean) => void;

/**
 * The page's two live regions, always in the page so that what is put in them is announced:
 * outcomes politely (role status), refusals at once (role alert). A write done takes the focus to
 * its outcome (not in the Tab order); a refusal leaves the focus where it was, to be corrected.
 */
export function Announcer({ said }: { said: Said | null }) {
  const outcome = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (said?.ok && said.focus) outcome.current?.focus();
  }, [said]);
  return (
    <div>
      <div role="status" aria-live="polite" aria-atomic="true">
        {said?.ok && (
          <Paper key={said.id} ref={outcome} tabIndex={-1} withBorder p="sm">
            <StatusLine tone="ok">{said.text}</StatusLine>
          </Paper>
        )}
      </div>
      <div role="alert" aria-live="assertive" aria-atomic="true">
        {said && !said.ok && (
          <Paper key={said.id} withBorder p="sm">
            <StatusLine tone="danger">{said.text}</StatusLine>
          </Paper>
        )}
      </div>
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
