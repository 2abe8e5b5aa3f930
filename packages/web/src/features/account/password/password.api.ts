import { authEndpoints, recoveryEndpoints } from '@estante/contracts/auth';
import { peopleEndpoints } from '@estante/contracts/people';
import { useQuery } from '@tanstack/react-query';
import { api, apiWithToken, passwordGrant, revokeRefresh } from '../../../api/client';
import { continueAs } from '../../../api/me';
import type { SessionUser } from '../../../stores/session';

/** `GET /pessoas/meu-pergamum/senha/regras`: what the new password must meet. */
export function usePasswordRules() {
  return useQuery({ queryKey: ['regras-senha'], queryFn: ({ signal }) => api(peopleEndpoints.passwordRules, {}, signal), staleTime: Infinity });
}

/**
 * `PUT /pessoas/meu-pergamum/senha` (the new password trimmed, spec §5). The change ends every
 * session of the login, this one's too; so the patron is signed in again with the new password
 * (as the same registration) and carries on. Should that fail — the institution asks a captcha
 * at sign-in, say — the session simply ends when its token does. Answers the server's message.
 */
export async function changePassword(current: string, next: string, user: SessionUser | null): Promise<string> {
  const password = next.trim();
  const answer = await api(recoveryEndpoints.changePassword, { body: { senhaAtual: current, senhaNova: password } });
  if (user) await signInAgain(user, password).catch(() => undefined);
  return answer.message;
}

async function signInAgain(user: SessionUser, password: string): Promise<void> {
  let pair = await passwordGrant(user.login, password, null);
  const person = await apiWithToken(authEndpoints.me, pair.access_token);
  if (person.user.cod_pessoa !== user.cod_pessoa) {
    // Signed in after a swap: back to the registration the patron was using.
    const option = (await apiWithToken(authEndpoints.registrations, pair.access_token)).find((o) => o.codigo === user.cod_pessoa);
    if (!option) throw new Error('registration not found');
    const first = pair;
    pair = await apiWithToken(authEndpoints.switchRegistration, first.access_token, { body: { codigo: option.codigo, base: option.base } });
    if (first.refresh_token) await revokeRefresh(first.refresh_token);
  }
  await continueAs(pair);
}
