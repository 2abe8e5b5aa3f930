import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/**
 * The web calls an endpoint by its method, path and access (`api/client.ts`); the schemas in the
 * same declaration are the API's business (validation, OpenAPI). Left in, they bring zod and every
 * schema of a group into the first script (~30 KB compressed) although no screen parses with them.
 * This plugin drops `params`, `query`, `body` and `response` from each `endpoint({…})` declaration
 * in the contracts as the web build reads them, and `summary` and `description` too (the OpenAPI
 * document's words, which no screen shows); the declarations stay written once, the types are
 * untouched (they come from the source), and a schema a form does use (`ui/schema-resolver.ts`)
 * still travels with that form. Rollup then drops the schemas no one reads: zod's calls are pure
 * (`treeshake.manualPureFunctions` in vite.config.ts). Decision 0034.
 */
export const SCHEMA_KEYS = new Set(['params', 'query', 'body', 'response']);
/** The words of a declaration only the OpenAPI document reads (issue 56 item 11). */
export const DOC_KEYS = new Set(['summary', 'description']);

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
}

function walk(node: Node, visit: (node: Node) => void): void {
  visit(node);
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const item of value) if (isNode(item)) walk(item, visit);
    if (isNode(value)) walk(value, visit);
  }
}

/** The code with the schema and documentation properties of every `endpoint({…})` call removed; null when there is none. */
export function stripEndpointSchemas(code: string, parse: (code: string) => Node): { code: string; map: ReturnType<MagicString['generateMap']> } | null {
  const out = new MagicString(code);
  let changed = false;
  const program = parse(code);
  walk(program, (node) => {
    if (node.type !== 'CallExpression') return;
    const callee = node.callee as Node;
    const [declaration] = node.arguments as Node[];
    if (callee.type !== 'Identifier' || callee.name !== 'endpoint' || declaration?.type !== 'ObjectExpression') return;
    const properties = declaration.properties as Node[];
    properties.forEach((property, index) => {
      const key = property.key as Node | undefined;
      const name = key?.type === 'Identifier' ? (key.name as string) : key?.type === 'Literal' ? String(key.value) : undefined;
      if (property.type !== 'Property' || property.computed || !name || !(SCHEMA_KEYS.has(name) || DOC_KEYS.has(name))) return;
      // Up to the next property (or the end of the last one) so no stray comma is left.
      const end = index + 1 < properties.length ? properties[index + 1]!.start : property.end;
      out.remove(property.start, end);
      changed = true;
    });
  });
  // Every top-level `const x = call(…)` (a schema, a group of endpoints) becomes a pure call, so
  // Rollup drops the ones the web never reads (their zod calls would otherwise look like effects).
  for (const statement of program.body as Node[]) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations as Node[]) {
      const init = declarator.init as Node | null;
      if (init?.type !== 'CallExpression') continue;
      out.prependRight(init.start, '/* @__PURE__ */ (() => ');
      out.appendLeft(init.end, ')()');
      changed = true;
    }
  }
  return changed ? { code: out.toString(), map: out.generateMap({ hires: true }) } : null;
}

export function endpointAddresses(): Plugin {
  return {
    name: 'estante:endpoint-addresses',
    apply: 'build',
    transform(code, id) {
      // Every contracts file: the shared kernel at the root and each module's folder (issue 51).
      if (!/[\\/]packages[\\/]contracts[\\/]src[\\/](?:[^\\/]+[\\/])?[^\\/]+\.ts$/.test(id)) return null;
      return stripEndpointSchemas(code, (source) => this.parse(source) as unknown as Node);
    },
  };
}
