import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';

describe('formatMoney', () => {
  it('writes the library’s currency (reais) in the number format of each language', () => {
    expect(formatMoney('1234.5', 'pt')).toBe('R$ 1.234,50');
    expect(formatMoney(1234.5, 'en')).toBe('R$1,234.50');
    expect(formatMoney('72.40', 'es')).toBe('72,40 BRL');
  });

  it('never names another currency’s symbol', () => {
    for (const language of ['pt', 'en', 'es', 'fr', 'it']) {
      const shown = formatMoney('72.40', language);
      expect(shown, language).toMatch(/R\$|BRL/);
      expect(shown, language).not.toMatch(/COP|US\$|(^|[^R])\$/);
    }
  });
});
