import { collectionEndpoints, type TotaisAcervo } from '@estante/contracts/collection';
import { unitsEndpoints } from '@estante/contracts/parameters';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, fakeApi, Refusal, renderScreen } from '../../../test/render';
import { CollectionTotalsPage } from './collection-totals-page';

const libraries = [
  { cod_biblioteca: 1, desc_biblioteca: 'Biblioteca Central', cod_campus: 1 },
  { cod_biblioteca: 2, desc_biblioteca: 'Biblioteca Setorial', cod_campus: 1 },
];

const all: TotaisAcervo = {
  titulos: 2,
  exemplares: 4,
  por_tipo_obra: [
    { codigo: '1', descricao: 'Livro', titulos: 1, exemplares: 3 },
    { codigo: '2', descricao: 'Periódico', titulos: 1, exemplares: 1 },
  ],
  por_biblioteca: [
    { codigo: '1', descricao: 'Biblioteca Central', titulos: 2, exemplares: 3 },
    { codigo: '2', descricao: 'Biblioteca Setorial', titulos: 1, exemplares: 1 },
  ],
  por_area: [
    { codigo: '7', descricao: 'Ciências Humanas', titulos: 1, exemplares: 3 },
    { codigo: 'sem-area', descricao: 'Sem área do conhecimento', titulos: 1, exemplares: 1 },
  ],
};
const setorial: TotaisAcervo = {
  titulos: 1,
  exemplares: 1,
  por_tipo_obra: [{ codigo: '1', descricao: 'Livro', titulos: 1, exemplares: 1 }],
  por_biblioteca: [{ codigo: '2', descricao: 'Biblioteca Setorial', titulos: 1, exemplares: 1 }],
  por_area: [{ codigo: '7', descricao: 'Ciências Humanas', titulos: 1, exemplares: 1 }],
};
const empty: TotaisAcervo = { titulos: 0, exemplares: 0, por_tipo_obra: [], por_biblioteca: [], por_area: [] };

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));

describe('Meu Pergamum, collection totals', () => {
  it('asks nothing before a period is given; then counts by work type, library and knowledge area, with the totals', async () => {
    const calls = fakeApi(
      answer(unitsEndpoints.libraries, libraries),
      answer(collectionEndpoints.totals, ({ query }) => (query.get('biblioteca') === '2' ? setorial : query.get('dataIni') === '2023-01-01' ? empty : all)),
    );
    const totalsCalls = () => calls.filter((c) => c.path === '/api/acervo/meu-pergamum/totais-acervo');
    const { user } = renderScreen(<CollectionTotalsPage />);
    await screen.findByRole('option', { name: 'Biblioteca Setorial' });
    expect(totalsCalls()).toEqual([]);

    await user.type(screen.getByLabelText(/^De/), '2024-02-01');
    await user.type(screen.getByLabelText(/^Até/), '2024-03-31');
    await user.click(screen.getByRole('button', { name: 'Mostrar' }));
    expect((await screen.findByRole('status')).textContent).toBe('Adquiridos de 01/02/2024 a 31/03/2024: 2 títulos, 4 exemplares.');
    expect(Object.fromEntries(totalsCalls()[0]!.query)).toEqual({ dataIni: '2024-02-01', dataFim: '2024-03-31' });
    expect(rowsOf(screen.getByRole('table', { name: 'Por tipo de obra' }))).toEqual([
      ['Tipo de obra', 'Títulos', 'Exemplares'],
      ['Livro', '1', '3'],
      ['Periódico', '1', '1'],
      ['Total', '2', '4'],
    ]);
    expect(rowsOf(screen.getByRole('table', { name: 'Por biblioteca' })).slice(1, 3)).toEqual([
      ['Biblioteca Central', '2', '3'],
      ['Biblioteca Setorial', '1', '1'],
    ]);
    expect(rowsOf(screen.getByRole('table', { name: 'Por área do conhecimento' })).slice(1)).toEqual([
      ['Ciências Humanas', '1', '3'],
      ['Sem área do conhecimento', '1', '1'],
      ['Total', '2', '4'],
    ]);
    expect(within(screen.getByRole('table', { name: 'Por tipo de obra' })).getByRole('rowheader', { name: 'Livro' })).toBeTruthy();

    // Another library: asked again at once, for the same period.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Biblioteca' }), '2');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Adquiridos de 01/02/2024 a 31/03/2024: 1 título, 1 exemplar.'));
    expect(Object.fromEntries(totalsCalls().at(-1)!.query)).toEqual({ dataIni: '2024-02-01', dataFim: '2024-03-31', biblioteca: '2' });
  });

  it('refuses a period out of order in words, says when nothing was acquired, and shows a refusal', async () => {
    const calls = fakeApi(
      answer(unitsEndpoints.libraries, libraries),
      answer(collectionEndpoints.totals, ({ query }) =>
        query.get('biblioteca') === '2' ? new Refusal(422, 'Biblioteca 2 não existe.', 'BibliotecaInvalida') : empty,
      ),
    );
    const { user } = renderScreen(<CollectionTotalsPage />);
    await user.type(screen.getByLabelText(/^De/), '2023-12-31');
    await user.type(screen.getByLabelText(/^Até/), '2023-01-01');
    await user.click(screen.getByRole('button', { name: 'Mostrar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('A data inicial não pode ser depois da final.');
    expect(calls.some((c) => c.path.endsWith('/totais-acervo'))).toBe(false);

    await user.clear(screen.getByLabelText(/^De/));
    await user.type(screen.getByLabelText(/^De/), '2023-01-01');
    await user.clear(screen.getByLabelText(/^Até/));
    await user.type(screen.getByLabelText(/^Até/), '2023-12-31');
    await user.click(screen.getByRole('button', { name: 'Mostrar' }));
    expect((await screen.findByRole('status')).textContent).toBe('Nenhum exemplar foi adquirido neste período.');
    expect(screen.queryByRole('table')).toBeNull();

    await screen.findByRole('option', { name: 'Biblioteca Setorial' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Biblioteca' }), '2');
    expect(await screen.findByText('Biblioteca 2 não existe.')).toBeTruthy();
  });
});
