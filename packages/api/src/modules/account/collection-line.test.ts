import { boletoArrecadacaoCodigoBarras, boletoArrecadacaoLinhaDigitavel } from 'boleto-brasileiro-validator';
import { describe, expect, it } from 'vitest';
import { collectionBarcode, collectionLine, modulo10 } from './collection-line.js';

describe('FEBRABAN collection line', () => {
  it('gives a real modulo-10 slip’s line from its bar code (the validator’s published example)', () => {
    const barcode = '83620000000667800481001809756573100158963608';
    expect(collectionLine(barcode)).toBe('83620000000-5 66780048100-0 18097565731-3 00158963608-1');
    // That slip's general check digit (the 4th) over the other 43.
    expect(modulo10(barcode.slice(0, 3) + barcode.slice(4))).toBe(Number(barcode[3]));
  });

  it('builds bar codes and lines an independent validator accepts, with the amount where FEBRABAN puts it', () => {
    for (const [cents, reference] of [
      [1, '1'],
      [5200, '0000012320261129001654321'],
      [99_999_999_999, '9'.repeat(25)],
      [7240, ''],
    ] as const) {
      const barcode = collectionBarcode({ cents, agreement: '0000', reference });
      expect(barcode).toMatch(/^856\d{41}$/);
      expect(boletoArrecadacaoCodigoBarras(barcode), barcode).toBe(true);
      expect(barcode.slice(4, 15)).toBe(String(cents).padStart(11, '0'));
      const line = collectionLine(barcode);
      expect(line.replace(/\D/g, '')).toHaveLength(48);
      expect(boletoArrecadacaoLinhaDigitavel(line), line).toBe(true);
    }
  });

  it('refuses what does not fit the layout', () => {
    expect(() => collectionBarcode({ cents: 100_000_000_000, agreement: '0000', reference: '1' })).toThrow(RangeError);
    expect(() => collectionBarcode({ cents: 1, agreement: '12', reference: '1' })).toThrow(RangeError);
    expect(() => collectionBarcode({ cents: 1, agreement: '0000', reference: '1'.repeat(26) })).toThrow(RangeError);
  });
});
