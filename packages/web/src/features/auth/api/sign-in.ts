import type { Pessoa } from '@estante/contracts';
import { apiGetWithToken, passwordGrant } from '../../../api/client';
import { usePersistentAuth, useSessionAuth } from '../../../stores/session';

/**
 * Signs a patron in with the password grant, reads who they are (`GET /pessoas`) and keeps the
 * credentials and user in the browser-session store, or the persisted one when "keep me
 * connected" is ticked (spec §4 "Session").
 */
export async function signIn(username: string, password: string, keep: boolean): Promise<Pessoa> {
  const token = await passwordGrant(username.trim(), password);
  const person = await apiGetWithToken<Pessoa>('/pessoas', token.access_token);
  const store = keep ? usePersistentAuth : useSessionAuth;
  store.setState({
    token: token.access_token,
    refresh: token.refresh_token ?? null,
    user: { login: person.user.login, cod_pessoa: person.user.cod_pessoa, nome_pessoa: person.user.nome_pessoa },
  });
  return person;
}
