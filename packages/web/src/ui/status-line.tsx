import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** How something stands: late, owed or lost; soon or out for now; fine or on the shelf; neither. */
export type Tone = 'danger' | 'warning' | 'ok' | 'neutral';

/** Text colours at AA contrast on white (the colour schemes override them). */
// Mantine's orange.9 is 4.3:1 on white: the warning's own darker orange (6.5:1, and above 4.5 on striped rows).
const COLOUR: Record<Tone, string> = { danger: 'red.9', warning: '#a14000', ok: 'teal.9', neutral: 'gray.8' };

/** A shape for each tone, so that colour is never the only signal: a warning sign, a clock, a tick, an "i". */
function ToneIcon({ tone }: { tone: Tone }) {
  return (
    <svg width="1.1em" height="1.1em" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" aria-hidden focusable="false">
      {tone === 'danger' && <path d="M12 3 2.5 20h19L12 3Zm0 6v5m0 3.5v.01" />}
      {tone === 'warning' && <path d="M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm0 4.5V12l3 2" />}
      {tone === 'ok' && <path d="M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm-4 9 3 3 5-6" />}
      {tone === 'neutral' && <path d="M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm0 8v5m0-8.5v.01" />}
    </svg>
  );
}

/** A status in words, coloured and with its icon; it wraps, never cut. */
export function StatusLine({ tone, children, size }: { tone: Tone; children: ReactNode; size?: 'sm' }) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" c={COLOUR[tone]}>
      <Text component="span" size={size} lh={1.55} style={{ display: 'inline-flex', alignItems: 'center', height: '1.55em' }}>
        <ToneIcon tone={tone} />
      </Text>
      <Text size={size} c={COLOUR[tone]} style={{ overflowWrap: 'break-word' }}>
        {children}
      </Text>
    </Group>
  );
}
