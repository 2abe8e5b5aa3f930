import { Paper } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { StatusLine } from '../../../ui/status-line';

/**
 * What the page last said: a write done (`ok`) or refused; `focus` sends the focus to it (a write
 * done from a button or a form; not a switch, whose change must not move the focus, WCAG 3.2.2);
 * `id` makes a repeated sentence a new announcement.
 */
export interface Said {
  id: number;
  ok: boolean;
  text: string;
  focus: boolean;
}

/** How a tab tells an outcome: done (`ok`) or refused, the focus sent to it unless `focus` is false. */
export type Tell = (ok: boolean, text: string, focus?: boolean) => void;

/**
 * The page's two live regions, always in the page so that what is put in them is announced:
 * outcomes politely (role status), refusals at once (role alert). What asks for the focus takes
 * it (not in the Tab order).
 */
export function Announcer({ said }: { said: Said | null }) {
  const shown = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (said?.focus) shown.current?.focus();
  }, [said]);
  return (
    <div>
      <div role="status" aria-live="polite" aria-atomic="true">
        {said?.ok && (
          <Paper key={said.id} ref={shown} tabIndex={-1} withBorder p="sm">
            <StatusLine tone="ok">{said.text}</StatusLine>
          </Paper>
        )}
      </div>
      <div role="alert" aria-live="assertive" aria-atomic="true">
        {said && !said.ok && (
          <Paper key={said.id} ref={shown} tabIndex={-1} withBorder p="sm">
            <StatusLine tone="danger">{said.text}</StatusLine>
          </Paper>
        )}
      </div>
    </div>
  );
}

/** A refusal beside the form that was sent, said at once (role alert); it takes the focus when it comes, the form kept as it was. */
export function Refused({ said }: { said: { id: number; text: string } | null }) {
  const shown = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (said) shown.current?.focus();
  }, [said]);
  return (
    <div role="alert" aria-live="assertive" aria-atomic="true">
      {said && (
        <div key={said.id} ref={shown} tabIndex={-1}>
          <StatusLine tone="danger">{said.text}</StatusLine>
        </div>
      )}
    </div>
  );
}
