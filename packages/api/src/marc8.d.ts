/**
 * The Library of Congress MARC-8 code tables as the marc8 package carries them (a port of
 * pymarc's marc8_mapping): per character set final byte, per code, [Unicode code point, 1 when
 * the character is a combining mark]. Only the tables are used; marc/marc8.ts decodes.
 */
declare module 'marc8/lib/marc8_mapping.js' {
  const mapping: { CODESETS: Record<number, Record<number, [number, number]>> };
  export default mapping;
}
