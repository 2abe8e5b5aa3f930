import { createElement, Fragment, type ReactNode } from 'react';

const ALLOWED = new Set(['b', 'strong', 'i', 'em', 'u', 'p', 'br', 'span', 'div', 'sup', 'sub']);

/**
 * Renders server HTML (a formatted reference) keeping only simple formatting tags and text:
 * every other element is reduced to its text, attributes are dropped, so nothing can run.
 */
export function SafeHtml({ html }: { html: string }) {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return <>{toReact(doc.body)}</>;
}

function toReact(node: Node): ReactNode[] {
  return Array.from(node.childNodes).map((child, i) => {
    if (child.nodeType === Node.TEXT_NODE) return child.textContent;
    if (child.nodeType !== Node.ELEMENT_NODE) return null;
    const tag = (child as Element).tagName.toLowerCase();
    const children = toReact(child);
    if (!ALLOWED.has(tag)) return createElement(Fragment, { key: i }, ...children);
    return createElement(tag === 'div' ? 'span' : tag, { key: i }, ...(tag === 'br' ? [] : children));
  });
}
