import { type Acervo, titleEndpoints } from '@estante/contracts/catalog';
import { screen, waitFor } from '@testing-library/react';
import { Navigate, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { acervoRecord } from '../../../test/acervo';
import { answer, fakeApi, renderScreen } from '../../../test/render';
import { TitleSummary } from './title-summary';

/** A book's record as `GET /acervo/{id}` answers it (its tabs: the description only). */
const record = acervoRecord({ abas: ['33'] });

const links = { search: () => '/pesquisa-geral', authority: (cod: number) => `/autoridade/${cod}` };

/** The title page as the app routes it, opened at `path` (a tab of the title, say). */
const titlePageAt = (path: string, href?: string) => {
  fakeApi(answer(titleEndpoints.links, []));
  return renderScreen(
    <Routes>
      <Route path="/" element={<Navigate to={path} />} />
      <Route path="/acervo/:id/*" element={<TitleSummary acervo={record} links={links} signedIn={false} loginHref="/login" href={href} />} />
    </Routes>,
  );
};

const coins = (container: HTMLElement) => [...container.querySelectorAll<HTMLSpanElement>('span.Z3988')];
const jsonLd = (container: HTMLElement) =>
  [...container.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent ?? '') as Record<string, unknown>);

describe('the title page describes its title for reference managers and search engines (decision 0027)', () => {
  it('carries one COinS span: empty, hidden from assistive technology, its ContextObject the book with the page as rft_id', async () => {
    const { container } = titlePageAt('/acervo/7', '/acervo/7');
    await screen.findByText('Paz e Terra', { exact: false });
    const [span, ...others] = coins(container);
    expect(others).toHaveLength(0);
    expect(span!.textContent).toBe('');
    expect(span!.getAttribute('aria-hidden')).toBe('true');
    const kev = new URLSearchParams(span!.title);
    expect(kev.get('ctx_ver')).toBe('Z39.88-2004');
    expect(kev.get('rft_val_fmt')).toBe('info:ofi/fmt:kev:mtx:book');
    expect(kev.get('rft.genre')).toBe('book');
    expect(kev.get('rft.btitle')).toBe('Pedagogia do oprimido');
    expect(kev.get('rft.au')).toBe('Freire, Paulo');
    expect(kev.get('rft.date')).toBe('1987');
    expect(kev.get('rft.isbn')).toBe('9788577531646');
    expect(kev.get('rft.pub')).toBe('Paz e Terra');
    expect(kev.get('rft.place')).toBe('Rio de Janeiro');
    expect(kev.get('rft_id')).toBe(`${window.location.origin}/acervo/7`);
  });

  it('carries schema.org JSON-LD: a Book with its author, publisher, subjects and pages', async () => {
    const { container } = titlePageAt('/acervo/7', '/acervo/7');
    await screen.findByText('Paz e Terra', { exact: false });
    const [data, ...others] = jsonLd(container);
    expect(others).toHaveLength(0);
    expect(data).toMatchObject({
      '@context': { '@vocab': 'https://schema.org/' },
      '@type': 'Book',
      name: 'Pedagogia do oprimido',
      url: `${window.location.origin}/acervo/7`,
      author: { '@type': 'Person', name: 'Freire, Paulo' },
      datePublished: '1987',
      isbn: '9788577531646',
      publisher: { '@type': 'Organization', name: 'Paz e Terra' },
      inLanguage: 'pt',
      about: [
        { '@type': 'Thing', name: 'Educação' },
        { '@type': 'Thing', name: 'Pedagogia crítica' },
      ],
      numberOfPages: 184,
    });
  });

  it('on a tab of the title, still names the title page itself', async () => {
    const { container } = titlePageAt('/acervo/7/marc');
    await waitFor(() => expect(coins(container)).toHaveLength(1));
    expect(new URLSearchParams(coins(container)[0]!.title).get('rft_id')).toBe(`${window.location.origin}/acervo/7`);
    expect(jsonLd(container)[0]).toMatchObject({ '@id': `${window.location.origin}/acervo/7` });
  });
});

describe('the title page’s summary (issue 55)', () => {
  const at = (acervo: Acervo, holdHref?: string) => {
    fakeApi(answer(titleEndpoints.links, []));
    return renderScreen(<TitleSummary acervo={acervo} links={links} signedIn={false} loginHref="/login" holdHref={holdHref} />);
  };
  /** The terms of the record's description list, in reading order. */
  const terms = (container: HTMLElement) => [...container.querySelectorAll('dt')].map((dt) => dt.textContent);

  it('says whether a copy is on the shelf before the long description, not after it', async () => {
    const { container } = at({ ...record, serie: 'Coleção O mundo hoje', notas: 'Inclui bibliografia.' });
    await screen.findByText('Paz e Terra', { exact: false });
    expect(terms(container)[0]).toBe('Disponibilidade');
    expect(terms(container).length).toBeGreaterThan(8);
    const availability = screen.getByText('1 de 2 exemplares disponíveis em 1 biblioteca');
    expect(availability.compareDocumentPosition(screen.getByText('Freire, Paulo, 1921-1997')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('offers the hold beside it when no copy is on the shelf, and only then', async () => {
    const out = at(
      { ...record, disponibilidade: [{ cod_biblioteca: 1, desc_biblioteca: 'Biblioteca Central', total: 2, disponiveis: 0 }] },
      '/acervo/7/reserva',
    );
    expect((await screen.findByRole('link', { name: 'Reservar' })).getAttribute('href')).toBe('/acervo/7/reserva');
    out.unmount();
    at(record, '/acervo/7/reserva');
    await screen.findByText('1 de 2 exemplares disponíveis em 1 biblioteca');
    expect(screen.queryByRole('link', { name: 'Reservar' })).toBeNull();
  });
});
