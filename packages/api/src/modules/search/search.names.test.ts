import { describe, expect, it } from 'vitest';
import { AppendedNames, nameArray, namesWith, PackedNames, packNames, RecentStrings } from './search.names.js';

describe('a facet’s value names, packed (issue 59, memory)', () => {
  const names = ['Machado de Assis, Joaquim Maria', 'Ação e reação', '', 'Пушкин, Александр', '夏目漱石', 'Emoji 📚 na estante', 'Ñandú'];

  it('give back every name as written, whatever its script', () => {
    const packed = packNames(names);
    expect(packed).toBeInstanceOf(PackedNames);
    expect(packed.length).toBe(names.length);
    expect(nameArray(packed)).toEqual(names);
    // Packed from their bytes again (as a file is loaded): the same names.
    expect(nameArray(new PackedNames(packed.bytes.slice(), packed.starts.slice()))).toEqual(names);
  });

  it('know no name outside the list', () => {
    const packed = packNames(names);
    for (const value of [-1, names.length, 1.5, Number.NaN]) expect(packed.at(value)).toBeUndefined();
    const empty = packNames([]);
    expect(empty.length).toBe(0);
    expect(empty.at(0)).toBeUndefined();
  });

  it('refuse starts that run past their bytes (a damaged file)', () => {
    expect(() => new PackedNames(new Uint8Array(3), Uint32Array.of(0, 4))).toThrow();
    expect(() => new PackedNames(new Uint8Array(0), new Uint32Array(0))).toThrow();
  });

  it('take the names patches append without copying the list, one level deep however many patches', () => {
    const packed = packNames(names);
    expect(namesWith(packed, [])).toBe(packed);
    const once = namesWith(packed, ['Novo, Autor']);
    const twice = namesWith(once, ['Outro, Autor', 'Mais um']);
    expect(nameArray(twice)).toEqual([...names, 'Novo, Autor', 'Outro, Autor', 'Mais um']);
    expect(twice).toBeInstanceOf(AppendedNames);
    expect((twice as AppendedNames).base).toBe(packed);
    // The earlier list is left as it was (the previous snapshot still uses it).
    expect(nameArray(once)).toEqual([...names, 'Novo, Autor']);
    expect(twice.at(twice.length)).toBeUndefined();
    expect(namesWith(names, ['Novo']).at(-1)).toBeUndefined();
    // Packed again (a patch folding its values, a snapshot saved): one buffer.
    expect(nameArray(packNames(twice))).toEqual(nameArray(twice));
  });
});

describe('the strings made lately for value numbers (RecentStrings)', () => {
  it('makes a value’s string once while it is kept, and starts again past its bound', () => {
    const made: number[] = [];
    const recent = new RecentStrings(3);
    const of = (value: number) => recent.of(value, (v) => (made.push(v), `v${v}`));
    expect([of(1), of(2), of(1), of(3), of(2)]).toEqual(['v1', 'v2', 'v1', 'v3', 'v2']);
    expect(made).toEqual([1, 2, 3]);
    // A fourth value empties it: the first ones are made again when asked.
    expect([of(4), of(1)]).toEqual(['v4', 'v1']);
    expect(made).toEqual([1, 2, 3, 4, 1]);
  });
});
