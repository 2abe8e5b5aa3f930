import { colorsTuple, createTheme, type MantineThemeOverride } from '@mantine/core';

/** The product's own blue, when the institution names no colour. */
export const DEFAULT_PRIMARY = '#1d4f91';

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Contrast ratio of white text on `hex` (WCAG 2.1). */
export function contrastWithWhite(hex: string): number {
  return 1.05 / (luminance(hex) + 0.05);
}

/**
 * The institution's colour made readable: darkened in 8 % steps until white text on it (buttons)
 * and it as text on white (links) reach AA's 4.5:1, so no theme can break the contrast.
 */
export function readablePrimary(hex: string | undefined): string {
  let colour = hex && /^#[0-9a-fA-F]{6}$/.test(hex) ? hex.toLowerCase() : DEFAULT_PRIMARY;
  while (contrastWithWhite(colour) < 4.6) {
    colour = `#${[1, 3, 5]
      .map((i) =>
        Math.floor(parseInt(colour.slice(i, i + 2), 16) * 0.92)
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')}`;
  }
  return colour;
}

/** The Mantine theme for the institution's `tema` (spec §3): its primary colour, readable. */
export function themeFor(corPrimaria: string | undefined): MantineThemeOverride {
  return createTheme({
    colors: { institution: colorsTuple(readablePrimary(corPrimaria)) },
    primaryColor: 'institution',
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  });
}
