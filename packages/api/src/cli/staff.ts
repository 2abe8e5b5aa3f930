import { callAdmin } from '../admin/channel.js';
import { printable, runAdminCommand } from '../admin/commands.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { configuredMailer } from '../lib/mail.js';
import { loadStaffCommands, staffCommands } from '../lib/staff-commands.js';

/**
 * `npm run staff -- <group> <verb> [args]`: the staff commands every module defines in its
 * `<module>.commands.ts` (`npm run staff` alone lists them; the older `npm run circ -- …`,
 * `npm run comments -- …` are the same with the group given).
 * Asks the running server over its local admin socket when one runs (the embedded database
 * belongs to it then); otherwise opens the configured database itself.
 */
async function main(): Promise<void> {
  await loadStaffCommands();
  const [group = '', verb = '', ...args] = process.argv.slice(2);
  const command = staffCommands.find(group, verb);
  if (!command) {
    const known = staffCommands.all.some((c) => c.group === group && !c.hidden);
    process.stderr.write(`${staffCommands.usage(known ? group : undefined)}\n`);
    process.exit(1);
  }
  const config = loadConfig();
  if (command.local) {
    process.stdout.write(`${command.local(args, config)}\n`);
    return;
  }
  const request = { command: `${group}.${verb}`, args };
  // A long command (network harvest) reports how it gets on, a line at a time.
  const onProgress = (progress: Record<string, number | string>) => {
    if (typeof progress.line === 'string') process.stderr.write(`${printable(progress.line)}\n`);
  };
  const answer = config.adminSocket ? await callAdmin(config.adminSocket, request, onProgress) : undefined;
  if (answer) {
    if (!answer.ok) throw new Error(answer.error);
    process.stdout.write(`${answer.output}\n`);
    return;
  }
  const database = await openDatabase(config.database.kind === 'postgres' ? { ...config.database, work: 'batch' } : config.database);
  try {
    await database.migrate();
    process.stdout.write(`${await runAdminCommand(database.db, request, onProgress, configuredMailer(config.smtpUrl, config.mailFrom))}\n`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${process.argv[2] ?? 'staff'}: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
