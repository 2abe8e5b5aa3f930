import { loanRequestQueueEndpoints, type SolicitacaoFila } from '@estante/contracts/circulation';
import { unitsEndpoints } from '@estante/contracts/parameters';
import { OPEN_REQUEST_STATUSES, type PedidoFila, REQUEST_TYPES, type RequestStatus, type RequestType, requestsEndpoints } from '@estante/contracts/requests';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { answer, fakeApi, Refusal, renderScreen } from '../../../test/render';
import { sectionsFor, STAFF_SECTIONS } from '../sections';
import { RequestsPage } from './requests-page';
import { section } from './section';

/** A request as the queue lists it: an article copy awaiting, at the Central library, unless a test says otherwise. */
function request(over: Partial<PedidoFila> & Pick<PedidoFila, 'cod_solicitacao'>): PedidoFila {
  return {
    tipo: 'comutacao-bibliografica',
    subtipo: 'artigo',
    resumo: 'Artigo: Leitura e escola',
    biblioteca: 'Biblioteca Central',
    situacao: 'aguardando',
    nota: null,
    criado_em: '2026-11-02T12:00:00Z',
    historico: [{ situacao: 'aguardando', nota: null, em: '2026-11-02T12:00:00Z' }],
    ficha_pronta: false,
    pessoa: 'Ana Souza',
    cod_pessoa: 7,
    cod_biblioteca: 1,
    dados: { titulo_artigo: 'Leitura e escola', titulo_periodico: 'Educação em Revista', ano: 2020 },
    classificacao: null,
    cutter: null,
    responsavel: null,
    ...over,
  };
}

const SWITCHING = [request({ cod_solicitacao: 3 }), request({ cod_solicitacao: 5, pessoa: 'Carla Dias', criado_em: '2026-11-04T12:00:00Z' })];
const SHEET = request({
  cod_solicitacao: 12,
  tipo: 'ficha-catalografica',
  subtipo: null,
  resumo: 'Ficha: A escola e a leitura (Souza)',
  criado_em: '2026-11-10T12:00:00Z',
  pessoa: 'Ana Souza',
  dados: { autor_sobrenome: 'Souza', titulo: 'A escola e a leitura', ilustracoes: true, palavras_chave: ['Leitura', 'Escola'], subtitulo: null },
  classificacao: '372.4',
  cutter: null,
  responsavel: { cod_pessoa: 9, nome: 'Diego Reis' },
});
const COLLEAGUES = [
  { cod_pessoa: 8, nome: 'Bruno Lima' },
  { cod_pessoa: 9, nome: 'Diego Reis' },
];
const LIBRARIES = [
  { cod_biblioteca: 1, desc_biblioteca: 'Biblioteca Central', cod_campus: 1 },
  { cod_biblioteca: 2, desc_biblioteca: 'Biblioteca Setorial', cod_campus: 1 },
];
const RELEASE_REFUSED = 'Informe a classificação e a notação de autor antes de liberar a ficha.';

/** A loan request as its queue lists it: a copy from the Central library to the Setorial one, awaiting, unless a test says otherwise. */
function loan(over: Partial<SolicitacaoFila> & Pick<SolicitacaoFila, 'cod_solicitacao'>): SolicitacaoFila {
  return {
    cod_acervo: 4410,
    titulo: 'Pedagogia da autonomia',
    origem: 'Biblioteca Central',
    recebimento: 'Biblioteca Setorial',
    volume: null,
    tomo: null,
    parte: null,
    cod_local_recebimento: 1,
    situacao: 'aguardando',
    data_solicitacao: '2026-11-03T12:00:00Z',
    data_atualizacao: '2026-11-03T12:00:00Z',
    cod_pessoa: 7,
    pessoa: 'Ana Souza',
    telefone: '(41) 3333-4444',
    email: 'ana@example.org',
    material: null,
    pessoa_autorizada: null,
    domicilio: null,
    recebimento_textual: null,
    ...over,
  };
}

const LOANS = [
  loan({
    cod_solicitacao: 21,
    volume: '2',
    parte: '1',
    cod_local_recebimento: 2,
    domicilio: 'Rua das Flores, 10',
    pessoa_autorizada: 'João Souza',
    material: 'CD-ROM',
  }),
  loan({ cod_solicitacao: 22, situacao: 'em_transito', pessoa: 'Carla Dias', recebimento: 'Biblioteca Central', origem: 'Biblioteca Setorial' }),
  loan({ cod_solicitacao: 24, pessoa: 'Bruno Lima', titulo: 'Vidas secas', cod_acervo: 515, data_solicitacao: '2026-11-05T12:00:00Z' }),
];
const OPEN_LOAN_STATUSES: readonly string[] = ['aguardando', 'em_transito', 'disponivel'];
/** The status each step of a loan request must come from. */
const STEP_FROM: Record<string, string> = { em_transito: 'aguardando', disponivel: 'em_transito', retirada: 'disponivel', atendida: 'retirada' };
const STEP_REFUSED = 'A solicitação nº 21 está em Aguardando: o próximo passo é Em trânsito.';

/**
 * The requests API over a queue the writes change (as the server would): the list filtered by
 * kind, status and library, the open ones counted; a release of a sheet without its
 * classification and author mark refused with the server's 422. The loan requests' queue beside
 * it, filtered by status and receiving library, its open ones counted, a step out of order
 * refused with the server's 409.
 */
function requestsApi(start: PedidoFila[] = [...SWITCHING, SHEET], loanStart: SolicitacaoFila[] = LOANS) {
  let queue = start.map((r) => ({ ...r }));
  let loans = loanStart.map((l) => ({ ...l }));
  const put = (id: string, change: (r: PedidoFila) => PedidoFila) => {
    const changed = change(queue.find((r) => r.cod_solicitacao === Number(id))!);
    queue = queue.map((r) => (r.cod_solicitacao === changed.cod_solicitacao ? changed : r));
    return changed;
  };
  const calls = fakeApi(
    answer(unitsEndpoints.libraries, LIBRARIES),
    answer(requestsEndpoints.colleagues, COLLEAGUES),
    answer(
      requestsEndpoints.queueCounts,
      () =>
        Object.fromEntries(
          REQUEST_TYPES.map((tipo) => [tipo, queue.filter((r) => r.tipo === tipo && (OPEN_REQUEST_STATUSES as readonly string[]).includes(r.situacao)).length]),
        ) as Record<RequestType, number>,
    ),
    answer(requestsEndpoints.queue, ({ query }) =>
      queue.filter(
        (r) =>
          (!query.get('tipo') || r.tipo === query.get('tipo')) &&
          (query.get('status') === 'todas' || r.situacao === query.get('status')) &&
          (!query.get('biblioteca') || r.cod_biblioteca === Number(query.get('biblioteca'))),
      ),
    ),
    answer(requestsEndpoints.change, ({ params, body }) => {
      const { situacao, nota, classificacao, cutter } = body as { situacao: RequestStatus; nota?: string; classificacao?: string; cutter?: string };
      const now = queue.find((r) => r.cod_solicitacao === Number(params.id))!;
      if (now.tipo === 'ficha-catalografica' && situacao === 'disponivel' && !((classificacao ?? now.classificacao) && (cutter ?? now.cutter)))
        return new Refusal(422, RELEASE_REFUSED, 'FichaSemClassificacao');
      return put(params.id!, (r) => ({
        ...r,
        situacao,
        nota: nota ?? null,
        classificacao: classificacao ?? r.classificacao,
        cutter: cutter ?? r.cutter,
        historico: [...r.historico, { situacao, nota: nota ?? null, em: '2026-12-01T15:00:00Z' }],
      }));
    }),
    answer(requestsEndpoints.assign, ({ params, body }) => {
      const codPessoa = (body as { cod_pessoa: number | null }).cod_pessoa;
      return put(params.id!, (r) => ({ ...r, responsavel: COLLEAGUES.find((c) => c.cod_pessoa === codPessoa) ?? null }));
    }),
    answer(loanRequestQueueEndpoints.openCount, () => ({ abertas: loans.filter((l) => OPEN_LOAN_STATUSES.includes(l.situacao)).length })),
    answer(loanRequestQueueEndpoints.queue, ({ query }) => {
      const receiving = LIBRARIES.find((b) => b.cod_biblioteca === Number(query.get('biblioteca')))?.desc_biblioteca;
      return loans.filter(
        (l) => (query.get('status') === 'todas' || l.situacao === query.get('status')) && (!query.get('biblioteca') || l.recebimento === receiving),
      );
    }),
    answer(loanRequestQueueEndpoints.move, ({ params, body }) => {
      const { situacao } = body as { situacao: SolicitacaoFila['situacao'] };
      const now = loans.find((l) => l.cod_solicitacao === Number(params.id))!;
      const inOrder = situacao === 'cancelada' ? OPEN_LOAN_STATUSES.includes(now.situacao) : STEP_FROM[situacao] === now.situacao;
      if (!inOrder) return new Refusal(409, STEP_REFUSED, 'PassoForaDeOrdem');
      const moved = { ...now, situacao, data_atualizacao: '2026-12-01T15:00:00Z' };
      loans = loans.map((l) => (l.cod_solicitacao === moved.cod_solicitacao ? moved : l));
      return moved;
    }),
  );
  return calls;
}

type Calls = ReturnType<typeof requestsApi>;
const queueCalls = (calls: Calls) => calls.filter((c) => c.method === 'GET' && c.path === '/api/solicitacoes/balcao/fila');
const countCalls = (calls: Calls) => calls.filter((c) => c.method === 'GET' && c.path === '/api/solicitacoes/balcao/contagem');
const loanQueueCalls = (calls: Calls) => calls.filter((c) => c.method === 'GET' && c.path === '/api/circulacao/solicitacoes-emprestimo/fila');
const loanCountCalls = (calls: Calls) => calls.filter((c) => c.method === 'GET' && c.path === '/api/circulacao/solicitacoes-emprestimo/fila/contagem');
const puts = (calls: Calls, path: string) => calls.filter((c) => c.method === 'PUT' && c.path === path).map((c) => c.body);
const statusRegion = () => screen.getByRole('status');

/** Opens the catalogue sheets' tab and request nº 12 in it; answers its panel. */
async function openSheet(user: ReturnType<typeof renderScreen>['user']) {
  await user.click(await screen.findByRole('tab', { name: 'Ficha catalográfica (1)' }));
  const table = await screen.findByRole('table', { name: /^Ficha catalográfica — Aguardando/ });
  await user.click(within(table).getByRole('button', { name: 'Abrir a solicitação nº 12' }));
  const heading = await screen.findByRole('heading', { level: 3, name: 'Solicitação nº 12: Ficha: A escola e a leitura (Souza)' });
  return heading.closest('section')!;
}

/** Opens the loan requests' tab and loan request nº `id` in it; answers its panel. */
async function openLoan(user: ReturnType<typeof renderScreen>['user'], id = 21) {
  await user.click(await screen.findByRole('tab', { name: 'Empréstimo (solicitações) (3)' }));
  const table = await screen.findByRole('table', { name: /^Empréstimo \(solicitações\) — Aguardando/ });
  await user.click(within(table).getByRole('button', { name: `Abrir a solicitação de empréstimo nº ${id}` }));
  const heading = await screen.findByRole('heading', { level: 3, name: new RegExp(`^Solicitação de empréstimo nº ${id}: `) });
  return heading.closest('section')!;
}

/** A `<dl>`'s terms with what each says, "term: description". */
const termsOf = (list: Element) => Array.from(list.querySelectorAll('dt'), (dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`);

describe('the requests queue', () => {
  it("counts each kind's open requests in the menu, and lists the kind chosen, oldest first", async () => {
    const calls = requestsApi();
    const { user } = renderScreen(<RequestsPage />);
    const menu = await screen.findByRole('tablist', { name: 'Tipos de solicitação' });
    await waitFor(() =>
      expect(
        within(menu)
          .getAllByRole('tab')
          .map((tab) => tab.textContent),
      ).toEqual([
        'Comutação bibliográfica (2)',
        'Levantamento bibliográfico (0)',
        'Ficha catalográfica (1)',
        'Pesquisa especializada (0)',
        'Empréstimo entre bibliotecas (0)',
        'Empréstimo (solicitações) (3)',
      ]),
    );
    // The first kind, awaiting, at every library.
    const first = await screen.findByRole('table', { name: 'Comutação bibliográfica — Aguardando, Todas as bibliotecas (as mais antigas primeiro)' });
    expect(
      within(first)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[0]!.textContent),
    ).toEqual(['3', '5']);
    expect(Object.fromEntries(queueCalls(calls)[0]!.query)).toEqual({ tipo: 'comutacao-bibliografica', status: 'aguardando' });

    await user.click(screen.getByRole('tab', { name: 'Ficha catalográfica (1)' }));
    const sheets = await screen.findByRole('table', { name: /^Ficha catalográfica — Aguardando/ });
    expect(queueCalls(calls).at(-1)!.query.get('tipo')).toBe('ficha-catalografica');
    expect(screen.getByRole('heading', { level: 2, name: 'Ficha catalográfica' })).toBeTruthy();
    const row = within(sheets).getAllByRole('row')[1]!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['12', '10/11/2026', 'Ana Souza', 'Biblioteca Central', 'Ficha: A escola e a leitura (Souza)', 'Aguardando', 'Diego Reis', 'Abrir']);
    expect(screen.queryByText('Carla Dias')).toBeNull();
  });

  it('filters by status and by library', async () => {
    const calls = requestsApi([...SWITCHING, request({ cod_solicitacao: 7, cod_biblioteca: 2, biblioteca: 'Biblioteca Setorial', situacao: 'atendida' })]);
    const { user } = renderScreen(<RequestsPage />);
    await screen.findByRole('table', { name: /^Comutação bibliográfica — Aguardando/ });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Situação' }), 'Todas');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Biblioteca' }), 'Biblioteca Setorial');
    const table = await screen.findByRole('table', { name: 'Comutação bibliográfica — Todas, Biblioteca Setorial (as mais antigas primeiro)' });
    expect(Object.fromEntries(queueCalls(calls).at(-1)!.query)).toEqual({ tipo: 'comutacao-bibliografica', status: 'todas', biblioteca: '2' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual(['7']);
    expect(within(rows[0]!).getByText('Finalizada')).toBeTruthy();
  });

  it('opens a request with what the patron filled in and its history', async () => {
    requestsApi();
    const { user } = renderScreen(<RequestsPage />);
    const panel = await openSheet(user);
    expect(document.activeElement).toBe(within(panel).getByRole('heading', { level: 3 }));
    const data = within(panel).getByRole('heading', { level: 4, name: 'Dados do pedido' }).closest('section')!;
    const terms = Array.from(data.querySelectorAll('dt'), (dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`);
    expect(terms).toEqual(['Autor sobrenome: Souza', 'Titulo: A escola e a leitura', 'Ilustracoes: Sim', 'Palavras chave: Leitura, Escola', 'Subtitulo: —']);
    const history = within(panel).getByRole('table', { name: 'Histórico da solicitação nº 12' });
    expect(within(history).getAllByRole('row')[1]!.textContent).toContain('Aguardando');
    expect(within(panel).getByRole('textbox', { name: /^Classificação \(CDD\/CDU\)/ })).toHaveProperty('value', '372.4');
    expect(within(panel).getByRole('textbox', { name: /^Notação de autor \(Cutter\)/ })).toHaveProperty('value', '');
    expect(within(panel).getByRole('combobox', { name: 'Atribuir a' })).toHaveProperty('value', '9');
  });

  it('releases a catalogue sheet with its classification, author mark and note, announces it and reads the queue again', async () => {
    const calls = requestsApi();
    const { user } = renderScreen(<RequestsPage />);
    const panel = await openSheet(user);
    const counted = countCalls(calls).length;
    const listed = queueCalls(calls).length;
    const form = within(panel).getByRole('form', { name: 'Mover a solicitação nº 12' });
    await user.type(within(form).getByRole('textbox', { name: /^Notação de autor/ }), 'S729e');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Nova situação' }), 'Disponível');
    await user.type(within(form).getByRole('textbox', { name: /^Nota para o leitor/ }), 'A ficha está pronta.');
    await user.click(within(form).getByRole('button', { name: 'Mover' }));

    await waitFor(() => expect(statusRegion().textContent).toBe('Solicitação nº 12: Disponível. O leitor foi avisado por e-mail.'));
    expect(puts(calls, '/api/solicitacoes/balcao/12')).toEqual([
      { situacao: 'disponivel', classificacao: '372.4', cutter: 'S729e', nota: 'A ficha está pronta.' },
    ]);
    expect(statusRegion().contains(document.activeElement)).toBe(true);
    // The list and the counts are read again; the request, still open, shows its new status and history.
    await waitFor(() => expect(countCalls(calls).length).toBeGreaterThan(counted));
    expect(queueCalls(calls).length).toBeGreaterThan(listed);
    expect(await screen.findByText('Nenhuma solicitação nesta situação.')).toBeTruthy();
    expect(screen.queryByRole('table', { name: /^Ficha catalográfica/ })).toBeNull();
    const history = within(panel).getByRole('table', { name: 'Histórico da solicitação nº 12' });
    expect(within(history).getAllByRole('row')[2]!.textContent).toContain('A ficha está pronta.');
    expect(within(panel).getByText('Última nota da biblioteca').nextElementSibling?.textContent).toBe('A ficha está pronta.');
  });

  it("shows the server's refusal of a release without the author mark, in an alert, and announces nothing", async () => {
    const calls = requestsApi();
    const { user } = renderScreen(<RequestsPage />);
    const panel = await openSheet(user);
    const form = within(panel).getByRole('form', { name: 'Mover a solicitação nº 12' });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Nova situação' }), 'Disponível');
    const move = within(form).getByRole('button', { name: 'Mover' });
    await user.click(move);
    const refusal = await within(form).findByText(RELEASE_REFUSED);
    expect(refusal.closest('[role="alert"]')).toBeTruthy();
    expect(puts(calls, '/api/solicitacoes/balcao/12')).toEqual([{ situacao: 'disponivel', classificacao: '372.4' }]);
    expect(statusRegion().textContent).toBe('');
    expect(document.activeElement).toBe(move);
  });

  it('assigns a request to a colleague, and to nobody', async () => {
    const calls = requestsApi();
    const { user } = renderScreen(<RequestsPage />);
    const panel = await openSheet(user);
    const form = within(panel).getByRole('form', { name: 'Atribuir a solicitação nº 12' });
    const to = within(form).getByRole('combobox', { name: 'Atribuir a' });
    await waitFor(() =>
      expect(
        within(to)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Ninguém', 'Bruno Lima', 'Diego Reis']),
    );
    await user.selectOptions(to, 'Bruno Lima');
    await user.click(within(form).getByRole('button', { name: 'Atribuir' }));
    await waitFor(() => expect(statusRegion().textContent).toBe('Solicitação nº 12 atribuída a Bruno Lima.'));
    expect(statusRegion().contains(document.activeElement)).toBe(true);
    const table = screen.getByRole('table', { name: /^Ficha catalográfica/ });
    await waitFor(() => expect(within(table).getAllByRole('row')[1]!.textContent).toContain('Bruno Lima'));

    await user.selectOptions(to, 'Ninguém');
    await user.click(within(form).getByRole('button', { name: 'Atribuir' }));
    await waitFor(() => expect(statusRegion().textContent).toBe('Solicitação nº 12 sem responsável.'));
    expect(puts(calls, '/api/solicitacoes/balcao/12/responsavel')).toEqual([{ cod_pessoa: 8 }, { cod_pessoa: null }]);
  });

  it('previews the sheet with the classification and author mark typed', async () => {
    requestsApi();
    const fake = globalThis.fetch;
    const pdfs: { path: string; method: string; body: unknown }[] = [];
    vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
      const path = new URL(input, 'http://localhost').pathname.replace(/^\/svc/, '');
      if (!path.endsWith('/ficha-previa')) return fake(input, init);
      pdfs.push({ path, method: init.method ?? 'GET', body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined });
      return new Response('%PDF-1.4', {
        status: 200,
        headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="ficha-12.pdf"' },
      });
    });
    URL.createObjectURL = vi.fn(() => 'blob:ficha');
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    onTestFinished(() => click.mockRestore());
    const { user } = renderScreen(<RequestsPage />);
    const panel = await openSheet(user);
    const preview = within(panel).getByRole('button', { name: 'Pré-visualizar a ficha (PDF)' });
    await user.click(preview);
    expect(await within(panel).findByText('Preencha a classificação e a notação de autor para pré-visualizar a ficha.')).toBeTruthy();
    expect(pdfs).toEqual([]);

    await user.type(within(panel).getByRole('textbox', { name: /^Notação de autor/ }), 'S729e');
    await user.click(preview);
    await waitFor(() => expect(saved).toEqual(['ficha-12.pdf']));
    expect(pdfs).toEqual([{ path: '/api/solicitacoes/balcao/12/ficha-previa', method: 'POST', body: { classificacao: '372.4', cutter: 'S729e' } }]);
    expect(statusRegion().textContent).toBe('Ficha da solicitação nº 12 baixada para pré-visualização: ficha-12.pdf.');
  });

  it('counts the open loan requests in their tab, and lists them by status and receiving library, oldest first', async () => {
    const calls = requestsApi();
    const { user } = renderScreen(<RequestsPage />);
    await user.click(await screen.findByRole('tab', { name: 'Empréstimo (solicitações) (3)' }));
    const table = await screen.findByRole('table', {
      name: 'Empréstimo (solicitações) — Aguardando, biblioteca de recebimento: Todas as bibliotecas (as mais antigas primeiro)',
    });
    expect(screen.getByRole('heading', { level: 2, name: 'Empréstimo (solicitações)' })).toBeTruthy();
    expect(loanCountCalls(calls).length).toBeGreaterThan(0);
    expect(Object.fromEntries(loanQueueCalls(calls).at(-1)!.query)).toEqual({ status: 'aguardando' });
    // The loan requests are not asked of the other kinds' queue.
    expect(queueCalls(calls).map((c) => c.query.get('tipo'))).not.toContain('solicitacoes-emprestimo');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Nº', 'Solicitada em', 'Leitor', 'Título', 'De → para', 'Partes', 'Situação', 'Ações']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      [
        '21',
        '03/11/2026',
        'Ana Souza',
        'Pedagogia da autonomia',
        'Biblioteca Central → Biblioteca SetorialNo domicílio do leitor',
        'v. 2, pt. 1',
        'Aguardando',
        'Abrir',
      ],
      ['24', '05/11/2026', 'Bruno Lima', 'Vidas secas', 'Biblioteca Central → Biblioteca Setorial', '—', 'Aguardando', 'Abrir'],
    ]);
    expect(within(rows[1]!).getByRole('link', { name: 'Vidas secas' }).getAttribute('href')).toBe('/acervo/515');

    // The page's filters: the library is the receiving one here.
    expect(screen.getByText('Nesta aba, a biblioteca de recebimento.')).toBeTruthy();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Situação' }), 'Todas');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Biblioteca' }), 'Biblioteca Central');
    const central = await screen.findByRole('table', {
      name: 'Empréstimo (solicitações) — Todas, biblioteca de recebimento: Biblioteca Central (as mais antigas primeiro)',
    });
    expect(Object.fromEntries(loanQueueCalls(calls).at(-1)!.query)).toEqual({ status: 'todas', biblioteca: '1' });
    const [only] = within(central).getAllByRole('row').slice(1);
    expect(within(only!).getAllByRole('cell')[0]!.textContent).toBe('22');
    expect(within(only!).getByText('Em trânsito')).toBeTruthy();
    expect(within(central).getAllByRole('row')).toHaveLength(2);
  });

  it("opens a loan request with the patron's contact and how they receive it, moves it to in transit, announces it and reads the queue and count again", async () => {
    const calls = requestsApi();
    const { user } = renderScreen(<RequestsPage />);
    const panel = await openLoan(user);
    const heading = within(panel).getByRole('heading', { level: 3 });
    expect(heading.textContent).toBe('Solicitação de empréstimo nº 21: Pedagogia da autonomia');
    expect(document.activeElement).toBe(heading);
    const contact = within(panel).getByRole('heading', { level: 4, name: 'Contato' }).closest('section')!;
    expect(termsOf(contact)).toEqual(['Telefone: (41) 3333-4444', 'E-mail: ana@example.org']);
    const receipt = within(panel).getByRole('heading', { level: 4, name: 'Recebimento' }).closest('section')!;
    expect(termsOf(receipt)).toEqual([
      'Onde o leitor recebe: No domicílio do leitor',
      'Pessoa autorizada a receber: João Souza',
      'Endereço do domicílio: Rua das Flores, 10',
      'Outro local de recebimento: —',
      'Material adicional: CD-ROM',
    ]);

    const counted = loanCountCalls(calls).length;
    const listed = loanQueueCalls(calls).length;
    const form = within(panel).getByRole('form', { name: 'Mover a solicitação de empréstimo nº 21' });
    const to = within(form).getByRole('combobox', { name: 'Nova situação' });
    expect(
      within(to)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Em trânsito', 'Disponível', 'Retirada', 'Finalizada', 'Não finalizada (cancelada)']);
    await user.selectOptions(to, 'Em trânsito');
    await user.click(within(form).getByRole('button', { name: 'Mover' }));

    await waitFor(() => expect(statusRegion().textContent).toBe('Solicitação de empréstimo nº 21: Em trânsito.'));
    expect(puts(calls, '/api/circulacao/solicitacoes-emprestimo/21')).toEqual([{ situacao: 'em_transito' }]);
    expect(statusRegion().contains(document.activeElement)).toBe(true);
    // The list and the count are read again: the request has left the awaiting ones, and stays open with its new status.
    await waitFor(() => expect(loanCountCalls(calls).length).toBeGreaterThan(counted));
    expect(loanQueueCalls(calls).length).toBeGreaterThan(listed);
    const table = screen.getByRole('table', { name: /^Empréstimo \(solicitações\) — Aguardando/ });
    await waitFor(() =>
      expect(
        within(table)
          .getAllByRole('row')
          .slice(1)
          .map((row) => within(row).getAllByRole('cell')[0]!.textContent),
      ).toEqual(['24']),
    );
    expect(within(panel).getByText('Situação', { selector: 'dt' }).nextElementSibling?.textContent).toBe('Em trânsito');
    expect(to).toHaveProperty('value', 'disponivel');
  });

  it("shows the server's refusal of a step out of order, in an alert in the form, and announces nothing", async () => {
    const calls = requestsApi();
    const { user } = renderScreen(<RequestsPage />);
    const panel = await openLoan(user);
    const form = within(panel).getByRole('form', { name: 'Mover a solicitação de empréstimo nº 21' });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Nova situação' }), 'Retirada');
    const move = within(form).getByRole('button', { name: 'Mover' });
    await user.click(move);
    const refusal = await within(form).findByText(STEP_REFUSED);
    expect(refusal.closest('[role="alert"]')).toBeTruthy();
    expect(puts(calls, '/api/circulacao/solicitacoes-emprestimo/21')).toEqual([{ situacao: 'retirada' }]);
    expect(statusRegion().textContent).toBe('');
    expect(document.activeElement).toBe(move);
    expect(within(panel).getByText('Situação', { selector: 'dt' }).nextElementSibling?.textContent).toBe('Aguardando');
  });

  it('is a section found by its folder, offered to the reference staff', () => {
    expect(STAFF_SECTIONS).toContain(section);
    expect(section.segment).toBe('solicitacoes');
    expect(sectionsFor(['atendimento'])).toContain(section);
    expect(sectionsFor(['circulacao', 'administracao'])).not.toContain(section);
  });
});
