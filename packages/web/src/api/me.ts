import { authEndpoints, type Pessoa, type TokenResponse } from '@estante/contracts/auth';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type SessionUser, sessionStoreInUse, useHasSession, useSessionUser } from '../stores/session';
import { api, apiWithToken, revokeRefresh } from './client';

/**
 * The signed-in patron (`GET /pessoas`) as the session keeps it: what sign-in stores, what a swap
 * to another registration replaces, and what the account area reads again when it opens — the
 * patron's own permissions (spec §6) and the registration's validity (spec §8) may change at
 * the library.
 */
export const PERSON_KEY = ['pessoa-logada'];

/** What the session keeps of `GET /pessoas`. */
export function sessionUserOf(person: Pessoa): SessionUser {
  return {
    login: person.user.login,
    cod_pessoa: person.user.cod_pessoa,
    nome_pessoa: person.user.nome_pessoa,
    professor: person.user.professor,
    permissoes: person.authPermissions,
    validade: person.user.validade,
    papeis: person.papeis,
  };
}

/**
 * Continues the session as another registration (a swap): the new pair and its person replace
 * the old in the store that holds the session, whose refresh token is revoked.
 */
export async function continueAs(pair: TokenResponse): Promise<Pessoa> {
  const person = await apiWithToken(authEndpoints.me, pair.access_token);
  const store = sessionStoreInUse();
  const old = store.getState().refresh;
  store.setState({ token: pair.access_token, refresh: pair.refresh_token ?? null, user: sessionUserOf(person) });
  if (old) await revokeRefresh(old);
  return person;
}

/**
 * Reads `GET /pessoas` (at most every five minutes) while a patron is signed in and keeps the
 * stored user current. A renewal that fails on the way ends the session with its warning.
 */
export function useRefreshedPerson(): void {
  const signedIn = useHasSession();
  const user = useSessionUser();
  const { data } = useQuery({
    queryKey: [...PERSON_KEY, user?.cod_pessoa ?? null],
    queryFn: ({ signal }) => api(authEndpoints.me, undefined, signal),
    enabled: signedIn,
    staleTime: 5 * 60_000,
    retry: false,
  });
  useEffect(() => {
    if (!data || !signedIn) return;
    const store = sessionStoreInUse();
    // Only the patron the session is for (a swap may have replaced it meanwhile).
    if (store.getState().user?.cod_pessoa !== data.user.cod_pessoa) return;
    store.setState({ user: sessionUserOf(data) });
  }, [data, signedIn]);
}
