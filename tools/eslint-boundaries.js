import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * Import boundaries of CONVENTIONS.md, as a lint rule rather than a memory:
 * - contracts imports neither api nor web;
 * - web: ui/, api/, i18n/, stores/ import no feature and no app/; a feature imports no app/
 *   and no other feature (the page that needs two composes them in app/);
 * - api: a module never reaches into another module's queries (call its service);
 * - contracts: a folder of packages/contracts/src is named after the API module that serves it
 *   (packages/api/src/modules/<folder>); the shared kernel (endpoint, common, record-id) sits at the root.
 */
const rule = {
  meta: { type: 'problem', messages: { boundary: '{{why}}' }, schema: [] },
  create(context) {
    const file = context.filename.split(path.sep).join('/');
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), source));
      const why = violation(file, target);
      if (why) context.report({ node, messageId: 'boundary', data: { why } });
    };
    const folder = contractsFolder(file);
    const module = folder && path.join(file.slice(0, file.indexOf('/packages/contracts/src/')), 'packages/api/src/modules', folder);
    return {
      Program(node) {
        if (module && !existsSync(module)) {
          context.report({
            node,
            messageId: 'boundary',
            data: { why: `contracts folder ${folder} has no API module of its name (packages/api/src/modules/${folder})` },
          });
        }
      },
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
    };
  },
};

/** The folder of packages/contracts/src a file is in, or null (the root's shared kernel, or not contracts). */
function contractsFolder(file) {
  const at = file.indexOf('/packages/contracts/src/');
  if (at === -1) return null;
  const parts = file.slice(at + '/packages/contracts/src/'.length).split('/');
  return parts.length > 1 ? parts[0] : null;
}

function violation(file, target) {
  const area = (p, root) => {
    const i = p.indexOf(root);
    return i === -1 ? null : p.slice(i + root.length).split('/');
  };
  if (file.includes('/packages/contracts/') && (target.includes('/packages/api/') || target.includes('/packages/web/'))) {
    return 'contracts must not import api or web';
  }
  const from = area(file, '/packages/web/src/');
  const to = area(target, '/packages/web/src/');
  if (from && to) {
    if (['ui', 'api', 'i18n', 'stores'].includes(from[0]) && ['features', 'app'].includes(to[0])) {
      return `web/${from[0]} must not import from ${to[0]}/ (imports flow ui, api, i18n, stores → features → app)`;
    }
    if (from[0] === 'features' && to[0] === 'app') return 'a feature must not import from app/';
    if (from[0] === 'features' && to[0] === 'features' && from[1] !== to[1]) {
      return `feature ${from[1]} must not import feature ${to[1]}; compose them in app/`;
    }
  }
  const fromApi = area(file, '/packages/api/src/modules/');
  const toApi = area(target, '/packages/api/src/modules/');
  if (fromApi && toApi && fromApi[0] !== toApi[0] && /\.queries(\.js|\.ts)?$/.test(target)) {
    return `module ${fromApi[0]} must call ${toApi[0]}'s service, not its queries`;
  }
  return null;
}

export default { rules: { boundaries: rule } };
