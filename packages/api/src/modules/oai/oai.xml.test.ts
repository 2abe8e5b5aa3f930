import { describe, expect, it } from 'vitest';
import { parseDateBound } from './oai.request.js';
import { fitForMarcXml, resumptionElement, xmlSafe } from './oai.xml.js';

describe('parseDateBound', () => {
  it('reads a day or a second as the range of instants it covers', () => {
    expect(parseDateBound('2024-02-29')).toEqual({
      text: '2024-02-29',
      granularity: 'day',
      start: new Date('2024-02-29T00:00:00Z'),
      end: new Date('2024-03-01T00:00:00Z'),
    });
    expect(parseDateBound('0099-12-31T23:59:59Z')).toMatchObject({
      granularity: 'second',
      start: new Date('0099-12-31T23:59:59Z'),
      end: new Date('0100-01-01T00:00:00Z'),
    });
  });

  it('refuses what is no date: impossible days and times, other shapes', () => {
    for (const text of [
      '2023-02-29',
      '2024-04-31',
      '2024-01-01T24:00:00Z',
      '2024-01-01T10:60:00Z',
      '2024-1-1',
      '2024-01-01T10:00:00+00:00',
      '2024-01-01 10:00:00Z',
      '0000-01-01',
    ])
      expect(parseDateBound(text), text).toBeNull();
  });
});

describe('XML safety', () => {
  it('drops what XML 1.0 cannot carry: controls, lone surrogates, U+FFFE/U+FFFF; keeps tabs, lines, pairs', () => {
    expect(xmlSafe('a\u0000b\u0008c\td\ne\uFFFEf\uFFFFg\uD800h\uDC00i😀')).toBe('abc\td\nefghi😀');
  });

  it('fits a record to MARC21slim: the leader in its alphabet, bad tags and codes and empty fields out', () => {
    const fitted = fitForMarcXml({
      leader: 'short',
      fields: [
        { tag: '001', value: 'x\u0001y' },
        { tag: '00', value: 'no tag' },
        {
          tag: '245',
          ind1: '0',
          ind2: '0',
          subfields: [
            { code: 'a', value: 'T' },
            { code: '', value: 'none' },
          ],
        },
        { tag: '2450', ind1: ' ', ind2: ' ', subfields: [{ code: 'a', value: 'long tag' }] },
        { tag: '500', ind1: ' ', ind2: ' ', subfields: [{ code: ' ', value: 'blank code' }] },
      ],
    });
    expect(fitted.leader).toBe(`00000 a${' '.repeat(17)}`);
    expect(fitted.leader).toMatch(/^[\d ]{5}[\dA-Za-z ][\dA-Za-z][\dA-Za-z ]{3}(2| )(2| )[\d ]{5}[\dA-Za-z ]{3}(4500| {4})$/);
    expect(fitted.fields).toEqual([
      { tag: '001', value: 'xy' },
      { tag: '245', ind1: '0', ind2: '0', subfields: [{ code: 'a', value: 'T' }] },
    ]);
  });

  it('writes completeListSize only when the list was counted', () => {
    expect(resumptionElement({ token: 'a.b', cursor: 100, completeListSize: 250 })).toBe(
      '<resumptionToken completeListSize="250" cursor="100">a.b</resumptionToken>',
    );
    expect(resumptionElement({ token: '', cursor: 200, completeListSize: null })).toBe('<resumptionToken cursor="200"></resumptionToken>');
  });
});
