import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ReadItem, readIso2709, readIso2709Stream } from './iso2709.js';
import { controlNumber, dataFields, type MarcRecord, subfieldValues } from './record.js';

const data = (file: string) => readFileSync(fileURLToPath(new URL(`../seed/data/${file}`, import.meta.url)));
const records = (items: ReadItem[]) => items.flatMap((i) => (i.kind === 'record' ? [i.record] : []));
const title = (record: MarcRecord) => subfieldValues(dataFields(record, '245')[0]!, 'a').join(' ');

describe('readIso2709', () => {
  it('reads the 24 MARC-8 records of the zebra sample and reports the junk after them', () => {
    const items = [...readIso2709(data('zebra-sample-marc21.mrc'))];
    expect(records(items)).toHaveLength(24);
    expect(items.filter((i) => i.kind === 'rejected')).toEqual([]);
    expect(items.at(-1)).toEqual({ kind: 'junk', offset: 23705, bytes: 3 });
    expect(title(records(items)[1]!)).toBe('How to program a computer');
  });

  it('reads the Latin-1 record labelled MARC-8 with its Danish letters intact, and says so', () => {
    const items = [...readIso2709(data('zebra-sample-marc21.mrc'))];
    const last = items.filter((i) => i.kind === 'record').at(-1)!;
    expect(last.kind === 'record' && title(last.record)).toBe('Strækøvelser');
    expect(last.kind === 'record' && last.warnings.join(' ')).toMatch(/declares MARC-8 but fields 245, 260 read as ISO 8859-1 letters/);
    expect(last.kind === 'record' && controlNumber(last.record)).toBe('D000015937');
  });

  it('reads UTF-8 records (leader/09 = a) with their diacritics', () => {
    const all = records([...readIso2709(data('melinda-100.mrc'))]);
    expect(all).toHaveLength(100);
    expect(all.some((r) => dataFields(r, '100').some((f) => subfieldValues(f, 'a')[0] === 'Linna, Väinö,'))).toBe(true);
  });

  it('rejects a corrupt record in the middle by position and reason, and reads all the others', () => {
    const file = Buffer.from(data('melinda-100.mrc'));
    const starts = [0];
    for (let i = 0; i < file.length - 1; i++) if (file[i] === 0x1d) starts.push(i + 1);
    const fiftieth = starts[49]!;
    // Break the 50th record's directory: a length that points past the record's end.
    file.write('9999', fiftieth + 24 + 3, 'latin1');
    const items = [...readIso2709(file)];
    const rejected = items.filter((i) => i.kind === 'rejected');
    expect(rejected).toEqual([{ kind: 'rejected', position: 50, offset: fiftieth, reason: expect.stringMatching(/points outside the record/) }]);
    expect(records(items)).toHaveLength(99);
  });

  it('resynchronises when a leader length is wrong', () => {
    const file = Buffer.from(data('melinda-100.mrc'));
    file.write('00010', 0, 'latin1');
    const items = [...readIso2709(file)];
    expect(items[0]).toMatchObject({ kind: 'rejected', position: 1, reason: expect.stringMatching(/does not match/) });
    expect(records(items)).toHaveLength(99);
  });

  it('never loses the valid record after one that lost its record terminator', () => {
    const file = data('melinda-100.mrc');
    const first = Number(file.subarray(0, 5).toString('latin1'));
    // The terminator replaced (the length still right) …
    const replaced = Buffer.from(file);
    replaced[first - 1] = 0x20;
    const a = [...readIso2709(replaced)];
    expect(a[0]).toMatchObject({ kind: 'rejected', position: 1, reason: expect.stringMatching(/no record terminator/) });
    expect(records(a)).toHaveLength(99);
    expect(controlNumber(records(a)[0]!)).toBe(controlNumber(records([...readIso2709(file)])[1]!));
    // … or cut out (the length one too many): the next leader after a field terminator ends it.
    const cut = Buffer.concat([file.subarray(0, first - 1), file.subarray(first)]);
    const b = [...readIso2709(cut)];
    expect(b[0]).toMatchObject({ kind: 'rejected', position: 1 });
    expect(records(b)).toHaveLength(99);
    expect(controlNumber(records(b)[0]!)).toBe(controlNumber(records([...readIso2709(file)])[1]!));
  });

  it('reports bytes that are not a record as junk — between records and after the last — not as rejected records', () => {
    const file = data('melinda-100.mrc');
    const first = Number(file.subarray(0, 5).toString('latin1'));
    const noise = Buffer.from('-- exported by the old system on 2024-05-01 --\r\n');
    const tail = Buffer.from('END OF FILE. Total: 100 records.\n');
    const items = [...readIso2709(Buffer.concat([file.subarray(0, first), noise, file.subarray(first), tail]))];
    expect(items.filter((i) => i.kind === 'rejected')).toEqual([]);
    expect(records(items)).toHaveLength(100);
    expect(items.filter((i) => i.kind === 'junk')).toEqual([
      { kind: 'junk', offset: first, bytes: noise.length },
      { kind: 'junk', offset: file.length + noise.length, bytes: tail.length },
    ]);
  });

  it('reads a file streamed in chunks of any size exactly as read whole', async () => {
    // Junk longer than the reader's lookahead (100 KB) too: still one junk item, and the leader after it kept.
    const file = Buffer.concat([
      data('melinda-100.mrc'),
      Buffer.from('trailing junk'),
      data('zebra-sample-marc21.mrc'),
      Buffer.alloc(150_000, 'x'),
      data('melinda-100.mrc'),
    ]);
    const whole = [...readIso2709(file)];
    expect(whole.filter((i) => i.kind === 'record')).toHaveLength(224);
    expect(whole.filter((i) => i.kind === 'junk').map((i) => i.kind === 'junk' && i.bytes)).toEqual([13, 3 + 150_000]);
    for (const size of [1, 997, 65_536]) {
      async function* chunks() {
        for (let at = 0; at < file.length; at += size) yield file.subarray(at, at + size);
      }
      const streamed: ReadItem[] = [];
      for await (const item of readIso2709Stream(chunks())) streamed.push(item);
      expect(streamed).toEqual(whole);
    }
  });

  it('never throws on arbitrary bytes: every byte ends up in a record, a rejection or junk', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2000 }), fc.integer({ min: 0, max: 3 }), (noise, copies) => {
        const real = data('zebra-sample-marc21.mrc').subarray(0, 1369 + 366 + 366);
        const input = Buffer.concat([...Array.from({ length: copies }, () => real), Buffer.from(noise)]);
        const items = [...readIso2709(input)];
        // The real records before the noise are always read; whatever the noise is, it is
        // reported as records, rejections or junk, never an exception.
        expect(records(items).length).toBeGreaterThanOrEqual(copies * 3);
        expect(records(items.slice(0, copies * 3)).map(controlNumber)).toEqual(
          Array.from({ length: copies }, () => records([...readIso2709(real)]).map(controlNumber)).flat(),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('reads the real records that precede random garbage', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 500 }), (noise) => {
        const real = data('zebra-sample-marc21.mrc').subarray(0, 366 + 366);
        const items = [...readIso2709(Buffer.concat([real, Buffer.from(noise)]))];
        expect(records(items).slice(0, 2).map(controlNumber)).toEqual(records([...readIso2709(real)]).map(controlNumber));
      }),
      { numRuns: 200 },
    );
  });
});
