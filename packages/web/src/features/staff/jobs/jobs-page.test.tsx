import { jobsEndpoints, operationsEndpoints, type Tarefa } from '@estante/contracts/jobs';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, fakeApi, Refusal, renderScreen } from '../../../test/render';
import { anyUnderWay, type Execucao } from './jobs.api';
import { JobsPage } from './jobs-page';
import { section } from './section';
import { sectionsFor, STAFF_SECTIONS } from '../sections';

const EXPIRE: Tarefa = {
  nome: 'circulation.expire-holds',
  descricao: 'expires holds not picked up by their deadline',
  agenda: '0 4 * * *',
  ultima: { em: '2026-11-28T04:00:02Z', situacao: 'completed', resultado: '3 hold(s) expired' },
  na_fila: 0,
};
const MATCH: Tarefa = { nome: 'interest.match', descricao: 'matches new titles', agenda: '* * * * *', ultima: null, na_fila: 0 };

/** A run of a job; each field may be given. */
const runOf = (estado: string, over: Partial<Execucao> = {}): Execucao => ({
  estado,
  criada: '2026-11-28T10:00:00Z',
  inicio: null,
  fim: null,
  resultado: null,
  ...over,
});

const RUNS = '/api/equipe/tarefas/circulation.expire-holds/execucoes';
const callsTo = (calls: ReturnType<typeof fakeApi>, method: string, path: string) => calls.filter((c) => c.method === method && c.path === path);
const rowOf = async (nome: string) =>
  within(await screen.findByRole('table', { name: 'Tarefas agendadas' }))
    .getByText(nome)
    .closest('tr')!;

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

  it('runs a job now: sends the POST, announces it with the focus there, and shows the job’s runs', async () => {
    let asked = false;
    const calls = fakeApi(
      answer(jobsEndpoints.list, () => [{ ...EXPIRE, na_fila: asked ? 1 : 0 }, MATCH]),
      answer(operationsEndpoints.runNow, ({ params }) => {
        asked = true;
        return { nome: params.nome!, na_fila: 1 };
      }),
      answer(operationsEndpoints.runs, () =>
        asked ? [runOf('created'), runOf('completed', { inicio: '2026-11-28T04:00:00Z', fim: '2026-11-28T04:00:02Z', resultado: '3 hold(s) expired' })] : [],
      ),
    );
    const { user } = renderScreen(<JobsPage />);
    const row = await rowOf('circulation.expire-holds');
    await user.click(within(row).getByRole('button', { name: 'Executar agora a tarefa circulation.expire-holds' }));

    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Tarefa circulation.expire-holds pedida; começa em instantes.'));
    expect(document.activeElement).toBe(screen.getByRole('status'));
    expect(callsTo(calls, 'POST', RUNS)).toHaveLength(1);
    // The runs open below the list, the one asked for first; the list says it is queued.
    const runs = await screen.findByRole('table', { name: 'Últimas execuções de circulation.expire-holds, da mais recente à mais antiga' });
    const rows = runs.querySelectorAll('tbody tr');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.querySelector('[data-label="Situação"]')!.textContent).toBe('Na fila');
    await waitFor(async () => expect((await rowOf('circulation.expire-holds')).querySelector('[data-label="Na fila"]')!.textContent).toBe('1'));
    expect(
      within(await rowOf('circulation.expire-holds'))
        .getByRole('button', { name: 'Ocultar execuções de circulation.expire-holds' })
        .getAttribute('aria-expanded'),
    ).toBe('true');
  });

  it('shows why a job cannot run now (the scheduler stopped on this server) in an alert', async () => {
    const stopped = 'As tarefas não estão rodando neste servidor agora; tente em instantes.';
    const calls = fakeApi(
      answer(jobsEndpoints.list, [EXPIRE]),
      answer(operationsEndpoints.runNow, () => new Refusal(409, stopped, 'AgendadorParado')),
    );
    const { user } = renderScreen(<JobsPage />);
    const button = within(await rowOf('circulation.expire-holds')).getByRole('button', { name: 'Executar agora a tarefa circulation.expire-holds' });
    await user.click(button);
    expect(await within(await screen.findByRole('alert')).findByText(stopped)).toBeTruthy();
    expect(callsTo(calls, 'POST', RUNS)).toHaveLength(1);
    expect(screen.queryByRole('status')).toBeNull();
    // No runs asked for: the refusal changed nothing.
    expect(callsTo(calls, 'GET', RUNS)).toHaveLength(0);
  });

  it('opens a job’s latest runs with their states in words and their times, and closes them back to the button', async () => {
    const calls = fakeApi(
      answer(jobsEndpoints.list, [EXPIRE, MATCH]),
      answer(operationsEndpoints.runs, [
        runOf('active', { criada: '2026-11-28T10:15:00Z', inicio: '2026-11-28T10:15:01Z' }),
        runOf('retry', { criada: '2026-11-28T10:10:00Z', inicio: '2026-11-28T10:10:01Z' }),
        runOf('failed', { criada: '2026-11-28T10:00:00Z', inicio: '2026-11-28T10:00:01Z', fim: '2026-11-28T10:00:03Z', resultado: 'database unavailable' }),
        runOf('completed', { criada: '2026-11-27T04:00:00Z', inicio: '2026-11-27T04:00:00Z', fim: '2026-11-27T04:00:02Z', resultado: '3 hold(s) expired' }),
        runOf('cancelled', { criada: '2026-11-26T04:00:00Z' }),
        runOf('expired', { criada: '2026-11-25T04:00:00Z' }),
      ]),
    );
    const { user } = renderScreen(<JobsPage />);
    const opener = within(await rowOf('circulation.expire-holds')).getByRole('button', { name: 'Ver execuções de circulation.expire-holds' });
    expect(opener.getAttribute('aria-expanded')).toBe('false');
    await user.click(opener);
    const panel = await screen.findByRole('region', { name: 'Execuções de circulation.expire-holds' });
    const table = await within(panel).findByRole('table');
    const rows = Array.from(table.querySelectorAll('tbody tr'));
    const cell = (row: number, label: string) => rows[row]!.querySelector(`[data-label="${label}"]`)!.textContent;
    expect(rows.map((_, i) => cell(i, 'Situação'))).toEqual(['Em execução', 'À espera de nova tentativa', 'Falhou', 'Concluída', 'Cancelada', 'expired']);
    expect(cell(2, 'Criada')).toBe('28/11/2026, 10:00:00 UTC');
    expect(cell(2, 'Início')).toBe('28/11/2026, 10:00:01 UTC');
    expect(cell(2, 'Fim')).toBe('28/11/2026, 10:00:03 UTC');
    expect(cell(2, 'Resultado')).toBe('database unavailable');
    expect(cell(0, 'Fim')).toBe('—');
    expect(cell(0, 'Resultado')).toBe('—');
    expect(callsTo(calls, 'GET', RUNS)).toHaveLength(1);
    expect(panel.getAttribute('id')).toBe(opener.getAttribute('aria-controls'));

    await user.click(within(panel).getByRole('button', { name: 'Fechar as execuções de circulation.expire-holds' }));
    expect(screen.queryByRole('region', { name: 'Execuções de circulation.expire-holds' })).toBeNull();
    expect(document.activeElement).toBe(
      within(await rowOf('circulation.expire-holds')).getByRole('button', { name: 'Ver execuções de circulation.expire-holds' }),
    );
  });

  it('reads an opened job’s runs again every 2 s while one is not over, and stops when all are', async () => {
    let reads = 0;
    const calls = fakeApi(
      answer(jobsEndpoints.list, [EXPIRE]),
      answer(operationsEndpoints.runs, () => {
        reads += 1;
        return reads === 1
          ? [runOf('active', { inicio: '2026-11-28T10:00:01Z' })]
          : [runOf('completed', { inicio: '2026-11-28T10:00:01Z', fim: '2026-11-28T10:00:04Z', resultado: 'done' })];
      }),
    );
    const { user } = renderScreen(<JobsPage />);
    await user.click(within(await rowOf('circulation.expire-holds')).getByRole('button', { name: 'Ver execuções de circulation.expire-holds' }));
    const panel = await screen.findByRole('region', { name: 'Execuções de circulation.expire-holds' });
    expect(await within(panel).findByText('Em execução')).toBeTruthy();
    expect(within(panel).getByText(/a lista se atualiza a cada 2 segundos/)).toBeTruthy();
    expect(await within(panel).findByText('Concluída', {}, { timeout: 3_500 })).toBeTruthy();
    expect(within(panel).getByText('As 20 execuções mais recentes, com os horários em UTC.')).toBeTruthy();
    // Over: the jobs list is read again (its last run changed), and the runs no more.
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/equipe/tarefas')).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 2_300));
    expect(reads).toBe(2);
  }, 10_000);

  it('tells a run not over from one over', () => {
    expect(anyUnderWay(undefined)).toBe(false);
    expect(anyUnderWay([runOf('completed'), runOf('failed'), runOf('cancelled')])).toBe(false);
    for (const state of ['created', 'active', 'retry']) expect(anyUnderWay([runOf('completed'), runOf(state)])).toBe(true);
  });

  it('is a section found by its folder, offered to the administration only', () => {
    expect(STAFF_SECTIONS).toContain(section);
    expect(sectionsFor(['administracao'])).toContain(section);
    expect(sectionsFor(['circulacao', 'atendimento'])).not.toContain(section);
  });
});
