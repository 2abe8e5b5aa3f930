/** A part of a locale file (src/i18n/parts.ts, vite/locale-parts.ts). */
declare module 'virtual:locale/*' {
  const strings: Record<string, unknown>;
  export default strings;
}
