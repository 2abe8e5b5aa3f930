import type { Db } from '../db/client.js';
import { commandLineActor } from '../lib/audit.js';
import { AppError } from '../lib/errors.js';
import { configuredMailer, type Mailer } from '../lib/mail.js';
import { loadStaffCommands, staffCommands } from '../lib/staff-commands.js';
import type { AdminProgress, AdminRequest } from './channel.js';
import { backupCommand } from './backup.js';

/**
 * What reaches a staff terminal: patron text (comments, suggestions) may carry escape sequences
 * that would move the cursor or recolour the screen; every control character but the line
 * breaks we print is shown as U+FFFD instead.
 */
export function printable(text: string): string {
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  return text.replace(/[\u0000-\u0009\u000B-\u001F\u007F-\u009F]/g, '\uFFFD');
}

/**
 * Runs a staff command (`group.verb`, defined by its module's `<module>.commands.ts`) against the
 * database and returns what to print; `ping` answers `pong` (the command lines' probe of a running server);
 * `backup FILE` writes the embedded database's backup (`npm run backup` while the server runs, admin/backup.ts).
 */
export async function runAdminCommand(
  db: Db,
  { command, args }: AdminRequest,
  progress: AdminProgress = () => undefined,
  mailer: Mailer = configuredMailer(null, ''),
): Promise<string> {
  if (command === 'ping') return 'pong';
  if (command === 'backup') return backupCommand(db, args);
  await loadStaffCommands();
  const dot = command.indexOf('.');
  const found = dot > 0 ? staffCommands.find(command.slice(0, dot), command.slice(dot + 1)) : undefined;
  if (!found) throw new Error(`unknown command ${command}\n${staffCommands.usage()}`);
  try {
    return printable(await found.run(args, { db, mailer, progress, actor: commandLineActor() }));
  } catch (error) {
    // A service's refusal reads, at the desk, as the patron would read it (in Portuguese).
    if (error instanceof AppError) throw new Error(error.text('pt'));
    throw error;
  }
}
