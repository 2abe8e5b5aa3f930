import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { SingleBar } from 'cli-progress';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { readIso2709 } from '../marc/iso2709.js';
import { readMarcXml } from '../marc/marcxml.js';
import { importMarcRecords } from '../modules/catalog/catalog.import.js';

const USAGE = 'usage: npm run import -- <file.mrc|file.xml> [more files]  (ISO 2709 or MARCXML, chosen by content)';

/**
 * `npm run import -- <file>`: imports MARC 21 records into the configured database
 * (DATABASE_URL, else the embedded one under DATA_DIR), upserting by control number.
 * Exit code 0 when every record went in, 2 when some were rejected, 1 on a fatal error.
 */
async function main(): Promise<number> {
  const files = process.argv.slice(2).filter((a) => a !== '--');
  if (files.length === 0 || files.includes('--help')) {
    process.stderr.write(`${USAGE}\n`);
    return files.length === 0 ? 1 : 0;
  }
  const config = loadConfig();
  const database = await openDatabase(config.database);
  let problems = false;
  try {
    await database.migrate();
    for (const file of files) {
      const size = statSync(file).size;
      const data = readFileSync(file);
      const items = isXml(data) ? readMarcXml(data.toString('utf8')) : readIso2709(data);
      const bar = new SingleBar({
        format: `${path.basename(file)} [{bar}] {percentage}% | {read} records | {eta_formatted} left`,
        stream: process.stderr,
        noTTYOutput: false,
      });
      bar.start(size, 0, { read: 0 });
      const report = await importMarcRecords(database.db, items, {
        onProgress: (offset, r) => bar.update(offset, { read: r.read }),
      });
      bar.update(size, { read: report.read });
      bar.stop();
      const out = process.stdout;
      out.write(
        `${file}: ${report.read} records read, ${report.inserted} new, ${report.updated} updated, ${report.unchanged} unchanged, ${report.rejected.length} rejected\n`,
      );
      for (const r of report.rejected) out.write(`  rejected record ${r.position} (byte ${r.offset}): ${r.reason}\n`);
      for (const j of report.junk) out.write(`  junk: ${j.bytes} bytes at byte ${j.offset} that are not a record were ignored\n`);
      for (const w of report.warnings) out.write(`  warning, record ${w.position}: ${w.message}\n`);
      problems ||= report.rejected.length > 0;
    }
  } finally {
    await database.close();
  }
  return problems ? 2 : 0;
}

/** MARCXML starts (after a BOM and white space) with "<"; ISO 2709 with five digits. */
function isXml(data: Buffer): boolean {
  const head = data.subarray(0, 64).toString('utf8').replace(/^\uFEFF/, '').trimStart();
  return head.startsWith('<');
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const message = error instanceof ConfigError || error instanceof Error ? error.message : String(error);
    process.stderr.write(`import: ${message}\n`);
    process.exit(1);
  },
);
