import { titleEndpoints } from '@estante/contracts/catalog';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { acervoRecord, exemplar } from '../../../test/acervo';
import { answer, fakeApi, renderScreen } from '../../../test/render';
import { CopiesTab } from './copies-tab';

afterEach(() => vi.useRealTimers());

/** The copies table's rows, by accession number, as read. */
async function rows() {
  const table = await screen.findByRole('table', { name: /exemplares?$/ });
  return Object.fromEntries(
    within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [within(row).getByRole('rowheader').textContent, row.textContent ?? '']),
  );
}

describe('the copies tab', () => {
  it('says a copy on loan past its due date is late; one due later is only due (issue 55)', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 10, 29, 10) });
    fakeApi(
      answer(titleEndpoints.copies, {
        exemplares: [
          exemplar({ tombo: 'T-late', situacao: 'emprestado', data_devolucao_prevista: '2026-11-26' }),
          exemplar({ cod_exemplar: 2, tombo: 'T-today', situacao: 'emprestado', data_devolucao_prevista: '2026-11-29' }),
          exemplar({ cod_exemplar: 3, tombo: 'T-later', situacao: 'emprestado', data_devolucao_prevista: '2026-12-04' }),
        ],
        disponibilidade: [{ cod_biblioteca: 1, desc_biblioteca: 'Biblioteca Central', total: 3, disponiveis: 0 }],
      }),
    );
    renderScreen(<CopiesTab acervo={acervoRecord()} />);
    const copies = await rows();
    expect(copies['T-late']).toContain('Emprestado — em atraso: devolução prevista para 26/11/2026');
    expect(copies['T-today']).toContain('Emprestado — devolução prevista em 29/11/2026');
    expect(copies['T-today']).not.toContain('atraso');
    expect(copies['T-later']).toContain('Emprestado — devolução prevista em 04/12/2026');
  });

  it('names a volume the data already writes as "v. 1" once, and a bare one with its abbreviation (issue 55)', async () => {
    fakeApi(
      answer(titleEndpoints.copies, {
        exemplares: [exemplar({ tombo: 'T-1', volume: 'v. 1' }), exemplar({ cod_exemplar: 2, tombo: 'T-2', volume: '2', tomo: '1' })],
        disponibilidade: [{ cod_biblioteca: 1, desc_biblioteca: 'Biblioteca Central', total: 2, disponiveis: 2 }],
      }),
    );
    renderScreen(<CopiesTab acervo={acervoRecord()} />);
    const copies = await rows();
    expect(copies['T-1']).toContain('v. 1');
    expect(copies['T-1']).not.toContain('v. v.');
    expect(copies['T-2']).toContain('v. 2, t. 1');
  });
});
