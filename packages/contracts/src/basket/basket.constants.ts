// The basket's constants, apart from its schemas: the site's shell reads them (the basket store)
// without bringing zod (decision 0034).

/** Export formats of the basket (spec §2 "basket: export"). */
export const EXPORT_FORMATS = ['abnt', 'apa', 'vancouver', 'ris', 'bibtex', 'marc', 'marcxml', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/** What a basket action does with the titles: a file to download, an e-mail, text to copy. */
export const EXPORT_KINDS = ['arquivo', 'email', 'texto'] as const;

/** Limits that keep one request cheap for the server (and e-mail from being a spam relay). */
export const MAX_EXPORT_TITLES = 100;
export const MAX_EMAIL_TITLES = 50;
export const MAX_EMAIL_RECIPIENTS = 5;

/** Spec §5: an e-mail address matches a standard pattern, case-insensitive. */
export const EMAIL_PATTERN = /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i;

/** Several addresses separated by semicolons (spec §5); blanks between them are ignored. */
export function splitEmails(value: string): string[] {
  return value
    .split(';')
    .map((e) => e.trim())
    .filter(Boolean);
}
