import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Db, isDatabaseUnavailable } from '../../db/client.js';
import { errorOf, RemoteIndex, type WireError, wireError } from './search.remote.js';

/** What the workers' channel does to an error: JSON there and back. */
const travelled = (error: unknown) => errorOf(JSON.parse(JSON.stringify(wireError(error))) as ReturnType<typeof wireError>);

describe("a search's error on its way from the primary's index to the worker", () => {
  it('stays a database outage when the driver error is wrapped (drizzle puts it in `cause`), so the patron gets 503', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const wrapped = new Error('Failed query: select version from catalog_version', { cause: refused });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
    const arrived = travelled(wrapped);
    expect(isDatabaseUnavailable(arrived)).toBe(true);
    expect(arrived.message).toBe(wrapped.message);
    expect((arrived.cause as { code?: string }).code).toBe('ECONNREFUSED');
    const timedOut = new Error('Failed query: select 1', { cause: new Error('timeout exceeded when trying to connect') });
    expect(isDatabaseUnavailable(travelled(timedOut))).toBe(true);
  });

  it('keeps any other error one (a 500 stays a 500, a status stays its status)', () => {
    const syntax = new Error('Failed query: select', { cause: Object.assign(new Error('syntax error'), { code: '42601' }) });
    expect(isDatabaseUnavailable(travelled(syntax))).toBe(false);
    expect(travelled(Object.assign(new Error('bad'), { statusCode: 400 }))).toMatchObject({ message: 'bad', statusCode: 400 });
    expect(travelled('a string thrown').message).toBe('a string thrown');
  });
});

describe("a worker waiting for the primary's index before it listens (RemoteIndex.ready)", () => {
  /** What the worker hears from the primary (the channel's listener, added once by the first RemoteIndex). */
  let onMessage: ((message: unknown) => void) | undefined;

  /** The worker's channel to the primary: the calls it sends, and a way to answer them as the primary would. */
  function channel() {
    const sent: { estanteSearch: number; op: string }[] = [];
    const original = process.send;
    const send = original?.bind(process);
    const on = vi.spyOn(process, 'on');
    const index = new RemoteIndex({} as Db);
    onMessage ??= on.mock.calls.find(([event]) => event === 'message')?.[1] as ((message: unknown) => void) | undefined;
    on.mockRestore();
    // The test runner's own messages still go to it; the index's calls are kept here.
    process.send = ((message: unknown, ...rest: unknown[]) => {
      if (typeof message === 'object' && message !== null && 'estanteSearch' in message) {
        sent.push(message as { estanteSearch: number; op: string });
        const done = rest.find((r) => typeof r === 'function') as ((error: Error | null) => void) | undefined;
        done?.(null);
        return true;
      }
      return send ? (send as (...args: unknown[]) => boolean)(message, ...rest) : false;
    }) as typeof process.send;
    return {
      index,
      sent,
      answer: (reply: { estanteSearch: number; value?: unknown; error?: WireError }) => onMessage!(reply),
      restore: () => (process.send = original),
    };
  }

  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks again after each call that timed out (a catalogue read from the database for minutes) and resolves once the primary answers', async () => {
    vi.useFakeTimers();
    const { index, sent, answer, restore } = channel();
    try {
      let ready = false;
      const waiting = index.ready().then(() => (ready = true));
      await vi.advanceTimersByTimeAsync(0);
      expect(sent.map((c) => c.op)).toEqual(['summary']);
      // No answer for a minute: the call times out and is asked again, the worker still waiting.
      await vi.advanceTimersByTimeAsync(60_000);
      expect(sent.map((c) => c.op)).toEqual(['summary', 'summary']);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(sent).toHaveLength(3);
      expect(ready).toBe(false);
      // A late answer to a call that timed out is not taken for the one waiting.
      answer({ estanteSearch: sent[0]!.estanteSearch, value: { version: 7, titles: 1_000_000 } });
      await vi.advanceTimersByTimeAsync(0);
      expect(ready).toBe(false);
      answer({ estanteSearch: sent[2]!.estanteSearch, value: { version: 7, titles: 1_000_000 } });
      await waiting;
      expect(ready).toBe(true);
      expect(sent).toHaveLength(3);
    } finally {
      restore();
    }
  });

  it('fails at once, without asking again, when the primary could not make its index (the worker exits, and so does the start)', async () => {
    vi.useFakeTimers();
    const { index, sent, answer, restore } = channel();
    try {
      const waiting = index.ready();
      const failed = expect(waiting).rejects.toThrow('the catalogue could not be read');
      await vi.advanceTimersByTimeAsync(0);
      answer({ estanteSearch: sent[0]!.estanteSearch, error: { message: 'the catalogue could not be read' } });
      await failed;
      await vi.advanceTimersByTimeAsync(120_000);
      expect(sent).toHaveLength(1);
    } finally {
      restore();
    }
  });
});
