import { SaxesParser } from 'saxes';

/** An element of a parsed document: its local name, namespace, attributes (by local name), children and text. */
export interface El {
  name: string;
  ns: string;
  attrs: Record<string, string>;
  children: El[];
  text: string;
}

/** Parses a whole document with namespaces (saxes); throws when it is not well-formed. */
export function parseXml(xml: string): El {
  const parser = new SaxesParser({ xmlns: true });
  const root: El = { name: '#document', ns: '', attrs: {}, children: [], text: '' };
  const stack: El[] = [root];
  parser.on('opentag', (tag) => {
    const attrs = Object.fromEntries(Object.values(tag.attributes).map((a) => [a.local, a.value]));
    const el: El = { name: tag.local, ns: tag.uri, attrs, children: [], text: '' };
    stack.at(-1)!.children.push(el);
    stack.push(el);
  });
  parser.on('text', (text) => {
    stack.at(-1)!.text += text;
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  parser.write(xml).close();
  return root.children[0]!;
}

/** The first descendant (depth first) with this local name, or undefined. */
export function find(el: El, name: string): El | undefined {
  for (const child of el.children) {
    if (child.name === name) return child;
    const deeper = find(child, name);
    if (deeper) return deeper;
  }
  return undefined;
}

/** Every descendant with this local name, in document order. */
export function findAll(el: El, name: string): El[] {
  return el.children.flatMap((child) => [...(child.name === name ? [child] : []), ...findAll(child, name)]);
}

/** The children with this local name. */
export function childrenNamed(el: El, name: string): El[] {
  return el.children.filter((c) => c.name === name);
}
