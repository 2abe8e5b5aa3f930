import type { ResultadoAcervo } from '@estante/contracts/search';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { ResultItem } from './result-item';

const line = (change: Partial<ResultadoAcervo>): ResultadoAcervo => ({
  cod_acervo: 1,
  titulo: '',
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

const results = [
  line({ cod_acervo: 7, titulo: 'Pedagogia do oprimido', autor: 'Freire, Paulo, 1921-1997', ano_publicacao: 1987, idioma: 'por' }),
  line({ cod_acervo: 8, titulo: 'Revista Brasileira de Educação', cod_tipo_obra: 2, desc_tipo_obra: 'Periódico' }),
];

describe('each result line carries its title as COinS, for reference managers (decision 0027)', () => {
  it('one empty span per title, hidden from assistive technology, the title page as rft_id', async () => {
    const { container } = renderScreen(
      <>
        {results.map((item) => (
          <ResultItem key={item.cod_acervo} item={item} display="D" href={`/acervo/${item.cod_acervo}`} />
        ))}
      </>,
    );
    await screen.findByRole('link', { name: 'Pedagogia do oprimido' });
    const spans = [...container.querySelectorAll<HTMLSpanElement>('article span.Z3988')];
    expect(spans).toHaveLength(2);
    for (const span of spans) {
      expect(span.textContent).toBe('');
      expect(span.getAttribute('aria-hidden')).toBe('true');
    }
    const [book, serial] = spans.map((span) => new URLSearchParams(span.title));
    expect(Object.fromEntries(book!)).toEqual({
      ctx_ver: 'Z39.88-2004',
      rft_val_fmt: 'info:ofi/fmt:kev:mtx:book',
      rft_id: `${window.location.origin}/acervo/7`,
      'rft.genre': 'book',
      'rft.btitle': 'Pedagogia do oprimido',
      'rft.au': 'Freire, Paulo',
      'rft.date': '1987',
      'rft.language': 'pt',
    });
    expect(serial!.get('rft_val_fmt')).toBe('info:ofi/fmt:kev:mtx:journal');
    expect(serial!.get('rft.genre')).toBe('journal');
    expect(serial!.get('rft.jtitle')).toBe('Revista Brasileira de Educação');
    expect(serial!.get('rft_id')).toBe(`${window.location.origin}/acervo/8`);
    // Nothing of it is text on the page.
    expect(container.textContent).not.toContain('Z39.88');
  });
});
