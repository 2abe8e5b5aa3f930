import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const modulesDir = fileURLToPath(new URL('../modules/', import.meta.url));

/**
 * Imports every `modules/<folder>/*.<kind>.ts` (or `.js` once compiled), in folder then file
 * order, and returns the files' exports: what lets a module add its routes, its staff commands…
 * by adding a file in its own folder, with no shared list to edit.
 */
export async function importModuleFiles(kind: 'module' | 'commands'): Promise<{ file: string; exports: Record<string, unknown> }[]> {
  const pattern = new RegExp(`\\.${kind}\\.(ts|js)$`);
  const files = readdirSync(modulesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .flatMap((folder) =>
      readdirSync(path.join(modulesDir, folder))
        .filter((file) => pattern.test(file) && !file.endsWith('.d.ts'))
        .sort()
        .map((file) => path.join(modulesDir, folder, file)),
    );
  const found = [];
  for (const file of files) found.push({ file: path.relative(modulesDir, file), exports: (await import(pathToFileURL(file).href)) as Record<string, unknown> });
  return found;
}
