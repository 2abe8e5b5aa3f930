import { type AtoEquipe, auditEndpoints } from '@estante/contracts/staff';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answer, fakeApi, Refusal, renderScreen } from '../../../test/render';
import { sectionsFor, STAFF_SECTIONS } from '../sections';
import { AuditPage } from './audit-page';
import { section } from './section';

/** An act of the audit; `id` also sets its minute, so each is told apart. */
function act(id: number, over: Partial<AtoEquipe> = {}): AtoEquipe {
  return {
    id,
    em: `2026-11-28T10:${String(id % 60).padStart(2, '0')}:00Z`,
    autor: 'pessoa:7',
    autor_nome: 'Ana Souza',
    acao: 'circulation.checkout',
    alvo: 'exemplar:T-100',
    alvo_nome: null,
    motivo: null,
    detalhes: null,
    ...over,
  };
}

const FIRST = act(1, {
  acao: 'circulation.waive',
  alvo: 'pessoa:8',
  alvo_nome: 'Bruno Lima',
  motivo: 'Atestado médico',
  detalhes: { valor: '4.00', debito: 31, papeis: ['circulacao'] },
});
const SHELL = act(2, { autor: 'command line (root)', autor_nome: null, acao: 'staff.grant', alvo: 'pessoa:9' });

/** The audit's answers: 120 acts in all; page 1 the two above, page 2 one more. */
const pages = answer(auditEndpoints.list, ({ query }) =>
  query.get('pagina') === '2'
    ? { total: 120, pagina: 2, itens: [act(51, { acao: 'circulation.renew' })] }
    : { total: 120, pagina: Number(query.get('pagina')), itens: [FIRST, SHELL] },
);

const lists = (calls: ReturnType<typeof fakeApi>) => calls.filter((c) => c.method === 'GET' && c.path === '/api/equipe/auditoria');
const queryOf = (call: { query: URLSearchParams }) => Object.fromEntries(call.query);

/** The files the browser is handed (`downloadFile`), by name; `fetch` answers the CSV before the fake API. */
function catchDownloads() {
  const asked: string[] = [];
  const fake = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    if (!url.pathname.endsWith('/api/equipe/auditoria/csv')) return fake(input, init);
    asked.push(`${url.pathname.replace(/^\/svc/, '')}${url.search}`);
    return new Response('id,em\n', { status: 200, headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="auditoria.csv"' } });
  });
  URL.createObjectURL = vi.fn(() => 'blob:auditoria');
  URL.revokeObjectURL = vi.fn();
  const saved: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return { asked, saved };
}

describe('the staff area’s audit', () => {
  it('lists the acts, newest first, with when (UTC), who, the action, whom, why and the details', async () => {
    const calls = fakeApi(pages);
    renderScreen(<AuditPage />);
    const table = await screen.findByRole('table', { name: 'Atos da equipe: 120 atos, página 1 de 3' });
    expect(lists(calls).map(queryOf)).toEqual([{ pagina: '1' }]);
    const rows = table.querySelectorAll('tbody tr');
    expect(rows).toHaveLength(2);
    const cell = (row: number, label: string) => rows[row]!.querySelector(`[data-label="${label}"]`)!.textContent;
    expect(cell(0, 'Quando (UTC)')).toBe('28/11/2026, 10:01:00 UTC');
    expect(cell(0, 'Quem')).toBe('Ana Souzapessoa:7');
    expect(cell(0, 'Ação')).toBe('circulation.waive');
    expect(cell(0, 'Alvo')).toBe('Bruno Limapessoa:8');
    expect(cell(0, 'Motivo')).toBe('Atestado médico');
    const details = Array.from(rows[0]!.querySelectorAll('[data-label="Detalhes"] li'), (li) => li.textContent);
    expect(details).toEqual(['valor: 4.00', 'debito: 31', 'papeis: ["circulacao"]']);
    // Who has no name at a shell; the reference recorded stands for them.
    expect(cell(1, 'Quem')).toBe('command line (root)');
    expect(cell(1, 'Alvo')).toBe('pessoa:9');
    expect(cell(1, 'Motivo')).toBe('—');
    expect(cell(1, 'Detalhes')).toBe('—');
  });

  it('sends the filters as the query, then asks the next page with the same filters', async () => {
    const calls = fakeApi(pages);
    const { user } = renderScreen(<AuditPage />);
    await screen.findByRole('table');
    const form = screen.getByRole('form', { name: 'Filtros da auditoria' });
    await user.type(within(form).getByRole('textbox', { name: /^Autor/ }), '7');
    await user.type(within(form).getByRole('textbox', { name: /^Ação/ }), 'circulation.checkout');
    await user.type(within(form).getByRole('textbox', { name: /^Leitor/ }), '8');
    await user.type(within(form).getByLabelText('De (data)'), '2026-11-01');
    await user.type(within(form).getByLabelText('Até (data)'), '2026-11-30');
    await user.click(within(form).getByRole('button', { name: 'Filtrar' }));

    const filters = { autor: '7', acao: 'circulation.checkout', pessoa: '8', de: '2026-11-01', ate: '2026-11-30' };
    await waitFor(() => expect(lists(calls)).toHaveLength(2));
    expect(queryOf(lists(calls)[1]!)).toEqual({ ...filters, pagina: '1' });

    const pager = screen.getByRole('navigation', { name: 'Páginas da auditoria' });
    expect(within(pager).getByRole<HTMLButtonElement>('button', { name: 'Página anterior' }).disabled).toBe(true);
    await user.click(within(pager).getByRole('button', { name: 'Próxima página' }));
    const table = await screen.findByRole('table', { name: 'Atos da equipe: 120 atos, página 2 de 3' });
    expect(queryOf(lists(calls).at(-1)!)).toEqual({ ...filters, pagina: '2' });
    expect(table.querySelectorAll('tbody tr')).toHaveLength(1);
    expect(table.textContent).toContain('circulation.renew');
    expect(within(pager).getByText('Página 2 de 3')).toBeTruthy();
  });

  it('checks the filters before sending them', async () => {
    const calls = fakeApi(pages);
    const { user } = renderScreen(<AuditPage />);
    await screen.findByRole('table');
    const form = screen.getByRole('form', { name: 'Filtros da auditoria' });
    await user.type(within(form).getByRole('textbox', { name: /^Autor/ }), 'ana');
    await user.type(within(form).getByRole('textbox', { name: /^Ação/ }), 'Circulation checkout');
    await user.type(within(form).getByLabelText('De (data)'), '2026-11-30');
    await user.type(within(form).getByLabelText('Até (data)'), '2026-11-01');
    await user.click(within(form).getByRole('button', { name: 'Filtrar' }));
    expect(await within(form).findByText('Escreva um número de pessoa, só com algarismos.')).toBeTruthy();
    expect(within(form).getByText(/^Escreva um módulo ou módulo\.ação/)).toBeTruthy();
    expect(within(form).getByText('A data final não pode ser anterior à inicial.')).toBeTruthy();
    expect(lists(calls)).toHaveLength(1);
  });

  it('exports the acts the filters keep as CSV', async () => {
    fakeApi(pages);
    const { asked, saved } = catchDownloads();
    const { user } = renderScreen(<AuditPage />);
    await screen.findByRole('table');
    const form = screen.getByRole('form', { name: 'Filtros da auditoria' });
    await user.type(within(form).getByRole('textbox', { name: /^Ação/ }), 'staff');
    await user.type(within(form).getByLabelText('De (data)'), '2026-11-01');
    await user.click(within(form).getByRole('button', { name: 'Filtrar' }));
    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() => expect(saved).toEqual(['auditoria.csv']));
    expect(asked).toEqual(['/api/equipe/auditoria/csv?acao=staff&de=2026-11-01']);
    expect(screen.getByText('Arquivo baixado: auditoria.csv.')).toBeTruthy();
  });

  it('says so when no act matches, and when the audit cannot be fetched', async () => {
    fakeApi(answer(auditEndpoints.list, { total: 0, pagina: 1, itens: [] }));
    const { unmount } = renderScreen(<AuditPage />);
    expect(await screen.findByText('Nenhum ato registrado com estes filtros.')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Páginas da auditoria' })).toBeNull();
    unmount();
    fakeApi(answer(auditEndpoints.list, () => new Refusal(500, 'boom')));
    renderScreen(<AuditPage />);
    expect(await screen.findByText('Não foi possível obter a auditoria.')).toBeTruthy();
  });

  it('is a section found by its folder, offered to the administration only', () => {
    expect(STAFF_SECTIONS).toContain(section);
    expect(sectionsFor(['administracao'])).toContain(section);
    expect(sectionsFor(['circulacao', 'atendimento', 'moderacao'])).not.toContain(section);
  });
});
