import { callAdmin } from '../admin/channel.js';
import { runAdminCommand, USAGE } from '../admin/commands.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';

/**
 * `npm run comments -- list | approve <id> | reject <id>`: comment moderation for staff.
 * Asks the running server over its local admin socket when one runs (the embedded database
 * belongs to it then); otherwise opens the configured database itself.
 */
async function main(): Promise<void> {
  const [verb, ...args] = process.argv.slice(2);
  if (!verb || !['list', 'approve', 'reject'].includes(verb)) {
    process.stderr.write(`${USAGE}\n`);
    process.exit(1);
  }
  const request = { command: `comments.${verb}`, args };
  const config = loadConfig();
  const answer = config.adminSocket ? await callAdmin(config.adminSocket, request) : undefined;
  if (answer) {
    if (!answer.ok) throw new Error(answer.error);
    process.stdout.write(`${answer.output}\n`);
    return;
  }
  const database = await openDatabase(config.database);
  try {
    await database.migrate();
    process.stdout.write(`${await runAdminCommand(database.db, request)}\n`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`comments: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
