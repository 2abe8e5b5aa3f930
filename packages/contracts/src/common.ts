import { z } from 'zod';

/** The one JSON shape of every error the API returns (spec §8). */
export const errorSchema = z
  .object({
    status: z.number().int().describe('HTTP status, repeated in the body'),
    message: z.string().describe('Human-readable message in the language of the call'),
    key: z.string().optional().describe('Stable message key (spec message keys, e.g. SenhaAlteradaSucesso)'),
  })
  .meta({ id: 'Error' });
export type ApiError = z.infer<typeof errorSchema>;

/** The API language codes of spec §7: 1 Portuguese (default), 3 Spanish, 5 English. */
export const LANGUAGE_CODES = { pt: 1, es: 3, en: 5 } as const;
export type Language = keyof typeof LANGUAGE_CODES;
export const LANGUAGES = Object.keys(LANGUAGE_CODES) as Language[];

/** The header that carries the language code on every call. */
export const LANGUAGE_HEADER = 'x-idioma';

/** The language a code names; undefined for an unknown code. */
export function languageFromCode(code: string | number | undefined): Language | undefined {
  const n = Number(code);
  return LANGUAGES.find((language) => LANGUAGE_CODES[language] === n);
}

/** The largest value of a PostgreSQL `integer` column: every id and count a client sends stays below it. */
export const INT4_MAX = 2_147_483_647;

/**
 * A path of this site, as a destination after signing in or a redirect: one leading slash, then
 * neither a slash nor a backslash (browsers read `/\evil.example` as `//evil.example`, another
 * site), no white space, no backslash anywhere.
 */
export const SITE_PATH = /^\/(?![/\\])[^\s\\]*$/;

/** Whether `value` is a path of this site (SITE_PATH): the only destinations a redirect follows. */
export function isSitePath(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.length <= 500 && SITE_PATH.test(value);
}
