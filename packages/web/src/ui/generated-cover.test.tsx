import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../test/render';
import { Cover, coverSource } from './cover';
import { COVER_PALETTE, coverColours, emWidth, GeneratedCover, titleType, UNKNOWN_TYPE_COLOURS, wrapText } from './generated-cover';

/** Relative luminance of an sRGB colour (WCAG 2.2, with the sRGB standard's 0.04045 threshold). */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours: (lighter + 0.05) / (darker + 0.05). */
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe('the generated covers’ colours', () => {
  it('the computation agrees with WCAG’s known values', () => {
    expect(contrast('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it.each([...COVER_PALETTE, UNKNOWN_TYPE_COLOURS].map((c) => [c.background, c.text]))('text on %s (%s) reaches AA, 4.5:1', (background, text) => {
    expect(contrast(background, text)).toBeGreaterThanOrEqual(4.5);
  });

  it('eight distinct colours, the same for the same work type, again from the ninth', () => {
    expect(new Set(COVER_PALETTE.map((c) => c.background)).size).toBe(8);
    expect(coverColours(1)).toEqual(coverColours(1));
    expect(new Set([1, 2, 3, 4, 5, 6, 7, 8].map((n) => coverColours(n).background)).size).toBe(8);
    expect(coverColours(9)).toBe(coverColours(1));
    expect(coverColours(0)).toBe(coverColours(8));
    expect(coverColours(undefined)).toBe(UNKNOWN_TYPE_COLOURS);
  });
});

describe('wrapText', () => {
  it('breaks at spaces, each line no wider than asked', () => {
    expect(wrapText('Pedagogia do oprimido', 7.27, 6)).toEqual(['Pedagogia', 'do oprimido']);
    expect(wrapText('Dom Casmurro', 7.27, 6)).toEqual(['Dom', 'Casmurro']);
    for (const line of wrapText('Souza, Maria Aparecida de; Oliveira Santos, João Carlos', 10, 5)) expect(emWidth(line)).toBeLessThanOrEqual(10);
  });

  it('ends the last line with an ellipsis when the text goes on', () => {
    expect(wrapText('um dois três quatro cinco seis', 5, 2)).toEqual(['um dois', 'três…']);
  });

  it('never hyphenates (issue 55: "Administraç-ão"): a word wider than a line is cut with an ellipsis', () => {
    expect(wrapText('Administração pública', 8, 7)).toEqual(['Administraç…', 'pública']);
    expect(wrapText('Otorrinolaringologia pediátrica', 7.27, 3)).toEqual(['Otorrinolar…', 'pediátrica']);
    for (const line of wrapText('Otorrinolaringologia', 5, 2)) {
      expect(line).not.toMatch(/-$/);
      expect(emWidth(line)).toBeLessThanOrEqual(5);
    }
  });

  it('counts wide letters as wide', () => {
    expect(emWidth('MW')).toBeGreaterThan(emWidth('il') * 2);
  });
});

describe('GeneratedCover', () => {
  it('is one picture named like a cover image, at the size asked, with the title and author drawn', () => {
    const { container } = renderScreen(<GeneratedCover title="Pedagogia do oprimido" author="Freire, Paulo, 1921-1997" workType={1} width={60} height={85} />);
    const svg = screen.getByRole('img', { name: 'Capa: Pedagogia do oprimido' });
    expect(svg.tagName.toLowerCase()).toBe('svg');
    expect(svg.getAttribute('width')).toBe('60');
    expect(svg.getAttribute('height')).toBe('85');
    expect([...svg.querySelectorAll('tspan')].map((line) => line.textContent)).toEqual(['Pedagogia do', 'oprimido', 'Freire, Paulo']);
    expect(container.querySelector('rect')?.getAttribute('fill')).toBe(COVER_PALETTE[0]!.background);
    // Nothing is fetched: no image inside.
    expect(container.querySelector('img, image')).toBeNull();
  });
});

describe('GeneratedCover’s title type', () => {
  const lines = (title: string) => {
    renderScreen(<GeneratedCover title={title} workType={1} width={120} height={170} />);
    const text = screen.getByRole('img', { name: `Capa: ${title}` }).querySelector('text')!;
    return { size: Number(text.getAttribute('font-size')), lines: [...text.querySelectorAll('tspan')].map((line) => line.textContent) };
  };

  it('keeps the usual size when every word fits a line', () => {
    expect(lines('Pedagogia do oprimido')).toEqual({ size: 10, lines: ['Pedagogia do', 'oprimido'] });
  });

  it('draws a long word whole in smaller type, never broken with a hyphen', () => {
    const drawn = lines('Administração pública');
    expect(drawn.lines).toEqual(['Administração', 'pública']);
    expect(drawn.size).toBeLessThan(10);
    expect(titleType('Administração pública').size).toBe(drawn.size);
    expect(lines('Otorrinolaringologia pediátrica').lines.every((line) => !line?.endsWith('-'))).toBe(true);
  });
});

describe('Cover', () => {
  it('draws a cover when the title has no link, at the size an image would have', () => {
    renderScreen(<Cover title="Sem capa" link={null} width={120} author="Autor" workType={2} />);
    const svg = screen.getByRole('img', { name: 'Capa: Sem capa' });
    expect(svg.tagName.toLowerCase()).toBe('svg');
    expect([svg.getAttribute('width'), svg.getAttribute('height')]).toEqual(['120', '170']);
  });

  it('asks for an http cover of another host over https (the CSP allows https images only), and draws one when that fails (issue 55)', () => {
    renderScreen(<Cover title="Capa antiga" link="http://capas.example/2.jpg" />);
    const img = screen.getByRole('img', { name: 'Capa: Capa antiga' });
    expect(img.getAttribute('src')).toBe('https://capas.example/2.jpg');
    fireEvent.error(img);
    expect(screen.getByRole('img', { name: 'Capa: Capa antiga' }).tagName.toLowerCase()).toBe('svg');
  });

  it('leaves an https cover, and an http one of this site itself, as written', () => {
    expect(coverSource('https://capas.example/1.jpg')).toBe('https://capas.example/1.jpg');
    expect(coverSource('HTTP://capas.example/1.jpg?x=http://y')).toBe('https://capas.example/1.jpg?x=http://y');
    expect(coverSource('http://localhost:8080/capas/1.jpg', 'http://localhost:8080')).toBe('http://localhost:8080/capas/1.jpg');
    expect(coverSource('/capas/1.jpg')).toBe('/capas/1.jpg');
  });

  it('shows the link lazily, and a drawn cover in its place when it fails to load', () => {
    renderScreen(<Cover title="Com capa" link="https://capas.example/1.jpg" />);
    const img = screen.getByRole('img', { name: 'Capa: Com capa' });
    expect(img.tagName.toLowerCase()).toBe('img');
    expect(img.getAttribute('src')).toBe('https://capas.example/1.jpg');
    expect(img.getAttribute('loading')).toBe('lazy');
    fireEvent.error(img);
    const svg = screen.getByRole('img', { name: 'Capa: Com capa' });
    expect(svg.tagName.toLowerCase()).toBe('svg');
    expect([svg.getAttribute('width'), svg.getAttribute('height')]).toEqual(['60', '85']);
  });
});
