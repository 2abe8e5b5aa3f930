import { describe, expect, it } from 'vitest';
import { checkRecord, type EditorRecord, material008, positions008 } from './marc21.js';

const df = (tag: string, ind: string, ...subfields: [string, string][]) => ({
  tag,
  ind1: ind[0]!,
  ind2: ind[1]!,
  subfields: subfields.map(([code, value]) => ({ code, value })),
});
const book = (...fields: EditorRecord['fields']): EditorRecord => ({
  leader: '00000nam a2200000 a 4500',
  fields: [{ tag: '001', value: 'x1' }, { tag: '008', value: '200101s1987    bl            000 0 por d' }, ...fields],
});
const title = df('245', '10', ['a', 'Pedagogia do oprimido :'], ['b', 'subtítulo']);

describe('the MARC 21 tag table checks', () => {
  it('accepts a well-formed book, local fields with anything in them included', () => {
    expect(
      checkRecord(
        book(
          df('100', '1 ', ['a', 'Freire, Paulo']),
          title,
          df('650', ' 4', ['a', 'Educação'], ['x', 'Filosofia'], ['x', 'História']),
          df('949', 'zz', ['q', 'local']),
        ),
        'bibliographic',
      ),
    ).toEqual([]);
  });

  it('names each wrong field: unknown tag, bad indicators, unknown or repeated subfield, repeated field, missing 245', () => {
    const issues = checkRecord(
      book(title, df('123', '  ', ['a', 'x']), df('245', '90', ['a', 'x'], ['a', 'y'], ['z', 'w']), df('100', '1x', ['a', 'Nome'])),
      'bibliographic',
    );
    expect(issues).toEqual([
      { codigo: 'tag_desconhecida', campo: 3, tag: '123' },
      { codigo: 'campo_repetido', campo: 4, tag: '245' },
      { codigo: 'indicador1_invalido', campo: 4, tag: '245', valor: '9' },
      { codigo: 'subcampo_repetido', campo: 4, tag: '245', subcampo: 1, valor: 'a' },
      { codigo: 'subcampo_invalido', campo: 4, tag: '245', subcampo: 2, valor: 'z' },
      { codigo: 'indicador2_invalido', campo: 5, tag: '100', valor: 'x' },
    ]);
    expect(checkRecord(book(df('500', '  ', ['a', 'nota'])), 'bibliographic')).toEqual([{ codigo: 'campo_obrigatorio', campo: null, tag: '245' }]);
  });

  it('checks the leader and the fixed length of 008, and empty fields', () => {
    const record = { ...book(title, df('500', '  ', ['a', '  '])), leader: 'short' };
    record.fields[1] = { tag: '008', value: 'too short' };
    expect(checkRecord(record, 'bibliographic').map((i) => i.codigo)).toEqual(['lider_invalido', 'tamanho_invalido', 'campo_vazio']);
  });

  it('checks an authority against the authority table: a 1XX heading, once; 4XX references repeat', () => {
    const authority = (...fields: EditorRecord['fields']): EditorRecord => ({
      leader: '00000nz  a2200000n  4500',
      fields: [{ tag: '001', value: 'n1' }, ...fields],
    });
    const heading = df('100', '1 ', ['a', 'Freire, Paulo,'], ['d', '1921-1997']);
    const see = df('400', '1 ', ['a', 'Freire, Paulo Reglus Neves']);
    expect(checkRecord(authority(heading, see, see, df('670', '  ', ['a', 'Fonte'])), 'authority')).toEqual([]);
    expect(checkRecord(authority(see), 'authority')).toEqual([{ codigo: 'campo_obrigatorio', campo: null, tag: '1XX' }]);
    expect(checkRecord(authority(heading, heading), 'authority')).toEqual([{ codigo: 'campo_repetido', campo: 2, tag: '100' }]);
    expect(checkRecord(authority(heading, df('245', '10', ['a', 'x'])), 'authority')).toEqual([{ codigo: 'tag_desconhecida', campo: 2, tag: '245' }]);
  });

  it("names the 008's positions by the record's type of material", () => {
    expect(material008('00000nam a2200000 a 4500')).toBe('Books');
    expect(material008('00000nas a2200000 a 4500')).toBe('Continuing Resources');
    expect(material008('00000ngm a2200000 a 4500')).toBe('Visual Materials');
    const labels = positions008('bibliographic', '00000nam a2200000 a 4500').map((p) => p.label);
    expect(labels).toContain('Illustrations');
    expect(labels).toContain('Date entered on file');
    expect(positions008('bibliographic', '00000nas a2200000 a 4500').map((p) => p.label)).toContain('Frequency');
    expect(positions008('authority', '00000nz  a2200000n  4500').find((p) => p.start === 9)?.codes?.a).toBe('Established heading');
  });
});
