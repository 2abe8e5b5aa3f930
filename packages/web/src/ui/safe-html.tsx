import { createElement, Fragment, type ReactNode } from 'react';

/** Inline formatting: what a formatted reference may hold. */
const INLINE = new Set(['b', 'strong', 'i', 'em', 'u', 'p', 'br', 'span', 'div', 'sup', 'sub']);
/** Rich content (the institution's pages, FAQ answers, the support message) may also hold lists, headings and links. */
const RICH = new Set([...INLINE, 'ul', 'ol', 'li', 'h3', 'h4', 'a']);
const SAFE_LINK = /^(https?:|mailto:|tel:)/i;

/**
 * Renders server HTML keeping only formatting tags and text: every other element is reduced to
 * its text and attributes are dropped, so nothing can run. `rich` also keeps lists, headings and
 * links (http, https, mailto and tel only; opened in a new tab when they leave the site).
 */
export function SafeHtml({ html, rich = false }: { html: string; rich?: boolean }) {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return <>{toReact(doc.body, rich ? RICH : INLINE, rich)}</>;
}

function toReact(node: Node, allowed: Set<string>, rich: boolean): ReactNode[] {
  return Array.from(node.childNodes).map((child, i) => {
    if (child.nodeType === Node.TEXT_NODE) return child.textContent;
    if (child.nodeType !== Node.ELEMENT_NODE) return null;
    const element = child as Element;
    const tag = element.tagName.toLowerCase();
    const children = toReact(child, allowed, rich);
    if (!allowed.has(tag)) return createElement(Fragment, { key: i }, ...children);
    if (tag === 'a') {
      const href = element.getAttribute('href') ?? '';
      if (!SAFE_LINK.test(href)) return createElement(Fragment, { key: i }, ...children);
      const external = /^https?:/i.test(href);
      return createElement('a', { key: i, href, ...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {}) }, ...children);
    }
    const own = tag === 'div' && !rich ? 'span' : tag;
    return createElement(own, { key: i }, ...(tag === 'br' ? [] : children));
  });
}
