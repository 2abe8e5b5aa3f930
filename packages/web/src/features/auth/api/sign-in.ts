import { authEndpoints, type Duplicadas, LOGIN_CHOICE_SEPARATOR, type Pessoa, type PessoaOpcao, type TokenResponse } from '@estante/contracts/auth';
import { api, apiWithToken, passwordGrant, revokeRefresh } from '../../../api/client';
import { sessionUserOf } from '../../../api/me';
import { usePersistentAuth, useSessionAuth } from '../../../stores/session';

/** A sign-in that still needs the login-origin chooser: the person has several registrations. */
export interface PendingSignIn {
  token: TokenResponse;
  keep: boolean;
  options: PessoaOpcao[];
}

/** The username the password grant sends: with the registration chosen before signing in (institution 571's person code, 87's category) after the separator. */
export const usernameWithChoice = (username: string, choice: string | null) =>
  choice ? `${username.trim()}${LOGIN_CHOICE_SEPARATOR}${choice}` : username.trim();

/**
 * Signs a patron in with the password grant (spec §4 "Session"), its body as the sign-in form
 * made it (usernameWithChoice). Without a registration chosen, a person with several is asked
 * which to continue as (the login-origin chooser: a PendingSignIn comes back); otherwise the
 * credentials and user are stored — in the browser-session store, or the persisted one with
 * "keep me connected".
 */
export async function signIn(
  body: { username: string; password: string; recaptcha_token?: string },
  { keep, chosen }: { keep: boolean; chosen: boolean },
): Promise<Pessoa | PendingSignIn> {
  const token = await passwordGrant(body.username, body.password, body.recaptcha_token ?? null);
  if (!chosen) {
    const options = await apiWithToken(authEndpoints.registrations, token.access_token);
    if (options.length > 1) return { token, keep, options };
  }
  return finishSignIn(token, keep);
}

/** The login-origin chooser's answer: continue as that registration (a new token pair). */
export async function chooseRegistration(pending: PendingSignIn, option: PessoaOpcao): Promise<Pessoa> {
  const token = await apiWithToken(authEndpoints.switchRegistration, pending.token.access_token, { body: { codigo: option.codigo, base: option.base } });
  if (pending.token.refresh_token) await revokeRefresh(pending.token.refresh_token);
  return finishSignIn(token, pending.keep);
}

/** Reads who the token speaks for and stores the session where the login asked. */
export async function finishSignIn(token: TokenResponse, keep: boolean): Promise<Pessoa> {
  const person = await apiWithToken(authEndpoints.me, token.access_token);
  const store = keep ? usePersistentAuth : useSessionAuth;
  store.setState({
    token: token.access_token,
    refresh: token.refresh_token ?? null,
    user: sessionUserOf(person),
  });
  return person;
}

/** Institution 571's step one: the registrations behind a username. */
export function lookUpDuplicates(username: string): Promise<Duplicadas> {
  return api(authEndpoints.duplicates, { query: { usuario: username.trim() } });
}

export const isPending = (result: Pessoa | PendingSignIn): result is PendingSignIn => 'options' in result;
