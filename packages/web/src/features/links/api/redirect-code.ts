import { linksEndpoints } from '@estante/contracts/links';
import { api } from '../../../api/client';

/** `POST /pessoas/token-redireciona/validar`: trades the one-time code of /pergamum_redireciona for a session, once. */
export function tradeRedirectCode(token: string) {
  return api(linksEndpoints.redirectTrade, { body: { token } });
}
