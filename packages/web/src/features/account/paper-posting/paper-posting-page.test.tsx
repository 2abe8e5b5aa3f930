import { linksEndpoints } from '@estante/contracts/links';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answer, fakeApi, Refusal, renderScreen } from '../../../test/render';
import { PaperPostingPage } from './paper-posting-page';

const repository = { recurso: 'repositorio' as const, nome: 'o repositório institucional', entrega: 'assinada' as const, permitido: true };

describe('Meu Pergamum, paper posting', () => {
  it('hands the patron over to the repository in a new tab', async () => {
    const calls = fakeApi(
      answer(linksEndpoints.providers, [repository]),
      answer(linksEndpoints.paperPosting, {
        url: 'https://repositorio.example.edu/entrar?token=a.b.c',
        recurso: 'repositorio',
        nome: 'o repositório institucional',
      }),
    );
    const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    const { user } = renderScreen(<PaperPostingPage />);
    await user.click(await screen.findByRole('button', { name: 'Ir para o repositório institucional' }));
    await waitFor(() => expect(tab.location.href).toBe('https://repositorio.example.edu/entrar?token=a.b.c'));
    expect(tab.opener).toBeNull();
    expect((await screen.findByText('O repositório institucional foi aberto em uma nova aba.')).closest('[role="status"]')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/pessoas/postagem-trabalho/redirect').map((c) => c.method)).toEqual(['POST']);
  });

  it('closes the tab and says the refusal when the server refuses', async () => {
    fakeApi(
      answer(linksEndpoints.providers, [repository]),
      answer(
        linksEndpoints.paperPosting,
        () => new Refusal(403, 'Sua categoria de usuário não tem permissão para acessar o repositório institucional.', 'AcessoRecursoNegado'),
      ),
    );
    const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    const { user } = renderScreen(<PaperPostingPage />);
    await user.click(await screen.findByRole('button', { name: 'Ir para o repositório institucional' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Sua categoria de usuário não tem permissão para acessar o repositório institucional.');
    expect(tab.close).toHaveBeenCalled();
  });

  it('says when the library has no repository, or not for this category', async () => {
    fakeApi(answer(linksEndpoints.providers, []));
    const first = renderScreen(<PaperPostingPage />);
    expect(await screen.findByText('A postagem de trabalhos no repositório institucional não está disponível nesta biblioteca.')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    first.unmount();
    fakeApi(answer(linksEndpoints.providers, [{ ...repository, permitido: false }]));
    renderScreen(<PaperPostingPage />);
    expect((await screen.findByRole('alert')).textContent).toContain('Sua categoria de usuário não pode postar trabalhos no repositório institucional.');
  });
});
