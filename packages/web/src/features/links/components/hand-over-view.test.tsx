import { titleEndpoints } from '@estante/contracts/catalog';
import { linksEndpoints } from '@estante/contracts/links';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answer, fakeApi, Refusal, renderScreen } from '../../../test/render';
import { HandOverView } from './hand-over-view';

const PROVIDER = 'http://provedor.example/entrada?token=abc.def.ghi&destino=https%3A%2F%2Fplataforma.example%2Flivro%2F1';

describe('the provider hand-over screen', () => {
  it('asks to wait while the restricted link is fetched, then leaves for the provider', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const calls = fakeApi(answer(titleEndpoints.restrictedLink, () => ({ url: PROVIDER })));
    const leave = vi.fn();
    const onAddress = vi.fn(() => held);
    renderScreen(
      <HandOverView
        request={{ kind: 'restrito', acervo: 42, seq: 3 }}
        signedIn
        signIn={<button type="button">Entrar</button>}
        support={null}
        onAddress={onAddress}
        leave={leave}
      />,
    );
    expect((await screen.findByRole('status')).textContent).toContain('Aguarde enquanto o link de acesso é obtido…');
    await waitFor(() => expect(onAddress).toHaveBeenCalledWith({ url: PROVIDER }));
    // The tab leaves only once what must happen first (the activity 107 logout) is done.
    expect(leave).not.toHaveBeenCalled();
    release();
    await waitFor(() => expect(leave).toHaveBeenCalledWith(PROVIDER));
    expect(calls.filter((c) => c.path === '/vinculos/acesso-restrito/42/s/3').map((c) => c.method)).toEqual(['POST']);
    expect(screen.getByRole('link', { name: 'Se a página não abrir sozinha, siga este link.' }).getAttribute('href')).toBe(PROVIDER);
  });

  it("opens an external resource at one of the patron's databases", async () => {
    const calls = fakeApi(
      answer(linksEndpoints.externalAccess, () => ({ url: 'https://minhabiblioteca.example/', recurso: 'minhabiblioteca' as const, nome: 'Minha Biblioteca' })),
    );
    const leave = vi.fn();
    renderScreen(<HandOverView request={{ kind: 'recurso', recurso: 'minhabiblioteca', base: 7 }} signedIn signIn={null} support={null} leave={leave} />);
    await waitFor(() => expect(leave).toHaveBeenCalledWith('https://minhabiblioteca.example/'));
    const call = calls.find((c) => c.path === '/vinculos/acesso-externo/minhabiblioteca');
    expect(call?.body).toEqual({ base: 7 });
    expect(screen.getByText('Abrindo Minha Biblioteca…')).toBeTruthy();
  });

  it("says a denial as the server words it, with the library's support, and may try again", async () => {
    let refuse = true;
    fakeApi(
      answer(linksEndpoints.target, () =>
        refuse
          ? new Refusal(
              403,
              'Sua categoria de usuário não tem permissão para acessar Target GEDWeb. Em caso de dúvida, entre em contato com a biblioteca.',
              'AcessoRecursoNegado',
            )
          : { url: PROVIDER, recurso: 'target' as const, nome: 'Target GEDWeb' },
      ),
    );
    const leave = vi.fn();
    const { user } = renderScreen(
      <HandOverView request={{ kind: 'target', id: 9 }} signedIn signIn={null} support={<p>Escreva para biblioteca@example.edu</p>} leave={leave} />,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Acesso não liberado');
    expect(alert.textContent).toContain('Sua categoria de usuário não tem permissão para acessar Target GEDWeb.');
    expect(screen.getByText('Suporte da biblioteca')).toBeTruthy();
    expect(screen.getByText('Escreva para biblioteca@example.edu')).toBeTruthy();
    expect(leave).not.toHaveBeenCalled();
    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith(PROVIDER));
  });

  it('asks a visitor to sign in first, fetching nothing; and says when it does not know what to open', async () => {
    const calls = fakeApi();
    const first = renderScreen(
      <HandOverView request={{ kind: 'grupoa', sessionid: 'sessao-123456' }} signedIn={false} signIn={<button type="button">Entrar</button>} support={null} />,
    );
    expect(screen.getByText('Entre com sua conta da biblioteca para acessar o recurso.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeTruthy();
    first.unmount();
    renderScreen(<HandOverView request={null} signedIn signIn={null} support={null} />);
    expect(screen.getByRole('alert').textContent).toBe('Não foi possível identificar o recurso a abrir. Volte à página de onde veio e tente novamente.');
    expect(calls.filter((c) => c.path !== '/oauth/token')).toEqual([]);
  });
});
