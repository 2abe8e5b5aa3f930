import { linksEndpoints } from '@estante/contracts/links';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answer, fakeApi, renderScreen } from '../../../test/render';
import { AccountAreaChoice } from './account-area-choice';

describe('where the account area opens', () => {
  it('is not offered when the institution has no external account area for the patron', async () => {
    const calls = fakeApi(answer(linksEndpoints.accountRedirect, { base: 'interna', url: '/meupergamum', externa_disponivel: false }));
    renderScreen(<AccountAreaChoice />);
    await waitFor(() => expect(calls.some((c) => c.path === '/pessoas/meu-pergamum/redirect')).toBe(true));
    // The answer has arrived and been drawn: still nothing to choose.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('radiogroup')).toBeNull();
    expect(screen.queryByText('Onde abrir o Meu Pergamum')).toBeNull();
  });

  it('keeps the choice, and opens the external one in a new tab at its one-time address', async () => {
    let base: 'interna' | 'externa' = 'interna';
    const calls = fakeApi(
      answer(linksEndpoints.accountRedirect, () => ({
        base,
        url: base === 'interna' ? '/meupergamum' : 'https://pergamum.example.edu/meu?token=x.y.z',
        externa_disponivel: true,
      })),
      answer(linksEndpoints.accountBase, ({ body }) => {
        base = (body as { base: 'interna' | 'externa' }).base;
        return { base };
      }),
    );
    const { user } = renderScreen(<AccountAreaChoice />);
    const here = await screen.findByRole('radio', { name: 'Aqui, no catálogo' });
    expect((here as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('radiogroup', { name: 'Onde abrir o Meu Pergamum' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Abrir o Meu Pergamum da instituição' })).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'No Meu Pergamum da instituição (sistema externo)' }));
    expect((await screen.findByRole('status')).textContent).toBe('Pronto: o Meu Pergamum abrirá no sistema da instituição.');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ base: 'externa' });
    const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    await user.click(await screen.findByRole('button', { name: 'Abrir o Meu Pergamum da instituição' }));
    await waitFor(() => expect(tab.location.href).toBe('https://pergamum.example.edu/meu?token=x.y.z'));
    expect(tab.opener).toBeNull();
  });
});
