import { type FeedStatus, feedsEndpoints } from '@estante/contracts/feeds';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, fakeApi, renderScreen } from '../../../test/render';
import { FeedPanel } from './feed-panel';

describe('Meu Pergamum, a private feed', () => {
  it('makes a secret address and shows it once; revokes it only after the confirmation', async () => {
    let made: string | null = null;
    const status = (): FeedStatus[] => [
      { tipo: 'alertas', ativo: made !== null, criado_em: made && '2026-11-25T18:00:00Z' },
      { tipo: 'vencimentos', ativo: false, criado_em: null },
    ];
    const calls = fakeApi(
      answer(feedsEndpoints.list, status),
      answer(feedsEndpoints.create, () => {
        made = `https://biblioteca.example.org/svc/feeds/${'k'.repeat(43)}/alertas.atom`;
        return { tipo: 'alertas' as const, url: made, criado_em: '2026-11-25T18:00:00Z' };
      }),
      answer(feedsEndpoints.revoke, () => {
        made = null;
        return { ok: true as const };
      }),
    );
    const { user } = renderScreen(<FeedPanel kind="alertas" />);
    expect(await screen.findByRole('region', { name: 'Seus alertas num leitor de feeds' })).toBeTruthy();
    expect(await screen.findByText('Nenhum endereço ativo.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Gerar endereço' }));
    const address = await screen.findByLabelText('Seu endereço secreto');
    expect((address as HTMLInputElement).value).toMatch(/\/feeds\/k{43}\/alertas\.atom$/);
    expect(screen.getByRole('button', { name: 'Copiar' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Revogar endereço' })).toBeTruthy());

    await user.click(screen.getByRole('button', { name: 'Revogar endereço' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revogar o endereço?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Revogar endereço' }));
    expect(await screen.findByText('Endereço revogado.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByLabelText('Seu endereço secreto')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/feeds/alertas']);
    expect(await screen.findByText('Nenhum endereço ativo.')).toBeTruthy();
  });
});
