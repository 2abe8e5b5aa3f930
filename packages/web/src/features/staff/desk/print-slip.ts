import { createContext, useContext } from 'react';

/**
 * A slip the desk prints on its own, not the page: a heading, its lines (a label and a value each)
 * and, for a receipt, a table. Everything in it is plain text, already in the interface language.
 */
export interface Slip {
  /** The document's language (the interface's). */
  lang: string;
  title: string;
  fields: { label: string; value: string }[];
  table?: { caption: string; columns: string[]; rows: string[][]; empty: string };
}

/** How the desk prints a slip. */
export type PrintSlip = (slip: Slip) => void;

/** A slip as plain text, one line each: the heading, "label: value", the table's caption, head and rows (or its empty sentence). */
export function slipText(slip: Slip): string {
  const lines = [slip.title, ...slip.fields.map((field) => `${field.label}: ${field.value}`)];
  if (slip.table) {
    const { caption, columns, rows, empty } = slip.table;
    lines.push(caption, ...(rows.length ? [columns, ...rows].map((row) => row.join(' | ')) : [empty]));
  }
  return lines.join('\n');
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The slip as a whole HTML document of its own, for a printer: black on white, no page around it. */
export function slipHtml(slip: Slip): string {
  const fields = slip.fields.map((f) => `<div><dt>${escape(f.label)}</dt><dd>${escape(f.value)}</dd></div>`).join('');
  let table = '';
  if (slip.table) {
    const { caption, columns, rows, empty } = slip.table;
    table = rows.length
      ? `<table><caption>${escape(caption)}</caption><thead><tr>${columns.map((c) => `<th scope="col">${escape(c)}</th>`).join('')}</tr></thead>` +
        `<tbody>${rows.map((row) => `<tr>${row.map((cell) => `<td>${escape(cell)}</td>`).join('')}</tr>`).join('')}</tbody></table>`
      : `<h2>${escape(caption)}</h2><p>${escape(empty)}</p>`;
  }
  const style =
    '@page{margin:1.5cm}body{font:11pt/1.4 system-ui,sans-serif;color:#000;background:#fff;margin:0}' +
    'h1{font-size:14pt;margin:0 0 .75em}h2{font-size:12pt;margin:1em 0 .25em}dl{margin:0}dl div{display:flex;gap:.5em}dt{font-weight:700}dt::after{content:":"}dd{margin:0}' +
    'table{border-collapse:collapse;width:100%;margin-top:1em}caption{text-align:left;font-weight:700;margin-bottom:.25em}th,td{border:1px solid #000;padding:.2em .4em;text-align:left}';
  return (
    `<!doctype html><html lang="${escape(slip.lang)}"><head><meta charset="utf-8"><title>${escape(slip.title)}</title><style>${style}</style></head>` +
    `<body><h1>${escape(slip.title)}</h1><dl>${fields}</dl>${table}</body></html>`
  );
}

/** Marks the desk's printing frame, so that a frame a browser left behind is taken away at the next print. */
const FRAME = 'data-desk-slip';

/**
 * Prints only the slip: written into a hidden frame of its own, whose window is printed (the page
 * around it is not). The frame goes when its printing ends, or at the next print.
 */
export const printInFrame: PrintSlip = (slip) => {
  for (const old of document.querySelectorAll(`iframe[${FRAME}]`)) old.remove();
  const frame = document.createElement('iframe');
  frame.setAttribute(FRAME, '');
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  frame.title = slip.title;
  // Out of sight but laid out (a frame not displayed prints blank in some browsers).
  Object.assign(frame.style, { position: 'fixed', right: '0', bottom: '0', width: '0', height: '0', border: '0', visibility: 'hidden' });
  document.body.appendChild(frame);
  const view = frame.contentWindow;
  const doc = frame.contentDocument;
  if (!view || !doc) {
    frame.remove();
    return;
  }
  doc.open();
  doc.write(slipHtml(slip));
  doc.close();
  view.addEventListener('afterprint', () => frame.remove(), { once: true });
  view.print();
};

/** The desk's printer: the hidden frame, unless a test (or another host) provides its own. */
export const SlipPrinter = createContext<PrintSlip>(printInFrame);

export function useSlipPrinter(): PrintSlip {
  return useContext(SlipPrinter);
}
