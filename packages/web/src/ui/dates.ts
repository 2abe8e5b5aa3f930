import { useTranslation } from 'react-i18next';

/** Formats an API date (YYYY-MM-DD, read at noon so no time zone moves it) or timestamp as a short date in the interface language. */
export function useShortDate(): (iso: string) => string {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short' });
  return (iso: string) => format.format(new Date(iso.length === 10 ? `${iso}T12:00:00` : iso));
}
