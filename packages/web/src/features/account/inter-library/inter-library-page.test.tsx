import { type AcervoRede, networkEndpoints } from '@estante/contracts/network';
import { type DadosPedido, type Pedido, requestsEndpoints } from '@estante/contracts/requests';
import { screen, within } from '@testing-library/react';
import { Navigate, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { answer, fakeApi, Refusal, renderScreen } from '../../../test/render';
import { InterLibraryPage } from './inter-library-page';

const START: DadosPedido = {
  bibliotecas: [
    { cod_biblioteca: 1, desc_biblioteca: 'Biblioteca Central' },
    { cod_biblioteca: 2, desc_biblioteca: 'Biblioteca Setorial de Educação' },
  ],
  email: 'ana@example.org',
  instituicao: 'Universidade Estadual do Vale do Sabiá',
  limite: 3,
};

/** A partner's record as `GET /rede-pergamum/acervo/{id}` answers it. */
const RECORD: AcervoRede = {
  cod_acervo: 42,
  titulo: 'Educação como prática da liberdade',
  responsabilidade: 'Paulo Freire',
  autor: 'Freire, Paulo, 1921-1997',
  autores_secundarios: [],
  assuntos: ['Educação'],
  edicao: null,
  local: 'Rio de Janeiro',
  editora: 'Paz e Terra',
  ano_publicacao: 1967,
  descricao_fisica: '150 p.',
  serie: null,
  notas: null,
  idioma: 'por',
  idioma_desc: 'Português',
  isbn: ['9788577530625', '8521904843'],
  issn: [],
  link_capa: null,
  tipo_obra: { cod_tipo_obra: 1, desc_tipo_obra: 'Livro' },
  instituicao: { cod_empresa: 7, desc_empresa: 'Universidade de São Paulo' },
  link: 'https://dedalus.usp.br/registro/000123',
  identificador: 'oai:dedalus.usp.br:000123',
  datestamp: '2026-10-01',
};

/** What a screen reader says after a field's name: its help line and its problem. */
const describedBy = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

const isPost = (c: { method: string; path: string }) => c.method === 'POST' && c.path === '/api/solicitacoes/emprestimo-inter-bibliotecas';
const isRecordRead = (c: { path: string }) => c.path.startsWith('/rede-pergamum/');

/** The page as Meu Pergamum routes it, opened at `path` (with `?rede=` when the patron came from a network record). */
const pageAt = (path: string) =>
  renderScreen(
    <Routes>
      <Route path="/" element={<Navigate to={path} />} />
      <Route path="/emprestimo-entre-bibliotecas" element={<InterLibraryPage />} />
    </Routes>,
  );

const valueOf = (form: HTMLElement, name: string) => (within(form).getByRole('textbox', { name }) as HTMLInputElement).value;

describe('Meu Pergamum, inter-library loan', () => {
  it('sends a blank form filled in by the patron, says what the library answered and lists it', async () => {
    const mine: Pedido[] = [];
    const calls = fakeApi(
      answer(requestsEndpoints.startData, START),
      answer(requestsEndpoints.list, ({ params }) => (params.tipo === 'emprestimo-inter-bibliotecas' ? mine : [])),
      answer(requestsEndpoints.interLibrary, ({ body }) => {
        mine.push({
          cod_solicitacao: 58,
          tipo: 'emprestimo-inter-bibliotecas',
          subtipo: null,
          resumo: (body as { titulo: string }).titulo,
          biblioteca: 'Biblioteca Central',
          situacao: 'aguardando',
          nota: null,
          criado_em: '2026-11-25T12:00:00',
          historico: [{ situacao: 'aguardando', nota: null, em: '2026-11-25T12:00:00' }],
          ficha_pronta: false,
        });
        return { codigo: 58, mensagem: 'Empréstimo entre bibliotecas 58 solicitado.' };
      }),
    );
    const { user } = pageAt('/emprestimo-entre-bibliotecas');
    const form = await screen.findByRole('region', { name: 'Novo empréstimo entre bibliotecas' });
    expect(screen.getByText('Peça emprestado um título que outra instituição tem, para retirar numa das nossas bibliotecas.')).toBeTruthy();
    const history = screen.getByRole('region', { name: 'Meus empréstimos entre bibliotecas' });
    expect(await within(history).findByText('Você ainda não fez solicitações deste tipo.')).toBeTruthy();
    const holding = within(form).getByRole('textbox', { name: 'Instituição e biblioteca que têm o título' });
    expect(holding.getAttribute('value')).toBe('');
    expect(describedBy(holding)).toBe('Por exemplo: Universidade de São Paulo, Biblioteca da Faculdade de Educação.');
    expect(valueOf(form, 'Observação')).toBe('');

    await user.type(holding, 'Universidade Federal do Paraná, Biblioteca Central');
    await user.type(within(form).getByRole('textbox', { name: 'Título' }), 'Casa-grande & senzala');
    await user.type(within(form).getByRole('textbox', { name: 'Autor' }), 'Freyre, Gilberto');
    await user.type(within(form).getByRole('textbox', { name: 'Ano' }), '1933');
    await user.type(within(form).getByRole('textbox', { name: 'ISBN' }), '9788526008694');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Biblioteca para retirada' }), 'Biblioteca Central');
    await user.click(within(form).getByRole('button', { name: 'Enviar solicitação' }));

    expect((await within(form).findByRole('status')).textContent).toBe('Empréstimo entre bibliotecas 58 solicitado.');
    expect(calls.filter(isPost).map((c) => c.body)).toEqual([
      {
        instituicao: 'Universidade Federal do Paraná, Biblioteca Central',
        titulo: 'Casa-grande & senzala',
        autor: 'Freyre, Gilberto',
        ano: 1933,
        isbn: '9788526008694',
        biblioteca: 1,
        email: 'ana@example.org',
      },
    ]);
    expect(calls.some(isRecordRead)).toBe(false);
    expect(valueOf(form, 'Título')).toBe('');
    expect((within(form).getByRole('combobox', { name: 'Biblioteca para retirada' }) as HTMLSelectElement).value).toBe('1');
    const table = await within(history).findByRole('table', { name: 'Meus empréstimos entre bibliotecas' });
    expect(within(table).getAllByRole('row')[1]!.textContent).toContain('Casa-grande & senzala');
  });

  it("starts from the partner network record the patron came from, the record's address in the note, and sends it", async () => {
    const calls = fakeApi(
      answer(requestsEndpoints.startData, START),
      answer(requestsEndpoints.list, []),
      answer(networkEndpoints.record, ({ params }) => (params.id === '42' ? RECORD : new Refusal(404, `Registro ${params.id} não encontrado.`))),
      answer(requestsEndpoints.interLibrary, { codigo: 59, mensagem: 'Empréstimo entre bibliotecas 59 solicitado.' }),
    );
    const { user } = pageAt('/emprestimo-entre-bibliotecas?rede=42');
    const form = await screen.findByRole('region', { name: 'Novo empréstimo entre bibliotecas' });
    expect(valueOf(form, 'Instituição e biblioteca que têm o título')).toBe('Universidade de São Paulo');
    expect(valueOf(form, 'Título')).toBe('Educação como prática da liberdade');
    expect(valueOf(form, 'Autor')).toBe('Freire, Paulo, 1921-1997');
    expect(valueOf(form, 'ISBN')).toBe('9788577530625');
    expect(valueOf(form, 'Observação')).toBe('Registro na rede: https://dedalus.usp.br/registro/000123');
    expect(calls.filter(isRecordRead).map((c) => [c.method, c.path])).toEqual([['GET', '/rede-pergamum/acervo/42']]);

    // The patron still chooses where to pick it up.
    await user.click(within(form).getByRole('button', { name: 'Enviar solicitação' }));
    expect(describedBy(within(form).getByRole('combobox', { name: 'Biblioteca para retirada' }))).toBe('Preencha este campo.');
    expect(calls.some(isPost)).toBe(false);
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Biblioteca para retirada' }), 'Biblioteca Setorial de Educação');
    await user.click(within(form).getByRole('button', { name: 'Enviar solicitação' }));

    expect((await within(form).findByRole('status')).textContent).toBe('Empréstimo entre bibliotecas 59 solicitado.');
    expect(calls.filter(isPost).map((c) => c.body)).toEqual([
      {
        instituicao: 'Universidade de São Paulo',
        titulo: 'Educação como prática da liberdade',
        autor: 'Freire, Paulo, 1921-1997',
        isbn: '9788577530625',
        biblioteca: 2,
        email: 'ana@example.org',
        observacao: 'Registro na rede: https://dedalus.usp.br/registro/000123',
      },
    ]);
  });

  it("notes the record's OAI identifier when the partner's catalogue address is not known", async () => {
    fakeApi(
      answer(requestsEndpoints.startData, START),
      answer(requestsEndpoints.list, []),
      answer(networkEndpoints.record, { ...RECORD, cod_acervo: 43, link: null, autor: null, isbn: [] }),
    );
    pageAt('/emprestimo-entre-bibliotecas?rede=43');
    const form = await screen.findByRole('region', { name: 'Novo empréstimo entre bibliotecas' });
    expect(valueOf(form, 'Observação')).toBe('Registro na rede: oai:dedalus.usp.br:000123');
    expect(valueOf(form, 'Título')).toBe('Educação como prática da liberdade');
    expect(valueOf(form, 'Autor')).toBe('');
    expect(valueOf(form, 'ISBN')).toBe('');
  });

  it('starts blank when the record number is not one, or the record cannot be read', async () => {
    const calls = fakeApi(
      answer(requestsEndpoints.startData, START),
      answer(requestsEndpoints.list, []),
      answer(networkEndpoints.record, ({ params }) => new Refusal(404, `Registro ${params.id} não encontrado.`)),
    );
    const first = pageAt('/emprestimo-entre-bibliotecas?rede=abc');
    let form = await screen.findByRole('region', { name: 'Novo empréstimo entre bibliotecas' });
    expect(valueOf(form, 'Título')).toBe('');
    expect(calls.some(isRecordRead)).toBe(false);
    first.unmount();

    pageAt('/emprestimo-entre-bibliotecas?rede=999');
    form = await screen.findByRole('region', { name: 'Novo empréstimo entre bibliotecas' });
    expect(calls.filter(isRecordRead).map((c) => c.path)).toEqual(['/rede-pergamum/acervo/999']);
    expect(valueOf(form, 'Instituição e biblioteca que têm o título')).toBe('');
    expect(valueOf(form, 'Título')).toBe('');
    expect(valueOf(form, 'Observação')).toBe('');
  });

  it("refuses a request without the holding institution, the title and the library before any call, and shows the API's refusal", async () => {
    const calls = fakeApi(
      answer(requestsEndpoints.startData, START),
      answer(requestsEndpoints.list, []),
      answer(requestsEndpoints.interLibrary, () => new Refusal(422, 'Você já tem 3 empréstimos entre bibliotecas em aberto.', 'LimiteSolicitacoes')),
    );
    const { user } = pageAt('/emprestimo-entre-bibliotecas');
    const form = await screen.findByRole('region', { name: 'Novo empréstimo entre bibliotecas' });
    await user.click(within(form).getByRole('button', { name: 'Enviar solicitação' }));
    expect(within(form).getByRole('alert').textContent).toBe('Corrija os campos indicados.');
    for (const field of [
      within(form).getByRole('textbox', { name: 'Instituição e biblioteca que têm o título' }),
      within(form).getByRole('textbox', { name: 'Título' }),
      within(form).getByRole('combobox', { name: 'Biblioteca para retirada' }),
    ]) {
      expect([field.getAttribute('aria-invalid'), describedBy(field).includes('Preencha este campo.')]).toEqual(['true', true]);
    }
    expect(within(form).getByRole('textbox', { name: 'Autor' }).getAttribute('aria-invalid')).toBe('false');
    expect(calls.some(isPost)).toBe(false);

    await user.type(within(form).getByRole('textbox', { name: 'Instituição e biblioteca que têm o título' }), 'Universidade de São Paulo');
    await user.type(within(form).getByRole('textbox', { name: 'Título' }), 'Raízes do Brasil');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Biblioteca para retirada' }), 'Biblioteca Central');
    await user.click(within(form).getByRole('button', { name: 'Enviar solicitação' }));
    expect(await within(form).findByText('Você já tem 3 empréstimos entre bibliotecas em aberto.')).toBeTruthy();
    expect(within(form).getByRole('alert').textContent).toBe('Você já tem 3 empréstimos entre bibliotecas em aberto.');
    expect(calls.filter(isPost).map((c) => c.body)).toEqual([
      { instituicao: 'Universidade de São Paulo', titulo: 'Raízes do Brasil', biblioteca: 1, email: 'ana@example.org' },
    ]);
    expect(valueOf(form, 'Título')).toBe('Raízes do Brasil');
  });
});
