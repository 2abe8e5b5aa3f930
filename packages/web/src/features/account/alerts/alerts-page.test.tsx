import { type Alerta, alertsEndpoints } from '@estante/contracts/interest';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, fakeApi, Refusal, renderScreen } from '../../../test/render';
import { AlertsPage, UnreadAlerts } from './alerts-page';

const alert = (over: Partial<Alerta>): Alerta => ({
  id: 1,
  cod_acervo: 10,
  titulo: 'Educação e cidadania',
  autor: 'Teste, Autora',
  motivo: 'Educação',
  data: '2026-11-25T10:00:00Z',
  lido: false,
  tipo: 'titulo',
  detalhe: null,
  ...over,
});

describe('Meu Pergamum, alerts', () => {
  it('marks the unread ones and counts them; reads one, and removes one only after the confirmation', async () => {
    let alerts = [alert({}), alert({ id: 2, cod_acervo: 11, titulo: 'Dom Casmurro', motivo: 'Livro', lido: true })];
    const list = () => ({ itens: alerts, nao_lidos: alerts.filter((a) => !a.lido).length });
    const calls = fakeApi(
      answer(alertsEndpoints.list, list),
      answer(alertsEndpoints.read, ({ params }) => {
        alerts = alerts.map((a) => (a.id === Number(params.id) ? { ...a, lido: true } : a));
        return alerts.find((a) => a.id === Number(params.id))!;
      }),
      answer(alertsEndpoints.remove, ({ params }) => {
        if (!alerts.some((a) => a.id === Number(params.id))) return new Refusal(404, 'Alerta não encontrado.');
        alerts = alerts.filter((a) => a.id !== Number(params.id));
        return { ok: true as const };
      }),
    );
    const { user } = renderScreen(
      <>
        <UnreadAlerts />
        <AlertsPage titleHref={(id) => `/acervo/${id}`} />
      </>,
    );
    const table = await screen.findByRole('table', { name: 'Alertas' });
    expect(screen.getByText('1 alerta não lido.')).toBeTruthy();
    const [, unread, read] = within(table).getAllByRole('row');
    expect(unread!.textContent).toContain('Novo');
    expect(read!.textContent).not.toContain('Novo');
    expect(within(read!).queryByRole('button', { name: /^Marcar como lido/ })).toBeNull();

    await user.click(within(unread!).getByRole('button', { name: 'Marcar como lido: Educação e cidadania' }));
    expect((await screen.findByRole('status')).textContent).toBe('Educação e cidadania: marcado como lido.');
    await waitFor(() => expect(screen.getByText('Nenhum alerta não lido.')).toBeTruthy());

    await user.click(screen.getByRole('button', { name: 'Remover: Dom Casmurro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remover alerta' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Remover' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Dom Casmurro' })).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/solicitacoes/alertas/2']);
  });

  it('says there are none, and how they come', async () => {
    fakeApi(answer(alertsEndpoints.list, { itens: [], nao_lidos: 0 }));
    renderScreen(<AlertsPage titleHref={(id) => `/acervo/${id}`} />);
    expect(await screen.findByText(/Você não tem alertas\. Eles chegam quando/)).toBeTruthy();
  });
});
