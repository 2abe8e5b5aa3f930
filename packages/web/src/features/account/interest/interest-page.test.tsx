import { type EntradaPerfil, type InfoAuxiliarPerfil, interestEndpoints } from '@estante/contracts/interest';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, fakeApi, Refusal, renderScreen } from '../../../test/render';
import { InterestPage } from './interest-page';

const INFO: InfoAuxiliarPerfil = {
  tipos: [
    { codigo: 'area', descricao: 'Área do conhecimento' },
    { codigo: 'autor', descricao: 'Autor' },
    { codigo: 'assunto', descricao: 'Assunto' },
  ],
  tipos_obra: [
    { cod_tipo_obra: 1, descricao: 'Livro' },
    { cod_tipo_obra: 4, descricao: 'Tese' },
    { cod_tipo_obra: 7, descricao: 'Dissertação' },
  ],
  bibliotecas: [
    { cod_biblioteca: 1, desc_biblioteca: 'Biblioteca Central' },
    { cod_biblioteca: 3, desc_biblioteca: 'Biblioteca Setorial de Saúde' },
  ],
  idiomas: [
    { codigo: 'por', nome: 'Português' },
    { codigo: 'eng', nome: 'Inglês' },
  ],
  frequencia: 'semanal',
  validade_padrao: '2027-11-30',
};

const entry = (over: Partial<EntradaPerfil>): EntradaPerfil => ({
  codigo: 1,
  tipo: 'assunto',
  termo: 'Educação',
  descricao: 'Educação',
  validade: '2027-05-01',
  expirada: false,
  bibliotecas: [],
  idiomas: [],
  fasciculo: false,
  artigo: false,
  sumario: false,
  ...over,
});

const ok = { ok: true as const };

/** The profile as the server keeps it: every change answered, and the lists read again after it. */
function profile() {
  const state = {
    info: { ...INFO },
    areas: [entry({}), entry({ codigo: 2, tipo: 'autor', termo: 'Freire, Paulo', descricao: 'Freire, Paulo', validade: '2026-01-10', expirada: true })],
    workTypes: [entry({ codigo: 11, tipo: 'tipo_obra', termo: '4', descricao: 'Tese', validade: '2027-03-01', bibliotecas: [1], idiomas: ['por'] })],
    serials: [entry({ codigo: 21, tipo: 'periodico', termo: '500', descricao: 'Revista Brasileira de Educação', validade: '2027-02-01', fasciculo: true })],
  };
  let next = 100;
  const calls = fakeApi(
    answer(interestEndpoints.info, () => state.info),
    answer(interestEndpoints.areas, () => state.areas),
    answer(interestEndpoints.workTypes, () => state.workTypes),
    answer(interestEndpoints.serials, () => state.serials),
    answer(interestEndpoints.lookup, ({ query }) =>
      query.get('termoPesquisa') === 'Paulo Freire'
        ? [
            { codigo: 'Freire, Paulo, 1921-1997', descricao: 'Freire, Paulo, 1921-1997', titulos: 12 },
            { codigo: 'Freire, Paulo Roberto', descricao: 'Freire, Paulo Roberto', titulos: 1 },
          ]
        : [],
    ),
    answer(interestEndpoints.addAreas, ({ body }) => {
      const { tipoDSI, validade, itens } = body as { tipoDSI: 'area' | 'autor' | 'assunto'; validade: string; itens: string[] };
      const added = itens.map((termo) => entry({ codigo: next++, tipo: tipoDSI, termo, descricao: termo, validade }));
      state.areas = [...state.areas, ...added];
      return added;
    }),
    answer(interestEndpoints.removeArea, ({ query }) => {
      const codigo = Number(query.get('codigo'));
      if (!state.areas.some((e) => e.codigo === codigo)) return new Refusal(404, 'Item não encontrado no perfil.');
      state.areas = state.areas.filter((e) => e.codigo !== codigo);
      return ok;
    }),
    answer(interestEndpoints.areaValidity, ({ body }) => {
      const { codigo, validade } = body as { codigo: number; validade: string };
      if (validade < '2026-12-01') return new Refusal(422, 'A validade não pode ser anterior a hoje.');
      state.areas = state.areas.map((e) => (e.codigo === codigo ? { ...e, validade, expirada: false } : e));
      return state.areas.find((e) => e.codigo === codigo)!;
    }),
    answer(interestEndpoints.frequency, ({ body }) => {
      const { frequencia } = body as { frequencia: InfoAuxiliarPerfil['frequencia'] };
      state.info = { ...state.info, frequencia };
      return { frequencia };
    }),
    answer(interestEndpoints.addWorkTypes, ({ body }) => {
      const { validade, itens } = body as { validade: string; itens: number[] };
      const added = itens.map((n) =>
        entry({ codigo: next++, tipo: 'tipo_obra', termo: String(n), descricao: INFO.tipos_obra.find((w) => w.cod_tipo_obra === n)!.descricao, validade }),
      );
      state.workTypes = [...state.workTypes, ...added];
      return added;
    }),
    answer(interestEndpoints.changeWorkType, ({ body }) => {
      const { codigo, ...change } = body as { codigo: number; validade: string; bibliotecas: number[]; idiomas: string[] };
      state.workTypes = state.workTypes.map((e) => (e.codigo === codigo ? { ...e, ...change } : e));
      return state.workTypes.find((e) => e.codigo === codigo)!;
    }),
    answer(interestEndpoints.removeWorkType, ({ query }) => {
      state.workTypes = state.workTypes.filter((e) => e.codigo !== Number(query.get('codigo')));
      return ok;
    }),
    answer(interestEndpoints.serialLookup, () => [
      { codigo: 501, descricao: 'Educação & Sociedade', issn: '0101-7330', fasciculos: 40, bibliotecas: ['Biblioteca Central'] },
      { codigo: 502, descricao: 'Educação em Revista', issn: null, fasciculos: 0, bibliotecas: [] },
    ]),
    answer(interestEndpoints.addSerials, ({ body }) => {
      const { validade, itens } = body as { validade: string; itens: number[] };
      const added = itens.map((n) =>
        entry({
          codigo: next++,
          tipo: 'periodico',
          termo: String(n),
          descricao: n === 501 ? 'Educação & Sociedade' : 'Educação em Revista',
          validade,
          fasciculo: true,
        }),
      );
      state.serials = [...state.serials, ...added];
      return added;
    }),
    answer(interestEndpoints.changeSerial, ({ body }) => {
      const { codigo, ...change } = body as { codigo: number } & Partial<EntradaPerfil>;
      state.serials = state.serials.map((e) => (e.codigo === codigo ? { ...e, ...change } : e));
      return state.serials.find((e) => e.codigo === codigo)!;
    }),
    answer(interestEndpoints.removeSerial, ({ query }) => {
      state.serials = state.serials.filter((e) => e.codigo !== Number(query.get('codigo')));
      return ok;
    }),
  );
  return { state, calls };
}

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);
const rowOf = (table: HTMLElement, item: string) => rowsOf(table).find((row) => within(row).queryByRole('button', { name: `Remover: ${item}` }))!;

describe('Meu Pergamum, interest profile', () => {
  it('lists the areas, authors and subjects followed, with their kind, validity and whether they are past it', async () => {
    profile();
    renderScreen(<InterestPage />);
    const table = await screen.findByRole('table', { name: 'Áreas, autores e assuntos' });
    expect(screen.getByText(/^Diga à biblioteca o que lhe interessa/)).toBeTruthy();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Tipo', 'Item', 'Validade', 'Remover']);
    const [subject, author] = rowsOf(table);
    expect(rowsOf(table)).toHaveLength(2);
    expect(
      within(subject!)
        .getAllByRole('cell')
        .slice(0, 2)
        .map((td) => td.textContent),
    ).toEqual(['Assunto', 'Educação']);
    expect((within(subject!).getByLabelText('Validade de Educação') as HTMLInputElement).value).toBe('2027-05-01');
    expect(
      within(author!)
        .getAllByRole('cell')
        .slice(0, 2)
        .map((td) => td.textContent),
    ).toEqual(['Autor', 'Freire, Paulo' + 'Vencido']);
    expect(within(subject!).queryByText('Vencido')).toBeNull();
    expect((within(author!).getByLabelText('Validade de Freire, Paulo') as HTMLInputElement).value).toBe('2026-01-10');
    // Nothing to save until the date is changed.
    expect((within(subject!).getByRole('button', { name: 'Salvar: Educação' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('radio', { name: 'Uma vez por semana' }) as HTMLInputElement).checked).toBe(true);
  });

  it('looks a term up (each word of 3 letters or more), and adds the ones chosen until the date given', async () => {
    const { calls } = profile();
    const { user } = renderScreen(<InterestPage />);
    await screen.findByRole('table', { name: 'Áreas, autores e assuntos' });
    const search = screen.getByRole('search', { name: 'Procurar áreas, autores e assuntos' });

    await user.selectOptions(within(search).getByLabelText('Tipo'), 'autor');
    await user.type(within(search).getByLabelText('Termo (3 letras ou mais por palavra)'), 'Paulo de Freire');
    await user.click(within(search).getByRole('button', { name: 'Procurar' }));
    expect(await screen.findByText('Digite ao menos 3 caracteres em cada palavra.')).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith('/pesquisa'))).toBe(false);

    await user.clear(within(search).getByLabelText('Termo (3 letras ou mais por palavra)'));
    await user.type(within(search).getByLabelText('Termo (3 letras ou mais por palavra)'), '  Paulo Freire ');
    await user.click(within(search).getByRole('button', { name: 'Procurar' }));
    const found = await screen.findByRole('group', { name: 'Encontrados: escolha os que quer acompanhar' });
    expect(screen.queryByText('Digite ao menos 3 caracteres em cada palavra.')).toBeNull();
    const lookup = calls.filter((c) => c.path === '/api/perfil-interesse/area-autor-assunto/pesquisa');
    expect(lookup.map((c) => [c.query.get('tipoPesquisa'), c.query.get('termoPesquisa')])).toEqual([['autor', 'Paulo Freire']]);
    expect(within(found).getAllByRole('checkbox')).toHaveLength(2);
    const first = within(found).getByRole('checkbox', { name: 'Freire, Paulo, 1921-1997 (12 títulos)' });
    expect(within(found).getByRole('checkbox', { name: 'Freire, Paulo Roberto (1 título)' })).toBeTruthy();

    // Nothing chosen: the patron is told, nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Adicionar ao perfil' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Escolha ao menos um item.');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.click(first);
    const validity = screen.getByLabelText(/^Validade \*$/) as HTMLInputElement;
    expect(validity.value).toBe('2027-11-30');
    await user.clear(validity);
    await user.type(validity, '2027-06-30');
    await user.click(screen.getByRole('button', { name: 'Adicionar ao perfil' }));

    expect((await screen.findByRole('status')).textContent).toBe('1 item adicionado ao perfil.');
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
      ['/api/perfil-interesse/area-autor-assunto', { tipoDSI: 'autor', validade: '2027-06-30', itens: ['Freire, Paulo, 1921-1997'] }],
    ]);
    await waitFor(() => expect(rowsOf(screen.getByRole('table', { name: 'Áreas, autores e assuntos' }))).toHaveLength(3));
    const added = rowOf(screen.getByRole('table', { name: 'Áreas, autores e assuntos' }), 'Freire, Paulo, 1921-1997');
    expect(within(added).getAllByRole('cell')[0]!.textContent).toBe('Autor');
    expect((within(added).getByLabelText('Validade de Freire, Paulo, 1921-1997') as HTMLInputElement).value).toBe('2027-06-30');
    expect(
      (within(screen.getByRole('group', { name: 'Encontrados: escolha os que quer acompanhar' })).getAllByRole('checkbox') as HTMLInputElement[]).some(
        (b) => b.checked,
      ),
    ).toBe(false);
  });

  it('says when the look-up finds nothing', async () => {
    profile();
    const { user } = renderScreen(<InterestPage />);
    await screen.findByRole('table', { name: 'Áreas, autores e assuntos' });
    await user.type(screen.getByLabelText('Termo (3 letras ou mais por palavra)'), 'Astrofísica');
    await user.click(screen.getByRole('button', { name: 'Procurar' }));
    expect(await screen.findByText('Nada encontrado com esse termo.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Adicionar ao perfil' })).toBeNull();
  });

  it('removes an entry only after the confirmation, and keeps it when the patron keeps it', async () => {
    const { calls } = profile();
    const { user } = renderScreen(<InterestPage />);
    const table = await screen.findByRole('table', { name: 'Áreas, autores e assuntos' });

    await user.click(within(table).getByRole('button', { name: 'Remover: Freire, Paulo' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remover do perfil' });
    expect(within(dialog).getByText('Deixar de acompanhar Freire, Paulo?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Manter' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(within(table).getByRole('button', { name: 'Remover: Educação' }));
    dialog = await screen.findByRole('dialog', { name: 'Remover do perfil' });
    expect(within(dialog).getByText('Deixar de acompanhar Educação?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Remover' }));

    expect((await screen.findByRole('status')).textContent).toBe('Educação removido do perfil.');
    const removed = calls.filter((c) => c.method === 'DELETE');
    expect(removed.map((c) => [c.path, c.query.get('codigo'), c.query.get('tipoDSI')])).toEqual([['/api/perfil-interesse/area-autor-assunto', '1', 'assunto']]);
    await waitFor(() => expect(rowsOf(screen.getByRole('table', { name: 'Áreas, autores e assuntos' }))).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Remover: Educação' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remover: Freire, Paulo' })).toBeTruthy();
  });

  it('renews a validity, and shows the refusal in the words of the server when a date is refused', async () => {
    const { calls } = profile();
    const { user } = renderScreen(<InterestPage />);
    const table = await screen.findByRole('table', { name: 'Áreas, autores e assuntos' });
    const author = rowOf(table, 'Freire, Paulo');
    const date = within(author).getByLabelText('Validade de Freire, Paulo');
    const save = within(author).getByRole('button', { name: 'Salvar: Freire, Paulo' }) as HTMLButtonElement;

    await user.clear(date);
    await user.type(date, '2026-06-01');
    expect(save.disabled).toBe(false);
    await user.click(save);
    expect((await screen.findByRole('alert')).textContent).toBe('A validade não pode ser anterior a hoje.');
    expect(screen.queryByRole('status')).toBeNull();
    expect(within(author).getByText('Vencido')).toBeTruthy();

    await user.clear(date);
    await user.type(date, '2028-01-31');
    await user.click(save);
    expect((await screen.findByRole('status')).textContent).toBe('Freire, Paulo: alteração salva.');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { codigo: 2, tipoDSI: 'autor', validade: '2026-06-01' },
      { codigo: 2, tipoDSI: 'autor', validade: '2028-01-31' },
    ]);
    await waitFor(() => expect(within(rowOf(screen.getByRole('table'), 'Freire, Paulo')).queryByText('Vencido')).toBeNull());
  });

  it('saves how often the alerts are e-mailed as soon as it is chosen', async () => {
    const { calls } = profile();
    const { user } = renderScreen(<InterestPage />);
    await screen.findByRole('table', { name: 'Áreas, autores e assuntos' });
    // Choices side by side, not a drop-down: they wrap at the largest text size, a select's text would be cut (issue 55).
    const frequency = screen.getByRole('radiogroup', { name: 'Receber os alertas por e-mail' });
    expect(
      within(frequency)
        .getAllByRole('radio')
        .map((radio) => (radio as HTMLInputElement).labels![0]!.textContent),
    ).toEqual(['Imediatamente', 'Uma vez por dia', 'Uma vez por semana', 'Nunca']);
    expect(screen.queryByRole('combobox', { name: 'Receber os alertas por e-mail' })).toBeNull();
    await user.click(within(frequency).getByRole('radio', { name: 'Uma vez por dia' }));
    expect((await screen.findByRole('status')).textContent).toBe('Alertas por e-mail: Uma vez por dia.');
    expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.path, c.body])).toEqual([['/api/perfil-interesse/frequencia', { frequencia: 'diaria' }]]);
    await waitFor(() => expect((screen.getByRole('radio', { name: 'Uma vez por dia' }) as HTMLInputElement).checked).toBe(true));
  });

  it('has a tab for each kind of entry, the areas first', async () => {
    const { calls } = profile();
    const { user } = renderScreen(<InterestPage />);
    await screen.findByRole('table', { name: 'Áreas, autores e assuntos' });
    const tabs = within(screen.getByRole('tablist')).getAllByRole('tab');
    expect(tabs.map((tab) => [tab.textContent, tab.getAttribute('aria-selected')])).toEqual([
      ['Áreas, autores e assuntos', 'true'],
      ['Periódicos', 'false'],
      ['Tipos de obra', 'false'],
    ]);
    expect(calls.some((c) => c.path === '/api/perfil-interesse/periodicos' || c.path === '/api/perfil-interesse/tipo-obra')).toBe(false);

    await user.click(screen.getByRole('tab', { name: 'Periódicos' }));
    expect(await screen.findByRole('table', { name: 'Periódicos' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Periódicos' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByRole('table', { name: 'Áreas, autores e assuntos' })).toBeNull();
    expect(screen.queryByRole('search', { name: 'Procurar áreas, autores e assuntos' })).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Tipos de obra' }));
    expect(await screen.findByRole('table', { name: 'Tipos de obra' })).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Periódicos' })).toBeNull();
  });

  it('work types: lists them with their libraries and languages, adds, changes and removes one', async () => {
    const { calls } = profile();
    const { user } = renderScreen(<InterestPage />);
    await user.click(await screen.findByRole('tab', { name: 'Tipos de obra' }));
    const table = await screen.findByRole('table', { name: 'Tipos de obra' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Tipo de obra', 'Validade, bibliotecas e idiomas', 'Remover']);
    const thesis = rowOf(table, 'Tese');
    expect(within(thesis).getAllByRole('cell')[0]!.textContent).toBe('Tese');
    expect((within(thesis).getByLabelText('Validade de Tese') as HTMLInputElement).value).toBe('2027-03-01');
    // The libraries and languages chosen, each shown as a pill in its field.
    const pills = (row: HTMLElement) => [...row.querySelectorAll('.mantine-Pill-label')].map((pill) => pill.textContent);
    expect(pills(thesis)).toEqual(['Biblioteca Central', 'Português']);

    // Adding: nothing chosen is refused here; then one work type, until the default date.
    await user.click(screen.getByRole('button', { name: 'Adicionar ao perfil' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Escolha ao menos um item.');
    await user.click(screen.getByRole('textbox', { name: 'Tipos de obra' }));
    await user.click(await screen.findByRole('option', { name: 'Dissertação' }));
    expect((screen.getByLabelText(/^Validade \*$/) as HTMLInputElement).value).toBe('2027-11-30');
    await user.click(screen.getByRole('button', { name: 'Adicionar ao perfil' }));
    expect((await screen.findByRole('status')).textContent).toBe('1 item adicionado ao perfil.');
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
      ['/api/perfil-interesse/tipo-obra', { validade: '2027-11-30', itens: [7] }],
    ]);
    await waitFor(() => expect(rowsOf(screen.getByRole('table', { name: 'Tipos de obra' }))).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Remover: Dissertação' })).toBeTruthy();

    // Changing: one more language, saved with the rest of the entry.
    await user.click(within(rowOf(screen.getByRole('table', { name: 'Tipos de obra' }), 'Tese')).getByRole('textbox', { name: 'Idiomas de Tese' }));
    await user.click(await screen.findByRole('option', { name: 'Inglês' }));
    await user.click(screen.getByRole('button', { name: 'Salvar: Tese' }));
    expect((await screen.findByRole('status')).textContent).toBe('Tese: alteração salva.');
    expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.path, c.body])).toEqual([
      ['/api/perfil-interesse/tipo-obra', { codigo: 11, validade: '2027-03-01', bibliotecas: [1], idiomas: ['por', 'eng'] }],
    ]);

    // Removing, after the confirmation.
    await user.click(screen.getByRole('button', { name: 'Remover: Tese' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Remover do perfil' })).getByRole('button', { name: 'Remover' }));
    expect((await screen.findByRole('status')).textContent).toBe('Tese removido do perfil.');
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => [c.path, c.query.get('codigo')])).toEqual([['/api/perfil-interesse/tipo-obra', '11']]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remover: Tese' })).toBeNull());
    expect(rowsOf(screen.getByRole('table', { name: 'Tipos de obra' }))).toHaveLength(1);
  });

  it('serials: lists what each tells of, looks serials up at chosen libraries, adds one, changes and removes one', async () => {
    const { calls } = profile();
    const { user } = renderScreen(<InterestPage />);
    await user.click(await screen.findByRole('tab', { name: 'Periódicos' }));
    const table = await screen.findByRole('table', { name: 'Periódicos' });
    const followed = rowOf(table, 'Revista Brasileira de Educação');
    const tells = within(followed).getByRole('group', { name: 'Avisar de: Revista Brasileira de Educação' });
    const box = (name: string) => within(tells).getByRole('checkbox', { name }) as HTMLInputElement;
    expect([box('Fascículos novos').checked, box('Artigos novos').checked, box('Sumários').checked]).toEqual([true, false, false]);
    expect((within(followed).getByLabelText('Validade de Revista Brasileira de Educação') as HTMLInputElement).value).toBe('2027-02-01');

    // Look-up: the rule on words, then a term at one library.
    const search = screen.getByRole('search', { name: 'Procurar periódicos' });
    await user.type(within(search).getByLabelText('Título do periódico'), 'Ed');
    await user.click(within(search).getByRole('button', { name: 'Procurar' }));
    expect(await screen.findByText('Digite ao menos 3 caracteres em cada palavra.')).toBeTruthy();
    await user.clear(within(search).getByLabelText('Título do periódico'));
    await user.type(within(search).getByLabelText('Título do periódico'), 'Educação');
    await user.click(within(search).getByRole('textbox', { name: 'Nas bibliotecas' }));
    await user.click(await screen.findByRole('option', { name: 'Biblioteca Central' }));
    await user.click(within(search).getByRole('button', { name: 'Procurar' }));
    const found = await screen.findByRole('group', { name: 'Periódicos encontrados' });
    const lookup = calls.filter((c) => c.path === '/api/perfil-interesse/periodicos/pesquisa');
    expect(lookup.map((c) => [c.query.get('termoPesquisa'), c.query.get('bibliotecas')])).toEqual([['Educação', '1']]);
    expect(
      within(found)
        .getAllByRole('checkbox')
        .map((c) => c.closest('.mantine-Checkbox-root')?.textContent),
    ).toEqual(['Educação & Sociedade (ISSN 0101-7330) — 40 fascículos (Biblioteca Central)', 'Educação em Revista — nenhum fascículo ainda']);

    await user.click(within(found).getByRole('checkbox', { name: 'Educação & Sociedade (ISSN 0101-7330) — 40 fascículos (Biblioteca Central)' }));
    await user.click(screen.getByRole('button', { name: 'Adicionar ao perfil' }));
    expect((await screen.findByRole('status')).textContent).toBe('1 item adicionado ao perfil.');
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
      ['/api/perfil-interesse/periodicos', { validade: '2027-11-30', itens: [501] }],
    ]);
    await waitFor(() => expect(rowsOf(screen.getByRole('table', { name: 'Periódicos' }))).toHaveLength(2));
    expect(screen.getByRole('group', { name: 'Avisar de: Educação & Sociedade' })).toBeTruthy();

    // Changing what a serial tells of.
    await user.click(box('Artigos novos'));
    await user.click(screen.getByRole('button', { name: 'Salvar: Revista Brasileira de Educação' }));
    expect((await screen.findByRole('status')).textContent).toBe('Revista Brasileira de Educação: alteração salva.');
    expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.path, c.body])).toEqual([
      ['/api/perfil-interesse/periodicos', { codigo: 21, validade: '2027-02-01', fasciculo: true, artigo: true, sumario: false, bibliotecas: [] }],
    ]);

    // Removing, after the confirmation.
    await user.click(screen.getByRole('button', { name: 'Remover: Revista Brasileira de Educação' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Remover do perfil' })).getByRole('button', { name: 'Remover' }));
    expect((await screen.findByRole('status')).textContent).toBe('Revista Brasileira de Educação removido do perfil.');
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => [c.path, c.query.get('codigo')])).toEqual([['/api/perfil-interesse/periodicos', '21']]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remover: Revista Brasileira de Educação' })).toBeNull());
  });

  it('says when nothing of a kind is followed', async () => {
    const { state } = profile();
    state.areas = [];
    state.serials = [];
    state.workTypes = [];
    const { user } = renderScreen(<InterestPage />);
    expect(await screen.findByText('Você não acompanha áreas, autores nem assuntos.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Periódicos' }));
    expect(await screen.findByText('Você não acompanha nenhum periódico.')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Tipos de obra' }));
    expect(await screen.findByText('Você não acompanha tipos de obra.')).toBeTruthy();
  });

  it('says when the profile cannot be read', async () => {
    fakeApi(answer(interestEndpoints.info, () => new Refusal(503, 'fora do ar')));
    renderScreen(<InterestPage />);
    expect(await screen.findByText('Não foi possível carregar o perfil de interesse.')).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
  });
});
