import { type ResultadoAcervo, searchEndpoints } from '@estante/contracts/search';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answer, fakeApi, Refusal, renderScreen } from '../../../test/render';
import { NewAcquisitionsStrip, STRIP_SIZE } from './new-acquisitions-strip';

const line = (cod: number, change: Partial<ResultadoAcervo> = {}): ResultadoAcervo => ({
  cod_acervo: cod,
  titulo: `Título ${cod}`,
  autor: null,
  ano_publicacao: null,
  cod_tipo_obra: 1,
  desc_tipo_obra: 'Livro',
  idioma: null,
  link_capa: null,
  acesso_remoto: false,
  possui_acessibilidade: false,
  disponibilidade: [],
  ...change,
});

const page = (acervos: ResultadoAcervo[]) => ({ total: acervos.length, pagina: 1, quantPag: STRIP_SIZE, acervos, facetas: [], filtros: [] });

const strip = () => renderScreen(<NewAcquisitionsStrip guidePath="/novas-aquisicoes" titleHref={(cod) => `/acervo/${cod}`} />);

describe('the front page’s new acquisitions', () => {
  it('asks for the newest titles of the last year, and shows them as cards linked to their pages', async () => {
    const calls = fakeApi(
      answer(
        searchEndpoints.search,
        page([
          line(7, { titulo: 'Pedagogia do oprimido', autor: 'Freire, Paulo', ano_publicacao: 1987, link_capa: 'https://capas.example/7.jpg' }),
          line(8, { titulo: 'Revista Brasileira de Educação', cod_tipo_obra: 2 }),
        ]),
      ),
    );
    strip();
    const region = screen.getByRole('region', { name: 'Novas aquisições' });
    expect(within(region).getByRole('heading', { level: 2, name: 'Novas aquisições' })).toBeTruthy();
    const items = await within(region).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(region.getAttribute('aria-busy')).toBe('false');

    const [first, second] = items as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('link', { name: 'Pedagogia do oprimido' }).getAttribute('href')).toBe('/acervo/7');
    expect(within(first).getByText('Freire, Paulo')).toBeTruthy();
    expect(within(first).getByText('1987')).toBeTruthy();
    const cover = within(first).getByRole('img', { name: 'Capa: Pedagogia do oprimido' });
    expect([cover.tagName.toLowerCase(), cover.getAttribute('loading')]).toEqual(['img', 'lazy']);
    // No cover: one drawn, named the same way; no year: said so.
    expect(within(second).getByRole('img', { name: 'Capa: Revista Brasileira de Educação' }).tagName.toLowerCase()).toBe('svg');
    expect(within(second).getByText('sem data')).toBeTruthy();

    const sent = calls.find((c) => c.path === '/consulta')!.query;
    expect(Object.fromEntries(sent)).toEqual({ novas: '365', quantPag: String(STRIP_SIZE) });

    const all = within(region).getByRole('link', { name: 'Ver todas as novas aquisições' });
    expect(all.textContent).toBe('Ver todas');
    expect(all.getAttribute('href')).toBe('/novas-aquisicoes?novas=365&exibicao=C');
  });

  it('keeps the cards’ place with skeletons, hidden from assistive technology, while they load', () => {
    // An API that has not answered yet.
    vi.stubGlobal('fetch', () => new Promise<never>(() => {}));
    const { container } = strip();
    const region = screen.getByRole('region', { name: 'Novas aquisições' });
    expect(region.getAttribute('aria-busy')).toBe('true');
    expect(within(region).queryByRole('list')).toBeNull();
    expect(container.querySelectorAll('[aria-hidden="true"] .mantine-Skeleton-root').length).toBe(STRIP_SIZE * 4);
  });

  it('says so when there is nothing new', async () => {
    fakeApi(answer(searchEndpoints.search, page([])));
    strip();
    expect(await screen.findByText('Nenhum título novo no último ano.')).toBeTruthy();
  });

  it('says so when the search fails', async () => {
    fakeApi(answer(searchEndpoints.search, () => new Refusal(503, 'Serviço indisponível')));
    strip();
    expect(await screen.findByText('Não foi possível carregar estes dados. Tente novamente.')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Novas aquisições' }).getAttribute('aria-busy')).toBe('false');
  });
});
