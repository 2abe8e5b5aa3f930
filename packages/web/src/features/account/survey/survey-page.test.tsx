import { type DadosPedido, type Pedido, requestsEndpoints } from '@estante/contracts/requests';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, fakeApi, Refusal, renderScreen } from '../../../test/render';
import { SurveyPage } from './survey-page';

const START: DadosPedido = {
  bibliotecas: [
    { cod_biblioteca: 1, desc_biblioteca: 'Biblioteca Central' },
    { cod_biblioteca: 2, desc_biblioteca: 'Biblioteca Setorial de Educação' },
  ],
  email: 'ana@example.org',
  instituicao: 'Universidade Estadual do Vale do Sabiá',
  limite: 3,
};

/** What a screen reader says after a field's name: its help line and its problem. */
const describedBy = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

const isPost = (c: { method: string; path: string }) => c.method === 'POST' && c.path === '/api/solicitacoes/levantamento-bibliografico';

describe('Meu Pergamum, bibliographic survey', () => {
  it('sends the survey filled in, says what the library answered, starts a new one and lists the one sent', async () => {
    const mine: Pedido[] = [];
    const calls = fakeApi(
      answer(requestsEndpoints.startData, START),
      answer(requestsEndpoints.list, ({ params, query }) => (params.tipo === 'levantamento-bibliografico' && query.get('status') === 'todas' ? mine : [])),
      answer(requestsEndpoints.survey, ({ body }) => {
        mine.push({
          cod_solicitacao: 12,
          tipo: 'levantamento-bibliografico',
          subtipo: null,
          resumo: (body as { assunto: string }).assunto,
          biblioteca: 'Biblioteca Setorial de Educação',
          situacao: 'aguardando',
          nota: null,
          criado_em: '2026-11-25T12:00:00',
          historico: [{ situacao: 'aguardando', nota: null, em: '2026-11-25T12:00:00' }],
          ficha_pronta: false,
        });
        return { codigo: 12, mensagem: 'Levantamento 12 enviado à biblioteca.' };
      }),
    );
    const { user } = renderScreen(<SurveyPage />);
    const form = await screen.findByRole('region', { name: 'Novo levantamento bibliográfico' });
    expect(screen.getByText('Peça a um bibliotecário um levantamento da bibliografia sobre um assunto.')).toBeTruthy();
    expect(screen.getByText('Você pode ter até 3 solicitações em aberto de cada tipo.')).toBeTruthy();
    const history = screen.getByRole('region', { name: 'Meus levantamentos' });
    expect(await within(history).findByText('Você ainda não fez solicitações deste tipo.')).toBeTruthy();
    // Two libraries: the patron chooses; the contact address starts as the patron's.
    const library = within(form).getByRole('combobox', { name: 'Biblioteca' });
    expect((library as HTMLSelectElement).value).toBe('');
    expect((within(form).getByRole('textbox', { name: 'E-mail para contato' }) as HTMLInputElement).value).toBe('ana@example.org');
    expect(describedBy(within(form).getByRole('textbox', { name: 'Delimitação' }))).toBe('Aspectos, período, lugar ou público que restringem o assunto.');

    await user.selectOptions(library, 'Biblioteca Setorial de Educação');
    await user.type(within(form).getByRole('textbox', { name: 'Assunto' }), 'Letramento digital');
    await user.type(within(form).getByRole('textbox', { name: 'Delimitação' }), 'Ensino fundamental, escolas públicas');
    await user.type(within(form).getByRole('textbox', { name: 'Idioma' }), 'Português');
    await user.type(within(form).getByRole('textbox', { name: 'Assunto em outro idioma' }), 'Digital literacy');
    await user.type(within(form).getByRole('textbox', { name: 'Ano inicial' }), '2015');
    await user.type(within(form).getByRole('textbox', { name: 'Ano final' }), '2025');
    const types = within(form).getByRole('group', { name: 'Tipo de publicação' });
    await user.click(within(types).getByRole('checkbox', { name: 'Impressa' }));
    await user.click(within(types).getByRole('checkbox', { name: 'On-line' }));
    await user.type(within(form).getByRole('textbox', { name: 'Palavras-chave' }), 'letramento; escola');
    await user.click(within(form).getByRole('button', { name: 'Enviar solicitação' }));

    expect((await within(form).findByRole('status')).textContent).toBe('Levantamento 12 enviado à biblioteca.');
    expect(calls.filter(isPost).map((c) => c.body)).toEqual([
      {
        biblioteca: 2,
        assunto: 'Letramento digital',
        delimitacao: 'Ensino fundamental, escolas públicas',
        idioma: 'Português',
        assunto_outro_idioma: 'Digital literacy',
        ano_inicio: 2015,
        ano_fim: 2025,
        tipos_publicacao: ['impresso', 'online'],
        palavras_chave: 'letramento; escola',
        email: 'ana@example.org',
      },
    ]);
    // A new survey starts blank, keeping the library and the address.
    expect((within(form).getByRole('textbox', { name: 'Assunto' }) as HTMLInputElement).value).toBe('');
    expect((within(types).getByRole('checkbox', { name: 'Impressa' }) as HTMLInputElement).checked).toBe(false);
    expect((within(form).getByRole('combobox', { name: 'Biblioteca' }) as HTMLSelectElement).value).toBe('2');
    expect((within(form).getByRole('textbox', { name: 'E-mail para contato' }) as HTMLInputElement).value).toBe('ana@example.org');
    // The history is asked again and shows it.
    const table = await within(history).findByRole('table', { name: 'Meus levantamentos' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('12');
    expect(row.textContent).toContain('Letramento digital');
    expect(row.textContent).toContain('Biblioteca Setorial de Educação');
    expect(row.textContent).toContain('Aguardando');
  });

  it("refuses, before any call and in the patron's language, a survey with required fields left empty, a bad address or years out of order", async () => {
    const calls = fakeApi(answer(requestsEndpoints.startData, START), answer(requestsEndpoints.list, []));
    const { user } = renderScreen(<SurveyPage />);
    const form = await screen.findByRole('region', { name: 'Novo levantamento bibliográfico' });
    const email = within(form).getByRole('textbox', { name: 'E-mail para contato' });
    await user.clear(email);
    await user.click(within(form).getByRole('button', { name: 'Enviar solicitação' }));

    expect(within(form).getByRole('alert').textContent).toBe('Corrija os campos indicados.');
    const library = within(form).getByRole('combobox', { name: 'Biblioteca' });
    expect([library.getAttribute('aria-invalid'), describedBy(library)]).toEqual(['true', 'Preencha este campo.']);
    expect(describedBy(within(form).getByRole('textbox', { name: 'Assunto' }))).toBe('Preencha este campo.');
    expect(describedBy(within(form).getByRole('group', { name: 'Tipo de publicação' }))).toBe('Escolha ao menos um tipo de publicação.');
    expect(describedBy(email)).toContain('Preencha este campo.');
    expect(describedBy(email)).toContain('Um ou mais endereços, separados por ponto e vírgula.');
    expect(within(form).getByRole('textbox', { name: 'Idioma' }).getAttribute('aria-invalid')).toBe('false');

    await user.selectOptions(library, 'Biblioteca Central');
    await user.type(within(form).getByRole('textbox', { name: 'Assunto' }), 'Letramento digital');
    await user.click(within(form).getByRole('checkbox', { name: 'Impressa' }));
    await user.type(email, 'ana@example.org;bruno@');
    await user.click(within(form).getByRole('button', { name: 'Enviar solicitação' }));
    expect(describedBy(email)).toContain('E-mail inválido: use endereços como nome@exemplo.org, separados por ponto e vírgula.');
    expect(library.getAttribute('aria-invalid')).toBe('false');

    await user.clear(email);
    await user.type(email, 'ana@example.org');
    await user.type(within(form).getByRole('textbox', { name: 'Ano inicial' }), '2025');
    await user.type(within(form).getByRole('textbox', { name: 'Ano final' }), '2015');
    await user.click(within(form).getByRole('button', { name: 'Enviar solicitação' }));
    expect(describedBy(within(form).getByRole('textbox', { name: 'Ano final' }))).toBe('O ano inicial não pode ser maior que o final.');
    expect(within(form).getByRole('alert').textContent).toBe('Corrija os campos indicados.');
    expect(calls.some(isPost)).toBe(false);
  });

  it("shows the library's refusal in place and keeps what the patron typed", async () => {
    const calls = fakeApi(
      answer(requestsEndpoints.startData, { ...START, bibliotecas: [START.bibliotecas[0]!] }),
      answer(requestsEndpoints.list, []),
      answer(requestsEndpoints.survey, () => new Refusal(422, 'Você já tem 3 levantamentos em aberto.', 'LimiteSolicitacoes')),
    );
    const { user } = renderScreen(<SurveyPage />);
    const form = await screen.findByRole('region', { name: 'Novo levantamento bibliográfico' });
    // The only library comes chosen.
    expect((within(form).getByRole('combobox', { name: 'Biblioteca' }) as HTMLSelectElement).value).toBe('1');
    await user.type(within(form).getByRole('textbox', { name: 'Assunto' }), 'Economia solidária');
    await user.click(within(form).getByRole('checkbox', { name: 'On-line' }));
    await user.click(within(form).getByRole('button', { name: 'Enviar solicitação' }));

    expect((await within(form).findByRole('alert')).textContent).toBe('Você já tem 3 levantamentos em aberto.');
    expect(within(form).queryByRole('status')).toBeNull();
    expect(calls.filter(isPost).map((c) => c.body)).toEqual([
      { biblioteca: 1, assunto: 'Economia solidária', tipos_publicacao: ['online'], email: 'ana@example.org' },
    ]);
    expect((within(form).getByRole('textbox', { name: 'Assunto' }) as HTMLInputElement).value).toBe('Economia solidária');
  });

  it('says when the form cannot start, offering no form', async () => {
    fakeApi(answer(requestsEndpoints.startData, () => new Refusal(503, 'fora do ar')));
    renderScreen(<SurveyPage />);
    expect(await screen.findByText('Não foi possível carregar as solicitações.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enviar solicitação' })).toBeNull();
  });
});
