import {
  acquisitionsEndpoints,
  type Orcamento,
  type SugestaoEquipe,
  SUGGESTION_ACTIONS,
  SUGGESTION_STATUSES,
  type SuggestionStatus,
} from '@estante/contracts/acquisitions';
import type { EndpointOutput } from '@estante/contracts/kernel';
import { unitsEndpoints } from '@estante/contracts/parameters';
import { type ResultadoAcervo, searchEndpoints } from '@estante/contracts/search';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, fakeApi, Refusal, renderScreen } from '../../../test/render';
import { sectionsFor, STAFF_SECTIONS } from '../sections';
import { AcquisitionsPage } from './acquisitions-page';
import { section } from './section';

/** The statuses' names as the API gives them in Portuguese. */
const NAMES: Record<SuggestionStatus, string> = {
  aguardando_entrega: 'Aguardando entrega',
  atendida: 'Atendida',
  cancelada: 'Cancelada',
  duplicada: 'Duplicada',
  em_cotacao: 'Em cotação',
  esgotada: 'Esgotada',
  finalizada_incompleta: 'Finalizada incompleta',
  ja_existe: 'Já existe no acervo',
  nao_atendida: 'Não atendida',
  nao_localizada: 'Não localizada',
  parcialmente_atendida: 'Parcialmente atendida',
  em_negociacao: 'Em negociação',
  pre_sugestao: 'Pré-sugestão',
  sugestao_compra: 'Sugestão de compra',
};

const LIBRARIES = [
  { cod_biblioteca: 1, desc_biblioteca: 'Biblioteca Central', cod_campus: 1 },
  { cod_biblioteca: 2, desc_biblioteca: 'Biblioteca Setorial', cod_campus: 1 },
];

/** A suggestion as the queue lists it: a pre-suggestion of one copy at the Central library, unless a test says otherwise. */
function suggestion(over: Partial<SugestaoEquipe> & Pick<SugestaoEquipe, 'codigo'>): SugestaoEquipe {
  const situacao = over.situacao ?? 'pre_sugestao';
  return {
    situacao,
    descricao_situacao: NAMES[situacao],
    titulo: 'Pedagogia do oprimido',
    autor: 'Paulo Freire',
    editor: 'Paz e Terra',
    edicao: null,
    isbn_issn: null,
    biblioteca: 'Biblioteca Central',
    cod_biblioteca: 1,
    quantidade: 1,
    data_cotacao: null,
    criado_em: '2026-03-02T12:00:00Z',
    obra_estrangeira: false,
    solicitante: 'Ana Souza',
    total_entregue: 0,
    previsao_entrega: null,
    pedido: null,
    cod_acervo: null,
    nota: null,
    historico: [{ situacao: 'pre_sugestao', nota: null, em: '2026-03-02T12:00:00Z' }],
    preco: null,
    fornecedor: null,
    categoria: 'Aluno de graduação',
    cod_categoria: '01',
    ...over,
  };
}

const QUEUE = [
  suggestion({ codigo: 12 }),
  suggestion({
    codigo: 14,
    situacao: 'em_cotacao',
    titulo: 'Vidas secas',
    autor: 'Graciliano Ramos',
    solicitante: 'Bruno Lima',
    categoria: 'Professor',
    cod_categoria: '04',
    quantidade: 2,
    preco: '45.00',
    fornecedor: 'Livraria Sol',
    criado_em: '2026-03-05T12:00:00Z',
  }),
  suggestion({ codigo: 15, situacao: 'sugestao_compra', titulo: 'Grande sertão: veredas', solicitante: 'Carla Dias', criado_em: '2026-03-06T12:00:00Z' }),
  suggestion({
    codigo: 16,
    situacao: 'em_negociacao',
    titulo: 'Dom Casmurro',
    solicitante: 'Diego Reis',
    cod_biblioteca: 2,
    biblioteca: 'Biblioteca Setorial',
    criado_em: '2026-03-07T12:00:00Z',
  }),
  suggestion({
    codigo: 17,
    situacao: 'parcialmente_atendida',
    titulo: 'Memórias póstumas',
    solicitante: 'Elisa Prado',
    quantidade: 3,
    total_entregue: 1,
    preco: '30.00',
    pedido: 7,
    criado_em: '2026-03-08T12:00:00Z',
  }),
  suggestion({ codigo: 18, situacao: 'cancelada', titulo: 'Iracema', solicitante: 'Fábio Melo', criado_em: '2026-03-09T12:00:00Z' }),
];

type Order = EndpointOutput<typeof acquisitionsEndpoints.staffOrders>[number];
const ORDER: Order = {
  codigo: 7,
  cod_biblioteca: 1,
  biblioteca: 'Biblioteca Central',
  fornecedor: 'Livraria Sol',
  criado_em: '2026-03-10T12:00:00Z',
  previsao_entrega: '2026-04-30',
  encerrado: false,
  itens: [
    {
      sugestao: 17,
      titulo: 'Memórias póstumas',
      situacao: 'parcialmente_atendida',
      descricao_situacao: NAMES.parcialmente_atendida,
      quantidade: 3,
      total_entregue: 1,
      cod_acervo: 4410,
    },
    {
      sugestao: 19,
      titulo: 'O cortiço',
      situacao: 'aguardando_entrega',
      descricao_situacao: NAMES.aguardando_entrega,
      quantidade: 1,
      total_entregue: 0,
      cod_acervo: null,
    },
  ],
};

const YEAR = new Date().getFullYear();
const BUDGETS: Orcamento[] = [
  { cod_biblioteca: 1, biblioteca: 'Biblioteca Central', ano: YEAR, valor: '10000.00', comprometido: '90.00', gasto: '89.80', saldo: '9820.20', sem_preco: 1 },
  { cod_biblioteca: 2, biblioteca: 'Biblioteca Setorial', ano: YEAR, valor: null, comprometido: '0.00', gasto: '0.00', saldo: null, sem_preco: 0 },
];

/** A title the catalogue search finds. */
function found(cod_acervo: number, titulo: string): ResultadoAcervo {
  return {
    cod_acervo,
    titulo,
    autor: 'Paulo Freire',
    ano_publicacao: 1987,
    cod_tipo_obra: 1,
    desc_tipo_obra: 'Livro',
    idioma: 'Português',
    link_capa: null,
    acesso_remoto: false,
    possui_acessibilidade: false,
    disponibilidade: [],
  };
}

type ActBody = {
  acao: keyof typeof SUGGESTION_ACTIONS;
  situacao?: SuggestionStatus;
  quantidade?: number;
  preco?: string;
  fornecedor?: string;
  acervo?: number;
  nota?: string;
};

/**
 * The acquisitions API over a queue the acts change (as the server would: only from the statuses
 * an act allows, else the server's 409), the orders and the budgets; `refuse` answers an act
 * with the server's refusal instead.
 */
function acquisitionsApi({ refuse }: { refuse?: Refusal } = {}) {
  let queue = QUEUE.map((s) => ({ ...s }));
  let orders = [structuredClone(ORDER)];
  let budgets = BUDGETS.map((b) => ({ ...b }));
  const calls = fakeApi(
    answer(unitsEndpoints.libraries, LIBRARIES),
    answer(
      acquisitionsEndpoints.statuses,
      SUGGESTION_STATUSES.map((codigo) => ({ codigo, descricao: NAMES[codigo] })),
    ),
    answer(acquisitionsEndpoints.queue, ({ query }) =>
      queue.filter(
        (s) =>
          (!query.get('situacao') || s.situacao === query.get('situacao')) &&
          (!query.get('biblioteca') || s.cod_biblioteca === Number(query.get('biblioteca'))) &&
          (!query.get('categoria') || query.get('categoria') === s.cod_categoria) &&
          (!query.get('dataIni') || s.criado_em.slice(0, 10) >= query.get('dataIni')!) &&
          (!query.get('dataFim') || s.criado_em.slice(0, 10) <= query.get('dataFim')!),
      ),
    ),
    answer(acquisitionsEndpoints.act, ({ params, body }) => {
      if (refuse) return refuse;
      const act = body as ActBody;
      const now = queue.find((s) => s.codigo === Number(params.id))!;
      if (!(SUGGESTION_ACTIONS[act.acao] as readonly SuggestionStatus[]).includes(now.situacao))
        return new Refusal(409, `A sugestão ${now.codigo} está "${NAMES[now.situacao]}".`, 'AcaoNaoPermitida');
      const change: Partial<SugestaoEquipe> =
        act.acao === 'aceitar'
          ? { situacao: 'sugestao_compra' }
          : act.acao === 'negociar'
            ? { situacao: 'em_negociacao' }
            : act.acao === 'cotar'
              ? {
                  situacao: 'em_cotacao',
                  quantidade: act.quantidade ?? now.quantidade,
                  preco: act.preco ?? now.preco,
                  fornecedor: act.fornecedor ?? now.fornecedor,
                }
              : act.acao === 'recusar'
                ? { situacao: act.situacao!, cod_acervo: act.acervo ?? null }
                : {
                    situacao: now.total_entregue + act.quantidade! === now.quantidade ? 'atendida' : 'parcialmente_atendida',
                    total_entregue: now.total_entregue + act.quantidade!,
                  };
      const situacao = change.situacao!;
      const changed = {
        ...now,
        ...change,
        descricao_situacao: NAMES[situacao],
        nota: act.nota ?? null,
        historico: [...now.historico, { situacao, nota: act.nota ?? null, em: '2026-04-01T15:00:00Z' }],
      };
      queue = queue.map((s) => (s.codigo === changed.codigo ? changed : s));
      return changed;
    }),
    answer(acquisitionsEndpoints.order, ({ body }) => {
      const { fornecedor, biblioteca, sugestoes, previsao_entrega } = body as {
        fornecedor: string;
        biblioteca: number;
        sugestoes: number[];
        previsao_entrega?: string;
      };
      const made: Order = {
        codigo: 8,
        cod_biblioteca: biblioteca,
        biblioteca: LIBRARIES.find((b) => b.cod_biblioteca === biblioteca)!.desc_biblioteca,
        fornecedor,
        criado_em: '2026-04-01T15:00:00Z',
        previsao_entrega: previsao_entrega ?? null,
        encerrado: false,
        itens: sugestoes.map((id) => {
          const s = queue.find((q) => q.codigo === id)!;
          return {
            sugestao: id,
            titulo: s.titulo,
            situacao: 'aguardando_entrega',
            descricao_situacao: NAMES.aguardando_entrega,
            quantidade: s.quantidade,
            total_entregue: 0,
            cod_acervo: null,
          };
        }),
      };
      queue = queue.map((s) =>
        sugestoes.includes(s.codigo) ? { ...s, situacao: 'aguardando_entrega', descricao_situacao: NAMES.aguardando_entrega, pedido: 8 } : s,
      );
      orders = [made, ...orders];
      return made;
    }),
    answer(acquisitionsEndpoints.staffOrders, ({ query }) =>
      orders.filter((o) => !query.get('biblioteca') || o.cod_biblioteca === Number(query.get('biblioteca'))),
    ),
    answer(acquisitionsEndpoints.closeOrder, ({ params }) => {
      const closed = orders.find((o) => o.codigo === Number(params.id))!;
      const after: Order = {
        ...closed,
        encerrado: true,
        itens: closed.itens.map((i) => {
          const situacao: SuggestionStatus =
            i.situacao === 'aguardando_entrega' ? 'nao_atendida' : i.situacao === 'parcialmente_atendida' ? 'finalizada_incompleta' : i.situacao;
          return { ...i, situacao, descricao_situacao: NAMES[situacao] };
        }),
      };
      orders = orders.map((o) => (o.codigo === after.codigo ? after : o));
      return after;
    }),
    answer(acquisitionsEndpoints.budgets, ({ query }) => budgets.filter((b) => b.ano === Number(query.get('ano')))),
    answer(acquisitionsEndpoints.setBudget, ({ params, body }) => {
      const { valor } = body as { valor: string };
      const before = budgets.find((b) => b.cod_biblioteca === Number(params.biblioteca))!;
      const saldo = ((Math.round(Number(valor) * 100) - Math.round(Number(before.comprometido) * 100) - Math.round(Number(before.gasto) * 100)) / 100).toFixed(
        2,
      );
      const after = { ...before, valor, saldo };
      budgets = budgets.map((b) => (b.cod_biblioteca === after.cod_biblioteca ? after : b));
      return after;
    }),
    answer(searchEndpoints.search, ({ query }) => ({
      total: 2,
      pagina: 1,
      quantPag: Number(query.get('quantPag')),
      acervos: [
        found(4410, 'Pedagogia do oprimido'),
        { ...found(90001, 'Pedagogia do oprimido (rede)'), instituicao: { cod_empresa: 3, desc_empresa: 'Outra' } },
      ],
      facetas: [],
      filtros: [],
    })),
  );
  return calls;
}

type Calls = ReturnType<typeof acquisitionsApi>;
const queueCalls = (calls: Calls) => calls.filter((c) => c.method === 'GET' && c.path === '/api/aquisicao/balcao/sugestoes');
const writes = (calls: Calls, method: string, path: string) => calls.filter((c) => c.method === method && c.path === path).map((c) => c.body);
const statusRegion = () => screen.getByRole('status');
/** The first cell of each body row: the suggestions' numbers, in order. */
const numbersIn = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

/** Opens suggestion `id` from the list; answers its panel. */
async function openSuggestion(user: ReturnType<typeof renderScreen>['user'], id: number) {
  const table = await screen.findByRole('table', { name: /^Sugestões: / });
  await user.click(within(table).getByRole('button', { name: `Abrir a sugestão nº ${id}` }));
  const heading = await screen.findByRole('heading', { level: 3, name: new RegExp(`^Sugestão nº ${id}: `) });
  await waitFor(() => expect(document.activeElement).toBe(heading));
  return heading.closest('section')!;
}

/** The form of one act in the open suggestion. */
const actForm = (panel: HTMLElement, name: string) => within(panel).getByRole('form', { name });

describe('the acquisition suggestions', () => {
  it('lists every suggestion oldest first, then sends the filters chosen as the query', async () => {
    const calls = acquisitionsApi();
    const { user } = renderScreen(<AcquisitionsPage />);
    const table = await screen.findByRole('table', { name: 'Sugestões: Todas as situações, Todas as bibliotecas (as mais antigas primeiro)' });
    expect(numbersIn(table)).toEqual(['12', '14', '15', '16', '17', '18']);
    expect(Object.fromEntries(queueCalls(calls)[0]!.query)).toEqual({});
    const row = within(table).getAllByRole('row')[2]!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['14', '05/03/2026', 'Vidas secasGraciliano Ramos', 'Bruno LimaProfessor', 'Biblioteca Central', '0 de 2', 'R$ 45,00', 'Em cotação', 'Abrir']);

    const filters = screen.getByRole('form', { name: 'Filtros das sugestões' });
    await user.selectOptions(within(filters).getByRole('combobox', { name: 'Situação' }), 'Em cotação');
    await user.selectOptions(within(filters).getByRole('combobox', { name: 'Biblioteca' }), 'Biblioteca Central');
    await user.type(within(filters).getByRole('textbox', { name: /^Categoria do solicitante/ }), '04');
    await user.type(within(filters).getByLabelText('Enviadas de'), '2026-03-01');
    await user.type(within(filters).getByLabelText('Enviadas até'), '2026-03-31');
    await user.click(within(filters).getByRole('button', { name: 'Filtrar' }));

    const filtered = await screen.findByRole('table', {
      name: 'Sugestões: Em cotação, Biblioteca Central, categoria 04, enviadas de 01/03/2026 a 31/03/2026 (as mais antigas primeiro)',
    });
    expect(Object.fromEntries(queueCalls(calls).at(-1)!.query)).toEqual({
      situacao: 'em_cotacao',
      biblioteca: '1',
      categoria: '04',
      dataIni: '2026-03-01',
      dataFim: '2026-03-31',
    });
    expect(numbersIn(filtered)).toEqual(['14']);
  });

  it('refuses a period out of order before asking the server', async () => {
    const calls = acquisitionsApi();
    const { user } = renderScreen(<AcquisitionsPage />);
    await screen.findByRole('table', { name: /^Sugestões: / });
    const filters = screen.getByRole('form', { name: 'Filtros das sugestões' });
    await user.type(within(filters).getByLabelText('Enviadas de'), '2026-04-01');
    await user.type(within(filters).getByLabelText('Enviadas até'), '2026-03-01');
    await user.click(within(filters).getByRole('button', { name: 'Filtrar' }));
    expect(await within(filters).findByText('A data inicial não pode ser posterior à final.')).toBeTruthy();
    expect(within(filters).getByLabelText('Enviadas de').getAttribute('aria-invalid')).toBe('true');
    expect(queueCalls(calls)).toHaveLength(1);
  });

  it('shows the board: a column per stage with its cards, the ended ones folded, and a card opens its suggestion', async () => {
    acquisitionsApi();
    const { user } = renderScreen(<AcquisitionsPage />);
    await screen.findByRole('table', { name: /^Sugestões: / });
    await user.click(screen.getByRole('radio', { name: 'Quadro' }));

    const column = (name: string) => screen.getByRole('heading', { level: 3, name }).closest('section')!;
    const cards = (element: HTMLElement) =>
      within(element)
        .queryAllByRole('button')
        .map((b) => b.textContent);
    await screen.findByRole('heading', { level: 3, name: 'Pré-sugestões (1)' });
    expect(cards(column('Pré-sugestões (1)'))).toEqual(['Nº 12Pedagogia do oprimidoAna SouzaBiblioteca Central']);
    expect(cards(column('Sugestões de compra (1)'))).toEqual(['Nº 15Grande sertão: veredasCarla DiasBiblioteca Central']);
    expect(cards(column('Em cotação ou negociação (2)'))).toEqual([
      'Nº 14Vidas secasBruno LimaBiblioteca CentralEm cotação',
      'Nº 16Dom CasmurroDiego ReisBiblioteca SetorialEm negociação',
    ]);
    expect(cards(column('Aguardando entrega (1)'))).toEqual(['Nº 17Memórias póstumasElisa PradoBiblioteca CentralParcialmente atendida']);
    const ended = screen.getByText('Encerrada (1)').closest('details')!;
    expect(ended.open).toBe(false);
    expect(ended.textContent).toContain('Iracema');

    const card = within(column('Sugestões de compra (1)')).getByRole('button');
    expect(card.getAttribute('aria-expanded')).toBe('false');
    card.focus();
    await user.keyboard('{Enter}');
    const heading = await screen.findByRole('heading', { level: 3, name: 'Sugestão nº 15: Grande sertão: veredas' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(card.getAttribute('aria-expanded')).toBe('true');
    await user.click(within(heading.closest('section')!).getByRole('button', { name: 'Fechar a sugestão nº 15' }));
    expect(document.activeElement).toBe(card);
  });

  it('opens a suggestion with its data, history and only the acts its status allows', async () => {
    acquisitionsApi();
    const { user } = renderScreen(<AcquisitionsPage />);
    const panel = await openSuggestion(user, 17);
    expect(panel.textContent).toContain('Pedido de compraNº 7');
    expect(panel.textContent).toContain('Exemplares entregues1 de 3');
    const history = within(panel).getByRole('table', { name: 'Histórico da sugestão nº 17' });
    expect(within(history).getAllByRole('row')[1]!.textContent).toContain('Pré-sugestão');
    expect(
      within(panel)
        .getAllByRole('heading', { level: 4 })
        .map((h) => h.textContent),
    ).toEqual(['Histórico', 'Registrar entrega']);
    // Two copies still awaited: three would pass the order.
    const deliver = actForm(panel, 'Registrar a entrega da sugestão nº 17');
    expect((within(deliver).getByRole('textbox', { name: /^Exemplares recebidos agora/ }) as HTMLInputElement).value).toBe('2');

    await user.click(within(panel).getByRole('button', { name: 'Fechar a sugestão nº 17' }));
    const pre = await openSuggestion(user, 12);
    expect(
      within(pre)
        .getAllByRole('heading', { level: 4 })
        .map((h) => h.textContent),
    ).toEqual(['Histórico', 'Aceitar', 'Cotar', 'Recusar']);
  });

  it('quotes a suggestion with copies, price, supplier and a note, announces it (the requester e-mailed) and takes the focus there', async () => {
    const calls = acquisitionsApi();
    const { user } = renderScreen(<AcquisitionsPage />);
    const panel = await openSuggestion(user, 12);
    const form = actForm(panel, 'Cotar a sugestão nº 12');
    const copies = within(form).getByRole('textbox', { name: /^Exemplares a comprar/ });
    await user.clear(copies);
    await user.type(copies, '2');
    await user.type(within(form).getByRole('textbox', { name: /^Preço unitário/ }), '89,90');
    await user.type(within(form).getByRole('textbox', { name: /^Fornecedor/ }), ' Livraria Sol ');
    await user.click(within(form).getByRole('checkbox', { name: 'Obra estrangeira (importada)' }));
    await user.type(within(form).getByRole('textbox', { name: /^Nota para o solicitante/ }), 'Cotada com a editora.');
    await user.click(within(form).getByRole('button', { name: 'Registrar cotação' }));

    await waitFor(() =>
      expect(statusRegion().textContent).toBe('Sugestão nº 12 cotada (R$ 89,90, Livraria Sol): Em cotação. Ana Souza recebe o aviso por e-mail.'),
    );
    expect(writes(calls, 'PUT', '/api/aquisicao/balcao/sugestoes/12')).toEqual([
      { acao: 'cotar', quantidade: 2, obra_estrangeira: true, preco: '89.90', fornecedor: 'Livraria Sol', nota: 'Cotada com a editora.' },
    ]);
    expect(statusRegion().contains(document.activeElement)).toBe(true);
    // Now in quote: negotiate or refuse; the row says so.
    expect(
      within(panel)
        .getAllByRole('heading', { level: 4 })
        .map((h) => h.textContent),
    ).toEqual(['Histórico', 'Negociar', 'Recusar']);
    const table = screen.getByRole('table', { name: /^Sugestões: / });
    await waitFor(() => expect(within(table).getAllByRole('row')[1]!.textContent).toContain('R$ 89,90'));
  });

  it('checks a price against the contract before sending it', async () => {
    const calls = acquisitionsApi();
    const { user } = renderScreen(<AcquisitionsPage />);
    const panel = await openSuggestion(user, 12);
    const form = actForm(panel, 'Cotar a sugestão nº 12');
    await user.type(within(form).getByRole('textbox', { name: /^Preço unitário/ }), '89,999');
    await user.click(within(form).getByRole('button', { name: 'Registrar cotação' }));
    expect(await within(form).findByText('Informe o preço como 89,90 (no máximo duas casas decimais).')).toBeTruthy();
    expect(within(form).getByRole('alert').textContent).toBe('Corrija os campos indicados.');
    expect(writes(calls, 'PUT', '/api/aquisicao/balcao/sugestoes/12')).toEqual([]);
  });

  it("shows the server's refusal in an alert in the form, and announces nothing", async () => {
    const refusal = 'Não foi possível avisar Ana Souza por e-mail. Nada foi alterado; tente novamente mais tarde.';
    acquisitionsApi({ refuse: new Refusal(502, refusal, 'ErroEmailSolicitante') });
    const { user } = renderScreen(<AcquisitionsPage />);
    const panel = await openSuggestion(user, 12);
    const form = actForm(panel, 'Aceitar a sugestão nº 12');
    await user.click(within(form).getByRole('button', { name: 'Aceitar como sugestão de compra' }));
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe(refusal));
    expect(statusRegion().textContent).toBe('');
  });

  it('refuses a suggestion the library already holds, with the title found in the catalogue', async () => {
    const calls = acquisitionsApi();
    const { user } = renderScreen(<AcquisitionsPage />);
    const panel = await openSuggestion(user, 12);
    const form = actForm(panel, 'Recusar a sugestão nº 12');
    await user.selectOptions(within(form).getByRole('combobox', { name: /^Motivo da recusa/ }), 'Já existe no acervo');
    // Without the title, the form says so and sends nothing.
    await user.click(within(form).getByRole('button', { name: 'Recusar' }));
    expect(await within(form).findByText('Informe o nº do título que já existe no acervo.')).toBeTruthy();

    await user.type(within(form).getByRole('textbox', { name: 'Palavras do título, autor ou ISBN' }), 'pedagogia oprimido{Enter}');
    expect(await within(form).findByText('1 título encontrado.')).toBeTruthy();
    const search = calls.find((c) => c.path === '/consulta')!;
    expect(search.query.get('termo1')).toBe('pedagogia oprimido');
    await user.click(within(form).getByRole('button', { name: 'Usar o título nº 4410: Pedagogia do oprimido' }));
    const number = within(form).getByRole('textbox', { name: /^Nº do título no acervo/ });
    expect((number as HTMLInputElement).value).toBe('4410');
    expect(document.activeElement).toBe(number);
    expect(
      within(form)
        .getByRole('link', { name: /^Ver o título nº 4410/ })
        .getAttribute('href'),
    ).toBe('/acervo/4410');

    await user.click(within(form).getByRole('button', { name: 'Recusar' }));
    await waitFor(() => expect(statusRegion().textContent).toBe('Sugestão nº 12 recusada: Já existe no acervo. Ana Souza recebe o aviso por e-mail.'));
    expect(writes(calls, 'PUT', '/api/aquisicao/balcao/sugestoes/12')).toEqual([{ acao: 'recusar', situacao: 'ja_existe', acervo: 4410 }]);
    expect(within(panel).getByText('Nenhuma ação a partir desta situação.')).toBeTruthy();
  });

  it('is a section found by its folder, offered to the acquisition staff', () => {
    expect(STAFF_SECTIONS).toContain(section);
    expect(section.segment).toBe('aquisicao');
    expect(sectionsFor(['aquisicao'])).toContain(section);
    expect(sectionsFor(['circulacao', 'atendimento', 'administracao'])).not.toContain(section);
  });
});

describe('the purchase orders', () => {
  it("creates an order of a library's ticked suggestions, with the quoted supplier, and announces it", async () => {
    const calls = acquisitionsApi();
    const { user } = renderScreen(<AcquisitionsPage />);
    await user.click(await screen.findByRole('tab', { name: 'Pedidos' }));
    const form = await screen.findByRole('form', { name: 'Novo pedido de compra' });
    // Nothing ticked: the form says so and sends nothing.
    await user.click(within(form).getByRole('button', { name: 'Criar pedido' }));
    expect(await within(form).findByText('Escolha a biblioteca do pedido.')).toBeTruthy();

    await user.selectOptions(within(form).getByRole('combobox', { name: /^Biblioteca/ }), 'Biblioteca Central');
    const table = await within(form).findByRole('table', { name: 'Sugestões que podem entrar no pedido — Biblioteca Central' });
    // Only what may be ordered: a purchase suggestion, quoted or in negotiation.
    expect(numbersIn(table).length).toBe(2);
    expect(queueCalls(calls).at(-1)!.query.get('biblioteca')).toBe('1');
    await user.click(within(form).getByRole('button', { name: 'Criar pedido' }));
    expect(await within(form).findByText('Marque ao menos uma sugestão.')).toBeTruthy();

    await user.click(within(table).getByRole('checkbox', { name: 'Incluir a sugestão nº 14: Vidas secas' }));
    await user.click(within(table).getByRole('checkbox', { name: 'Incluir a sugestão nº 15: Grande sertão: veredas' }));
    expect((within(form).getByRole('textbox', { name: /^Fornecedor/ }) as HTMLInputElement).value).toBe('Livraria Sol');
    expect(form.textContent).toContain('2 sugestões marcadas; total cotado: R$ 90,00. 1 sem preço (fora do total).');
    await user.type(within(form).getByLabelText('Entrega prevista'), '2026-05-20');
    await user.click(within(form).getByRole('button', { name: 'Criar pedido' }));

    await waitFor(() =>
      expect(statusRegion().textContent).toBe(
        'Pedido nº 8 criado (Livraria Sol, Biblioteca Central) com 2 sugestões, agora Aguardando entrega. Cada solicitante recebe o aviso por e-mail.',
      ),
    );
    expect(writes(calls, 'POST', '/api/aquisicao/balcao/pedidos')).toEqual([
      { fornecedor: 'Livraria Sol', biblioteca: 1, sugestoes: [14, 15], previsao_entrega: '2026-05-20' },
    ]);
    expect(statusRegion().contains(document.activeElement)).toBe(true);
    expect(await screen.findByRole('heading', { level: 3, name: 'Pedido nº 8 — Livraria Sol (aberto)' })).toBeTruthy();
  });

  it('lists the orders with their items, and closes one only after a confirmation', async () => {
    const calls = acquisitionsApi();
    const { user } = renderScreen(<AcquisitionsPage />);
    await user.click(await screen.findByRole('tab', { name: 'Pedidos' }));
    const order = (await screen.findByRole('heading', { level: 3, name: 'Pedido nº 7 — Livraria Sol (aberto)' })).closest('section')!;
    const items = within(order).getByRole('table', { name: 'Itens do pedido nº 7' });
    expect(
      within(items)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['17Memórias póstumasParcialmente atendida1 de 3Título nº 4410', '19O cortiçoAguardando entrega0 de 1—']);

    await user.click(within(order).getByRole('button', { name: 'Encerrar o pedido nº 7' }));
    let dialog = await screen.findByRole('dialog', { name: 'Encerrar o pedido nº 7?' });
    expect(dialog.textContent).toContain('Sugestões sem nenhuma entrega: 1 (passam a Não atendida). Entregues em parte: 1 (passam a Finalizada incompleta).');
    await user.click(within(dialog).getByRole('button', { name: 'Manter aberto' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes(calls, 'PUT', '/api/aquisicao/balcao/pedidos/7/encerrar')).toEqual([]);

    await user.click(within(order).getByRole('button', { name: 'Encerrar o pedido nº 7' }));
    dialog = await screen.findByRole('dialog', { name: 'Encerrar o pedido nº 7?' });
    await user.click(within(dialog).getByRole('button', { name: 'Encerrar pedido' }));
    await waitFor(() =>
      expect(statusRegion().textContent).toBe(
        'Pedido nº 7 encerrado. Sem entrega: 1 (agora Não atendida); entregues em parte: 1 (agora Finalizada incompleta). Cada solicitante recebe o aviso por e-mail.',
      ),
    );
    expect(writes(calls, 'PUT', '/api/aquisicao/balcao/pedidos/7/encerrar')).toHaveLength(1);
    expect(await screen.findByRole('heading', { level: 3, name: 'Pedido nº 7 — Livraria Sol (encerrado)' })).toBeTruthy();
    await waitFor(() => expect(statusRegion().contains(document.activeElement)).toBe(true));
  });
});

describe('the budgets', () => {
  it("shows this year's budgets, sets a library's with a PUT, announces it and shows the new balance", async () => {
    const calls = acquisitionsApi();
    const { user } = renderScreen(<AcquisitionsPage />);
    await user.click(await screen.findByRole('tab', { name: 'Orçamento' }));
    const table = await screen.findByRole('table', { name: `Orçamentos de ${YEAR}` });
    expect(calls.find((c) => c.path === '/api/aquisicao/balcao/orcamentos')!.query.get('ano')).toBe(String(YEAR));
    const central = within(table).getAllByRole('row')[1]!;
    expect(
      within(central)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Biblioteca Central', 'R$ 10.000,00', 'R$ 90,00', 'R$ 89,80', 'R$ 9.820,20', '1', 'Definir orçamento']);
    expect(within(table).getAllByRole('row')[2]!.textContent).toContain('Não definido');

    await user.click(within(central).getByRole('button', { name: `Definir o orçamento de ${YEAR}: Biblioteca Central` }));
    const dialog = await screen.findByRole('dialog', { name: `Definir o orçamento de ${YEAR}: Biblioteca Central` });
    const amount = within(dialog).getByRole('textbox', { name: /^Orçamento/ });
    await user.clear(amount);
    await user.type(amount, '20000,5x');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar orçamento' }));
    expect(await within(dialog).findByText(/^Informe o valor como 15000,00/)).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, '20000,00');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar orçamento' }));

    await waitFor(() => expect(statusRegion().textContent).toBe(`Orçamento de ${YEAR} de Biblioteca Central: R$ 20.000,00. Saldo: R$ 19.820,20.`));
    expect(writes(calls, 'PUT', `/api/aquisicao/balcao/orcamentos/1/${YEAR}`)).toEqual([{ valor: '20000.00' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(within(table).getAllByRole('row')[1]!.textContent).toContain('R$ 19.820,20'));
    expect(statusRegion().contains(document.activeElement)).toBe(true);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Ano' }), String(YEAR - 1));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path === '/api/aquisicao/balcao/orcamentos')
          .at(-1)!
          .query.get('ano'),
      ).toBe(String(YEAR - 1)),
    );
  });
});
