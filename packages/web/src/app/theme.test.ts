import { describe, expect, it } from 'vitest';
import { contrastWithWhite, DEFAULT_PRIMARY, readablePrimary } from './theme';

describe('readablePrimary', () => {
  it('keeps a colour that already reads well and falls back on a missing or malformed one', () => {
    expect(readablePrimary('#1D4F91')).toBe('#1d4f91');
    expect(readablePrimary(undefined)).toBe(DEFAULT_PRIMARY);
    expect(readablePrimary('red')).toBe(DEFAULT_PRIMARY);
  });

  it('darkens a light colour until white text on it passes AA', () => {
    for (const light of ['#ffff00', '#f2a900', '#ffffff', '#7fdbff']) {
      const readable = readablePrimary(light);
      expect(readable).not.toBe(light);
      expect(contrastWithWhite(readable)).toBeGreaterThanOrEqual(4.5);
    }
  });
});
