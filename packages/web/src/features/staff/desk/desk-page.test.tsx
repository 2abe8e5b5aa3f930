import { type DeskPatron, deskEndpoints } from '@estante/contracts/circulation';
import { unitsEndpoints } from '@estante/contracts/parameters';
import { patronRecordEndpoints } from '@estante/contracts/people';
import { screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, fakeApi, Refusal, renderScreen } from '../../../test/render';
import { sectionsFor, STAFF_SECTIONS } from '../sections';
import { DESK_LIBRARY_KEY } from './desk-library';
import { DeskPage } from './desk-page';
import english from './locales/en.json';
import { dateFormat } from '../../../ui/dates';
import { type PrintSlip, SlipPrinter, slipText } from './print-slip';
import { section } from './section';

/** Ana as the desk reads her: no libraries, requests, notes, loans, holds or debts unless a test gives her some. */
function ana(over: Partial<DeskPatron> = {}): DeskPatron {
  return {
    cod_pessoa: 7,
    nome: 'Ana Souza',
    logins: ['aluno'],
    categoria: 'Graduação',
    email: 'ana@exemplo.org',
    validade: '2027-01-31',
    bloqueio: false,
    motivo_bloqueio: null,
    afastamento: null,
    limite_emprestimos: 3,
    idioma: null,
    bibliotecas: [],
    notas: [],
    solicitacoes: [],
    emprestimos: [],
    reservas: [],
    debitos: [],
    total_debitos: '0.00',
    ...over,
  };
}

const COPY = { tombo: 'T-100', titulo: 'Dom Casmurro', status: 'disponivel', emprestado_a: null };
const LIMIT = 'A pessoa já tem 3 empréstimos abertos, o limite da sua categoria (3).';

/** The desk's answers to a scan: Ana's login opens her, anything else is the copy T-100. */
const reads = answer(deskEndpoints.read, ({ query }) =>
  query.get('codigo') === 'aluno' ? { tipo: 'leitor' as const, leitor: ana() } : { tipo: 'exemplar' as const, exemplar: COPY },
);

/** The libraries a desk may be at. */
const libraries = answer(unitsEndpoints.libraries, [
  { cod_biblioteca: 1, desc_biblioteca: 'Biblioteca Central', cod_campus: 1 },
  { cod_biblioteca: 2, desc_biblioteca: 'Biblioteca de Engenharia', cod_campus: 1 },
]);

/** A check-in of the copy scanned: Dom Casmurro, with nobody, no fine and no hold; travelling to `transito` when given. */
const checkedIn = (transito: (count: number) => string | null = () => null) => {
  let count = 0;
  return answer(deskEndpoints.checkIn, ({ body }) => ({
    tombo: (body as { tombo: string }).tombo,
    titulo: 'Dom Casmurro',
    pessoa: null,
    multa: null,
    reserva: null,
    transito: transito(++count),
  }));
};

/** Today, as a short date in `language` (a slip is dated the day it is made). */
const today = (language = 'pt') => dateFormat(language).format(new Date());

/** The terms of a `<dl>` and what each says. */
const terms = (element: HTMLElement) =>
  Object.fromEntries([...element.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));

/** A note about Ana, written on 12 November 2026 (midday, so the date is that day in any time zone the tests run in). */
const NOTE = { id: 3, texto: 'Prefere ser avisada por telefone.', autor: 'Bruno Lima', em: '2026-11-12T12:00:00Z' };

const scanInput = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Leitor, exemplar ou nome' });
const statusRegion = () => screen.getByRole('status');
const sentTo = (calls: ReturnType<typeof fakeApi>, method: string, path: string) => calls.filter((c) => c.method === method && c.path === path);
const posts = (calls: ReturnType<typeof fakeApi>, path: string) => calls.filter((c) => c.method === 'POST' && c.path === path);
const librarySelect = () => screen.getByRole<HTMLSelectElement>('combobox', { name: 'Biblioteca do balcão' });
/** The desk's libraries, once listed in the select. */
const librariesListed = () => screen.findByRole('option', { name: 'Biblioteca de Engenharia' });

// The desk's library is remembered in the browser: each test starts from a browser that has none.
beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('the circulation desk', () => {
  it('opens the patron whose card is scanned, then lends them the copy scanned next, ready for the next scan', async () => {
    const loans: DeskPatron['emprestimos'] = [];
    const calls = fakeApi(
      libraries,
      answer(deskEndpoints.holdsShelf, []),
      reads,
      answer(deskEndpoints.patron, ({ params }) => (params.codPessoa === '7' ? ana({ emprestimos: loans }) : new Refusal(404, 'Pessoa não encontrada.'))),
      answer(deskEndpoints.checkOut, () => {
        loans.push({ cod_emprestimo: 55, tombo: 'T-100', titulo: 'Dom Casmurro', devolucao: '2026-12-15', atrasado: false, renovacoes: 0 });
        return { cod_emprestimo: 55, devolucao: '2026-12-15', nome: 'Ana Souza', titulo: 'Dom Casmurro', tombo: 'T-100', liberado: [] };
      }),
    );
    const { user } = renderScreen(<DeskPage />);
    const input = scanInput();
    expect(document.activeElement).toBe(input);

    await user.type(input, 'aluno{Enter}');
    expect(await screen.findByRole('heading', { level: 2, name: 'Leitor: Ana Souza' })).toBeTruthy();
    expect(statusRegion().textContent).toContain('Leitor aberto: Ana Souza.');
    expect(screen.getByText('0 de 3 empréstimos')).toBeTruthy();
    expect(screen.getByText('ana@exemplo.org')).toBeTruthy();
    // The holds shelf is for when nobody is being served.
    expect(screen.queryByRole('heading', { name: 'Estante de reservas' })).toBeNull();
    expect(input.value).toBe('');
    expect(document.activeElement).toBe(input);

    await user.type(input, 'T-100{Enter}');
    await waitFor(() => expect(statusRegion().textContent).toContain('Emprestado a Ana Souza: Dom Casmurro (exemplar T-100), devolver até 15/12/2026.'));
    expect(posts(calls, '/api/circulacao/emprestimo').map((c) => c.body)).toEqual([{ tombo: 'T-100', cod_pessoa: 7 }]);
    expect(posts(calls, '/api/circulacao/devolucao')).toHaveLength(0);
    expect(input.value).toBe('');
    expect(document.activeElement).toBe(input);
    // Listed as lent in this visit, and the patron read again (the loan in their table, the count up).
    const lentNow = screen.getByRole('heading', { name: 'Emprestados agora' }).closest('section')!;
    expect(lentNow.textContent).toContain('Dom Casmurro (exemplar T-100) — devolver até 15/12/2026');
    expect(await screen.findByText('1 de 3 empréstimos')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Empréstimos de Ana Souza' });
    expect(within(table).getByRole('button', { name: 'Renovar: Dom Casmurro' })).toBeTruthy();
  });

  it('shows an overridable refusal with the form to lend anyway, which sends the reason', async () => {
    const calls = fakeApi(
      libraries,
      answer(deskEndpoints.holdsShelf, []),
      reads,
      answer(deskEndpoints.patron, () => ana()),
      answer(deskEndpoints.checkOut, ({ body }) =>
        (body as { motivo?: string }).motivo
          ? { cod_emprestimo: 56, devolucao: '2026-12-15', nome: 'Ana Souza', titulo: 'Dom Casmurro', tombo: 'T-100', liberado: ['LimiteEmprestimos'] }
          : new Refusal(422, LIMIT, 'LimiteEmprestimos'),
      ),
    );
    const { user } = renderScreen(<DeskPage />);
    const input = scanInput();
    await user.type(input, 'aluno{Enter}');
    await screen.findByRole('heading', { name: 'Leitor: Ana Souza' });
    await user.type(input, 'T-100{Enter}');

    const refusal = await screen.findByText(LIMIT);
    expect(refusal.closest('[role="alert"]')).toBeTruthy();
    expect(document.activeElement).toBe(input);
    const form = screen.getByRole('form', { name: 'Emprestar mesmo assim' });
    // A reason is required: nothing is sent without one.
    await user.click(within(form).getByRole('button', { name: 'Emprestar mesmo assim' }));
    expect(await within(form).findByText('Escreva o motivo, de 3 a 500 caracteres.')).toBeTruthy();
    expect(posts(calls, '/api/circulacao/emprestimo')).toHaveLength(1);

    await user.type(within(form).getByRole('textbox', { name: /^Motivo/ }), 'Trabalho de conclusão de curso');
    await user.click(within(form).getByRole('button', { name: 'Emprestar mesmo assim' }));
    await waitFor(() => expect(statusRegion().textContent).toContain('Emprestado a Ana Souza: Dom Casmurro'));
    expect(posts(calls, '/api/circulacao/emprestimo').map((c) => c.body)).toEqual([
      { tombo: 'T-100', cod_pessoa: 7 },
      { tombo: 'T-100', cod_pessoa: 7, motivo: 'Trabalho de conclusão de curso' },
    ]);
    expect(screen.queryByRole('form', { name: 'Emprestar mesmo assim' })).toBeNull();
    expect(screen.queryByText(LIMIT)).toBeNull();
    expect(document.activeElement).toBe(input);
  });

  it('shows a refusal no reason overrides (a blocked patron) without the form', async () => {
    const blocked = 'Usuário bloqueado. Procure a biblioteca.';
    fakeApi(
      libraries,
      answer(deskEndpoints.holdsShelf, []),
      reads,
      answer(deskEndpoints.patron, () => ana()),
      answer(deskEndpoints.checkOut, () => new Refusal(430, blocked, 'UsuarioBloqueado')),
    );
    const { user } = renderScreen(<DeskPage />);
    await user.type(scanInput(), 'aluno{Enter}');
    await screen.findByRole('heading', { name: 'Leitor: Ana Souza' });
    await user.type(scanInput(), 'T-100{Enter}');
    expect((await screen.findByText(blocked)).closest('[role="alert"]')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Emprestar mesmo assim' })).toBeNull();
  });

  it('takes back a copy scanned with no patron open, announcing the fine and the hold it now serves', async () => {
    const calls = fakeApi(
      libraries,
      answer(deskEndpoints.holdsShelf, [
        {
          cod_reserva: 9,
          tombo: 'T-200',
          titulo: 'Vidas secas',
          biblioteca: 'Biblioteca Central',
          cod_pessoa: 8,
          nome: 'Bruno Lima',
          prazo: '2026-11-20',
          vencida: true,
        },
      ]),
      reads,
      answer(deskEndpoints.checkIn, ({ body }) => ({
        tombo: (body as { tombo: string }).tombo,
        titulo: 'Dom Casmurro',
        pessoa: { cod_pessoa: 8, nome: 'Bruno Lima' },
        multa: '2.50',
        reserva: { cod_reserva: 3, prazo: '2026-12-05', nome: 'Carla Dias', biblioteca: 'Biblioteca Central' },
        transito: null,
      })),
    );
    const { user } = renderScreen(<DeskPage />);
    const shelf = await screen.findByRole('table', { name: 'Estante de reservas' });
    expect(shelf.textContent).toContain('Vidas secas');
    expect(shelf.textContent).toContain('20/11/2026, vencida');

    const input = scanInput();
    await user.type(input, 'T-100{Enter}');
    await waitFor(() => expect(statusRegion().textContent).toContain('Devolvido: Dom Casmurro (exemplar T-100).'));
    const said = statusRegion().textContent;
    expect(said).toContain('Estava com Bruno Lima.');
    expect(said).toContain('Multa de R$ 2,50.');
    expect(said).toContain('Separar para Carla Dias até 05/12/2026 — Biblioteca Central.');
    expect(posts(calls, '/api/circulacao/devolucao').map((c) => c.body)).toEqual([{ tombo: 'T-100' }]);
    expect(posts(calls, '/api/circulacao/emprestimo')).toHaveLength(0);
    expect(input.value).toBe('');
    expect(document.activeElement).toBe(input);
  });

  it('lists the patrons words name, and opens the one picked', async () => {
    fakeApi(
      libraries,
      answer(deskEndpoints.holdsShelf, []),
      answer(deskEndpoints.read, ({ query }) =>
        query.get('codigo') === 'souza'
          ? { tipo: 'leitores' as const, leitores: [{ cod_pessoa: 7, nome: 'Ana Souza', categoria: 'Graduação', logins: ['aluno'], bloqueio: false }] }
          : { tipo: 'leitores' as const, leitores: [] },
      ),
      answer(deskEndpoints.patron, () => ana()),
    );
    const { user } = renderScreen(<DeskPage />);
    await user.type(scanInput(), 'ninguém{Enter}');
    const hits = await screen.findByRole('heading', { name: 'Leitores encontrados' });
    expect(hits.closest('section')!.textContent).toContain('Nenhum leitor encontrado.');
    await user.type(scanInput(), 'souza{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Ana Souza' }));
    expect(await screen.findByRole('heading', { name: 'Leitor: Ana Souza' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Leitores encontrados' })).toBeNull();
    expect(document.activeElement).toBe(scanInput());
  });

  it('waives a debt with the reason asked in a modal, and shows the patron as the answer has them', async () => {
    const owing = ana({
      debitos: [{ cod_debito: 31, servico: 'multa_atraso', titulo: 'Dom Casmurro', valor: '4.00', data: '2026-11-02' }],
      total_debitos: '4.00',
    });
    let settled = false;
    const calls = fakeApi(
      libraries,
      answer(deskEndpoints.holdsShelf, []),
      answer(deskEndpoints.read, { tipo: 'leitor', leitor: owing }),
      answer(deskEndpoints.patron, () => (settled ? ana() : owing)),
      answer(deskEndpoints.settleDebt, () => {
        settled = true;
        return ana();
      }),
    );
    const { user } = renderScreen(<DeskPage />);
    await user.type(scanInput(), 'aluno{Enter}');
    const debts = await screen.findByRole('table', { name: 'Débitos de Ana Souza' });
    expect(screen.getByText('Total de débitos: R$ 4,00')).toBeTruthy();
    await user.click(within(debts).getByRole('button', { name: 'Abonar: Multa por atraso, R$ 4,00' }));
    const dialog = await screen.findByRole('dialog', { name: 'Abonar: Multa por atraso, R$ 4,00' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Motivo/ }), 'Atestado médico');
    await user.click(within(dialog).getByRole('button', { name: 'Abonar' }));
    await waitFor(() => expect(statusRegion().textContent).toContain('Débito abonado: Multa por atraso, R$ 4,00.'));
    const sent = posts(calls, '/api/balcao/debitos/31');
    expect(sent.map((c) => c.body)).toEqual([{ forma: 'abono', motivo: 'Atestado médico' }]);
    expect(await screen.findByText('Nenhum débito em aberto.')).toBeTruthy();
    expect(document.activeElement).toBe(scanInput());
  });

  it("sends the desk's library chosen with each check-in, and keeps it for the next visit", async () => {
    const calls = fakeApi(libraries, answer(deskEndpoints.holdsShelf, []), reads, checkedIn());
    const first = renderScreen(<DeskPage />);
    await librariesListed();
    const select = librarySelect();
    expect(select.value).toBe('');
    expect([...select.options].map((o) => o.text)).toEqual(['Não informada', 'Biblioteca Central', 'Biblioteca de Engenharia']);
    // None chosen: none sent.
    await first.user.type(scanInput(), 'T-100{Enter}');
    await waitFor(() => expect(posts(calls, '/api/circulacao/devolucao')).toHaveLength(1));

    await first.user.selectOptions(select, 'Biblioteca de Engenharia');
    expect(select.value).toBe('2');
    expect(localStorage.getItem(DESK_LIBRARY_KEY)).toBe('2');
    // Choosing moves nothing: the focus stays on the select while the librarian picks.
    expect(document.activeElement).toBe(select);
    await first.user.type(scanInput(), 'T-100{Enter}');
    await waitFor(() => expect(posts(calls, '/api/circulacao/devolucao')).toHaveLength(2));
    // The choice leaves the scanning as it was: emptied, and the focus back in the input.
    await waitFor(() => expect(statusRegion().textContent).toContain('Devolvido: Dom Casmurro (exemplar T-100).'));
    expect(scanInput().value).toBe('');
    expect(document.activeElement).toBe(scanInput());

    // The next visit: the desk reads its library back, shows it and sends it.
    first.unmount();
    const second = renderScreen(<DeskPage />);
    await librariesListed();
    expect(librarySelect().value).toBe('2');
    await second.user.type(scanInput(), 'T-100{Enter}');
    await waitFor(() => expect(posts(calls, '/api/circulacao/devolucao')).toHaveLength(3));

    // "Não informada" forgets it.
    await second.user.selectOptions(librarySelect(), 'Não informada');
    expect(localStorage.getItem(DESK_LIBRARY_KEY)).toBeNull();
    await second.user.type(scanInput(), 'T-100{Enter}');
    await waitFor(() => expect(posts(calls, '/api/circulacao/devolucao')).toHaveLength(4));
    expect(posts(calls, '/api/circulacao/devolucao').map((c) => c.body)).toEqual([
      { tombo: 'T-100' },
      { tombo: 'T-100', biblioteca: 2 },
      { tombo: 'T-100', biblioteca: 2 },
      { tombo: 'T-100' },
    ]);
  });

  it('gives a copy that must travel its transit slip, printed on its own', async () => {
    localStorage.setItem(DESK_LIBRARY_KEY, '1');
    const calls = fakeApi(
      libraries,
      answer(deskEndpoints.holdsShelf, []),
      reads,
      checkedIn((count) => (count === 1 ? 'Biblioteca de Engenharia' : null)),
    );
    const print = vi.fn<PrintSlip>();
    const wholePage = vi.spyOn(window, 'print').mockImplementation(() => {});
    const { user } = renderScreen(
      <SlipPrinter value={print}>
        <DeskPage />
      </SlipPrinter>,
    );
    await librariesListed();
    expect(librarySelect().value).toBe('1');
    await user.type(scanInput(), 'T-100{Enter}');
    await waitFor(() => expect(statusRegion().textContent).toContain('Enviar para Biblioteca de Engenharia.'));
    expect(posts(calls, '/api/circulacao/devolucao').map((c) => c.body)).toEqual([{ tombo: 'T-100', biblioteca: 1 }]);

    const slip = screen.getByRole('region', { name: 'Guia de trânsito' });
    expect(terms(slip)).toEqual({
      Título: 'Dom Casmurro',
      Exemplar: 'T-100',
      De: 'Biblioteca Central',
      Para: 'Biblioteca de Engenharia',
      Data: today(),
    });
    await user.click(within(slip).getByRole('button', { name: 'Imprimir guia' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(slipText(print.mock.calls[0]![0])).toBe(
      ['Guia de trânsito', 'Título: Dom Casmurro', 'Exemplar: T-100', 'De: Biblioteca Central', 'Para: Biblioteca de Engenharia', `Data: ${today()}`].join(
        '\n',
      ),
    );
    expect(print.mock.calls[0]![0].lang).toBe('pt');
    expect(wholePage).not.toHaveBeenCalled();
    // Printed, the desk is ready for the next scan.
    expect(document.activeElement).toBe(scanInput());

    // The next copy back stays here: no slip.
    await user.type(scanInput(), 'T-100{Enter}');
    await waitFor(() => expect(posts(calls, '/api/circulacao/devolucao')).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Guia de trânsito' })).toBeNull());
    expect(statusRegion().textContent).not.toContain('Enviar para');
  });

  it("prints the open patron's receipt on its own: their loans, copies and due dates, and the date", async () => {
    const owing = ana({
      emprestimos: [
        { cod_emprestimo: 55, tombo: 'T-100', titulo: 'Dom Casmurro', devolucao: '2026-12-15', atrasado: false, renovacoes: 0 },
        { cod_emprestimo: 56, tombo: 'T-200', titulo: 'Vidas secas', devolucao: '2026-11-01', atrasado: true, renovacoes: 1 },
      ],
    });
    fakeApi(
      libraries,
      answer(deskEndpoints.holdsShelf, []),
      answer(deskEndpoints.read, { tipo: 'leitor', leitor: owing }),
      answer(deskEndpoints.patron, owing),
    );
    const print = vi.fn<PrintSlip>();
    const wholePage = vi.spyOn(window, 'print').mockImplementation(() => {});
    const { user } = renderScreen(
      <SlipPrinter value={print}>
        <DeskPage />
      </SlipPrinter>,
    );
    await user.type(scanInput(), 'aluno{Enter}');
    await screen.findByRole('heading', { name: 'Leitor: Ana Souza' });
    await user.click(screen.getByRole('button', { name: 'Imprimir recibo' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(slipText(print.mock.calls[0]![0])).toBe(
      [
        'Recibo de empréstimos',
        'Leitor: Ana Souza',
        `Data: ${today()}`,
        'Empréstimos',
        'Título | Exemplar | Devolução',
        'Dom Casmurro | T-100 | 15/12/2026',
        'Vidas secas | T-200 | 01/11/2026, em atraso',
      ].join('\n'),
    );
    expect(wholePage).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(scanInput());
  });

  it('words the receipt and formats its dates in the interface language', async () => {
    i18next.addResourceBundle('en', 'translation', english, true, false);
    await i18next.changeLanguage('en');
    try {
      const owing = ana({
        emprestimos: [{ cod_emprestimo: 55, tombo: 'T-100', titulo: 'Dom Casmurro', devolucao: '2026-12-15', atrasado: false, renovacoes: 0 }],
      });
      fakeApi(
        libraries,
        answer(deskEndpoints.holdsShelf, []),
        answer(deskEndpoints.read, { tipo: 'leitor', leitor: owing }),
        answer(deskEndpoints.patron, owing),
      );
      const print = vi.fn<PrintSlip>();
      const { user } = renderScreen(
        <SlipPrinter value={print}>
          <DeskPage />
        </SlipPrinter>,
      );
      await user.type(screen.getByRole('textbox', { name: 'Patron, copy or name' }), 'aluno{Enter}');
      await user.click(await screen.findByRole('button', { name: 'Print the receipt' }));
      const slip = print.mock.calls[0]![0];
      expect(slip.lang).toBe('en');
      expect(slipText(slip)).toBe(
        ['Loan receipt', 'Patron: Ana Souza', `Date: ${today('en')}`, 'Loans', 'Title | Copy | Due', 'Dom Casmurro | T-100 | Dec 15, 2026'].join('\n'),
      );
    } finally {
      await i18next.changeLanguage('pt');
    }
  });

  it("shows the patron's libraries, open requests and the staff's notes", async () => {
    const known = ana({
      bibliotecas: ['Biblioteca Central', 'Biblioteca de Engenharia'],
      solicitacoes: [
        { tipo: 'solicitacoes-emprestimo', codigo: 12, titulo: 'Grande sertão: veredas', situacao: 'aguardando', data: '2026-11-03' },
        { tipo: 'comutacao-bibliografica', codigo: 4, titulo: 'Artigo sobre cerrado', situacao: 'em_transito', data: '2026-11-10' },
      ],
      notas: [NOTE],
    });
    fakeApi(
      libraries,
      answer(deskEndpoints.holdsShelf, []),
      answer(deskEndpoints.read, { tipo: 'leitor', leitor: known }),
      answer(deskEndpoints.patron, known),
    );
    const { user } = renderScreen(<DeskPage />);
    await user.type(scanInput(), 'aluno{Enter}');
    const panel = (await screen.findByRole('heading', { level: 2, name: 'Leitor: Ana Souza' })).closest('section')!;
    expect(terms(panel.querySelector('dl')!)).toMatchObject({ Categoria: 'Graduação', Bibliotecas: 'Biblioteca Central e Biblioteca de Engenharia' });

    const requests = within(panel).getByRole('table', { name: 'Solicitações em aberto de Ana Souza' });
    const rows = [...requests.querySelectorAll('tbody tr')].map((row) =>
      ['Tipo', 'Número', 'Pedido', 'Situação', 'Data'].map((column) => row.querySelector(`[data-label="${column}"]`)!.textContent),
    );
    expect(rows).toEqual([
      ['Solicitação de empréstimo', '12', 'Grande sertão: veredas', 'Aguardando', '03/11/2026'],
      ['Comutação bibliográfica', '4', 'Artigo sobre cerrado', 'Em trânsito', '10/11/2026'],
    ]);

    const notes = within(panel).getByRole('region', { name: 'Notas' });
    const note = within(notes).getByRole('listitem');
    expect(note.textContent).toContain('Prefere ser avisada por telefone.');
    expect(note.textContent).toMatch(/Bruno Lima, 12\/11\/2026/);
    expect(within(note).getByRole('button', { name: /^Remover nota de 12\/11\/2026/ })).toBeTruthy();
  });

  it('says when the patron has no libraries, open requests or notes', async () => {
    fakeApi(
      libraries,
      answer(deskEndpoints.holdsShelf, []),
      reads,
      answer(deskEndpoints.patron, () => ana()),
    );
    const { user } = renderScreen(<DeskPage />);
    await user.type(scanInput(), 'aluno{Enter}');
    const panel = (await screen.findByRole('heading', { level: 2, name: 'Leitor: Ana Souza' })).closest('section')!;
    expect(terms(panel.querySelector('dl')!).Bibliotecas).toBe('Nenhuma informada');
    expect(within(panel).getByRole('region', { name: 'Solicitações' }).textContent).toContain('Nenhuma solicitação em aberto.');
    expect(within(panel).getByRole('region', { name: 'Notas' }).textContent).toContain('Nenhuma nota sobre este leitor.');
  });

  it('adds a note (nothing sent without words), shows and announces it, then removes one with DELETE', async () => {
    let notas = [NOTE];
    const calls = fakeApi(
      libraries,
      answer(deskEndpoints.holdsShelf, []),
      reads,
      answer(deskEndpoints.patron, () => ana({ notas })),
      answer(patronRecordEndpoints.addNote, ({ params, body }) => {
        if (params.codPessoa !== '7') return new Refusal(404, 'Leitor não encontrado.');
        notas = [{ id: 4, texto: (body as { texto: string }).texto, autor: 'Carla Dias', em: '2026-11-20T12:00:00Z' }, ...notas];
        return notas;
      }),
      answer(patronRecordEndpoints.removeNote, ({ params }) => {
        notas = notas.filter((n) => String(n.id) !== params.id);
        return notas;
      }),
    );
    const { user } = renderScreen(<DeskPage />);
    await user.type(scanInput(), 'aluno{Enter}');
    await screen.findByRole('heading', { level: 2, name: 'Leitor: Ana Souza' });
    const notes = screen.getByRole('region', { name: 'Notas' });
    const form = within(notes).getByRole('form', { name: 'Nova nota' });
    const text = within(form).getByRole<HTMLTextAreaElement>('textbox', { name: /^Texto da nota/ });

    await user.type(text, '   ');
    await user.click(within(form).getByRole('button', { name: 'Adicionar nota' }));
    expect(await within(form).findByText('Escreva a nota, com até 1000 caracteres.')).toBeTruthy();
    expect(text.getAttribute('aria-invalid')).toBe('true');
    expect(sentTo(calls, 'POST', '/api/equipe/leitores/7/notas')).toHaveLength(0);

    await user.clear(text);
    await user.type(text, '  Devolve sempre na Engenharia.  ');
    await user.click(within(form).getByRole('button', { name: 'Adicionar nota' }));
    await waitFor(() => expect(statusRegion().textContent).toContain('Nota adicionada.'));
    expect(sentTo(calls, 'POST', '/api/equipe/leitores/7/notas').map((c) => c.body)).toEqual([{ texto: 'Devolve sempre na Engenharia.' }]);
    expect(
      within(notes)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('p')!.textContent),
    ).toEqual(['Devolve sempre na Engenharia.', 'Prefere ser avisada por telefone.']);
    expect(text.value).toBe('');
    // As after every act at the desk: said in the live region, the focus back in the input for the next scan.
    expect(document.activeElement).toBe(scanInput());

    await user.click(within(notes).getByRole('button', { name: /^Remover nota de 12\/11\/2026/ }));
    await waitFor(() => expect(statusRegion().textContent).toMatch(/^Nota de 12\/11\/2026.* removida\.$/));
    expect(sentTo(calls, 'DELETE', '/api/equipe/leitores/7/notas/3')).toHaveLength(1);
    expect(within(notes).getAllByRole('listitem')).toHaveLength(1);
    expect(within(notes).queryByText('Prefere ser avisada por telefone.')).toBeNull();
    expect(document.activeElement).toBe(scanInput());
  });

  it('says a refused removal beside the notes, the note kept', async () => {
    fakeApi(
      libraries,
      answer(deskEndpoints.holdsShelf, []),
      reads,
      answer(deskEndpoints.patron, () => ana({ notas: [NOTE] })),
      answer(patronRecordEndpoints.removeNote, () => new Refusal(404, 'Nota não encontrada.')),
    );
    const { user } = renderScreen(<DeskPage />);
    await user.type(scanInput(), 'aluno{Enter}');
    await screen.findByRole('heading', { level: 2, name: 'Leitor: Ana Souza' });
    const notes = screen.getByRole('region', { name: 'Notas' });
    const remove = within(notes).getByRole('button', { name: /^Remover nota de 12\/11\/2026/ });
    await user.click(remove);
    await waitFor(() => expect(within(notes).getAllByRole('alert')[0]!.textContent).toBe('Nota não encontrada.'));
    expect(within(notes).getByText('Prefere ser avisada por telefone.')).toBeTruthy();
    expect(document.activeElement).toBe(remove);
  });

  it('is a section found by its folder, offered to the circulation staff', () => {
    expect(STAFF_SECTIONS).toContain(section);
    expect(sectionsFor(['circulacao'])).toContain(section);
    expect(sectionsFor(['administracao', 'atendimento'])).not.toContain(section);
  });
});
