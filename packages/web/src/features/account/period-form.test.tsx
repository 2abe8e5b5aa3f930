import { describe, expect, it } from 'vitest';
import { lastTwelveMonths } from './period-form';

describe('lastTwelveMonths', () => {
  it('runs from the same day a year before to today, in local dates', () => {
    expect(lastTwelveMonths(new Date(2026, 4, 12, 23, 30))).toEqual({ dataIni: '2025-05-12', dataFim: '2026-05-12' });
    expect(lastTwelveMonths(new Date(2026, 0, 1, 0, 5))).toEqual({ dataIni: '2025-01-01', dataFim: '2026-01-01' });
  });

  it('starts on 28 February when today is 29 February', () => {
    expect(lastTwelveMonths(new Date(2028, 1, 29))).toEqual({ dataIni: '2027-02-28', dataFim: '2028-02-29' });
  });
});
