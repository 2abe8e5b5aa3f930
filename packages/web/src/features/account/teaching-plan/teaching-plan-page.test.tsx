import { type Bibliografia, type BibliografiaTitulo, collectionEndpoints, type DisciplinasBibliotecas } from '@estante/contracts/collection';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, fakeApi, Refusal, renderScreen } from '../../../test/render';
import { TeachingPlanPage } from './teaching-plan-page';

const META = { vagas_por_exemplar: 5, exemplares_complementar: 2 };
const PEDAGOGIA = { codigo: 1, nome: 'Pedagogia' };
const EDU = { codigo: 11, sigla: 'EDU101', nome: 'Fundamentos da Educação' };
const ECV = { codigo: 17, sigla: 'ECV210', nome: 'Estatística Aplicada' };

const offers: DisciplinasBibliotecas = {
  professor: true,
  planos: [
    { cod_plano: 1, departamento: PEDAGOGIA, disciplina: EDU, ano: 2026, semestre: 1, periodo: 1, vagas: 50 },
    { cod_plano: 8, departamento: { codigo: 4, nome: 'Engenharia Civil' }, disciplina: ECV, ano: 2026, semestre: 1, periodo: 4, vagas: 40 },
    { cod_plano: 3, departamento: PEDAGOGIA, disciplina: EDU, ano: 2025, semestre: 2, periodo: 1, vagas: 40 },
  ],
  bibliotecas: [
    { cod_biblioteca: 1, desc_biblioteca: 'Biblioteca Central' },
    { cod_biblioteca: 2, desc_biblioteca: 'Biblioteca Setorial' },
  ],
  meta: META,
};

const title = (over: Partial<BibliografiaTitulo>): BibliografiaTitulo => ({
  cod_acervo: 100,
  titulo: 'Pedagogia do oprimido',
  autor: 'Freire, Paulo',
  ano: '1968',
  tipo: 'basica',
  exemplares: 10,
  por_biblioteca: [
    { cod_biblioteca: 1, biblioteca: 'Biblioteca Central', exemplares: 8, emprestados: 1 },
    { cod_biblioteca: 2, biblioteca: 'Biblioteca Setorial', exemplares: 2, emprestados: 0 },
  ],
  emprestimos: 3,
  exemplares_por_vaga: 0.2,
  vagas_por_exemplar: 5,
  abaixo_meta: false,
  ...over,
});

const bibliography: Bibliografia = {
  meta: META,
  planos: [
    {
      ...offers.planos[0]!,
      emprestimos: 3,
      titulos: [
        title({}),
        title({
          cod_acervo: 101,
          titulo: 'Didática',
          autor: null,
          ano: null,
          exemplares: 0,
          por_biblioteca: [],
          emprestimos: 0,
          exemplares_por_vaga: 0,
          vagas_por_exemplar: null,
          abaixo_meta: true,
        }),
        title({
          cod_acervo: 102,
          titulo: 'Sociologia da educação',
          tipo: 'complementar',
          exemplares: 1,
          por_biblioteca: [{ cod_biblioteca: 1, biblioteca: 'Biblioteca Central', exemplares: 1, emprestados: 1 }],
          emprestimos: 0,
          exemplares_por_vaga: 0.02,
          vagas_por_exemplar: 50,
          abaixo_meta: true,
        }),
      ],
    },
    { ...offers.planos[1]!, emprestimos: 0, titulos: [] },
  ],
};

afterEach(() => vi.restoreAllMocks());

const bibliographyCalls = (calls: ReturnType<typeof fakeApi>) => calls.filter((c) => c.path === '/api/acervo/meu-pergamum/plano-ensino/bibliografia');

describe('Meu Pergamum, teaching plan', () => {
  it('asks for at least one field, then shows each plan with its copies, ratios and the titles below target', async () => {
    const calls = fakeApi(answer(collectionEndpoints.planOffers, offers), answer(collectionEndpoints.bibliography, bibliography));
    const { user } = renderScreen(<TeachingPlanPage titleHref={(id) => `/acervo/${id}`} />);
    await user.click(await screen.findByRole('button', { name: 'Mostrar bibliografia' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Preencha ao menos um campo.');
    expect(bibliographyCalls(calls)).toEqual([]);

    // The choices are the professor's own: years, disciplines and courses of their plans.
    const discipline = screen.getByRole('combobox', { name: 'Disciplina' });
    expect(
      within(discipline)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Qualquer', 'ECV210 — Estatística Aplicada', 'EDU101 — Fundamentos da Educação']);
    const year = screen.getByRole('combobox', { name: 'Ano' });
    expect(
      within(year)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Qualquer', '2026', '2025']);
    await user.selectOptions(year, '2026');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Semestre' }), '1');
    await user.click(screen.getByRole('button', { name: 'Mostrar bibliografia' }));

    const table = await screen.findByRole('table', { name: 'Bibliografia de EDU101 Fundamentos da Educação — Pedagogia, 2026/1' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(Object.fromEntries(bibliographyCalls(calls)[0]!.query)).toEqual({ ano: '2026', semestre: '1' });
    expect(screen.getByRole('status').textContent).toBe('2 planos de ensino encontrados.');
    expect(screen.getByText(/^Bibliografia básica: no máximo 5 vagas por exemplar/).textContent).toContain('ao menos 2 exemplares');
    expect(screen.getByText('Período: 1 · Vagas: 50 · Empréstimos da bibliografia no semestre: 3')).toBeTruthy();

    const [header, ok, none, complementary] = within(table).getAllByRole('row');
    expect(
      within(header!)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Título', 'Bibliografia', 'Exemplares por biblioteca', 'Empréstimos no semestre', 'Exemplares por vaga', 'Vagas por exemplar', 'Meta']);
    expect(within(ok!).getByRole('link', { name: 'Pedagogia do oprimido' }).getAttribute('href')).toBe('/acervo/100');
    expect(
      within(ok!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'Pedagogia do oprimidoFreire, Paulo, 1968',
      'Básica',
      '10 exemplaresBiblioteca Central: 8 (1 emprestado agora)Biblioteca Setorial: 2 (nenhum emprestado)',
      '3',
      '0,2',
      '5',
      '✓ Dentro da meta',
    ]);
    expect(
      within(none!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Didática', 'Básica', 'Nenhum exemplar', '0', '0', '—', '⚠ Abaixo da meta']);
    expect(
      within(complementary!)
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(1),
    ).toEqual(['Complementar', '1 exemplarBiblioteca Central: 1 (1 emprestado agora)', '0', '0,02', '50', '⚠ Abaixo da meta']);
    // The sign is decoration: the flag is said in words.
    expect(within(none!).getByText('Abaixo da meta')).toBeTruthy();
    // A plan without bibliography says so under its heading.
    expect(screen.getByRole('heading', { name: 'ECV210 Estatística Aplicada — Engenharia Civil, 2026/1' })).toBeTruthy();
    expect(screen.getByText('Este plano ainda não tem bibliografia.')).toBeTruthy();
  });

  it('says what is wrong with a field, and sends nothing', async () => {
    const calls = fakeApi(answer(collectionEndpoints.planOffers, offers));
    const { user } = renderScreen(<TeachingPlanPage titleHref={(id) => `/acervo/${id}`} />);
    await user.type(await screen.findByRole('textbox', { name: 'Período' }), 'abc');
    await user.click(screen.getByRole('button', { name: 'Mostrar bibliografia' }));
    const period = screen.getByRole('textbox', { name: 'Período' });
    await waitFor(() => expect(period.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Valor inválido.')).toBeTruthy();
    expect(bibliographyCalls(calls)).toEqual([]);
  });

  it('sends the library chosen, and downloads the same bibliography as CSV and PDF', async () => {
    const calls = fakeApi(answer(collectionEndpoints.planOffers, offers), answer(collectionEndpoints.bibliography, bibliography));
    const files: string[] = [];
    const fake = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const match = /\/plano-ensino\/bibliografia\/(csv|pdf)$/.exec(url.pathname);
      if (!match) return fake(input, init);
      files.push(`${match[1]}?${url.searchParams}`);
      const name = `bibliografia-plano-ensino.${match[1]}`;
      return new Response('conteúdo', { status: 200, headers: { 'content-disposition': `attachment; filename="${name}"` } });
    });
    URL.createObjectURL = vi.fn(() => 'blob:arquivo');
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { user } = renderScreen(<TeachingPlanPage titleHref={(id) => `/acervo/${id}`} />);
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Disciplina' }), '11');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Biblioteca dos exemplares' }), '2');
    await user.click(screen.getByRole('button', { name: 'Mostrar bibliografia' }));
    await screen.findByRole('table', { name: /^Bibliografia de EDU101/ });
    expect(Object.fromEntries(bibliographyCalls(calls)[0]!.query)).toEqual({ disciplina: '11', biblioteca: '2' });

    await user.click(screen.getByRole('button', { name: 'Baixar planilha (CSV)' }));
    await waitFor(() => expect(screen.getByText('Arquivo bibliografia-plano-ensino.csv baixado.')).toBeTruthy());
    await user.click(screen.getByRole('button', { name: 'Baixar PDF' }));
    await waitFor(() => expect(screen.getByText('Arquivo bibliografia-plano-ensino.pdf baixado.')).toBeTruthy());
    expect(files).toEqual(['csv?disciplina=11&biblioteca=2', 'pdf?disciplina=11&biblioteca=2']);
    expect(saved).toEqual(['bibliografia-plano-ensino.csv', 'bibliografia-plano-ensino.pdf']);
  });

  it("shows the server's refusal, and a filter that keeps no plan", async () => {
    fakeApi(
      answer(collectionEndpoints.planOffers, offers),
      answer(collectionEndpoints.bibliography, ({ query }) =>
        query.get('ano') === '2025' ? { meta: META, planos: [] } : new Refusal(422, 'Biblioteca 2 não existe.', 'BibliotecaInvalida'),
      ),
    );
    const { user } = renderScreen(<TeachingPlanPage titleHref={(id) => `/acervo/${id}`} />);
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Biblioteca dos exemplares' }), '2');
    await user.click(screen.getByRole('button', { name: 'Mostrar bibliografia' }));
    expect(await screen.findByText('Biblioteca 2 não existe.')).toBeTruthy();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Ano' }), '2025');
    await user.click(screen.getByRole('button', { name: 'Mostrar bibliografia' }));
    expect((await screen.findByRole('status')).textContent).toBe('Nenhum plano de ensino seu corresponde a estes filtros.');
  });

  it('tells a patron who is not a professor, or a professor without plans, in words', async () => {
    fakeApi(answer(collectionEndpoints.planOffers, { ...offers, professor: false, planos: [] }));
    renderScreen(<TeachingPlanPage titleHref={(id) => `/acervo/${id}`} />);
    expect(await screen.findByText(/^Esta seção mostra a bibliografia dos planos de ensino de quem leciona/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mostrar bibliografia' })).toBeNull();
  });

  it('tells a professor without plans yet', async () => {
    fakeApi(answer(collectionEndpoints.planOffers, { ...offers, planos: [] }));
    renderScreen(<TeachingPlanPage titleHref={(id) => `/acervo/${id}`} />);
    expect(await screen.findByText(/^Você ainda não tem planos de ensino cadastrados/)).toBeTruthy();
  });
});
