/**
 * The API server as one JavaScript file (decision 0068): `scripts/start.ts` and every module of
 * ours it imports (the API's and the contracts'), bundled by esbuild into
 * `packages/api/dist/server.mjs`, so that `npm start` runs plain JavaScript and no TypeScript
 * loader: tsx's loader runs in a V8 thread of its own for the life of the process (about 60 MB
 * resident, and a second's compiling at every start).
 *
 * Plain JavaScript itself, since it runs before any loader. Packages stay imports (resolved from
 * `packages/api`, where the file lies); each module's `import.meta.url` becomes its source file's
 * address, so the files a module finds beside itself (migrations, fonts, templates, the workers it
 * starts, which run their TypeScript through tsx as before) are where they were; and
 * `lib/discover.ts`, which imports the modules' files it finds in their folders, becomes the
 * list of the files found at the build.
 */
import { existsSync, mkdirSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
/** The bundle (git ignores dist/). */
export const serverBundle = path.join(root, 'packages/api/dist/server.mjs');
const entry = path.join(root, 'scripts/start.ts');
const modulesDir = path.join(root, 'packages/api/src/modules');
const discover = path.join(root, 'packages/api/src/lib/discover.ts');
/** What the bundle is made of: a change in any of them (a file added too) makes it stale. */
const sources = ['packages/api/src', 'packages/contracts/src', 'scripts/start.ts', 'scripts/web-build.ts', 'scripts/server-bundle.mjs'];

/** Whether the bundle is missing or older than one of its sources. */
export function serverBundleIsStale() {
  if (!existsSync(serverBundle)) return true;
  const builtAt = statSync(serverBundle).mtimeMs;
  return sources.some((source) => newest(path.join(root, source)) > builtAt);
}

/**
 * The bundle, built when stale; null when it could not be (esbuild missing, the tree read-only
 * with a source changed since the install built it), with the reason written to stderr.
 */
export async function freshServerBundle() {
  if (!serverBundleIsStale()) return serverBundle;
  try {
    await buildServerBundle();
    return serverBundle;
  } catch (error) {
    process.stderr.write(
      `estante: the server bundle could not be built (${error instanceof Error ? error.message : String(error)}); running the TypeScript through tsx\n`,
    );
    return null;
  }
}

/** Builds the bundle into `outfile` (written beside and renamed, so a server starting meanwhile reads a whole file). */
export async function buildServerBundle(outfile = serverBundle) {
  const esbuild = await import('esbuild');
  try {
    const result = await esbuild.build({
      entryPoints: [entry],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      write: false,
      outfile,
      absWorkingDir: root,
      // Names as written (an error's class name, a function's), not renamed where two modules share one.
      keepNames: true,
      logLevel: 'silent',
      plugins: [packagesOutside, sourceAddresses],
    });
    mkdirSync(path.dirname(outfile), { recursive: true });
    const partial = `${outfile}.${process.pid}.tmp`;
    writeFileSync(partial, result.outputFiles[0].contents);
    renameSync(partial, outfile);
  } finally {
    await esbuild.stop();
  }
}

/** Every package import (a bare name that is not one of ours) stays an import. */
const packagesOutside = {
  name: 'packages-outside',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@estante/') ? undefined : { path: args.path, external: true }));
  },
};

/** `import.meta.url` as the source file's address; discover.ts as the files it would find now. */
const sourceAddresses = {
  name: 'source-addresses',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (args.path === discover) return { contents: discoveredModules(), loader: 'ts', resolveDir: path.dirname(discover) };
      const { readFile } = await import('node:fs/promises');
      const text = await readFile(args.path, 'utf8');
      return { contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: 'ts' };
    });
  },
};

/** discover.ts's `importModuleFiles`, over the files its folders hold now, in its order. */
function discoveredModules() {
  const files = (kind) =>
    readdirSync(modulesDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort()
      .flatMap((folder) =>
        readdirSync(path.join(modulesDir, folder))
          .filter((file) => new RegExp(`\\.${kind}\\.ts$`).test(file) && !file.endsWith('.d.ts'))
          .sort()
          .map((file) => `${folder}/${file}`),
      );
  const list = (kind) => files(kind).map((file) => `  [${JSON.stringify(file)}, () => import(${JSON.stringify(`../modules/${file}`)})],`);
  return [
    '// Generated by scripts/server-bundle.mjs: lib/discover.ts over the files found at the build.',
    'const found: Record<string, [string, () => Promise<unknown>][]> = {',
    `  module: [\n${list('module').join('\n')}\n  ],`,
    `  commands: [\n${list('commands').join('\n')}\n  ],`,
    '};',
    "export async function importModuleFiles(kind: 'module' | 'commands'): Promise<{ file: string; exports: Record<string, unknown> }[]> {",
    '  const out = [];',
    '  for (const [file, load] of found[kind]!) out.push({ file, exports: (await load()) as Record<string, unknown> });',
    '  return out;',
    '}',
  ].join('\n');
}

function newest(file) {
  if (!existsSync(file)) return 0;
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(file).map((name) => newest(path.join(file, name))));
}

// `node scripts/server-bundle.mjs`: builds it now (the Docker image does, before it drops to the site's user).
if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServerBundle();
