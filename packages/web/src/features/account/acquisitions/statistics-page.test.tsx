import { acquisitionsEndpoints } from '@estante/contracts/acquisitions';
import { unitsEndpoints } from '@estante/contracts/parameters';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, fakeApi, renderScreen } from '../../../test/render';
import { StatisticsPage } from './statistics-page';

const STATS = {
  total: 5,
  exemplares_sugeridos: 12,
  exemplares_entregues: 4,
  por_situacao: [
    { situacao: 'atendida' as const, descricao: 'Atendida', total: 3 },
    { situacao: 'pre_sugestao' as const, descricao: 'Pré-sugestão', total: 2 },
  ],
  por_biblioteca: [{ cod_biblioteca: 1, biblioteca: 'Biblioteca Central', total: 5 }],
  por_mes: [
    { mes: '2026-09', total: 2 },
    { mes: '2026-10', total: 3 },
  ],
};

describe('Meu Pergamum, acquisition statistics', () => {
  it('gives each count as a table beside its chart, and asks again for one library', async () => {
    const calls = fakeApi(
      answer(acquisitionsEndpoints.statistics, STATS),
      answer(unitsEndpoints.libraries, [{ cod_biblioteca: 1, desc_biblioteca: 'Biblioteca Central', cod_campus: 1 }]),
    );
    const { user } = renderScreen(<StatisticsPage />);
    expect((await screen.findByRole('status')).textContent).toBe('5 sugestões: 12 exemplares sugeridos, 4 recebidos.');
    const byStatus = screen.getByRole('table', { name: 'Por situação' });
    expect(within(byStatus).getByRole('rowheader', { name: 'Atendida' }).nextSibling!.textContent).toBe('3');
    const byMonth = screen.getByRole('table', { name: 'Por mês de envio' });
    expect(within(byMonth).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByRole('table', { name: 'Por biblioteca' }).textContent).toContain('Biblioteca Central5');

    await user.selectOptions(screen.getByLabelText('Biblioteca'), '1');
    await user.click(screen.getByRole('button', { name: 'Mostrar' }));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path === '/aquisicao/estatisticas')
          .at(-1)!
          .query.get('biblioteca'),
      ).toBe('1'),
    );
  });
});
