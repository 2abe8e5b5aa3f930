import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, renderScreen } from '../../../test/render';
import { sectionsFor, STAFF_SECTIONS } from '../sections';
import { ExportPage } from './export-page';
import { section } from './section';

/** What the browser asked for and was handed: each request (method, path, JSON body) and each file saved, by name. */
function catchDownloads(answer: (path: string) => Response) {
  const asked: { method: string; path: string; body: unknown }[] = [];
  fakeApi();
  const fake = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    if (!url.pathname.includes('/api/equipe/exportacao/')) return fake(input, init);
    const path = url.pathname.replace(/^\/svc/, '');
    asked.push({ method: init.method ?? 'GET', path, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
    return answer(path);
  });
  URL.createObjectURL = vi.fn(() => 'blob:exportacao');
  URL.revokeObjectURL = vi.fn();
  const saved: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return { asked, saved };
}

const file = (name: string, headers: Record<string, string> = {}) =>
  new Response('x', {
    status: 200,
    headers: { 'content-type': 'application/octet-stream', 'content-disposition': `attachment; filename="${name}"`, ...headers },
  });

describe('the staff area’s exports', () => {
  it('downloads the catalogue in the format and holdings map chosen, and says how to import it, the saying focused', async () => {
    const { asked, saved } = catchDownloads(() => file('catalogo-2026-11-30.mrc', { 'x-estante-import-args': '--map-loan-type 1=1 --map-loan-type 4=4' }));
    const { user } = renderScreen(<ExportPage />);
    await user.click(screen.getByRole('radio', { name: 'ISO 2709 (.mrc)' }));
    await user.selectOptions(screen.getByRole('combobox', { name: /^Mapa de exemplares/ }), 'koha');
    await user.click(screen.getByRole('button', { name: 'Baixar o catálogo' }));
    await waitFor(() => expect(saved).toEqual(['catalogo-2026-11-30.mrc']));
    expect(asked).toEqual([{ method: 'POST', path: '/api/equipe/exportacao/catalogo', body: { formato: 'iso2709', exemplares: 'koha' } }]);
    const done = await screen.findByRole('status');
    expect(done.textContent).toBe(
      'Arquivo baixado: catalogo-2026-11-30.mrc. Para importá-lo: npm run import -- --holdings koha --map-loan-type 1=1 --map-loan-type 4=4 catalogo-2026-11-30.mrc',
    );
    await waitFor(() => expect(document.activeElement).toBe(done));
  });

  it('sends the library’s own map, asked for before anything is sent', async () => {
    const { asked, saved } = catchDownloads(() => file('catalogo-2026-11-30.xml', { 'x-estante-import-args': '--map-status emprestado=disponivel' }));
    const { user, container } = renderScreen(<ExportPage />);
    await user.selectOptions(screen.getByRole('combobox', { name: /^Mapa de exemplares/ }), 'proprio');
    await user.click(screen.getByRole('button', { name: 'Baixar o catálogo' }));
    expect(await screen.findByText('Escolha o arquivo JSON do mapa de exemplares.')).toBeTruthy();
    expect(asked).toEqual([]);
    const map = '{"base":"koha","read":{"status":["952$s"]}}';
    await user.upload(container.querySelector<HTMLInputElement>('input[type=file]')!, new File([map], 'nosso mapa.json', { type: 'application/json' }));
    await user.click(screen.getByRole('button', { name: 'Baixar o catálogo' }));
    await waitFor(() => expect(saved).toEqual(['catalogo-2026-11-30.xml']));
    expect(asked[0]!.body).toEqual({ formato: 'marcxml', exemplares: 'proprio', mapa: map });
    expect((await screen.findByRole('status')).textContent).toContain(
      "npm run import -- --holdings-map 'nosso mapa.json' --map-status emprestado=disponivel catalogo-2026-11-30.xml",
    );
  });

  it('says why the server refused a map', async () => {
    catchDownloads(() =>
      Response.json({ status: 422, key: 'MapaExemplaresInvalido', message: 'O mapa de exemplares não pode ser usado: mapa.json is not JSON' }, { status: 422 }),
    );
    const { user, container } = renderScreen(<ExportPage />);
    await user.selectOptions(screen.getByRole('combobox', { name: /^Mapa de exemplares/ }), 'proprio');
    await user.upload(container.querySelector<HTMLInputElement>('input[type=file]')!, new File(['{'], 'mapa.json', { type: 'application/json' }));
    await user.click(screen.getByRole('button', { name: 'Baixar o catálogo' }));
    expect((await screen.findByRole('alert')).textContent).toBe('O mapa de exemplares não pode ser usado: mapa.json is not JSON');
  });

  it('downloads the patrons, loans, holds and debts, each with the command that imports it', async () => {
    const { asked, saved } = catchDownloads((path) => file(`${path.split('/').at(-1)}-2026-11-30.csv`));
    const { user } = renderScreen(<ExportPage />);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Leitores, um por login, com a senha com que entram people import',
      'Empréstimos em aberto (e os devolvidos de que nasceu um débito em aberto) people import-loans',
      'Reservas na fila ou separadas, na ordem de cada fila people import-holds',
      'Débitos em aberto, com o que já foi pago ou descontado people import-debts',
    ]);
    await user.click(screen.getByRole('button', { name: 'Baixar leitores' }));
    await waitFor(() => expect(saved).toEqual(['leitores-2026-11-30.csv']));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Arquivo baixado: leitores-2026-11-30.csv. Para importá-lo: npm run staff -- people import "$PWD/leitores-2026-11-30.csv"',
    );
    await user.click(screen.getByRole('button', { name: 'Baixar débitos' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(asked.map((a) => `${a.method} ${a.path}`)).toEqual(['GET /api/equipe/exportacao/leitores', 'GET /api/equipe/exportacao/debitos']);
  });

  it('is a section found by its folder, offered to the administration only', () => {
    expect(STAFF_SECTIONS).toContain(section);
    expect(section.segment).toBe('exportacao');
    expect(sectionsFor(['administracao'])).toContain(section);
    expect(sectionsFor(['circulacao', 'atendimento', 'aquisicao', 'catalogacao', 'moderacao'])).not.toContain(section);
  });
});
