import { describe, expect, it } from 'vitest';
import { dateFormat } from './dates';

const day = new Date(2026, 2, 10, 14, 5, 9);

describe('dates in the reader’s language', () => {
  it('write the year with four digits, and English the month by name', () => {
    expect(dateFormat('pt').format(day)).toBe('10/03/2026');
    expect(dateFormat('es').format(day)).toBe('10/03/2026');
    expect(dateFormat('en').format(day)).toBe('Mar 10, 2026');
    for (const language of ['pt', 'en', 'es', 'fr', 'it']) expect(dateFormat(language).format(day), language).toContain('2026');
  });

  it('add the time of day when asked', () => {
    expect(dateFormat('pt', 'short').format(day)).toBe('10/03/2026, 14:05');
    expect(dateFormat('es', 'medium').format(day)).toBe('10/03/2026, 14:05:09');
    expect(dateFormat('en', 'short').format(day).replace(/\s/g, ' ')).toBe('Mar 10, 2026, 2:05 PM');
  });
});
