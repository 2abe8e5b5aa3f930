import type { AppError } from '../../lib/errors.js';
import { errors } from './requests.messages.js';

/**
 * A patron's request of a kind (spec §7 "Requests", issue 51): at most `limit` of that kind open
 * at once (`limite_solicitacoes`, default 3). `open` is counted with the patron locked, so twenty
 * requests sent at once are weighed one after the other.
 */
export function requestRefusal(open: number, limit: number): AppError | null {
  return open >= limit ? errors.requestLimit(limit) : null;
}
