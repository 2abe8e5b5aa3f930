import { authEndpoints } from '@estante/contracts/auth';
import { notifications } from '@mantine/notifications';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, onSessionExpired } from '../../api/client';
import { useSessionAuth } from '../../stores/session';
import { renderScreen } from '../../test/render';
import { SessionWatch } from './session-watch';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
afterEach(() => {
  useSessionAuth.setState({ token: null, refresh: null, user: null });
  notifications.clean();
});

describe('the session-expired warning in the shell', () => {
  it('warns that the session expired before signing out, when the token cannot be renewed (spec §4, §8)', async () => {
    useSessionAuth.setState({ token: 'expired-token', refresh: 'revoked-refresh', user: { login: 'aluno', cod_pessoa: 1, nome_pessoa: 'Ana Souza' } });
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init: RequestInit = {}) => {
        const path = new URL(input, 'http://localhost').pathname.replace(/^\/svc/, '');
        calls.push(`${init.method ?? 'GET'} ${path}`);
        if (path === '/oauth/token') return json(401, { status: 401, message: 'Sessão expirada.', key: 'SessaoExpirada' });
        return json(401, { status: 401, message: 'Token de acesso inválido ou expirado.', key: 'TokenInvalido' });
      }),
    );
    // What the session held when the warning was given: the warning comes first, then the sign-out.
    let heldAtWarning: string | null = null;
    const stop = onSessionExpired(() => (heldAtWarning = useSessionAuth.getState().token));
    renderScreen(<SessionWatch />);
    // Any call the screen makes as the patron: its 401, then the refused renewal.
    await expect(api(authEndpoints.me)).rejects.toMatchObject({ status: 401, key: 'SessaoExpirada' });
    expect((await screen.findByRole('alert')).textContent).toContain('Sua sessão expirou. Entre novamente.');
    stop();
    expect(heldAtWarning).toBe('expired-token');
    expect(useSessionAuth.getState()).toMatchObject({ token: null, refresh: null, user: null });
    expect(calls).toEqual(['GET /pessoas', 'POST /oauth/token']);
  });
});
