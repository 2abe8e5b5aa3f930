import { type Configuracoes, settingsEndpoints } from '@estante/contracts/parameters';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, fakeApi, Refusal, renderScreen } from '../../../test/render';
import type { ProviderBody, ProviderSetting } from './settings.api';
import { SettingsPage } from './settings-page';

const SETTINGS: Configuracoes = {
  acesso: { codigo: 1, captcha: false, oidc: false, oidc_logout: null, saml_logout: null, app_layers: { ativo: false, url: null } },
  textos: { pt: { denominacao_login: 'Matrícula' }, en: {}, es: {} },
  atividades: [],
  bibliotecas: [],
};

const PROVIDERS: ProviderSetting[] = [
  {
    recurso: 'minhabiblioteca',
    entrada: {
      entrega: 'assinada',
      url: 'https://mb.example.org/entrar?t={token}',
      dominios: ['mb.example.org'],
      categorias: ['01', '02'],
      validade: 90,
      dados: ['nome'],
    },
    chave: 'q1w2e3r4t5y6',
  },
  { recurso: 'pearson', entrada: { entrega: 'link', url: 'https://pearson.example.org/', ativo: false }, chave: null },
  { recurso: 'grupoa', entrada: null, chave: null },
  { recurso: 'repositorio', entrada: { entrega: 'assinada', url: 'https://repo.example.org/{token}' }, chave: null },
];

/**
 * The page with the providers answered; a write answers the whole list, a signed entry's key as
 * the server derives it (here, from its code), unless `refuse` has a refusal for it.
 */
function providersApi(refuse: (recurso: string) => Refusal | null = () => null) {
  let providers = structuredClone(PROVIDERS);
  return fakeApi(
    answer(settingsEndpoints.read, SETTINGS),
    answer(settingsEndpoints.providers, () => providers),
    answer(settingsEndpoints.provider, ({ params, body }) => {
      const refusal = refuse(params.recurso!);
      if (refusal) return refusal;
      const { entrada } = body as ProviderBody;
      const chave = entrada?.entrega === 'assinada' ? `chave-${params.recurso}` : null;
      return (providers = providers.map((p) => (p.recurso === params.recurso ? { recurso: p.recurso, entrada, chave } : p)));
    }),
  );
}

type Calls = ReturnType<typeof fakeApi>;
const sent = (calls: Calls, recurso: string) =>
  calls.filter((c) => c.method === 'PUT' && c.path === `/api/equipe/configuracoes/provedores/${recurso}`).map((c) => c.body);
const status = () => screen.getByRole('status');
const card = (name: string) => screen.getByRole('region', { name });

async function openProviders() {
  const view = renderScreen(<SettingsPage />);
  await screen.findByRole('form', { name: 'Acesso: a entrada dos leitores' });
  await view.user.click(screen.getByRole('tab', { name: 'Provedores' }));
  await screen.findByRole('heading', { name: 'Provedores externos' });
  return view;
}

describe('the settings’ external providers', () => {
  it('lists each provider by name, configured or not, with its entry’s fields and the key to hand over, copied on request', async () => {
    providersApi();
    const { user } = await openProviders();
    expect(screen.getByText('3 de 4 provedores configurados.')).toBeTruthy();

    const mb = card('Minha Biblioteca');
    expect(within(mb).getByText('Código: minhabiblioteca')).toBeTruthy();
    expect(within(mb).getByText('Configurado: token assinado')).toBeTruthy();
    expect(within(mb).getByText('https://mb.example.org/entrar?t={token}')).toBeTruthy();
    expect(within(mb).getByText('01, 02')).toBeTruthy();
    expect(within(mb).getByText('90 segundos')).toBeTruthy();
    expect(within(mb).getByText('Nome')).toBeTruthy();
    const key = within(mb).getByRole('textbox', { name: /^Chave para entregar ao provedor/ });
    expect(key).toHaveProperty('value', 'q1w2e3r4t5y6');
    await user.click(within(mb).getByRole('button', { name: 'Copiar a chave de Minha Biblioteca' }));
    await waitFor(() => expect(status().textContent).toContain('Chave de Minha Biblioteca copiada.'));
    expect(await navigator.clipboard.readText()).toBe('q1w2e3r4t5y6');

    expect(within(card('Biblioteca Virtual Pearson')).getByText('Configurado, mas desligado')).toBeTruthy();
    expect(within(card('Grupo A')).getByText('Não configurado')).toBeTruthy();
    expect(within(card('Grupo A')).queryByRole('button', { name: /^Remover/ })).toBeNull();
    // Signed, but the server gave no key: it has no secret, and the provider is not offered.
    const repository = card('Repositório institucional');
    expect(within(repository).getByText(/^Configurado, mas sem efeito/)).toBeTruthy();
    expect(within(repository).queryByRole('textbox', { name: /^Chave/ })).toBeNull();
  });

  it('configures a provider in a dialog: checked before sending, the server’s 422 said in it, then the entry built from the fields', async () => {
    let refusals = 1;
    const calls = providersApi(() =>
      refusals-- > 0
        ? new Refusal(422, 'A configuração do provedor não é válida: dominios.0: Invalid string: must match pattern', 'EntradaProvedorInvalida')
        : null,
    );
    const { user } = await openProviders();
    await user.click(within(card('Grupo A')).getByRole('button', { name: 'Configurar Grupo A' }));
    const dialog = await screen.findByRole('dialog', { name: 'Provedor: Grupo A' });
    expect(within(dialog).getByRole('combobox', { name: /^Entrega/ })).toHaveProperty('value', 'assinada');
    const url = within(dialog).getByRole('textbox', { name: /^Endereço/ });
    await user.type(url, 'https://grupoa.example.org/sessao?id={{sessionid}');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar o provedor' }));
    // Signed, the address needs {token} (as the server says it).
    expect(await within(dialog).findByText('Com token assinado, o endereço precisa ter {token}.')).toBeTruthy();
    expect(sent(calls, 'grupoa')).toHaveLength(0);
    await waitFor(() => expect(document.activeElement).toBe(url));

    await user.type(url, '&t={{token}');
    await user.type(within(dialog).getByRole('textbox', { name: /^Domínios/ }), 'grupoa.example.org, App.GrupoA.example.org:8443');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Todas as categorias de leitor' }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Categorias de leitor/ }), '01, 05 ,');
    const lifetime = within(dialog).getByRole('textbox', { name: /^Validade do token/ });
    await user.clear(lifetime);
    await user.type(lifetime, '120');
    await user.click(within(dialog).getByRole('checkbox', { name: 'E-mail' }));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar o provedor' }));

    // The server's refusal, in its words, in the dialog, which stays open with what was typed.
    const refusal = await within(dialog).findByText('A configuração do provedor não é válida: dominios.0: Invalid string: must match pattern');
    expect(refusal.closest('[role="alert"]')).toBeTruthy();
    expect(url).toHaveProperty('value', 'https://grupoa.example.org/sessao?id={sessionid}&t={token}');

    await user.click(within(dialog).getByRole('button', { name: 'Salvar o provedor' }));
    await waitFor(() => expect(status().textContent).toContain('Grupo A configurado: a entrada já vale.'));
    expect(status().contains(document.activeElement)).toBe(true);
    const entrada = {
      entrega: 'assinada',
      url: 'https://grupoa.example.org/sessao?id={sessionid}&t={token}',
      dominios: ['grupoa.example.org', 'App.GrupoA.example.org:8443'],
      categorias: ['01', '05'],
      validade: 120,
      dados: ['email'],
      ativo: true,
    };
    expect(sent(calls, 'grupoa')).toEqual([{ entrada }, { entrada }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(card('Grupo A')).getByText('Configurado: token assinado')).toBeTruthy();
    expect(within(card('Grupo A')).getByRole('textbox', { name: /^Chave para entregar ao provedor/ })).toHaveProperty('value', 'chave-grupoa');
  });

  it('edits a plain link from its entry, which carries no {token}, lifetime or patron data', async () => {
    const calls = providersApi();
    const { user } = await openProviders();
    await user.click(within(card('Biblioteca Virtual Pearson')).getByRole('button', { name: 'Alterar Biblioteca Virtual Pearson' }));
    const dialog = await screen.findByRole('dialog', { name: 'Provedor: Biblioteca Virtual Pearson' });
    expect(within(dialog).getByRole('combobox', { name: /^Entrega/ })).toHaveProperty('value', 'link');
    expect(within(dialog).getByRole('textbox', { name: /^Validade do token/ })).toHaveProperty('disabled', true);
    const on = within(dialog).getByRole('switch', { name: /^Ligado/ });
    expect(on).toHaveProperty('checked', false);
    const url = within(dialog).getByRole('textbox', { name: /^Endereço/ });
    await user.type(url, '?t={{token}');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar o provedor' }));
    expect(await within(dialog).findByText('Um link simples não leva {token}: tire-o ou escolha o token assinado.')).toBeTruthy();

    await user.clear(url);
    await user.type(url, 'https://pearson.example.org/{{destino}');
    await user.click(on);
    await user.click(within(dialog).getByRole('button', { name: 'Salvar o provedor' }));
    await waitFor(() => expect(status().textContent).toContain('Biblioteca Virtual Pearson salvo: a entrada já vale.'));
    expect(sent(calls, 'pearson')).toEqual([
      { entrada: { entrega: 'link', url: 'https://pearson.example.org/{destino}', dominios: [], categorias: null, ativo: true } },
    ]);
  });

  it('removes a provider after a confirmation, sending a null entry', async () => {
    const calls = providersApi();
    const { user } = await openProviders();
    await user.click(within(card('Biblioteca Virtual Pearson')).getByRole('button', { name: 'Remover Biblioteca Virtual Pearson' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remover Biblioteca Virtual Pearson?' });
    expect(sent(calls, 'pearson')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Remover' }));
    await waitFor(() => expect(status().textContent).toContain('Biblioteca Virtual Pearson removido: não está mais configurado.'));
    expect(sent(calls, 'pearson')).toEqual([{ entrada: null }]);
    expect(within(card('Biblioteca Virtual Pearson')).getByText('Não configurado')).toBeTruthy();
  });
});
