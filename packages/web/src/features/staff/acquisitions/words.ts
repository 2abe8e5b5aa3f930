import { type SuggestionStatus } from '@estante/contracts/acquisitions';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ApiRequestError, messageOf } from '../../../api/client';
import { formatMoney } from '../../../ui/money';

/**
 * The server's words for a refusal: its 4xx message, and also its 502 when the requester could
 * not be e-mailed (nothing was changed: the staff should know to try again), which `messageOf`
 * would hide behind the generic error; anything else, the generic error.
 */
export function refusalText(error: unknown, t: TFunction): string {
  if (error instanceof ApiRequestError && error.status === 502 && error.key === 'ErroEmailSolicitante') return error.message;
  return messageOf(error, t('errors.unexpected'));
}

/** Amounts (the API's decimal strings) in the interface language, with its currency symbol. */
export function useMoney(): (value: string) => string {
  const { i18n } = useTranslation();
  return (value) => formatMoney(value, i18n.language);
}

/**
 * An amount as typed, as the contract takes it: a decimal comma (`89,90`, as Portuguese and
 * Spanish write it) becomes a point; anything else is left for the schema to judge.
 */
export function typedAmount(value: string): string {
  const trimmed = value.trim();
  return /^\d+,\d{1,2}$/.test(trimmed) ? trimmed.replace(',', '.') : trimmed;
}

/** The statuses in the order of a suggestion's life: open ones, then how it ended (the filter's order). */
export const LIFE_ORDER = [
  'pre_sugestao',
  'sugestao_compra',
  'em_cotacao',
  'em_negociacao',
  'aguardando_entrega',
  'parcialmente_atendida',
  'atendida',
  'finalizada_incompleta',
  'ja_existe',
  'duplicada',
  'esgotada',
  'nao_localizada',
  'nao_atendida',
  'cancelada',
] as const satisfies readonly SuggestionStatus[];

/** A title's page in the catalogue (a feature builds it: app/paths is not for features). */
export const titlePath = (codAcervo: number) => `/acervo/${codAcervo}`;
