import { Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { StatusLine, type Tone } from '../../../ui/status-line';

/** One sentence of an outcome, with its tone (shown by an icon and colour besides the words). */
export interface Line {
  text: string;
  tone: Tone;
}

/** How a part of the desk tells what happened: done (`say`) or refused (`refuse`); both give the focus back to the input. */
export interface Voice {
  say: (lines: Line[]) => void;
  refuse: (error: unknown) => void;
}

/** What the desk last said: an outcome, or a refusal; `id` makes a repeated sentence a new announcement. */
export interface Said {
  id: number;
  ok: boolean;
  lines: Line[];
}

/**
 * The desk's two live regions, always in the page so that what is put in them is announced while
 * the focus stays in the input: outcomes politely (role status), refusals at once (role alert).
 * `after` follows the refusal (the form to lend anyway).
 */
export function Announcer({ said, after }: { said: Said | null; after?: ReactNode }) {
  return (
    <Stack gap="xs">
      <div role="status" aria-live="polite" aria-atomic="true">
        {said?.ok && <Outcome key={said.id} lines={said.lines} />}
      </div>
      <div role="alert" aria-live="assertive" aria-atomic="true">
        {said && !said.ok && <Outcome key={said.id} lines={said.lines} />}
      </div>
      {after}
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
