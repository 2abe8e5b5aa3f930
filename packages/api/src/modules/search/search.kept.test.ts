import { describe, expect, it } from 'vitest';
import { KeptPerSnapshot } from './search.kept.js';

describe('KeptPerSnapshot', () => {
  const first = {};
  const second = {};

  it('keeps values for the snapshot they were counted on, and drops them all with it', () => {
    const kept = new KeptPerSnapshot<string>({ maxEntries: 10 });
    kept.set(first, 'a', 'A', 5);
    kept.set(first, 'b', 'B', 7);
    expect(kept.get(first, 'a')).toBe('A');
    expect(kept.get(second, 'a')).toBeUndefined();
    expect([kept.size, kept.bytes]).toEqual([2, 12]);

    kept.set(second, 'c', 'C', 1);
    expect(kept.get(second, 'a')).toBeUndefined();
    expect(kept.get(first, 'c')).toBeUndefined();
    expect(kept.get(second, 'c')).toBe('C');
    expect([kept.size, kept.bytes]).toEqual([1, 1]);
  });

  it('drops the least recently used first once past its number of entries', () => {
    const kept = new KeptPerSnapshot<number>({ maxEntries: 2 });
    kept.set(first, 'a', 1);
    kept.set(first, 'b', 2);
    kept.get(first, 'a'); // "b" is now the least recently used
    kept.set(first, 'c', 3);
    expect(kept.get(first, 'b')).toBeUndefined();
    expect([kept.get(first, 'a'), kept.get(first, 'c'), kept.size]).toEqual([1, 3, 2]);
  });

  it('drops the least recently used until its bytes fit, but never the value just kept', () => {
    const kept = new KeptPerSnapshot<string>({ maxBytes: 10 });
    kept.set(first, 'a', 'A', 4);
    kept.set(first, 'b', 'B', 4);
    kept.set(first, 'c', 'C', 4);
    expect(kept.get(first, 'a')).toBeUndefined();
    expect([kept.size, kept.bytes]).toEqual([2, 8]);

    kept.set(first, 'huge', 'H', 50);
    expect([kept.get(first, 'huge'), kept.size, kept.bytes]).toEqual(['H', 1, 50]);

    kept.set(first, 'huge', 'H2', 3);
    expect([kept.get(first, 'huge'), kept.size, kept.bytes]).toEqual(['H2', 1, 3]);
  });

  it('counts a size learnt later, and forgets a value only while its key still keeps it', () => {
    const kept = new KeptPerSnapshot<string>({ maxBytes: 10 });
    kept.set(first, 'old', 'O', 6);
    kept.set(first, 'pending', 'P');
    kept.set(first, 'newer', 'N', 1);
    expect(kept.bytes).toBe(7);

    kept.resize('pending', 'P', 8); // 15 bytes: the oldest goes, not the newer one
    expect([kept.get(first, 'old'), kept.get(first, 'newer'), kept.bytes]).toEqual([undefined, 'N', 9]);

    kept.resize('pending', 'another value', 1000);
    kept.drop('pending', 'another value');
    expect([kept.get(first, 'pending'), kept.bytes]).toEqual(['P', 9]);

    kept.drop('pending', 'P');
    expect([kept.get(first, 'pending'), kept.size, kept.bytes]).toEqual([undefined, 1, 1]);
  });
});
