import { Paper } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { StatusLine } from '../../../ui/status-line';

/** What the page last said: a write done (`ok`), or one refused; `id` makes a repeated sentence a new announcement. */
export interface Said {
  id: number;
  ok: boolean;
  text: string;
}

/**
 * The page's two live regions, always in the page so that what is put in them is announced:
 * outcomes politely (role status), refusals at once (role alert). A write done takes the focus to
 * its outcome (the form or the modal it came from is reset or gone); a refusal leaves the focus in
 * the form, to be corrected.
 */
export function Announcer({ said }: { said: Said | null }) {
  const outcome = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (said?.ok) outcome.current?.focus();
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
