import type { KardexEquipe } from '@estante/contracts/catalog';
import { useTranslation } from 'react-i18next';
import type { Tone } from '../../../ui/status-line';

type Issue = KardexEquipe['fasciculos'][number];

/** The first day of a month, at noon UTC so that no time zone moves it. */
const dayOf = (ano: number, mes: number) => new Date(Date.UTC(ano, mes - 1, 1, 12));

/** Months in the interface language: `03/2026` (short, the buttons and announcements), `março de 2026` (long), `março` (a month's name). */
export function useMonthWords() {
  const { i18n } = useTranslation();
  const short = new Intl.DateTimeFormat(i18n.language, { month: '2-digit', year: 'numeric', timeZone: 'UTC' });
  const long = new Intl.DateTimeFormat(i18n.language, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const name = new Intl.DateTimeFormat(i18n.language, { month: 'long', timeZone: 'UTC' });
  return {
    short: (ano: number, mes: number) => short.format(dayOf(ano, mes)),
    long: (ano: number, mes: number) => long.format(dayOf(ano, mes)),
    name: (mes: number) => name.format(dayOf(2000, mes)),
    /** A `YYYY-MM` month (a subscription's start), long. */
    ofMonth: (month: string) => long.format(dayOf(Number(month.slice(0, 4)), Number(month.slice(5, 7)))),
  };
}

/** How each standing of an issue is shown besides its words. */
export const STANDING_TONE: Record<Issue['situacao'], Tone> = { recebido: 'ok', reclamado: 'warning', em_atraso: 'danger', esperado: 'neutral' };

/** An issue that did not come may be claimed (again, when it was); a received one may not (the API answers 409). */
export const claimable = (issue: Issue) => issue.situacao !== 'recebido';

/** A received issue, recorded, takes articles. */
export const indexable = (issue: Issue): issue is Issue & { cod_fasciculo: number } => issue.situacao === 'recebido' && issue.cod_fasciculo !== null;
