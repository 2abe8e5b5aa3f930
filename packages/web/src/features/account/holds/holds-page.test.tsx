import { holdsEndpoints, type Reserva } from '@estante/contracts/circulation';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, fakeApi, Refusal, renderScreen } from '../../../test/render';
import { lastTwelveMonths } from '../period-form';
import { HoldsPage } from './holds-page';

const hold = (over: Partial<Reserva>): Reserva => ({
  cod_reserva: 1,
  cod_acervo: 10,
  titulo: 'Dom Casmurro',
  cod_biblioteca: 1,
  desc_biblioteca: 'Biblioteca Central',
  volume: null,
  tomo: null,
  parte: null,
  localizacao: null,
  material: null,
  situacao: 'fila',
  posicao: 2,
  data_reserva: '2026-11-20T10:00:00Z',
  data_liberacao: null,
  prazo_retirada: null,
  data_cancelamento: null,
  observacao: null,
  ...over,
});

const titleHref = (id: number) => `/acervo/${id}`;

describe('Meu Pergamum, holds', () => {
  it('lists each hold with where it stands: the place in the queue, or the copy waiting and until when', async () => {
    fakeApi(
      answer(holdsEndpoints.mine, [
        hold({}),
        hold({
          cod_reserva: 2,
          cod_acervo: 11,
          titulo: 'Iracema',
          volume: '2',
          situacao: 'liberada',
          posicao: null,
          prazo_retirada: '2026-11-27',
          observacao: 'N0042',
        }),
      ]),
      answer(holdsEndpoints.history, []),
    );
    renderScreen(<HoldsPage titleHref={titleHref} />);
    const table = await screen.findByRole('table', { name: 'Minhas reservas' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]!.textContent).toContain('Na fila: nº 2');
    expect(rows[2]!.textContent).toContain('Liberada: retire até 27/11/2026 (exemplar N0042)');
    expect(rows[2]!.textContent).toContain('v. 2');
    expect(within(rows[2]!).getByRole('link', { name: 'Iracema' }).getAttribute('href')).toBe('/acervo/11');
  });

  it('names a volume the data already writes as "v. 1" once: never "v. v. 1" (issue 55)', async () => {
    fakeApi(answer(holdsEndpoints.mine, [hold({ volume: 'v. 1', tomo: '2' })]), answer(holdsEndpoints.history, []));
    renderScreen(<HoldsPage titleHref={titleHref} />);
    const table = await screen.findByRole('table', { name: 'Minhas reservas' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('v. 1, t. 2');
    expect(row.textContent).not.toContain('v. v.');
  });

  it('says so when there are none, and in red when they cannot be read', async () => {
    fakeApi(answer(holdsEndpoints.mine, []), answer(holdsEndpoints.history, []));
    const first = renderScreen(<HoldsPage titleHref={titleHref} />);
    expect(await screen.findByText('Você não tem reservas.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancelar selecionadas' })).toBeNull();
    first.unmount();
    fakeApi(
      answer(holdsEndpoints.mine, () => new Refusal(500, 'falhou')),
      answer(holdsEndpoints.history, []),
    );
    renderScreen(<HoldsPage titleHref={titleHref} />);
    expect(await screen.findByText('Não foi possível carregar as reservas.')).toBeTruthy();
  });

  it('cancels the selected holds after a confirmation, and asks for one when none is selected', async () => {
    let holds = [hold({}), hold({ cod_reserva: 2, titulo: 'Iracema' })];
    const calls = fakeApi(
      answer(holdsEndpoints.mine, () => holds),
      answer(holdsEndpoints.cancel, ({ query }) => {
        const ids = query.get('reservas')!.split(',').map(Number);
        holds = holds.filter((h) => !ids.includes(h.cod_reserva));
        return { canceladas: ids.length };
      }),
      answer(holdsEndpoints.history, []),
    );
    const { user } = renderScreen(<HoldsPage titleHref={titleHref} />);
    await screen.findByRole('table', { name: 'Minhas reservas' });

    await user.click(screen.getByRole('button', { name: 'Cancelar selecionadas' }));
    expect(screen.getByRole('alert').textContent).toBe('Selecione uma reserva para cancelar.');

    await user.click(screen.getByRole('checkbox', { name: 'Selecionar a reserva de Iracema' }));
    await user.click(screen.getByRole('button', { name: 'Cancelar selecionadas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar reservas' });
    expect(dialog.textContent).toContain('Cancelar 1 reserva? Quem está depois de você na fila avança.');
    // "Manter" closes it and cancels nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Manter' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Cancelar selecionadas' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancelar reservas' }));
    expect((await screen.findByRole('status')).textContent).toBe('1 reserva cancelada.');
    const deletes = calls.filter((c) => c.method === 'DELETE');
    expect(deletes.map((c) => c.query.get('reservas'))).toEqual(['2']);
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Iracema' })).toBeNull());
  });

  it('shows the history of the last 12 months at once, and of another period once both dates are given, the start first', async () => {
    const calls = fakeApi(answer(holdsEndpoints.mine, []), answer(holdsEndpoints.history, [hold({ situacao: 'cancelada', posicao: null })]));
    const { user } = renderScreen(<HoldsPage titleHref={titleHref} />);
    await screen.findByText('Você não tem reservas.');
    expect((await screen.findByRole('table', { name: 'Histórico de reservas' })).textContent).toContain('Cancelada');
    const twelve = lastTwelveMonths();
    const history = () => calls.filter((c) => c.path === '/api/reserva/historico');
    expect(history().map((c) => [c.query.get('dataIni'), c.query.get('dataFim')])).toEqual([[twelve.dataIni, twelve.dataFim]]);
    const from = screen.getByLabelText<HTMLInputElement>(/^De/);
    const to = screen.getByLabelText<HTMLInputElement>(/^Até/);
    expect([from.value, to.value]).toEqual([twelve.dataIni, twelve.dataFim]);

    await user.clear(from);
    await user.type(from, '2026-11-20');
    await user.clear(to);
    await user.click(screen.getByRole('button', { name: 'Mostrar' }));
    expect(screen.getByRole('alert').textContent).toBe('Informe a data inicial e a final.');
    expect(to.getAttribute('aria-invalid')).toBe('true');

    await user.type(to, '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Mostrar' }));
    expect(screen.getByRole('alert').textContent).toBe('A data inicial não pode ser depois da final.');
    expect(history()).toHaveLength(1);

    await user.clear(to);
    await user.type(to, '2026-11-30');
    await user.click(screen.getByRole('button', { name: 'Mostrar' }));
    await waitFor(() => expect(history()).toHaveLength(2));
    expect([history()[1]!.query.get('dataIni'), history()[1]!.query.get('dataFim')]).toEqual(['2026-11-20', '2026-11-30']);
    expect((await screen.findByRole('table', { name: 'Histórico de reservas' })).textContent).toContain('Cancelada');
  });
});
