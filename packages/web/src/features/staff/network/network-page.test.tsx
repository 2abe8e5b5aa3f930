import { networkPartnerEndpoints, type Parceiro } from '@estante/contracts/network';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, fakeApi, Refusal, renderScreen } from '../../../test/render';
import { sectionsFor, STAFF_SECTIONS } from '../sections';
import { type Asked, shouldPoll } from './network.api';
import { NetworkPage } from './network-page';
import { section } from './section';

const LIST = '/api/equipe/rede/parceiros';
const when = (iso: string) => new Intl.DateTimeFormat('pt', { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));

/** A partner as the list answers it: a complete harvest behind it, unless told otherwise. */
function partner(id: number, nome: string, more: Partial<Parceiro> = {}): Parceiro {
  return {
    cod_empresa: id,
    nome,
    endereco: `https://${nome.toLowerCase().replace(/\W+/g, '-')}.example.org/oai`,
    formato: 'marc21',
    registro_url: null,
    registros: 1234,
    ultima_coleta: '2026-11-27T03:10:00Z',
    proxima_tentativa: '2026-11-28T03:10:00Z',
    ultimo_erro: null,
    falhas: 0,
    coleta: {
      situacao: 'completa',
      paginas: 13,
      recebidos: 1250,
      novos: 1234,
      atualizados: 0,
      apagados: 0,
      ignorados: 16,
      total: 1250,
      inicio: '2026-11-27T03:00:00Z',
      atualizada: '2026-11-27T03:10:00Z',
      erro: null,
    },
    ...more,
  };
}

const CENTRAL = partner(3, 'Biblioteca Central da UFX');
const RUNNING = partner(4, 'Rede Sul', {
  registros: 100,
  ultima_coleta: null,
  proxima_tentativa: null,
  ultimo_erro: 'tempo esgotado',
  falhas: 2,
  coleta: {
    situacao: 'coletando',
    paginas: 3,
    recebidos: 120,
    novos: 100,
    atualizados: 20,
    apagados: 0,
    ignorados: 0,
    total: 500,
    inicio: '2026-11-28T10:00:00Z',
    atualizada: '2026-11-28T10:01:00Z',
    erro: null,
  },
});
const NEW = partner(5, 'Biblioteca Nova', { formato: 'oai_dc', registros: 0, ultima_coleta: null, proxima_tentativa: null, coleta: null });

const calls = (made: ReturnType<typeof fakeApi>, method: string, path: string) => made.filter((c) => c.method === method && c.path === path);
const table = () => screen.findByRole('table', { name: 'Parceiros da rede' });
const rowOf = async (name: string) =>
  within(await table())
    .getByText(name)
    .closest('tr')!;
const cell = (row: Element, header: string) => row.querySelector(`[data-label="${header}"]`)!.textContent;

describe('the staff area’s partner network', () => {
  it('lists each partner: address, format, records, last harvest, next attempt, last error, and a running harvest’s progress', async () => {
    fakeApi(answer(networkPartnerEndpoints.list, [CENTRAL, RUNNING]));
    renderScreen(<NetworkPage />);
    expect(screen.getByText(/Um parceiro é outra biblioteca cujo catálogo é coletado por OAI-PMH/)).toBeTruthy();
    expect((await table()).querySelectorAll('tbody tr')).toHaveLength(2);

    const central = await rowOf('Biblioteca Central da UFX');
    expect(cell(central, 'Endereço OAI-PMH')).toBe('https://biblioteca-central-da-ufx.example.org/oai');
    expect(cell(central, 'Formato')).toBe('marc21');
    expect(cell(central, 'Registros')).toBe('1.234');
    expect(cell(central, 'Última coleta completa')).toBe(when('2026-11-27T03:10:00Z'));
    expect(cell(central, 'Próxima tentativa')).toBe(when('2026-11-28T03:10:00Z'));
    expect(cell(central, 'Último erro')).toBe('Nenhum');
    expect(cell(central, 'Coleta')).toBe(
      `Coleta completa em ${when('2026-11-27T03:10:00Z')}.1.250 registros lidos: 1.234 novos, 0 atualizados e 16 ignorados.`,
    );
    expect(within(central).getByRole('button', { name: 'Coletar agora: Biblioteca Central da UFX' })).toHaveProperty('disabled', false);
    expect(central.querySelector('progress')).toBeNull();

    const running = await rowOf('Rede Sul');
    expect(cell(running, 'Última coleta completa')).toBe('Nunca');
    expect(cell(running, 'Próxima tentativa')).toBe('Na próxima execução');
    expect(cell(running, 'Último erro')).toBe('tempo esgotado2 falhas seguidas');
    expect(cell(running, 'Coleta')).toContain(`Coletando desde ${when('2026-11-28T10:00:00Z')}`);
    expect(cell(running, 'Coleta')).toContain('Página 3 — 120 de 500 registros lidos: 100 novos e 20 atualizados.');
    const progress = within(running).getByRole<HTMLProgressElement>('progressbar', { name: 'Progresso da coleta de Rede Sul' });
    expect([progress.value, progress.max]).toEqual([120, 500]);
    // Running: not asked for again.
    expect(within(running).getByRole('button', { name: 'Coletar agora: Rede Sul' })).toHaveProperty('disabled', true);
  });

  it('shows a paused, a failed and an interrupted harvest, and one still running without a known size', async () => {
    const base = CENTRAL.coleta!;
    fakeApi(
      answer(networkPartnerEndpoints.list, [
        partner(1, 'A', { coleta: { ...base, situacao: 'pausada' } }),
        partner(2, 'B', { coleta: { ...base, situacao: 'falhou', erro: 'HTTP 503' } }),
        partner(3, 'C', { coleta: { ...base, situacao: 'interrompida' } }),
        partner(4, 'D', { coleta: { ...base, situacao: 'coletando', total: null, recebidos: 1, novos: 1, ignorados: 0 } }),
        NEW,
      ]),
    );
    renderScreen(<NetworkPage />);
    const at = when(base.atualizada);
    expect(cell(await rowOf('A'), 'Coleta')).toContain(`Coleta pausada em ${at}: o tempo da execução acabou`);
    expect(cell(await rowOf('B'), 'Coleta')).toContain(`A coleta falhou em ${at}: HTTP 503`);
    expect(cell(await rowOf('C'), 'Coleta')).toContain(`Coleta interrompida: parou de avançar em ${at}`);
    const d = await rowOf('D');
    expect(cell(d, 'Coleta')).toContain('Página 13 — 1 registro lido: 1 novo e 0 atualizados.');
    expect(d.querySelector('progress')).toBeNull();
    expect(cell(await rowOf('Biblioteca Nova'), 'Coleta')).toBe('Nenhuma coleta ainda.');
  });

  it('adds a partner with the body the contract takes, announces it with the focus there, and empties the form', async () => {
    const held = [CENTRAL];
    const made = fakeApi(
      answer(networkPartnerEndpoints.list, () => held),
      answer(networkPartnerEndpoints.add, ({ body }) => {
        const added = { ...NEW, ...(body as { nome: string; endereco: string }) };
        held.push(added);
        return added;
      }),
    );
    const { user } = renderScreen(<NetworkPage />);
    await table();
    const form = screen.getByRole('form', { name: 'Adicionar parceiro' });
    const address = within(form).getByRole<HTMLInputElement>('textbox', { name: /^Endereço OAI-PMH/ });
    const name = within(form).getByRole<HTMLInputElement>('textbox', { name: /^Nome/ });
    const record = within(form).getByRole<HTMLInputElement>('textbox', { name: /^Endereço de um registro/ });
    expect(record.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(form).getByText(/com \{id\} no lugar do número do registro/)).toBeTruthy();
    const submit = within(form).getByRole('button', { name: 'Adicionar parceiro' });

    // Checked before anything is sent: both required, an http(s) address, {id} in the record's.
    await user.click(submit);
    expect(await within(form).findAllByText('Preencha este campo.')).toHaveLength(2);
    await user.type(address, 'ftp://biblioteca.example.org/oai');
    await user.type(name, 'Biblioteca Nova');
    await user.type(record, 'https://biblioteca.example.org/acervo/');
    await user.click(submit);
    expect(await within(form).findByText('Informe um endereço http:// ou https://, sem usuário, senha ou #.')).toBeTruthy();
    expect(within(form).getByText('O endereço precisa conter {id}, que dá lugar ao número do registro.')).toBeTruthy();
    expect(calls(made, 'POST', LIST)).toHaveLength(0);

    await user.clear(address);
    await user.type(address, ' https://biblioteca.example.org/oai ');
    await user.type(record, '{{id}');
    await user.click(submit);
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Biblioteca Nova adicionado à rede.'));
    expect(calls(made, 'POST', LIST).map((c) => c.body)).toEqual([
      { endereco: 'https://biblioteca.example.org/oai', nome: 'Biblioteca Nova', registro: 'https://biblioteca.example.org/acervo/{id}' },
    ]);
    expect(screen.getByRole('status').contains(document.activeElement)).toBe(true);
    expect(await rowOf('Biblioteca Nova')).toBeTruthy();
    expect([address.value, name.value, record.value]).toEqual(['', '', '']);
  });

  it('says the server’s refusal beside the form, with the focus there, and keeps what was typed', async () => {
    const SILENT = 'https://nada.example.org/oai não responde como um servidor OAI-PMH: HTTP 404';
    const made = fakeApi(
      answer(networkPartnerEndpoints.list, [CENTRAL]),
      answer(networkPartnerEndpoints.add, () => new Refusal(422, SILENT, 'ParceiroNaoResponde')),
    );
    const { user } = renderScreen(<NetworkPage />);
    await table();
    const form = screen.getByRole('form', { name: 'Adicionar parceiro' });
    await user.type(within(form).getByRole('textbox', { name: /^Endereço OAI-PMH/ }), 'https://nada.example.org/oai');
    await user.type(within(form).getByRole('textbox', { name: /^Nome/ }), 'Nada');
    await user.click(within(form).getByRole('button', { name: 'Adicionar parceiro' }));
    const refusal = await within(form).findByRole('alert');
    await waitFor(() => expect(refusal.textContent).toBe(SILENT));
    expect(refusal.contains(document.activeElement)).toBe(true);
    expect(calls(made, 'POST', LIST).map((c) => c.body)).toEqual([{ endereco: 'https://nada.example.org/oai', nome: 'Nada' }]);
    expect(within(form).getByRole<HTMLInputElement>('textbox', { name: /^Endereço OAI-PMH/ }).value).toBe('https://nada.example.org/oai');
    expect(within(form).getByRole<HTMLInputElement>('textbox', { name: /^Nome/ }).value).toBe('Nada');
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('asks for a harvest now, announces it, and reads the list again until the harvest asked for has run', async () => {
    // The list as the server has it: the harvest begins at the second reading after it was asked for, and ends at the next.
    let after = -1;
    const running = { ...NEW.coleta, ...RUNNING.coleta!, inicio: '2026-11-28T11:00:00Z' };
    const made = fakeApi(
      answer(networkPartnerEndpoints.list, () => {
        if (after < 0) return [NEW];
        after += 1;
        if (after <= 1) return [NEW];
        if (after === 2) return [{ ...NEW, coleta: running }];
        return [{ ...NEW, registros: 120, ultima_coleta: '2026-11-28T11:01:00Z', coleta: { ...running, situacao: 'completa' as const, total: 120 } }];
      }),
      answer(networkPartnerEndpoints.harvest, ({ params }) => {
        after = 0;
        return params.id === '5' ? NEW : new Refusal(404, `Não há parceiro ${params.id}.`);
      }),
    );
    const { user } = renderScreen(<NetworkPage />);
    const row = await rowOf('Biblioteca Nova');
    await user.click(within(row).getByRole('button', { name: 'Coletar agora: Biblioteca Nova' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Coleta de Biblioteca Nova pedida'));
    expect(calls(made, 'POST', `${LIST}/5/coleta`)).toHaveLength(1);
    expect(screen.getByRole('status').contains(document.activeElement)).toBe(true);
    expect(cell(await rowOf('Biblioteca Nova'), 'Coleta')).toBe('Coleta pedida; começa em instantes.');
    // Read again every 2 s: running (its button disabled), then complete; then no more.
    await waitFor(async () => expect(cell(await rowOf('Biblioteca Nova'), 'Coleta')).toContain('Coletando desde'), { timeout: 6_000 });
    expect(within(await rowOf('Biblioteca Nova')).getByRole('button', { name: 'Coletar agora: Biblioteca Nova' })).toHaveProperty('disabled', true);
    await waitFor(async () => expect(cell(await rowOf('Biblioteca Nova'), 'Coleta')).toContain('Coleta completa em'), { timeout: 6_000 });
    const readings = calls(made, 'GET', LIST).length;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(calls(made, 'GET', LIST)).toHaveLength(readings);
  }, 20_000);

  it('says the refusal of a harvest already under way', async () => {
    const UNDER_WAY = 'A coleta de "Biblioteca Central da UFX" já está em andamento.';
    const made = fakeApi(
      answer(networkPartnerEndpoints.list, [CENTRAL]),
      answer(networkPartnerEndpoints.harvest, () => new Refusal(409, UNDER_WAY, 'ColetaEmAndamento')),
    );
    const { user } = renderScreen(<NetworkPage />);
    await user.click(within(await rowOf('Biblioteca Central da UFX')).getByRole('button', { name: 'Coletar agora: Biblioteca Central da UFX' }));
    await waitFor(() => expect(screen.getAllByRole('alert')[0]!.textContent).toBe(UNDER_WAY));
    expect(calls(made, 'POST', `${LIST}/3/coleta`)).toHaveLength(1);
    expect(screen.getAllByRole('alert')[0]!.contains(document.activeElement)).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('removes a partner after a confirmation saying its records leave the network search, and announces how many went', async () => {
    let held = [CENTRAL, NEW];
    const made = fakeApi(
      answer(networkPartnerEndpoints.list, () => held),
      answer(networkPartnerEndpoints.remove, ({ params }) => {
        if (params.id !== '3') return new Refusal(404, `Não há parceiro ${params.id}.`);
        held = held.filter((p) => p.cod_empresa !== 3);
        return { registros: 1234 };
      }),
    );
    const { user } = renderScreen(<NetworkPage />);
    const remove = within(await rowOf('Biblioteca Central da UFX')).getByRole('button', { name: 'Remover Biblioteca Central da UFX' });

    // Cancelled: nothing sent, the focus back on the button.
    await user.click(remove);
    let dialog = await screen.findByRole('dialog', { name: 'Remover Biblioteca Central da UFX' });
    expect(dialog.textContent).toContain('os 1.234 registros coletados dele saem da pesquisa na rede agora');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(remove));
    expect(calls(made, 'DELETE', `${LIST}/3`)).toHaveLength(0);

    await user.click(remove);
    dialog = await screen.findByRole('dialog', { name: 'Remover Biblioteca Central da UFX' });
    await user.click(within(dialog).getByRole('button', { name: 'Remover parceiro' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Biblioteca Central da UFX removido com 1.234 registros.'));
    expect(calls(made, 'DELETE', `${LIST}/3`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('status').contains(document.activeElement)).toBe(true);
    expect(within(await table()).queryByText('Biblioteca Central da UFX')).toBeNull();

    // Removed meanwhile by someone else: the refusal in the modal, which stays.
    await user.click(within(await rowOf('Biblioteca Nova')).getByRole('button', { name: 'Remover Biblioteca Nova' }));
    dialog = await screen.findByRole('dialog', { name: 'Remover Biblioteca Nova' });
    expect(dialog.textContent).toContain('Nenhum registro dele foi coletado ainda.');
    await user.click(within(dialog).getByRole('button', { name: 'Remover parceiro' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('Não há parceiro 5.'));
    expect(screen.getByRole('dialog')).toBe(dialog);
  });

  it('says so when the partners cannot be fetched, and when there are none', async () => {
    fakeApi(answer(networkPartnerEndpoints.list, () => new Refusal(403, 'Somente a equipe da biblioteca com o papel de administração pode fazer isto.')));
    const { unmount } = renderScreen(<NetworkPage />);
    expect(await screen.findByText('Não foi possível obter os parceiros da rede.')).toBeTruthy();
    unmount();
    fakeApi(answer(networkPartnerEndpoints.list, []));
    renderScreen(<NetworkPage />);
    expect(await screen.findByText('Ainda não há parceiros na rede: adicione o primeiro abaixo.')).toBeTruthy();
  });

  it('reads the list again while a harvest runs, or one asked for has not begun (for five minutes at most)', () => {
    const asked = new Map<number, Asked>([[5, { before: null, at: 1_000 }]]);
    expect(shouldPoll([CENTRAL], new Map(), 0)).toBe(false);
    expect(shouldPoll([CENTRAL, RUNNING], new Map(), 0)).toBe(true);
    expect(shouldPoll([CENTRAL, NEW], asked, 3_000)).toBe(true);
    expect(shouldPoll([CENTRAL, NEW], asked, 1_000 + 5 * 60_000)).toBe(false);
    // Begun (and already over): the one asked for has run.
    expect(shouldPoll([CENTRAL, { ...NEW, coleta: CENTRAL.coleta }], asked, 3_000)).toBe(false);
    expect(shouldPoll(undefined, asked, 3_000)).toBe(false);
  });

  it('is a section found by its folder, offered to the administration only', () => {
    expect(section.segment).toBe('rede');
    expect(STAFF_SECTIONS).toContain(section);
    expect(sectionsFor(['administracao'])).toContain(section);
    expect(sectionsFor(['circulacao', 'atendimento', 'catalogacao', 'moderacao', 'aquisicao'])).not.toContain(section);
  });
});
