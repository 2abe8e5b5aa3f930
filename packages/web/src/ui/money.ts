/**
 * The library's currency. Every amount the library charges is in reais, whatever the reader's
 * language: spec §9 gave each language its own symbol ($, COP$), which named another currency for
 * the same debt (decision 0046).
 */
export const LIBRARY_CURRENCY = 'BRL';

/** The Intl locale of an interface language: Brazilian Portuguese for pt. */
const localeOf = (language: string) => (language.slice(0, 2) === 'pt' ? 'pt-BR' : language);

/**
 * An amount (the API's decimal string or a number) in the library's currency, written as the
 * reader's language writes money: "R$ 72,40" (pt), "R$72.40" (en), "72,40 BRL" (es).
 */
export function formatMoney(value: string | number, language: string): string {
  // Intl puts a no-break space beside the symbol; the screens (and their tests) write a plain one.
  return new Intl.NumberFormat(localeOf(language), { style: 'currency', currency: LIBRARY_CURRENCY }).format(Number(value)).replace(/[\u00a0\u202f]/g, ' ');
}
