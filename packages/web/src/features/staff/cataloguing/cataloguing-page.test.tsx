import { type CatalogTitleDetail, CATALOGUER_STATUSES, cataloguingEndpoints, type UploadState } from '@estante/contracts/catalog';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, fakeApi, Refusal, renderScreen } from '../../../test/render';
import { sectionsFor } from '../sections';
import { CataloguingPage } from './cataloguing-page';
import { section } from './section';

const OPTIONS = {
  bibliotecas: [
    { cod_biblioteca: 1, sigla: 'BC', nome: 'Biblioteca Central' },
    { cod_biblioteca: 2, sigla: 'BS', nome: 'Biblioteca Setorial' },
  ],
  tipos_emprestimo: [
    { cod_tipo_emprestimo: 1, descricao: 'Normal' },
    { cod_tipo_emprestimo: 2, descricao: 'Consulta local' },
  ],
  situacoes: [...CATALOGUER_STATUSES],
};

const REPORT = {
  lidos: 3,
  novos: 2,
  atualizados: 0,
  iguais: 0,
  apagados: 0,
  rejeitados: [{ registro: 3, byte: 2048, motivo: 'record has no control number (001)' }],
  rejeitados_omitidos: 0,
  avisos: [],
  avisos_omitidos: 0,
  lixo: [],
  exemplares: {
    mapa: 'koha',
    novos: 2,
    atualizados: 0,
    iguais: 0,
    apagados: 0,
    nao_importados: 1,
    baixados: 0,
    nao_mapeados: { biblioteca: { CPL: 1 }, tipo: {}, situacao: {} },
    colecoes_novas: {},
  },
  linhas: ['koha.xml: 3 records read, 2 new, 0 updated, 0 unchanged, 0 deleted, 1 rejected'],
};

/**
 * The cataloguing API as the server would answer: one upload (running, then done at the next
 * poll), a title with one copy, copies added and refused by barcode, suppression toggled.
 */
function cataloguingApi() {
  let upload: UploadState | null = null;
  let polls = 0;
  const title: CatalogTitleDetail = {
    cod_acervo: 42,
    numero_controle: 'ctl-42',
    titulo: 'Introdução à catalogação',
    autor: 'Mey, Eliane',
    ano: 2009,
    suprimido: false,
    exemplares: 1,
    copias: [
      {
        cod_exemplar: 7,
        tombo: 'T-0007',
        cod_biblioteca: 1,
        biblioteca: 'Biblioteca Central',
        cod_tipo_emprestimo: 1,
        tipo_emprestimo: 'Normal',
        localizacao: '025.3 M612i',
        colecao: null,
        volume: null,
        material: null,
        situacao: 'emprestado',
        acervo_fechado: false,
        data_aquisicao: '2024-02-01',
      },
    ],
  };
  return [
    answer(cataloguingEndpoints.options, OPTIONS),
    answer(cataloguingEndpoints.lastUpload, () => {
      if (!upload) return new Refusal(404, 'Nenhum arquivo foi importado por esta tela ainda.');
      polls++;
      if (polls > 1) upload = { ...upload, estado: 'concluida', bytes: upload.total, lidos: 3, terminada_em: '2026-04-20T10:00:05Z', relatorio: REPORT };
      return upload;
    }),
    answer(cataloguingEndpoints.upload, ({ query }) => {
      upload = {
        id: 1,
        arquivo: query.get('arquivo')!,
        estado: 'executando',
        bytes: 0,
        total: 4096,
        lidos: 0,
        iniciada_em: '2026-04-20T10:00:00Z',
        terminada_em: null,
        erro: null,
        relatorio: null,
      };
      return upload;
    }),
    answer(cataloguingEndpoints.findTitles, ({ query }) =>
      query.get('termo') === 'catalogação' ? [{ ...title, copias: undefined, exemplares: title.copias.length }] : [],
    ),
    answer(cataloguingEndpoints.title, () => title),
    answer(cataloguingEndpoints.addCopy, ({ body }) => {
      const b = body as { tombo: string; cod_biblioteca: number; cod_tipo_emprestimo: number; localizacao: string };
      if (title.copias.some((c) => c.tombo === b.tombo)) return new Refusal(409, `O tombo ${b.tombo} já é de outro exemplar.`);
      title.copias.push({
        ...title.copias[0]!,
        cod_exemplar: 8,
        tombo: b.tombo,
        cod_biblioteca: b.cod_biblioteca,
        biblioteca: OPTIONS.bibliotecas.find((l) => l.cod_biblioteca === b.cod_biblioteca)!.nome,
        localizacao: b.localizacao,
        situacao: 'disponivel',
      });
      return title;
    }),
    answer(cataloguingEndpoints.withdrawCopy, () => new Refusal(409, 'O exemplar T-0007 está emprestado, reservado ou em trânsito.')),
    answer(cataloguingEndpoints.suppress, ({ body }) => {
      title.suprimido = (body as { suprimido: boolean }).suprimido;
      return title;
    }),
  ];
}

describe('the staff area’s cataloguing', () => {
  it('is a section for catalogação', () => {
    expect(section.segment).toBe('catalogacao');
    expect(sectionsFor(['catalogacao']).map((s) => s.segment)).toContain('catalogacao');
    expect(sectionsFor(['circulacao']).map((s) => s.segment)).not.toContain('catalogacao');
  });

  it('uploads a MARC file with the Koha map, shows its progress, then its report', async () => {
    const calls = fakeApi(...cataloguingApi());
    const { user, container } = renderScreen(<CataloguingPage />);
    const form = await screen.findByRole('form', { name: 'Importar arquivo MARC' });
    // Sent with no file: told so beside the field.
    await user.click(within(form).getByRole('button', { name: 'Enviar e importar' }));
    expect(await within(form).findByText('Escolha o arquivo a importar.')).toBeTruthy();

    const file = new File(['<collection/>'], 'koha.xml', { type: 'text/xml' });
    await user.upload(container.querySelector<HTMLInputElement>('input[type=file]')!, file);
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Exemplares dos registros' }), 'koha');
    await user.type(within(form).getByRole('textbox', { name: 'Tipos de empréstimo da origem' }), 'BK=1');
    await user.click(within(form).getByRole('button', { name: 'Enviar e importar' }));

    const status = screen.getByRole('status');
    await waitFor(() => expect(status.textContent).toBe('Arquivo koha.xml enviado: a importação começou.'));
    const sent = calls.find((c) => c.method === 'POST' && c.path === '/api/equipe/catalogacao/importacoes')!;
    expect(Object.fromEntries(sent.query)).toEqual({ arquivo: 'koha.xml', exemplares: 'koha', bibliotecas: '', tipos: 'BK=1', situacoes: '' });
    expect(sent.body).toBeInstanceOf(Blob);

    const bar = screen.getByRole('progressbar', { name: 'Progresso da importação de koha.xml' });
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    expect(screen.getByText('Importando…')).toBeTruthy();

    // The next poll finds it done: the report, and the outcome said.
    expect(await screen.findByText('Importação concluída.', {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Progresso da importação de koha.xml' }).getAttribute('aria-valuenow')).toBe('100');
    await waitFor(() => expect(status.textContent).toBe('Importação de koha.xml concluída: 3 registros lidos.'));
    const counts = screen.getByRole('list', { name: 'Resumo da importação' });
    expect(within(counts).getByText('2 novos')).toBeTruthy();
    expect(within(counts).getByText('1 rejeitado')).toBeTruthy();
    expect(within(counts).getByText(/Exemplares \(Koha \(campo 952\)\): 2 novos/)).toBeTruthy();
    expect(screen.getByText('Biblioteca “CPL” sem mapeamento: 1 exemplar não importado')).toBeTruthy();
    const rejected = screen.getByRole('table', { name: 'Registros rejeitados e o motivo' });
    expect(within(rejected).getByText('record has no control number (001)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Baixar o relatório (texto)' })).toBeTruthy();
  });

  it('finds a title, opens it, adds a copy, is refused a withdrawal on loan, suppresses it and links to the MARC editor', async () => {
    const calls = fakeApi(...cataloguingApi());
    const { user } = renderScreen(<CataloguingPage />);
    await user.type(await screen.findByRole('textbox', { name: 'Número, número de controle ou palavras do título' }), 'catalogação');
    await user.click(screen.getByRole('button', { name: 'Procurar' }));
    await user.click(await screen.findByRole('button', { name: 'Abrir Introdução à catalogação (nº 42)' }));

    const heading = await screen.findByRole('heading', { level: 2, name: 'Introdução à catalogação' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByRole('link', { name: 'Editar o registro MARC' }).getAttribute('href')).toBe('/equipe/registros?titulo=42');
    expect(screen.getByText('Visível no catálogo')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Adicionar exemplar' }));
    const form = await screen.findByRole('form', { name: 'Novo exemplar' });
    await user.type(within(form).getByRole('textbox', { name: 'Tombo' }), 'T-0008');
    await user.type(within(form).getByRole('textbox', { name: 'Localização (número de chamada)' }), '025.3 M612i ex.2');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Biblioteca' }), '2');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Tipo de empréstimo' }), '1');
    await user.click(within(form).getByRole('button', { name: 'Adicionar exemplar' }));

    const status = screen.getByRole('status');
    await waitFor(() => expect(status.textContent).toBe('Exemplar T-0008 adicionado.'));
    await waitFor(() => expect(document.activeElement).toBe(status.firstElementChild));
    const table = screen.getByRole('table', { name: 'Exemplares de Introdução à catalogação' });
    expect(within(table).getByText('T-0008')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/equipe/catalogacao/titulos/42/exemplares')!.body).toMatchObject({
      tombo: 'T-0008',
      cod_biblioteca: 2,
      cod_tipo_emprestimo: 1,
      localizacao: '025.3 M612i ex.2',
      situacao: 'disponivel',
    });

    await user.click(within(table).getByRole('button', { name: 'Dar baixa no exemplar T-0007' }));
    await user.click(await screen.findByRole('button', { name: 'Dar baixa' }));
    const refusal = await screen.findByText('O exemplar T-0007 está emprestado, reservado ou em trânsito.');
    expect(refusal.closest('[role="alert"]')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Ocultar do catálogo' }));
    await waitFor(() => expect(status.textContent).toBe('“Introdução à catalogação” está oculto do catálogo.'));
    expect(screen.getByText('Oculto do catálogo')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mostrar no catálogo' })).toBeTruthy();
  });
});
