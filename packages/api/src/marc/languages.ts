/** MARC (ISO 639-2/B) codes whose ISO 639-2/T form, the one ICU knows, differs. */
const BIBLIOGRAPHIC_TO_TERMINOLOGY: Record<string, string> = {
  alb: 'sqi',
  arm: 'hye',
  baq: 'eus',
  bur: 'mya',
  chi: 'zho',
  cze: 'ces',
  dut: 'nld',
  fre: 'fra',
  geo: 'kat',
  ger: 'deu',
  gre: 'ell',
  ice: 'isl',
  mac: 'mkd',
  mao: 'mri',
  may: 'msa',
  per: 'fas',
  rum: 'ron',
  slo: 'slk',
  tib: 'bod',
  wel: 'cym',
};

/** Codes MARC defines that are not languages ICU names. */
const SPECIAL: Record<string, { pt: string; en: string; es: string }> = {
  und: { pt: 'Indeterminado', en: 'Undetermined', es: 'Indeterminado' },
  mul: { pt: 'Vários idiomas', en: 'Multiple languages', es: 'Varios idiomas' },
  zxx: { pt: 'Sem conteúdo linguístico', en: 'No linguistic content', es: 'Sin contenido lingüístico' },
};

/** The name of a MARC language code in pt, en and es; the code itself when unknown. */
export function languageNames(code: string): { pt: string; en: string; es: string } {
  const special = SPECIAL[code];
  if (special) return special;
  const iso = BIBLIOGRAPHIC_TO_TERMINOLOGY[code] ?? code;
  const name = (locale: string) => {
    try {
      const value = new Intl.DisplayNames([locale], { type: 'language', fallback: 'code' }).of(iso);
      return value && value !== iso ? value.charAt(0).toLocaleUpperCase(locale) + value.slice(1) : code;
    } catch {
      return code;
    }
  };
  return { pt: name('pt-BR'), en: name('en'), es: name('es') };
}
