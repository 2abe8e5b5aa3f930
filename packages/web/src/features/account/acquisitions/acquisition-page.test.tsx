import { acquisitionsEndpoints } from '@estante/contracts/acquisitions';
import { screen, waitFor } from '@testing-library/react';
import { Navigate, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { answer, fakeApi, renderScreen } from '../../../test/render';
import { AcquisitionPage } from './acquisition-page';
import { OrdersPage } from './orders-page';

/**
 * Stands in for the suggestion form the app hands over (features/units, which this feature may
 * not import): it reports a sent suggestion with the message it is given, as the real one does.
 */
function SuggestionFormStandIn({ onSent }: { onSent: (message: string) => void }) {
  return (
    <form aria-label="Sugestão de aquisição">
      <button type="button" onClick={() => onSent('Sugestão de aquisição enviada com sucesso.')}>
        Enviar
      </button>
      <button type="button" onClick={() => onSent('Sugestão nº 32 recebida.')}>
        Enviar outra
      </button>
    </form>
  );
}

/**
 * The page where the account area puts it, /meupergamum/aquisicao (so its relative link resolves
 * as in the app), beside a list of the patron's suggestions that the page must refresh.
 */
function AtItsAddress() {
  return (
    <Routes>
      <Route
        path="/meupergamum/aquisicao"
        element={
          <>
            <AcquisitionPage SuggestionForm={SuggestionFormStandIn} />
            <OrdersPage titleHref={(id) => `/acervo/${id}`} />
          </>
        }
      />
      <Route path="*" element={<Navigate to="/meupergamum/aquisicao" replace />} />
    </Routes>
  );
}

describe('Meu Pergamum, acquisition', () => {
  it('offers the suggestion form and the way to follow suggestions; once one is sent, says so and refreshes what follows them', async () => {
    const calls = fakeApi(answer(acquisitionsEndpoints.orders, []));
    const { user } = renderScreen(<AtItsAddress />);

    expect(await screen.findByText(/^Sugira à biblioteca a compra de uma obra\. Acompanhe cada sugestão em/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Consulta de sugestões' }).getAttribute('href')).toBe('/meupergamum/consulta-sugestoes');
    expect(screen.getByRole('form', { name: 'Sugestão de aquisição' })).toBeTruthy();
    expect(await screen.findByText('Nenhuma de suas sugestões está em um pedido de compra.')).toBeTruthy();
    const ordersAsked = () => calls.filter((c) => c.path === '/aquisicao/pedidos').length;
    expect(ordersAsked()).toBe(1);
    expect(screen.queryByRole('status')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect((await screen.findByRole('status')).textContent).toBe('Sugestão de aquisição enviada com sucesso.');
    await waitFor(() => expect(ordersAsked()).toBe(2));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('tells of each suggestion sent, the last one only, and refreshes the lists each time', async () => {
    const calls = fakeApi(answer(acquisitionsEndpoints.orders, []));
    const { user } = renderScreen(<AtItsAddress />);
    await screen.findByText('Nenhuma de suas sugestões está em um pedido de compra.');
    const ordersAsked = () => calls.filter((c) => c.path === '/aquisicao/pedidos').length;

    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await screen.findByRole('status');
    await waitFor(() => expect(ordersAsked()).toBe(2));
    await user.click(screen.getByRole('button', { name: 'Enviar outra' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Sugestão nº 32 recebida.'));
    expect(screen.getAllByRole('status')).toHaveLength(1);
    await waitFor(() => expect(ordersAsked()).toBe(3));
  });
});
