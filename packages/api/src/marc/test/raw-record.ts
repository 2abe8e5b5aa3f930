/**
 * ISO 2709 records built byte by byte, for tests that need bytes our writer would never
 * produce: MARC-8 text, stray Latin-1 bytes in UTF-8, a missing terminator.
 */

/** Bytes from strings (each character one byte, Latin-1) and numbers. */
export const bytes = (...parts: (string | number | Uint8Array)[]): Uint8Array =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'number' ? [p] : typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : [...p])));

/** A field: a control field's bytes, or indicators and subfields [code, bytes]. */
export type RawField = { tag: string; value: Uint8Array } | { tag: string; subfields: [string, Uint8Array][] };

/** One ISO 2709 record; leader/09 says the charset (" " MARC-8, "a" UTF-8). */
export function rawRecord(charset: ' ' | 'a', fields: RawField[]): Uint8Array {
  const bodies = fields.map((field) =>
    'value' in field ? bytes(field.value, 0x1e) : bytes('  ', ...field.subfields.flatMap(([code, value]) => [0x1f, code, value]), 0x1e),
  );
  let start = 0;
  const directory = bodies
    .map((body, i) => {
      const entry = `${fields[i]!.tag}${String(body.length).padStart(4, '0')}${String(start).padStart(5, '0')}`;
      start += body.length;
      return entry;
    })
    .join('');
  const base = 24 + directory.length + 1;
  const leader = `${String(base + start + 1).padStart(5, '0')}nam ${charset}22${String(base).padStart(5, '0')}   4500`;
  return bytes(leader, directory, 0x1e, ...bodies, 0x1d);
}
