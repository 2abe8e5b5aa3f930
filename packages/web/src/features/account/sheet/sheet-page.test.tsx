import { type DadosPedido, type Pedido, requestsEndpoints } from '@estante/contracts/requests';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answer, fakeApi, Refusal, renderScreen } from '../../../test/render';
import { SheetPage } from './sheet-page';

const START: DadosPedido = {
  bibliotecas: [
    { cod_biblioteca: 1, desc_biblioteca: 'Biblioteca Central' },
    { cod_biblioteca: 2, desc_biblioteca: 'Biblioteca Setorial' },
  ],
  email: 'ana@example.org',
  instituicao: 'Universidade Estadual do Vale do Sabiá',
  limite: 3,
};

const pedido = (over: Partial<Pedido>): Pedido => ({
  cod_solicitacao: 5,
  tipo: 'ficha-catalografica',
  subtipo: null,
  resumo: 'Leitura na escola — Souza, Ana Maria',
  biblioteca: 'Biblioteca Central',
  situacao: 'aguardando',
  nota: null,
  criado_em: '2026-11-25T12:00:00Z',
  historico: [{ situacao: 'aguardando', nota: null, em: '2026-11-25T12:00:00Z' }],
  ficha_pronta: false,
  ...over,
});

/** What the form sends once filled by `fill`. */
const BODY = {
  biblioteca: 1,
  autor_sobrenome: 'Souza',
  autor_nome: 'Ana Maria',
  titulo: 'Leitura na escola',
  subtitulo: 'práticas e desafios',
  orientador: 'João Pereira Filho',
  grau: 'mestrado',
  programa: 'Educação',
  instituicao: 'Universidade Estadual do Vale do Sabiá',
  local: 'Florianópolis',
  ano: 2026,
  folhas_preliminares: 12,
  pagina_folha_rosto: 1,
  pagina_resumo: 5,
  pagina_introducao: 13,
  bibliografia_inicio: 140,
  bibliografia_fim: 150,
  total_paginas: 155,
  ilustracoes: true,
  palavras_chave: ['Leitura', 'Escola'],
  email: 'ana@example.org',
};

/** The sheet those data make, line by line, as the preview shows it. */
const SHEET = [
  'Souza, Ana Maria.',
  'Leitura na escola : práticas e desafios / Ana Maria Souza. — Florianópolis, 2026.',
  'xii, 155 f. : il.',
  'Orientador: João Pereira Filho.',
  'Dissertação (Mestrado em Educação) — Universidade Estadual do Vale do Sabiá, 2026.',
  'Bibliografia: f. 140-150.',
  '1. Leitura. 2. Escola. I. Pereira Filho, João. II. Universidade Estadual do Vale do Sabiá. III. Título.',
  'CDD e notação de autor: a definir pela biblioteca',
];

/** The thesis's data, typed as a patron would; the institution and e-mail are already there. */
async function fill(user: UserEvent, form: HTMLElement, over: { total?: string } = {}) {
  const field = (label: RegExp) => within(form).getByLabelText(label);
  // Each field's text pasted at once (one input event, as a paste is): typed a key at a time, the
  // form and its preview redrew ~150 times and the file took 46 s.
  const put = async (element: HTMLElement, text: string) => {
    await user.click(element);
    await user.paste(text);
  };
  await user.selectOptions(field(/^Biblioteca/), 'Biblioteca Central');
  await put(field(/^Sobrenome do autor/), 'Souza');
  await put(field(/^Prenomes do autor/), 'Ana Maria');
  await put(field(/^Título/), 'Leitura na escola');
  await put(field(/^Subtítulo/), 'práticas e desafios');
  await put(field(/^Orientador/), 'João Pereira Filho');
  await user.selectOptions(field(/^Grau/), 'Mestrado');
  await put(field(/^Programa ou curso/), 'Educação');
  await put(field(/^Local/), 'Florianópolis');
  await put(field(/^Ano/), '2026');
  await put(field(/^Folhas preliminares/), '12');
  await put(field(/^Folha de rosto/), '1');
  await put(field(/^Resumo/), '5');
  await put(field(/^Introdução/), '13');
  await put(field(/^Bibliografia: página inicial/), '140');
  await put(field(/^Bibliografia: página final/), '150');
  await put(field(/^Total de folhas/), over.total ?? '155');
  await user.click(within(form).getByRole('checkbox', { name: 'O trabalho tem ilustrações' }));
  // Its list of suggestions is labelled too: the field is the text box.
  await user.type(within(form).getByRole('textbox', { name: /^Palavras-chave/ }), 'Leitura{Enter}Escola{Enter}');
}

/** The preview's lines, in order. */
const lines = (preview: HTMLElement) => Array.from(preview.querySelectorAll('p'), (p) => p.textContent);

/** The files the browser is handed (`downloadFile`), by name; `fetch` answers the PDFs before the fake API. */
function catchDownloads() {
  const pdfs: { path: string; method: string; body: unknown }[] = [];
  const fake = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const path = url.pathname.replace(/^\/svc/, '');
    if (!/\/ficha-catalografica\/(previa|\d+\/pdf)$/.test(path)) return fake(input, init);
    pdfs.push({ path, method: init.method ?? 'GET', body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined });
    const name = path.endsWith('previa') ? 'ficha-rascunho.pdf' : 'ficha-5.pdf';
    return new Response('%PDF-1.4', { status: 200, headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="${name}"` } });
  });
  URL.createObjectURL = vi.fn(() => 'blob:ficha');
  URL.revokeObjectURL = vi.fn();
  const saved: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return { pdfs, saved };
}

describe('Meu Pergamum, catalogue sheet', () => {
  it('previews the sheet as it is typed, downloads the draft, then sends the request and lists it', async () => {
    const mine: Pedido[] = [];
    const calls = fakeApi(
      answer(requestsEndpoints.startData, START),
      answer(requestsEndpoints.list, () => mine),
      answer(requestsEndpoints.sheet, () => {
        mine.push(pedido({ cod_solicitacao: 8 }));
        return { codigo: 8, mensagem: 'Solicitação 8 enviada à biblioteca.' };
      }),
    );
    const { pdfs, saved } = catchDownloads();
    const { user } = renderScreen(<SheetPage />);
    const form = await screen.findByRole('region', { name: 'Nova ficha catalográfica' });
    expect(screen.getByText('Você pode ter até 3 solicitações em aberto de cada tipo.')).toBeTruthy();
    expect(within(form).getByLabelText<HTMLInputElement>(/^Instituição/).value).toBe('Universidade Estadual do Vale do Sabiá');
    expect(within(form).getByLabelText<HTMLInputElement>(/^E-mail para contato/).value).toBe('ana@example.org');
    const preview = within(form).getByRole('region', { name: 'Prévia da ficha' });
    expect(within(preview).getByText('A prévia aparece quando os campos obrigatórios estiverem preenchidos corretamente.')).toBeTruthy();
    const draft = within(form).getByRole<HTMLButtonElement>('button', { name: 'Baixar rascunho (PDF)' });
    expect(draft.disabled).toBe(true);

    await fill(user, form);
    await waitFor(() => expect(lines(preview)).toEqual(SHEET));
    // The preview follows what is typed: without the subtitle, the title line has none.
    await user.clear(within(form).getByLabelText(/^Subtítulo/));
    await waitFor(() => expect(lines(preview)[1]).toBe('Leitura na escola / Ana Maria Souza. — Florianópolis, 2026.'));
    await user.type(within(form).getByLabelText(/^Subtítulo/), 'práticas e desafios');
    await waitFor(() => expect(lines(preview)).toEqual(SHEET));

    expect(draft.disabled).toBe(false);
    await user.click(draft);
    await waitFor(() => expect(saved).toEqual(['ficha-rascunho.pdf']));
    expect(pdfs).toEqual([{ path: '/api/solicitacoes/ficha-catalografica/previa', method: 'POST', body: BODY }]);
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/solicitacoes/ficha-catalografica')).toBe(false);

    await user.click(within(form).getByRole('button', { name: 'Enviar solicitação' }));
    expect((await within(form).findByRole('status')).textContent).toBe('Solicitação 8 enviada à biblioteca.');
    const posts = calls.filter((c) => c.method === 'POST' && c.path === '/api/solicitacoes/ficha-catalografica');
    expect(posts.map((c) => c.body)).toEqual([BODY]);
    // The form starts again (keeping the library and e-mail); the request is in the history, awaiting review.
    await waitFor(() => expect(within(form).getByLabelText<HTMLInputElement>(/^Título/).value).toBe(''));
    expect(within(form).getByLabelText<HTMLSelectElement>(/^Biblioteca/).value).toBe('1');
    expect(within(preview).getByText('A prévia aparece quando os campos obrigatórios estiverem preenchidos corretamente.')).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Minhas fichas catalográficas' });
    const [, row] = within(table).getAllByRole('row');
    expect(within(row!).getByText('Leitura na escola — Souza, Ana Maria')).toBeTruthy();
    expect(within(row!).getByText('Aguardando revisão da biblioteca')).toBeTruthy();
    expect(within(row!).queryByRole('button')).toBeNull();
  });

  it("checks the contracts' rules in the patron's language: nothing is previewed or sent until they hold", async () => {
    const calls = fakeApi(answer(requestsEndpoints.startData, START), answer(requestsEndpoints.list, []));
    const { user } = renderScreen(<SheetPage />);
    const form = await screen.findByRole('region', { name: 'Nova ficha catalográfica' });
    await user.click(within(form).getByRole('button', { name: 'Enviar solicitação' }));
    expect(within(form).getByRole('alert').textContent).toBe('Corrija os campos indicados.');
    // The 14 required fields left blank (the institution and e-mail start filled), the degree, the keywords.
    expect(within(form).getAllByText('Preencha este campo.').length).toBe(14);
    expect(within(form).getByText('Escolha uma opção.')).toBeTruthy();
    expect(within(form).getByText('Informe ao menos uma palavra-chave.')).toBeTruthy();

    // The bibliography ends after the last leaf: the rule across fields is said, and the preview waits.
    await fill(user, form, { total: '145' });
    const preview = within(form).getByRole('region', { name: 'Prévia da ficha' });
    expect(within(preview).getByText('A prévia aparece quando os campos obrigatórios estiverem preenchidos corretamente.')).toBeTruthy();
    expect(within(form).getByRole<HTMLButtonElement>('button', { name: 'Baixar rascunho (PDF)' }).disabled).toBe(true);
    await user.click(within(form).getByRole('button', { name: 'Enviar solicitação' }));
    await waitFor(() => expect(within(form).getByText('Uma página não pode passar do total de folhas.')).toBeTruthy());
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.clear(within(form).getByLabelText(/^Total de folhas/));
    await user.type(within(form).getByLabelText(/^Total de folhas/), '155');
    await waitFor(() => expect(lines(preview)).toEqual(SHEET));
  });

  it("says the server's refusal of the request and of the draft, keeping what was typed", async () => {
    fakeApi(
      answer(requestsEndpoints.startData, START),
      answer(requestsEndpoints.list, []),
      answer(requestsEndpoints.sheet, () => new Refusal(422, 'Você já tem 3 solicitações em aberto deste tipo.', 'LimiteSolicitacoes')),
      answer(requestsEndpoints.sheetDraft, () => new Refusal(422, 'O total de folhas não confere.', 'FichaInvalida')),
    );
    const { user } = renderScreen(<SheetPage />);
    const form = await screen.findByRole('region', { name: 'Nova ficha catalográfica' });
    await fill(user, form);
    await user.click(within(form).getByRole('button', { name: 'Enviar solicitação' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Você já tem 3 solicitações em aberto deste tipo.');
    expect(within(form).queryByRole('status')).toBeNull();
    expect(within(form).getByLabelText<HTMLInputElement>(/^Título/).value).toBe('Leitura na escola');
    expect(lines(within(form).getByRole('region', { name: 'Prévia da ficha' }))).toEqual(SHEET);

    await user.click(within(form).getByRole('button', { name: 'Baixar rascunho (PDF)' }));
    expect(await screen.findByText('O total de folhas não confere.')).toBeTruthy();
  });

  it('offers the PDF of each sheet the library has reviewed, and says which still await review', async () => {
    const calls = fakeApi(
      answer(requestsEndpoints.startData, START),
      answer(requestsEndpoints.list, ({ query }) =>
        query.get('status') === 'atendida'
          ? [pedido({ situacao: 'atendida', ficha_pronta: true })]
          : [pedido({ situacao: 'atendida', ficha_pronta: true }), pedido({ cod_solicitacao: 6, resumo: 'Outra tese — Lima, Rui' })],
      ),
    );
    const { pdfs, saved } = catchDownloads();
    const { user } = renderScreen(<SheetPage />);
    const table = await screen.findByRole('table', { name: 'Minhas fichas catalográficas' });
    const [, ready, pending] = within(table).getAllByRole('row');
    expect(within(ready!).getByText('Finalizada')).toBeTruthy();
    expect(within(pending!).getByText('Aguardando revisão da biblioteca')).toBeTruthy();
    expect(within(pending!).queryByRole('button')).toBeNull();
    await user.click(within(ready!).getByRole('button', { name: 'Baixar ficha nº 5 (PDF)' }));
    await waitFor(() => expect(saved).toEqual(['ficha-5.pdf']));
    expect(pdfs).toEqual([{ path: '/api/solicitacoes/ficha-catalografica/5/pdf', method: 'GET', body: undefined }]);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Situação' }), 'Finalizada');
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Minhas fichas catalográficas' })).getAllByRole('row').length).toBe(2));
    expect(calls.filter((c) => c.path === '/api/solicitacoes/ficha-catalografica').map((c) => c.query.get('status'))).toEqual(['todas', 'atendida']);
  });

  it('says when the form cannot be started', async () => {
    fakeApi(answer(requestsEndpoints.startData, () => new Refusal(503, 'fora do ar')));
    renderScreen(<SheetPage />);
    expect(await screen.findByText('Não foi possível carregar as solicitações.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Nova ficha catalográfica' })).toBeNull();
  });
});
