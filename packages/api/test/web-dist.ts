import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

/** The fixture build's one hashed script: long enough that compressing it is worth it. */
export const FIXTURE_SCRIPT = `console.log(${JSON.stringify('catálogo '.repeat(400))});`;

/**
 * A small built web app in a folder of its own, as `npm run build` leaves one (the API tests run
 * before the build): `index.html`, a favicon, and one hashed script with the brotli and gzip
 * copies the build makes. Answers the folder (the caller removes it).
 */
export function fixtureWebDist(indexHtml: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'estante-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), indexHtml);
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(dir, 'assets/index-AbC123.js'), FIXTURE_SCRIPT);
  writeFileSync(path.join(dir, 'assets/index-AbC123.js.br'), brotliCompressSync(FIXTURE_SCRIPT));
  writeFileSync(path.join(dir, 'assets/index-AbC123.js.gz'), gzipSync(FIXTURE_SCRIPT));
  return dir;
}
