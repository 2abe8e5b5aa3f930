import { type KardexEquipe, serialsStaffEndpoints } from '@estante/contracts/catalog';
import { interestEndpoints } from '@estante/contracts/interest';
import type { EndpointOutput } from '@estante/contracts/kernel';
import { unitsEndpoints } from '@estante/contracts/parameters';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, fakeApi, Refusal, renderScreen } from '../../../test/render';
import { sectionsFor, STAFF_SECTIONS } from '../sections';
import { SerialsPage } from './serials-page';
import { section } from './section';

type Issue = KardexEquipe['fasciculos'][number];
type Subscription = EndpointOutput<typeof serialsStaffEndpoints.subscriptions>[number];

const LIBRARIES = [
  { cod_biblioteca: 1, desc_biblioteca: 'Biblioteca Central', cod_campus: 1 },
  { cod_biblioteca: 2, desc_biblioteca: 'Biblioteca Setorial', cod_campus: 1 },
];
const TITLE = 'Revista Brasileira de Educação';
const RECEIVED_TWICE = 'O fascículo de 02/2026 já foi recebido.';
/** The months the subscription lays out (from January), and the first not yet past: earlier ones not received are late. */
const MONTHS = [1, 2, 3, 4, 5];
const THIS_MONTH = 4;

/**
 * The serials API over one monthly subscription at the Central library (from 01/2026, today in
 * 04/2026; January and February received, v. 12 n. 1 and 2, February with an article), changed
 * by the writes as the server would: the next expected received and numbered after the last, a
 * month already received refused with 409, claims and articles recorded.
 */
function serialsApi() {
  const received = new Map<number, Pick<Issue, 'volume' | 'numero' | 'chegada' | 'artigos'> & { cod: number }>([
    [1, { cod: 30, volume: '12', numero: '1', chegada: '2026-01-12', artigos: [] }],
    [
      2,
      { cod: 31, volume: '12', numero: '2', chegada: '2026-02-10', artigos: [{ seq: 1, titulo: 'Leitura e escola', autores: 'Souza, Ana', paginas: '5-20' }] },
    ],
  ]);
  const claims = new Map<number, { em: string; nota: string | null }>();
  let nextCod = 40;

  const issues = (): Issue[] =>
    [...MONTHS].reverse().map((mes) => {
      const got = received.get(mes);
      const claim = claims.get(mes);
      const situacao = got ? 'recebido' : claim ? 'reclamado' : mes < THIS_MONTH ? 'em_atraso' : 'esperado';
      return {
        ano: 2026,
        mes,
        situacao,
        cod_fasciculo: got?.cod ?? null,
        volume: got?.volume ?? null,
        numero: got?.numero ?? null,
        chegada: got?.chegada ?? null,
        reclamado_em: claim?.em ?? null,
        reclamacao: claim?.nota ?? null,
        artigos: got?.artigos ?? [],
      };
    });
  const kardex = (): KardexEquipe => {
    const next = MONTHS.find((mes) => !received.has(mes));
    return {
      cod_acervo: 900,
      titulo: TITLE,
      issn: '1413-2478',
      cod_biblioteca: 1,
      biblioteca: 'Biblioteca Central',
      periodicidade: 'm',
      assinatura: { periodicidade: null, inicio: '2026-01' },
      proximo: next === undefined ? null : { ano: 2026, mes: next },
      fasciculos: issues(),
    };
  };
  const late = () => MONTHS.filter((mes) => mes < THIS_MONTH && !received.has(mes)).length;

  return [
    answer(unitsEndpoints.libraries, LIBRARIES),
    answer(serialsStaffEndpoints.subscriptions, (): Subscription[] => [
      {
        cod_acervo: 900,
        titulo: TITLE,
        issn: '1413-2478',
        cod_biblioteca: 1,
        biblioteca: 'Biblioteca Central',
        periodicidade: 'm',
        inicio: '2026-01',
        ultimo_recebido: '2026-02-10',
        em_atraso: late(),
      },
      {
        cod_acervo: 905,
        titulo: 'Ciência Hoje',
        issn: null,
        cod_biblioteca: 2,
        biblioteca: 'Biblioteca Setorial',
        periodicidade: 'b',
        inicio: '2025-11',
        ultimo_recebido: null,
        em_atraso: 0,
      },
    ]),
    answer(serialsStaffEndpoints.kardex, kardex),
    answer(serialsStaffEndpoints.receive, ({ body }) => {
      const { ano, mes, volume, numero } = body as { ano?: number; mes?: number; volume?: string; numero?: string };
      const slot = mes ?? kardex().proximo?.mes;
      if (ano !== undefined && ano !== 2026) return new Refusal(404, 'Fora da assinatura.');
      if (slot === undefined) return new Refusal(409, 'Nenhum fascículo é esperado.');
      if (received.has(slot)) return new Refusal(409, `O fascículo de ${String(slot).padStart(2, '0')}/2026 já foi recebido.`, 'FasciculoJaRecebido');
      const last = Math.max(...[...received.values()].map((r) => Number(r.numero)));
      const guessed = mes === undefined;
      received.set(slot, {
        cod: nextCod++,
        volume: volume ?? (guessed ? '12' : null),
        numero: numero ?? (guessed ? String(last + 1) : null),
        chegada: '2026-04-20',
        artigos: [],
      });
      return kardex();
    }),
    answer(serialsStaffEndpoints.claim, ({ body }) => {
      const { mes, nota } = body as { mes: number; nota?: string };
      if (received.has(mes)) return new Refusal(409, 'Já recebido.');
      claims.set(mes, { em: '2026-04-20', nota: nota ?? null });
      return kardex();
    }),
    answer(serialsStaffEndpoints.indexArticle, ({ params, body }) => {
      const issue = [...received.values()].find((r) => r.cod === Number(params.id));
      if (!issue) return new Refusal(404, `Não há fascículo ${params.id}.`);
      const { titulo, autores, paginas } = body as { titulo: string; autores?: string; paginas?: string };
      issue.artigos.push({ seq: issue.artigos.length + 1, titulo, autores: autores ?? null, paginas: paginas ?? null });
      return kardex();
    }),
    answer(serialsStaffEndpoints.subscribe, ({ params, body }) => {
      const { inicio, periodicidade } = body as { inicio: string; periodicidade: KardexEquipe['periodicidade'] | null };
      return {
        ...kardex(),
        cod_acervo: Number(params.acervo),
        titulo: 'Cadernos de Pesquisa',
        cod_biblioteca: Number(params.biblioteca),
        biblioteca: LIBRARIES.find((b) => b.cod_biblioteca === Number(params.biblioteca))!.desc_biblioteca,
        periodicidade: periodicidade ?? 'q',
        assinatura: { periodicidade: periodicidade === 'u' ? null : periodicidade, inicio },
      };
    }),
    answer(interestEndpoints.serialLookup, ({ query }) =>
      query.get('termoPesquisa') === 'cadernos pesquisa'
        ? [{ codigo: 977, descricao: 'Cadernos de Pesquisa', issn: '0100-1574', fasciculos: 40, bibliotecas: ['Biblioteca Central'] }]
        : [],
    ),
  ];
}

type Calls = ReturnType<typeof fakeApi>;
const sent = (calls: Calls, method: string, path: string) => calls.filter((c) => c.method === method && c.path === path).map((c) => c.body);
const table = () => screen.findByRole('table', { name: 'Periódicos assinados, por biblioteca' });
const status = () => screen.getByRole('status');

/** The page with the Central library's Kardex of the Revista open. */
async function openKardex() {
  const calls = fakeApi(...serialsApi());
  const view = renderScreen(<SerialsPage />);
  await view.user.click(within(await table()).getByRole('button', { name: `Abrir Kardex de ${TITLE}, Biblioteca Central` }));
  await screen.findByRole('heading', { level: 2, name: `${TITLE} — Biblioteca Central` });
  return { calls, ...view };
}

describe('the staff area’s serials', () => {
  it('lists the subscriptions: title, ISSN, library, frequency, start, last received and how many are late, in words', async () => {
    fakeApi(...serialsApi());
    renderScreen(<SerialsPage />);
    const rows = (await table()).querySelectorAll('tbody tr');
    expect(rows).toHaveLength(2);
    const cell = (row: number, label: string) => rows[row]!.querySelector(`[data-label="${label}"]`)!.textContent;
    expect(cell(0, 'Título')).toBe(TITLE);
    expect(cell(0, 'ISSN')).toBe('1413-2478');
    expect(cell(0, 'Periodicidade')).toBe('mensal');
    expect(cell(0, 'Desde')).toBe('janeiro de 2026');
    expect(cell(0, 'Último recebido')).toBe('10/02/2026');
    expect(cell(0, 'Em atraso')).toBe('1 fascículo em atraso');
    expect(cell(1, 'ISSN')).toBe('—');
    expect(cell(1, 'Periodicidade')).toBe('bimestral');
    expect(cell(1, 'Último recebido')).toBe('Nenhum');
    expect(cell(1, 'Em atraso')).toBe('Em dia');
  });

  it('opens a Kardex ready to receive: the next expected issue’s button has the focus', async () => {
    await openKardex();
    const receive = screen.getByRole('button', { name: 'Receber o próximo (03/2026)' });
    expect(document.activeElement).toBe(receive);
    expect(screen.getByText('mensal (a do título)')).toBeTruthy();
    expect(screen.getByText('desde janeiro de 2026')).toBeTruthy();
    const rows = screen.getByRole('table', { name: `Fascículos de ${TITLE}, Biblioteca Central, os mais novos primeiro` }).querySelectorAll('tbody tr');
    expect([...rows].map((row) => row.querySelector('[data-label="Situação"]')!.textContent)).toEqual([
      'Esperado',
      'Esperado',
      'Em atraso',
      'Recebido',
      'Recebido',
    ]);
    expect(rows[3]!.querySelector('[data-label="Fascículo"]')!.textContent).toBe('fevereiro de 2026');
    expect(rows[3]!.querySelector('[data-label="Chegada"]')!.textContent).toBe('10/02/2026');
  });

  it('receives one issue per Enter with an empty body, announces each and keeps the focus on the button', async () => {
    const { calls, user } = await openKardex();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(status().textContent).toBe('Fascículo 03/2026 recebido (v. 12, n. 3).'));
    const receive = screen.getByRole('button', { name: 'Receber o próximo (04/2026)' });
    expect(document.activeElement).toBe(receive);

    await user.keyboard('{Enter}');
    await waitFor(() => expect(status().textContent).toBe('Fascículo 04/2026 recebido (v. 12, n. 4).'));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Receber o próximo (05/2026)' }));
    expect(sent(calls, 'POST', '/api/equipe/periodicos/900/1/recebimentos')).toEqual([{}, {}]);
    expect(screen.getAllByText('Recebido')).toHaveLength(4);
  });

  it('queues Enter pressed while a call is on its way: each receives the next issue; after the last expected, the focus goes to what was said', async () => {
    const { calls, user } = await openKardex();
    await user.keyboard('{Enter}{Enter}{Enter}');
    await waitFor(() => expect(status().textContent).toBe('Fascículo 05/2026 recebido (v. 12, n. 5).'));
    expect(sent(calls, 'POST', '/api/equipe/periodicos/900/1/recebimentos')).toEqual([{}, {}, {}]);
    expect(screen.queryByRole('button', { name: /^Receber o próximo/ })).toBeNull();
    expect(screen.getByText(/^Nenhum fascículo é esperado/)).toBeTruthy();
    await waitFor(() => expect(status().contains(document.activeElement)).toBe(true));
  });

  it('receives the issue of a month given, and shows the refusal of one already received', async () => {
    const { calls, user } = await openKardex();
    const form = screen.getByRole('form', { name: 'Receber o fascículo de um mês' });
    await user.selectOptions(within(form).getByRole('combobox', { name: /^Mês/ }), 'fevereiro');
    await user.click(within(form).getByRole('button', { name: 'Receber este fascículo' }));
    expect((await within(form).findByText(RECEIVED_TWICE)).closest('[role="alert"]')).toBeTruthy();

    await user.selectOptions(within(form).getByRole('combobox', { name: /^Mês/ }), 'maio');
    await user.type(within(form).getByRole('textbox', { name: 'Volume' }), '13');
    await user.type(within(form).getByRole('textbox', { name: 'Número' }), '1');
    await user.click(within(form).getByRole('button', { name: 'Receber este fascículo' }));
    await waitFor(() => expect(status().textContent).toBe('Fascículo 05/2026 recebido (v. 13, n. 1).'));
    expect(status().contains(document.activeElement)).toBe(true);
    expect(sent(calls, 'POST', '/api/equipe/periodicos/900/1/recebimentos')).toEqual([
      { ano: 2026, mes: 2 },
      { ano: 2026, mes: 5, volume: '13', numero: '1' },
    ]);
  });

  it('shows a 409 refusal of "Receber o próximo" beside it, the focus kept there', async () => {
    const calls = fakeApi(
      answer(serialsStaffEndpoints.kardex, ({ params }): KardexEquipe => ({
        cod_acervo: Number(params.acervo),
        titulo: TITLE,
        issn: null,
        cod_biblioteca: Number(params.biblioteca),
        biblioteca: 'Biblioteca Central',
        periodicidade: 'm',
        assinatura: { periodicidade: null, inicio: '2026-01' },
        proximo: { ano: 2026, mes: 1 },
        fasciculos: [],
      })),
      answer(serialsStaffEndpoints.receive, () => new Refusal(409, 'O fascículo de 01/2026 já foi recebido.', 'FasciculoJaRecebido')),
      ...serialsApi().filter((a) => a.endpoint !== serialsStaffEndpoints.kardex && a.endpoint !== serialsStaffEndpoints.receive),
    );
    const { user } = renderScreen(<SerialsPage />);
    await user.click(within(await table()).getByRole('button', { name: `Abrir Kardex de ${TITLE}, Biblioteca Central` }));
    const receive = await screen.findByRole('button', { name: 'Receber o próximo (01/2026)' });
    await waitFor(() => expect(document.activeElement).toBe(receive));
    await user.keyboard('{Enter}');
    expect((await screen.findByText('O fascículo de 01/2026 já foi recebido.')).closest('[role="alert"]')).toBeTruthy();
    expect(document.activeElement).toBe(receive);
    expect(sent(calls, 'POST', '/api/equipe/periodicos/900/1/recebimentos')).toEqual([{}]);
  });

  it('claims a late issue with a note, announced with the focus there', async () => {
    const { calls, user } = await openKardex();
    await user.click(screen.getByRole('button', { name: 'Reclamar o fascículo de março de 2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reclamar o fascículo de março de 2026' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Nota/ }), 'Pedido por e-mail à editora');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar a reclamação' }));
    await waitFor(() => expect(status().textContent).toBe('Fascículo 03/2026 reclamado.'));
    expect(sent(calls, 'POST', '/api/equipe/periodicos/900/1/reclamacoes')).toEqual([{ ano: 2026, mes: 3, nota: 'Pedido por e-mail à editora' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(status().contains(document.activeElement)).toBe(true);
    const march = screen.getByText('Pedido por e-mail à editora').closest('tr')!;
    expect(march.querySelector('[data-label="Situação"]')!.textContent).toBe('Reclamado');
    expect(march.querySelector('[data-label="Reclamação"]')!.textContent).toBe('20/04/2026Pedido por e-mail à editora');
    // Received issues are not claimed.
    expect(screen.queryByRole('button', { name: 'Reclamar o fascículo de fevereiro de 2026, n. 2' })).toBeNull();
  });

  it('indexes an article in a received issue and lists it there', async () => {
    const { calls, user } = await openKardex();
    // February's article, listed on demand.
    const shown = screen.getByRole('button', { name: '1 artigo do fascículo de fevereiro de 2026, n. 2' });
    expect(shown.getAttribute('aria-expanded')).toBe('false');
    await user.click(shown);
    expect(shown.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('Leitura e escola')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Indexar artigo no fascículo de janeiro de 2026, n. 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Indexar artigo no fascículo de janeiro de 2026, n. 1' });
    // A title is required: nothing is sent without it.
    await user.click(within(dialog).getByRole('button', { name: 'Indexar o artigo' }));
    expect(await within(dialog).findByText('Preencha este campo.')).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: /^Título do artigo/ }), ' Avaliação na escola ');
    await user.type(within(dialog).getByRole('textbox', { name: /^Autores/ }), 'Lima, Bruno');
    await user.type(within(dialog).getByRole('textbox', { name: /^Páginas/ }), '21-40');
    await user.click(within(dialog).getByRole('button', { name: 'Indexar o artigo' }));
    await waitFor(() => expect(status().textContent).toBe('Artigo “Avaliação na escola” indexado no fascículo 01/2026.'));
    expect(sent(calls, 'POST', '/api/equipe/fasciculos/30/artigos')).toEqual([{ titulo: 'Avaliação na escola', autores: 'Lima, Bruno', paginas: '21-40' }]);
    expect(status().contains(document.activeElement)).toBe(true);
    const january = screen.getByRole('button', { name: '1 artigo do fascículo de janeiro de 2026, n. 1' });
    expect(january.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('Avaliação na escola')).toBeTruthy();
    expect(screen.getByText('p. 21-40')).toBeTruthy();
  });

  it('goes back to the list with the focus on the button that opened the Kardex', async () => {
    const { user } = await openKardex();
    await user.click(screen.getByRole('button', { name: 'Voltar às assinaturas' }));
    const opener = within(await table()).getByRole('button', { name: `Abrir Kardex de ${TITLE}, Biblioteca Central` });
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('records a new subscription: the title found by words of its title, sent as {inicio, periodicidade}', async () => {
    const calls = fakeApi(...serialsApi());
    const { user } = renderScreen(<SerialsPage />);
    await table();
    const form = screen.getByRole('form', { name: 'Nova assinatura' });
    const submit = within(form).getByRole('button', { name: 'Registrar a assinatura' });

    // The title and the library are asked for before anything is sent.
    await user.click(submit);
    expect(await within(form).findByText('Informe o número do título (somente números).')).toBeTruthy();
    expect(within(form).getByText('Escolha a biblioteca.')).toBeTruthy();

    const search = screen.getByRole('search', { name: 'Procurar o periódico pelo título' });
    await user.type(within(search).getByRole('textbox', { name: /^Palavras do título/ }), 'de');
    await user.click(within(search).getByRole('button', { name: 'Procurar' }));
    expect(await within(search).findByText('Digite palavras do título, cada uma com ao menos 3 letras.')).toBeTruthy();
    await user.clear(within(search).getByRole('textbox', { name: /^Palavras do título/ }));
    await user.type(within(search).getByRole('textbox', { name: /^Palavras do título/ }), 'cadernos  pesquisa{Enter}');
    await waitFor(() => expect(status().textContent).toBe('1 periódico encontrado para “cadernos pesquisa”.'));
    await user.click(screen.getByRole('button', { name: 'Usar Cadernos de Pesquisa, título nº 977' }));
    const titleNumber = within(form).getByRole<HTMLInputElement>('textbox', { name: /^Número do título/ });
    expect(titleNumber.value).toBe('977');
    expect(document.activeElement).toBe(titleNumber);
    expect(within(form).getByText('Cadernos de Pesquisa')).toBeTruthy();

    await user.selectOptions(within(form).getByRole('combobox', { name: /^Biblioteca/ }), 'Biblioteca Setorial');
    const start = form.querySelector<HTMLInputElement>('input[type="month"]')!;
    await user.clear(start);
    await user.type(start, '2026-05');
    await user.selectOptions(within(form).getByRole('combobox', { name: /^Periodicidade/ }), 'trimestral');
    await user.click(submit);
    await waitFor(() =>
      expect(status().textContent).toBe('Assinatura registrada: Cadernos de Pesquisa, Biblioteca Setorial, desde maio de 2026, periodicidade trimestral.'),
    );
    expect(status().contains(document.activeElement)).toBe(true);
    expect(sent(calls, 'PUT', '/api/equipe/periodicos/977/2')).toEqual([{ inicio: '2026-05', periodicidade: 'q' }]);
    expect(calls.filter((c) => c.path === '/api/perfil-interesse/periodicos/pesquisa').map((c) => c.query.get('termoPesquisa'))).toEqual(['cadernos pesquisa']);
    // Ready for the next one, at the title's own frequency unless another is chosen.
    expect(titleNumber.value).toBe('');
    await user.type(titleNumber, '905');
    await user.selectOptions(within(form).getByRole('combobox', { name: /^Biblioteca/ }), 'Biblioteca Central');
    await user.click(submit);
    await waitFor(() => expect(sent(calls, 'PUT', '/api/equipe/periodicos/905/1')).toHaveLength(1));
    expect(sent(calls, 'PUT', '/api/equipe/periodicos/905/1')[0]).toEqual({ inicio: expect.stringMatching(/^\d{4}-\d{2}$/), periodicidade: null });
  });

  it('is a section found by its folder, offered to cataloguing and acquisitions', () => {
    expect(STAFF_SECTIONS).toContain(section);
    expect(section.segment).toBe('periodicos');
    expect(sectionsFor(['catalogacao'])).toContain(section);
    expect(sectionsFor(['aquisicao'])).toContain(section);
    expect(sectionsFor(['circulacao', 'atendimento', 'moderacao', 'administracao'])).not.toContain(section);
  });
});
