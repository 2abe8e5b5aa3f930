import { Paper, Stack } from '@mantine/core';
import type { Ref } from 'react';
import { StatusLine, type Tone } from '../../../ui/status-line';

/** One sentence of an outcome, with its tone (shown by an icon and colour besides the words). */
export interface Line {
  text: string;
  tone: Tone;
}

/** What the moderation page last said: an outcome, or a refusal; `id` makes a repeated sentence a new announcement. */
export interface Said {
  id: number;
  ok: boolean;
  lines: Line[];
}

/**
 * The page's two live regions, always in the page so that what is put in them is announced
 * wherever the focus is: outcomes politely (role status), refusals at once (role alert). The
 * status region takes the focus (`statusRef`, not in the Tab order) when the item acted on has
 * left the list and no other is there to take it.
 */
export function Announcer({ said, statusRef }: { said: Said | null; statusRef?: Ref<HTMLDivElement> }) {
  return (
    <Stack gap="xs">
      <div role="status" aria-live="polite" aria-atomic="true" tabIndex={-1} ref={statusRef}>
        {said?.ok && <Outcome key={said.id} lines={said.lines} />}
      </div>
      <div role="alert" aria-live="assertive" aria-atomic="true">
        {said && !said.ok && <Outcome key={said.id} lines={said.lines} />}
      </div>
    </Stack>
  );
}

function Outcome({ lines }: { lines: Line[] }) {
  return (
    <Paper withBorder p="sm">
      <Stack gap={4}>
        {lines.map((line, i) => (
          <StatusLine key={i} tone={line.tone}>
            {line.text}
          </StatusLine>
        ))}
      </Stack>
    </Paper>
  );
}
