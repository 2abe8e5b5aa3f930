/** The parts of a copy (or of a hold or request for one), as the API gives them. */
export interface CopyParts {
  volume?: string | null;
  tomo?: string | null;
  parte?: string | null;
  numero?: string | null;
}

/** The interface language's abbreviations: `copies.volume` ("v. {{n}}"), `copies.tome`, `copies.part`, `copies.number`. */
type Translate = (key: 'copies.volume' | 'copies.tome' | 'copies.part' | 'copies.number', values: { n: string }) => string;

/**
 * A part as a library writes it: a bare number (or roman numeral) with the abbreviation before it
 * ("2" → "v. 2"), a value that already carries one — as catalogues and the demo data write volumes,
 * "v. 2" — or that is a word ("Suplemento") as it stands: never "v. v. 2" (issue 55).
 */
export function partLabel(abbreviated: (n: string) => string, value: string): string {
  const bare = value.trim();
  return /^\d/.test(bare) || /^[ivxlcdm]+$/i.test(bare) ? abbreviated(bare) : bare;
}

/** "v. 2, t. 1, pt. 3": a copy's volume, tome, part and number, those it has, in the interface language. */
export function copyPartsLabel(parts: CopyParts, t: Translate): string {
  const labels: [string | null | undefined, Parameters<Translate>[0]][] = [
    [parts.volume, 'copies.volume'],
    [parts.tomo, 'copies.tome'],
    [parts.parte, 'copies.part'],
    [parts.numero, 'copies.number'],
  ];
  return labels
    .filter((entry): entry is [string, Parameters<Translate>[0]] => Boolean(entry[0]?.trim()))
    .map(([value, key]) => partLabel((n) => t(key, { n }), value))
    .join(', ');
}
