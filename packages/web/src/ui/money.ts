/** The currency symbol of each language (spec §9): R$ Portuguese, $ English, COP$ Spanish. */
const SYMBOL: Record<string, string> = { pt: 'R$', en: '$', es: 'COP$' };

/** An amount (the API's decimal string or a number) with the language's symbol and number format. */
export function formatMoney(value: string | number, language: string): string {
  const base = language.slice(0, 2);
  const number = new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(value));
  return `${SYMBOL[base] ?? SYMBOL.pt} ${number}`;
}
