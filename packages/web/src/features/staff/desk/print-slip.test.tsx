import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { printInFrame, type Slip, slipText, useSlipPrinter } from './print-slip';

const receipt: Slip = {
  lang: 'pt',
  title: 'Recibo de empréstimos',
  fields: [
    { label: 'Leitor', value: 'Ana <b>Souza</b> & filhos' },
    { label: 'Data', value: '29/11/2026' },
  ],
  table: { caption: 'Empréstimos', columns: ['Título', 'Exemplar', 'Devolução'], rows: [['Dom Casmurro', 'T-100', '15/12/2026']], empty: 'Nenhum.' },
};

/** The desk's printing frames in the page. */
const frames = () => document.querySelectorAll('iframe');

/** Prints through the real frame, each frame's print() replaced by one that keeps the document it was asked to print. */
function printing() {
  const printed: Document[] = [];
  const append = document.body.appendChild.bind(document.body);
  vi.spyOn(document.body, 'appendChild').mockImplementation(<T extends Node>(node: T): T => {
    const added = append(node);
    if (node instanceof HTMLIFrameElement) node.contentWindow!.print = () => void printed.push(node.contentDocument!);
    return added;
  });
  const wholePage = vi.spyOn(window, 'print').mockImplementation(() => {});
  return { printed, wholePage };
}

afterEach(() => {
  vi.restoreAllMocks();
  for (const frame of frames()) frame.remove();
});

describe("the desk's slips", () => {
  it('print alone, in a hidden frame of their own, as text (markup in the words stays words)', () => {
    const page = document.body.appendChild(document.createElement('main'));
    page.textContent = 'Balcão de circulação';
    const { printed, wholePage } = printing();
    printInFrame(receipt);
    page.remove();
    expect(wholePage).not.toHaveBeenCalled();
    expect(printed).toHaveLength(1);
    const doc = printed[0]!;
    expect(doc.documentElement.lang).toBe('pt');
    expect(doc.title).toBe('Recibo de empréstimos');
    expect(doc.querySelector('h1')!.textContent).toBe('Recibo de empréstimos');
    expect([...doc.querySelectorAll('dt')].map((dt) => `${dt.textContent}=${dt.nextElementSibling!.textContent}`)).toEqual([
      'Leitor=Ana <b>Souza</b> & filhos',
      'Data=29/11/2026',
    ]);
    expect(doc.querySelector('b')).toBeNull();
    const table = doc.querySelector('table')!;
    expect(table.querySelector('caption')!.textContent).toBe('Empréstimos');
    expect([...table.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['Título', 'Exemplar', 'Devolução']);
    expect([...table.querySelectorAll('tbody td')].map((td) => td.textContent)).toEqual(['Dom Casmurro', 'T-100', '15/12/2026']);
    // Nothing of the page is in it.
    expect(doc.body.textContent).not.toContain('Balcão de circulação');

    const frame = frames()[0]!;
    expect(frame.getAttribute('aria-hidden')).toBe('true');
    expect(frame.tabIndex).toBe(-1);
    // The frame goes when its printing ends.
    frame.contentWindow!.dispatchEvent(new Event('afterprint'));
    expect(frames()).toHaveLength(0);
  });

  it('say so when a table has no rows, and take away a frame left behind', () => {
    const { printed } = printing();
    printInFrame(receipt);
    printInFrame({ ...receipt, table: { ...receipt.table!, rows: [] } });
    expect(printed).toHaveLength(2);
    expect(frames()).toHaveLength(1);
    expect(printed[1]!.querySelector('table')).toBeNull();
    expect(printed[1]!.body.textContent).toContain('Nenhum.');
  });

  it('read as text: the heading, a line for each field, then the table', () => {
    expect(slipText(receipt)).toBe(
      [
        'Recibo de empréstimos',
        'Leitor: Ana <b>Souza</b> & filhos',
        'Data: 29/11/2026',
        'Empréstimos',
        'Título | Exemplar | Devolução',
        'Dom Casmurro | T-100 | 15/12/2026',
      ].join('\n'),
    );
    expect(slipText({ lang: 'pt', title: 'Guia', fields: [] })).toBe('Guia');
  });

  it('are printed by the frame unless another printer is provided', () => {
    expect(renderHook(() => useSlipPrinter()).result.current).toBe(printInFrame);
  });
});
