import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';

describe('formatMoney', () => {
  it('writes the amount with the symbol and separators of each language', () => {
    expect(formatMoney('1234.5', 'pt')).toBe('R$ 1.234,50');
    expect(formatMoney(1234.5, 'en')).toBe('$ 1,234.50');
    expect(formatMoney('72.40', 'es')).toBe('COP$ 72,40');
  });
});
