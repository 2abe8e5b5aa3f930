import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../api/client';
import { formatMoney } from '../../../ui/money';

/** Lower case without accents, so that a filter's "catalogo" finds "Catálogo". */
export const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase();

/** A whole number as typed, or NaN (the contract's schema then refuses it). */
export const whole = (value: string) => (/^\d+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN);

/** Amounts (the API's decimal strings) in the interface language, with its currency symbol ("R$ 1,00"). */
export function useMoney(): (value: string) => string {
  const { i18n } = useTranslation();
  return (value) => formatMoney(value, i18n.language);
}

/**
 * An amount as typed, as the contract takes it: a decimal comma (`2,50`, as Portuguese and Spanish
 * write it) becomes a point; anything else is left for the schema to judge.
 */
export function typedAmount(value: string): string {
  const trimmed = value.trim();
  return /^\d+,\d{1,2}$/.test(trimmed) ? trimmed.replace(',', '.') : trimmed;
}

/** An amount (the API's "1.00") as a person of the interface language types it ("1,00"), for a field to start with. */
export function useAmountForInput(): (value: string) => string {
  const { i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false });
  return (value) => number.format(Number(value));
}

/** The days of the week in the interface language, Monday first (the API's 1 … 7), capitalised as a row's heading. */
export function useWeekdays(): string[] {
  const { i18n } = useTranslation();
  const day = new Intl.DateTimeFormat(i18n.language, { weekday: 'long', timeZone: 'UTC' });
  // 1 January 2024 was a Monday.
  return Array.from({ length: 7 }, (_, i) => {
    const name = day.format(new Date(Date.UTC(2024, 0, 1 + i)));
    return name.charAt(0).toLocaleUpperCase(i18n.language) + name.slice(1);
  });
}

/** A refusal said beside a form (see `Refused`): the server's words for it, a new announcement each time. */
export function useRefusal() {
  const { t } = useTranslation();
  const [said, setSaid] = useState<{ id: number; text: string } | null>(null);
  return {
    said,
    clear: () => setSaid(null),
    refuse: (error: unknown) => setSaid((last) => ({ id: (last?.id ?? 0) + 1, text: messageOf(error, t('errors.unexpected')) })),
  };
}

/**
 * Keeps a form on the server's values while nobody has touched it: a change made elsewhere (an
 * activity switched off also switches the captcha off; another administrator's save read again)
 * shows in it; what someone is typing is never overwritten.
 */
export function useFollowServer<V>(form: { isDirty: () => boolean; setValues: (values: V) => void; resetDirty: (values: V) => void }, values: V) {
  const key = JSON.stringify(values);
  const followed = useRef<string | null>(null);
  useEffect(() => {
    if (followed.current === key) return;
    followed.current = key;
    if (form.isDirty()) return;
    form.setValues(values);
    form.resetDirty(values);
  }, [key, form, values]);
}

/** After a submit the checks refused, the focus goes to the first field in error (its message is read with it). */
export function focusFirstInvalid(_errors: unknown, _values: unknown, event?: FormEvent<HTMLFormElement>) {
  const form = event?.currentTarget;
  // The errors are drawn after the submit handler returns.
  setTimeout(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
}
