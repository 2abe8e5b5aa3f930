import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/render';
import { daysUntil, RegistrationNotice } from './registration-notice';

const inDays = (n: number) => {
  const d = new Date();
  d.setDate(d.getDate() + n);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

describe('the registration-expiry notice (spec §8)', () => {
  it('counts whole days from today', () => {
    expect(daysUntil('2026-12-31', new Date(2026, 11, 1, 23, 30))).toBe(30);
    expect(daysUntil('2026-03-01', new Date(2026, 1, 28, 8))).toBe(1);
  });

  it.each([
    [20, 'daqui a 20 dias'],
    [30, 'daqui a 30 dias'],
    [1, 'termina amanhã'],
    [0, 'termina hoje'],
  ])('warns when the registration ends in %i days', (days, words) => {
    renderScreen(<RegistrationNotice validade={inDays(days)} />);
    const note = screen.getByRole('note');
    expect(note.textContent).toContain('Seu vínculo está terminando');
    expect(note.textContent).toContain(words);
    expect(note.textContent).toContain('Procure a biblioteca para renová-lo.');
  });

  it.each([[31], [-1], [null]])('says nothing for %s', (days) => {
    renderScreen(<RegistrationNotice validade={days === null ? null : inDays(days)} />);
    expect(screen.queryByRole('note')).toBeNull();
  });
});
