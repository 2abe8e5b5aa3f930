import { jobsEndpoints } from '@estante/contracts/jobs';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, fakeApi, Refusal, renderScreen } from '../../../test/render';
import { JobsPage } from './jobs-page';
import { section } from './section';
import { sectionsFor, STAFF_SECTIONS } from '../sections';

describe('the staff area’s scheduled jobs', () => {
  it('lists each job with its schedule, its last run’s outcome and time, and what is queued', async () => {
    fakeApi(
      answer(jobsEndpoints.list, [
        {
          nome: 'circulation.expire-holds',
          descricao: 'expires holds not picked up by their deadline',
          agenda: '0 4 * * *',
          ultima: { em: '2026-11-28T04:00:02Z', situacao: 'completed', resultado: '3 hold(s) expired' },
          na_fila: 0,
        },
        {
          nome: 'interest.match',
          descricao: 'matches new titles against interest profiles',
          agenda: '* * * * *',
          ultima: { em: '2026-11-28T10:15:00Z', situacao: 'failed', resultado: 'database unavailable' },
          na_fila: 2,
        },
        { nome: 'catalog.reindex', descricao: 'rebuilds the search vectors', agenda: null, ultima: null, na_fila: 0 },
      ]),
    );
    renderScreen(<JobsPage />);
    const table = await screen.findByRole('table', { name: 'Tarefas agendadas' });
    const rows = table.querySelectorAll('tbody tr');
    expect(rows).toHaveLength(3);
    expect(rows[0]!.textContent).toContain('circulation.expire-holds');
    // A job's description in the interface's language; one this page cannot translate yet, as its module words it.
    expect(rows[0]!.textContent).toContain('Encerra as reservas não retiradas no prazo e passa o exemplar adiante.');
    expect(rows[2]!.textContent).toContain('rebuilds the search vectors');
    expect(rows[0]!.textContent).toContain('0 4 * * * (cron, UTC)');
    expect(rows[0]!.textContent).toContain('Concluída, em 28/11/2026, 04:00:02 UTC');
    expect(rows[0]!.textContent).toContain('3 hold(s) expired');
    expect(rows[1]!.textContent).toContain('Falhou, em 28/11/2026, 10:15:00 UTC');
    expect(rows[1]!.querySelector('[data-label="Na fila"]')!.textContent).toBe('2');
    expect(rows[2]!.textContent).toContain('Ainda não agendada neste servidor');
    expect(rows[2]!.textContent).toContain('Ainda não executada');
  });

  it('says so when the jobs cannot be fetched', async () => {
    fakeApi(answer(jobsEndpoints.list, () => new Refusal(403, 'Somente a equipe da biblioteca com o papel de administração pode fazer isto.')));
    renderScreen(<JobsPage />);
    expect(await screen.findByText('Não foi possível obter as tarefas agendadas.')).toBeTruthy();
  });

  it('is a section found by its folder, offered to the administration only', () => {
    expect(STAFF_SECTIONS).toContain(section);
    expect(sectionsFor(['administracao'])).toContain(section);
    expect(sectionsFor(['circulacao', 'atendimento'])).not.toContain(section);
  });
});
