import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/render';
import { DEFAULT_ACCESSIBILITY, usePageSettings } from '../../stores/page-settings';
import { AccessibilityBar } from './accessibility-bar';

afterEach(() => usePageSettings.setState({ acessibilidade: DEFAULT_ACCESSIBILITY }));

describe('the accessibility bar’s text size', () => {
  it('reads "normal", then the text’s size against it up to 200 % — never "Zoom 0%" (issue 55)', async () => {
    const { user } = renderScreen(<AccessibilityBar />);
    const size = within(screen.getByRole('group', { name: 'Tamanho do texto' }));
    expect(size.getByText('Tamanho do texto: normal')).toBeTruthy();
    expect(screen.queryByText(/Zoom/)).toBeNull();
    const seen: string[] = [];
    const bigger = size.getByRole('button', { name: 'Aumentar o texto' });
    while (!(bigger as HTMLButtonElement).disabled) {
      await user.click(bigger);
      seen.push(size.getByText(/^Tamanho do texto: /).textContent!);
    }
    expect(seen).toEqual(['120 %', '140 %', '160 %', '180 %', '200 %'].map((value) => `Tamanho do texto: ${value}`));
    expect(usePageSettings.getState().acessibilidade.zoom).toBe(100);
    await user.click(size.getByRole('button', { name: 'Diminuir o texto' }));
    expect(size.getByText('Tamanho do texto: 180 %')).toBeTruthy();
  });
});
