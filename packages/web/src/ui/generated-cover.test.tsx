import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../test/render';
import { Cover } from './cover';
import { COVER_PALETTE, coverColours, emWidth, GeneratedCover, UNKNOWN_TYPE_COLOURS, wrapText } from './generated-cover';

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

  it('ends the last line with an ellipsis when the text goes on, and hyphenates a word wider than a line', () => {
    expect(wrapText('um dois três quatro cinco seis', 5, 2)).toEqual(['um dois', 'três…']);
    expect(wrapText('Otorrinolaringologia', 5, 2)).toEqual(['Otorrin-', 'olaring…']);
    expect(wrapText('Otorrinolaringologia pediátrica', 7.27, 3)).toEqual(['Otorrinolar-', 'ingologia', 'pediátrica']);
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

describe('Cover', () => {
  it('draws a cover when the title has no link, at the size an image would have', () => {
    renderScreen(<Cover title="Sem capa" link={null} width={120} author="Autor" workType={2} />);
    const svg = screen.getByRole('img', { name: 'Capa: Sem capa' });
    expect(svg.tagName.toLowerCase()).toBe('svg');
    expect([svg.getAttribute('width'), svg.getAttribute('height')]).toEqual(['120', '170']);
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
