import { useTranslation } from 'react-i18next';

/** How much of the time of day to show beside a date. */
type Time = 'none' | 'short' | 'medium';

/**
 * How `language` writes a date that nobody can misread (issue 55): English with the month's name
 * ("Mar 10, 2026": "3/10/26" is the 3rd of October to half of its readers), every other language
 * day/month/four-digit year ("10/03/2026"), never a two-digit year.
 */
export function dateOptions(language: string, time: Time = 'none', timeZone?: string): Intl.DateTimeFormatOptions {
  const zone = timeZone ? { timeZone } : {};
  if (language.startsWith('en')) return { dateStyle: 'medium', ...(time === 'none' ? {} : { timeStyle: time }), ...zone };
  const clock: Intl.DateTimeFormatOptions = time === 'none' ? {} : { hour: '2-digit', minute: '2-digit', ...(time === 'medium' ? { second: '2-digit' } : {}) };
  return { day: '2-digit', month: '2-digit', year: 'numeric', ...clock, ...zone };
}

/** The Intl locale of an interface language (Brazilian Portuguese for pt). */
const localeOf = (language: string) => (language.slice(0, 2) === 'pt' ? 'pt-BR' : language);

/** A date formatter for `language` (dateOptions): `format(date)` as Intl.DateTimeFormat's. */
export function dateFormat(language: string, time: Time = 'none', timeZone?: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(localeOf(language), dateOptions(language, time, timeZone));
}

/** Formats an API date (YYYY-MM-DD, read at noon so no time zone moves it) or timestamp as a date in the interface language. */
export function useShortDate(): (iso: string) => string {
  const { i18n } = useTranslation();
  const format = dateFormat(i18n.language);
  return (iso: string) => format.format(new Date(iso.length === 10 ? `${iso}T12:00:00` : iso));
}
