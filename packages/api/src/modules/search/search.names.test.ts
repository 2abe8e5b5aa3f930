import { describe, expect, it } from 'vitest';
import { AppendedNames, nameArray, namesWith, PackedNames, packNames } from './search.names.js';

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
