/**
 * The payment slip's bar code and "linha digitável" in FEBRABAN's layout for collection slips
 * (documento de arrecadação: the layout of GRU, utility and tax slips), issue 56:
 *
 * bar code, 44 digits: `8` (collection) · segment · value kind · general check digit ·
 * value (11 digits, centavos) · the payee's agreement code (4 digits) · free field (25 digits);
 * the line, 48 digits: the bar code in four blocks of 11, each followed by its own check digit.
 * Value kind `6` = an amount in reais, checked with modulo 10 (FEBRABAN's "módulo 10": weights
 * 2, 1, 2, 1… from the right, the digits of each product summed).
 */

/** FEBRABAN's segments; a public institution's library collects as a government body. */
export const SEGMENT_GOVERNMENT = '5';
/**
 * The agreement code a payee's bank assigns it: Estante is told none, so 0000 (a bank that
 * collects for the library gives the code it reads there).
 */
export const NO_AGREEMENT = '0000';
const COLLECTION = '8';
const AMOUNT_MODULO_10 = '6';

/** FEBRABAN's modulo 10 check digit. */
export function modulo10(digits: string): number {
  let sum = 0;
  for (let i = digits.length - 1, weight = 2; i >= 0; i -= 1, weight = weight === 2 ? 1 : 2) {
    const product = Number(digits[i]) * weight;
    sum += product > 9 ? product - 9 : product;
  }
  return (10 - (sum % 10)) % 10;
}

export interface CollectionSlip {
  /** The amount in centavos (at most 11 digits). */
  cents: number;
  /** The payee's agreement code with its bank (4 digits). */
  agreement: string;
  /** What identifies the payment to the payee (digits only, at most 25; padded on the left). */
  reference: string;
  segment?: string;
}

/** The 44-digit bar code. */
export function collectionBarcode({ cents, agreement, reference, segment = SEGMENT_GOVERNMENT }: CollectionSlip): string {
  const value = String(cents).padStart(11, '0');
  if (!/^\d{4}$/.test(agreement) || !/^\d{0,25}$/.test(reference) || !/^\d{11}$/.test(value) || !/^\d$/.test(segment)) {
    throw new RangeError('A collection slip takes a 4-digit agreement, a reference of at most 25 digits and an amount of at most 11 digits');
  }
  const head = `${COLLECTION}${segment}${AMOUNT_MODULO_10}`;
  const rest = `${value}${agreement}${reference.padStart(25, '0')}`;
  return `${head}${modulo10(head + rest)}${rest}`;
}

/** The 48-digit line a payer types, as printed: four blocks of 11 digits, each with its check digit after a hyphen. */
export function collectionLine(barcode: string): string {
  return [0, 11, 22, 33]
    .map((start) => barcode.slice(start, start + 11))
    .map((block) => `${block}-${modulo10(block)}`)
    .join(' ');
}
