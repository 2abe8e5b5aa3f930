import { type DadosPedido, type Pedido, requestsEndpoints } from '@estante/contracts/requests';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, fakeApi, Refusal, renderScreen } from '../../../test/render';
import { SpecialisedPage } from './specialised-page';

const START: DadosPedido = {
  bibliotecas: [
    { cod_biblioteca: 1, desc_biblioteca: 'Biblioteca Central' },
    { cod_biblioteca: 3, desc_biblioteca: 'Biblioteca do Campus Norte' },
  ],
  email: 'ana@example.org',
  instituicao: 'Universidade Estadual do Vale do Sabiá',
  limite: 2,
};

/** What a screen reader says after a field's name: its help line and its problem. */
const describedBy = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

const isPost = (c: { method: string; path: string }) => c.method === 'POST' && c.path === '/api/solicitacoes/pesquisa-especializada';

describe('Meu Pergamum, specialised search', () => {
  it('sends the search asked for with every field filled in, says what the library answered and lists it', async () => {
    const mine: Pedido[] = [];
    const calls = fakeApi(
      answer(requestsEndpoints.startData, START),
      answer(requestsEndpoints.list, ({ params }) => (params.tipo === 'pesquisa-especializada' ? mine : [])),
      answer(requestsEndpoints.specialised, ({ body }) => {
        mine.push({
          cod_solicitacao: 31,
          tipo: 'pesquisa-especializada',
          subtipo: null,
          resumo: (body as { assunto: string }).assunto,
          biblioteca: 'Biblioteca do Campus Norte',
          situacao: 'aguardando',
          nota: null,
          criado_em: '2026-11-25T12:00:00',
          historico: [{ situacao: 'aguardando', nota: null, em: '2026-11-25T12:00:00' }],
          ficha_pronta: false,
        });
        return { codigo: 31, mensagem: 'Pesquisa especializada 31 enviada à biblioteca.' };
      }),
    );
    const { user } = renderScreen(<SpecialisedPage />);
    const form = await screen.findByRole('region', { name: 'Nova pesquisa especializada' });
    expect(screen.getByText('Peça a um bibliotecário uma pesquisa especializada nas bases de dados e no acervo.')).toBeTruthy();
    expect(screen.getByText('Você pode ter até 2 solicitações em aberto de cada tipo.')).toBeTruthy();
    const history = screen.getByRole('region', { name: 'Minhas pesquisas especializadas' });
    expect(await within(history).findByText('Você ainda não fez solicitações deste tipo.')).toBeTruthy();
    const purpose = within(form).getByRole('textbox', { name: 'Objetivo da pesquisa' });
    expect(describedBy(purpose)).toBe('Para que é a pesquisa (tese, artigo, projeto…).');

    await user.selectOptions(within(form).getByRole('combobox', { name: 'Biblioteca' }), 'Biblioteca do Campus Norte');
    await user.type(within(form).getByRole('textbox', { name: 'Assunto' }), 'Agroecologia no semiárido');
    await user.type(purpose, 'Dissertação de mestrado');
    await user.type(within(form).getByRole('textbox', { name: 'Fontes sugeridas' }), 'Scopus, SciELO');
    await user.type(within(form).getByRole('textbox', { name: 'Idiomas' }), 'Português, espanhol');
    await user.type(within(form).getByRole('textbox', { name: 'Ano inicial' }), '2010');
    await user.type(within(form).getByRole('textbox', { name: 'Ano final' }), '2024');
    await user.type(within(form).getByLabelText('Preciso até'), '2026-12-15');
    const email = within(form).getByRole('textbox', { name: 'E-mail para contato' });
    await user.type(email, ';orientador@example.org');
    await user.type(within(form).getByRole('textbox', { name: 'Observação' }), 'Inclua teses.');
    await user.click(within(form).getByRole('button', { name: 'Enviar solicitação' }));

    expect((await within(form).findByRole('status')).textContent).toBe('Pesquisa especializada 31 enviada à biblioteca.');
    expect(calls.filter(isPost).map((c) => c.body)).toEqual([
      {
        biblioteca: 3,
        assunto: 'Agroecologia no semiárido',
        objetivo: 'Dissertação de mestrado',
        fontes: 'Scopus, SciELO',
        idiomas: 'Português, espanhol',
        ano_inicio: 2010,
        ano_fim: 2024,
        prazo: '2026-12-15',
        email: 'ana@example.org;orientador@example.org',
        observacao: 'Inclua teses.',
      },
    ]);
    // Ready for another: blank, but for the library and the addresses.
    expect((within(form).getByRole('textbox', { name: 'Assunto' }) as HTMLInputElement).value).toBe('');
    expect((within(form).getByRole('textbox', { name: 'Objetivo da pesquisa' }) as HTMLTextAreaElement).value).toBe('');
    expect((within(form).getByLabelText('Preciso até') as HTMLInputElement).value).toBe('');
    expect((within(form).getByRole('combobox', { name: 'Biblioteca' }) as HTMLSelectElement).value).toBe('3');
    expect((within(form).getByRole('textbox', { name: 'E-mail para contato' }) as HTMLInputElement).value).toBe('ana@example.org;orientador@example.org');
    const table = await within(history).findByRole('table', { name: 'Minhas pesquisas especializadas' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('31');
    expect(row.textContent).toContain('Agroecologia no semiárido');
    expect(row.textContent).toContain('Biblioteca do Campus Norte');
  });

  it('refuses, before any call, a search without its subject, purpose, library and address, or with more than five addresses', async () => {
    const calls = fakeApi(answer(requestsEndpoints.startData, START), answer(requestsEndpoints.list, []));
    const { user } = renderScreen(<SpecialisedPage />);
    const form = await screen.findByRole('region', { name: 'Nova pesquisa especializada' });
    const email = within(form).getByRole('textbox', { name: 'E-mail para contato' });
    await user.clear(email);
    await user.click(within(form).getByRole('button', { name: 'Enviar solicitação' }));

    expect(within(form).getByRole('alert').textContent).toBe('Corrija os campos indicados.');
    for (const field of [
      within(form).getByRole('combobox', { name: 'Biblioteca' }),
      within(form).getByRole('textbox', { name: 'Assunto' }),
      within(form).getByRole('textbox', { name: 'Objetivo da pesquisa' }),
      email,
    ]) {
      expect([field.getAttribute('aria-invalid'), describedBy(field).includes('Preencha este campo.')]).toEqual(['true', true]);
    }
    for (const name of ['Fontes sugeridas', 'Idiomas', 'Observação']) {
      expect(within(form).getByRole('textbox', { name }).getAttribute('aria-invalid')).toBe('false');
    }

    await user.type(email, 'a@example.org;b@example.org;c@example.org;d@example.org;e@example.org;f@example.org');
    await user.click(within(form).getByRole('button', { name: 'Enviar solicitação' }));
    expect(describedBy(email)).toContain('No máximo 5 endereços.');
    expect(calls.some(isPost)).toBe(false);
  });

  it("shows the server's word when it could not reach the library, and a general message for other failures", async () => {
    let failures = 0;
    const calls = fakeApi(
      answer(requestsEndpoints.startData, { ...START, bibliotecas: [START.bibliotecas[0]!] }),
      answer(requestsEndpoints.list, []),
      answer(requestsEndpoints.specialised, () =>
        ++failures === 1
          ? new Refusal(502, 'A solicitação não pôde ser enviada à biblioteca por e-mail. Tente mais tarde.', 'ErroEmailBiblioteca')
          : new Refusal(500, 'TypeError: cannot read properties of undefined'),
      ),
    );
    const { user } = renderScreen(<SpecialisedPage />);
    const form = await screen.findByRole('region', { name: 'Nova pesquisa especializada' });
    await user.type(within(form).getByRole('textbox', { name: 'Assunto' }), 'Agroecologia');
    await user.type(within(form).getByRole('textbox', { name: 'Objetivo da pesquisa' }), 'Artigo');
    await user.click(within(form).getByRole('button', { name: 'Enviar solicitação' }));

    expect((await within(form).findByRole('alert')).textContent).toBe('A solicitação não pôde ser enviada à biblioteca por e-mail. Tente mais tarde.');
    expect(calls.filter(isPost).map((c) => c.body)).toEqual([{ biblioteca: 1, assunto: 'Agroecologia', objetivo: 'Artigo', email: 'ana@example.org' }]);
    expect((within(form).getByRole('textbox', { name: 'Assunto' }) as HTMLInputElement).value).toBe('Agroecologia');

    await user.click(within(form).getByRole('button', { name: 'Enviar solicitação' }));
    expect(await within(form).findByText('Ocorreu um erro inesperado no processamento.')).toBeTruthy();
    expect(within(form).getByRole('alert').textContent).toBe('Ocorreu um erro inesperado no processamento.');
    expect(calls.filter(isPost)).toHaveLength(2);
  });
});
