import { describe, expect, it } from 'vitest';
import { deletionLines, emptyDeletionReport, readDeleteList } from './catalog.delete.js';

describe('a delete list', () => {
  it('gives one control number a line, trimmed, with its line number; blank lines and # comments are not numbers', async () => {
    const lines = ['# titles withdrawn', '  ocm0001  ', '', '\t', 'n  79021164   # an LCCN keeps its inner spaces', 'a#b', '   # indented comment', '0002'];
    const read = [];
    for await (const n of readDeleteList(lines)) read.push(n);
    expect(read).toEqual([
      { line: 2, controlNumber: 'ocm0001' },
      { line: 5, controlNumber: 'n  79021164' },
      { line: 6, controlNumber: 'a#b' },
      { line: 8, controlNumber: '0002' },
    ]);
  });
});

describe('the lines of a report', () => {
  it('counts, then says what came of each deletion', () => {
    const report = {
      ...emptyDeletionReport(),
      deleted: 1,
      copies: 3,
      notFound: 1,
      kept: 1,
      omitted: 2,
      entries: [
        { where: 'record 1', controlNumber: 'a', outcome: 'deleted' as const, copies: 3 },
        { where: 'line 2', controlNumber: 'b', outcome: 'not found' as const },
        { where: 'record 3', controlNumber: 'c', outcome: 'kept' as const, reasons: ['copy X1 is on loan', 'holds refer to it'] },
      ],
    };
    expect(deletionLines(report)).toEqual([
      '  deletions: 1 title deleted with 3 copies, 1 not found, 1 kept',
      '  deleted title a (record 1) and its 3 copies',
      '  not found: no title with control number b (line 2)',
      '  kept title c (record 3): copy X1 is on loan; holds refer to it',
      '  … and 2 more deletions, not listed',
    ]);
  });
});
