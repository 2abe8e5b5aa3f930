import { type Configuracoes, settingsEndpoints } from '@estante/contracts/parameters';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, fakeApi, Refusal, renderScreen } from '../../../test/render';
import type { TranslationBody, ValueNames } from './settings.api';
import { SettingsPage } from './settings-page';

const SETTINGS: Configuracoes = {
  acesso: { codigo: 1, captcha: false, oidc: false, oidc_logout: null, saml_logout: null, app_layers: { ativo: false, url: null } },
  textos: { pt: { denominacao_login: 'Matrícula' }, en: {}, es: {} },
  atividades: [],
  bibliotecas: [],
};

const VALUES: ValueNames[] = [
  { tipo: 'area', valor: 'Ciências exatas', en: 'Exact sciences', es: null },
  { tipo: 'colecao', valor: 'Referência', en: null, es: null },
  { tipo: 'area', valor: 'Artes', en: null, es: null },
  { tipo: 'tipo_emprestimo', valor: 'Normal', en: 'Regular', es: 'Normal' },
];

/** The page with the values answered; a name saved (or removed, empty) answers the whole list, as the API does. */
function translationsApi(...more: ReturnType<typeof answer>[]) {
  let values = structuredClone(VALUES);
  return fakeApi(
    ...more,
    answer(settingsEndpoints.read, SETTINGS),
    answer(settingsEndpoints.translations, () => values),
    answer(settingsEndpoints.translate, ({ body }) => {
      const { tipo, valor, idioma, texto } = body as TranslationBody;
      return (values = values.map((v) => (v.tipo === tipo && v.valor === valor ? { ...v, [idioma]: texto.trim() === '' ? null : texto.trim() } : v)));
    }),
  );
}

type Calls = ReturnType<typeof fakeApi>;
const sent = (calls: Calls) => calls.filter((c) => c.method === 'PUT' && c.path === '/api/equipe/configuracoes/traducoes').map((c) => c.body);
const status = () => screen.getByRole('status');

async function openTranslations() {
  const view = renderScreen(<SettingsPage />);
  await screen.findByRole('form', { name: 'Acesso: a entrada dos leitores' });
  await view.user.click(screen.getByRole('tab', { name: 'Traduções' }));
  await screen.findByRole('heading', { name: 'Traduções dos valores' });
  return view;
}

describe('the settings’ translations of controlled values', () => {
  it('lists the values by kind, in words, with their English and Spanish names and the count of those untranslated', async () => {
    translationsApi();
    await openTranslations();
    expect(screen.getByText('3 de 4 valores ainda sem tradução: 2 sem nome em inglês, 3 sem nome em espanhol.')).toBeTruthy();

    const areas = screen.getByRole('table', { name: 'Área do conhecimento: nomes em inglês e em espanhol' });
    // Sorted as Portuguese sorts, each value heading its row.
    expect(
      within(areas)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Artes', 'Ciências exatas']);
    expect(within(areas).getByRole('textbox', { name: 'Ciências exatas em inglês' })).toHaveProperty('value', 'Exact sciences');
    expect(within(areas).getByRole('textbox', { name: 'Ciências exatas em espanhol' })).toHaveProperty('value', '');
    const loans = screen.getByRole('table', { name: 'Tipo de empréstimo: nomes em inglês e em espanhol' });
    expect(within(loans).getByRole('textbox', { name: 'Normal em inglês' })).toHaveProperty('value', 'Regular');
    expect(screen.getByRole('table', { name: 'Coleção: nomes em inglês e em espanhol' })).toBeTruthy();
    // A kind without values in use is left out.
    expect(screen.queryByRole('heading', { name: 'Tipo de área' })).toBeNull();
  });

  it('saves one name with Enter, sending the kind, the value, the language and the text, and keeps the focus in the cell', async () => {
    const calls = translationsApi();
    const { user } = await openTranslations();
    const arts = screen.getByRole('textbox', { name: 'Artes em inglês' });
    await user.type(arts, '  Arts {enter}');
    await waitFor(() => expect(status().textContent).toContain('Nome em inglês de “Artes” salvo: Arts.'));
    expect(sent(calls)).toEqual([{ tipo: 'area', valor: 'Artes', idioma: 'en', texto: 'Arts' }]);
    expect(document.activeElement).toBe(arts);
    expect(arts).toHaveProperty('value', 'Arts');
    expect(screen.getByText('3 de 4 valores ainda sem tradução: 1 sem nome em inglês, 3 sem nome em espanhol.')).toBeTruthy();

    // Emptied and saved with its button: the name is removed.
    const exact = screen.getByRole('textbox', { name: 'Ciências exatas em inglês' });
    await user.clear(exact);
    await user.click(screen.getByRole('button', { name: 'Salvar Ciências exatas em inglês' }));
    await waitFor(() => expect(status().textContent).toContain('Nome em inglês de “Ciências exatas” removido: o site mostra o nome em português.'));
    expect(sent(calls)).toHaveLength(2);
    expect(sent(calls)[1]).toEqual({ tipo: 'area', valor: 'Ciências exatas', idioma: 'en', texto: '' });
  });

  it('shows the server’s refusal on the name’s field, and says it at once', async () => {
    const calls = translationsApi(answer(settingsEndpoints.translate, () => new Refusal(400, 'O corpo da requisição é inválido: texto.')));
    const { user } = await openTranslations();
    const spanish = screen.getByRole('textbox', { name: 'Referência em espanhol' });
    expect(spanish.getAttribute('maxlength')).toBe('300');
    await user.type(spanish, 'Referencia{enter}');
    const refusal = await screen.findAllByText('O corpo da requisição é inválido: texto.');
    expect(refusal.some((node) => node.closest('[role="alert"]'))).toBe(true);
    expect(spanish.getAttribute('aria-invalid')).toBe('true');
    expect(sent(calls)).toEqual([{ tipo: 'colecao', valor: 'Referência', idioma: 'es', texto: 'Referencia' }]);
    expect(document.activeElement).toBe(spanish);
  });

  it('filters the values by any of their names, without accents, or shows only those untranslated', async () => {
    translationsApi();
    const { user } = await openTranslations();
    await user.type(screen.getByRole('searchbox', { name: /^Filtrar valores/ }), 'ciencias');
    expect(screen.getByText('1 de 4 valores mostrados.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Ciências exatas em inglês' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Artes em inglês' })).toBeNull();
    expect(screen.queryByRole('table', { name: /^Coleção/ })).toBeNull();

    await user.clear(screen.getByRole('searchbox', { name: /^Filtrar valores/ }));
    await user.type(screen.getByRole('searchbox', { name: /^Filtrar valores/ }), 'regular');
    expect(screen.getByRole('textbox', { name: 'Normal em inglês' })).toBeTruthy();

    await user.clear(screen.getByRole('searchbox', { name: /^Filtrar valores/ }));
    await user.click(screen.getByRole('checkbox', { name: 'Só os valores sem tradução' }));
    expect(screen.getByText('3 de 4 valores mostrados.')).toBeTruthy();
    expect(screen.queryByRole('table', { name: /^Tipo de empréstimo/ })).toBeNull();
  });

  it('lists the patron categories as a kind of their own, last (issue 55)', async () => {
    fakeApi(
      answer(settingsEndpoints.read, SETTINGS),
      answer(settingsEndpoints.translations, [...VALUES, { tipo: 'categoria', valor: 'Aluno de doutorado', en: 'PhD student', es: null }]),
    );
    await openTranslations();
    const tables = screen.getAllByRole('table').map((table) => table.querySelector('caption')?.textContent);
    expect(tables.at(-1)).toBe('Categoria de usuário: nomes em inglês e em espanhol');
    const categories = screen.getByRole('table', { name: 'Categoria de usuário: nomes em inglês e em espanhol' });
    expect(within(categories).getByRole('rowheader').textContent).toBe('Aluno de doutorado');
    expect((within(categories).getByRole('textbox', { name: 'Aluno de doutorado em inglês' }) as HTMLInputElement).value).toBe('PhD student');
  });
});
