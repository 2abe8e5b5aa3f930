import { callAdmin } from '../admin/channel.js';
import { printable, runAdminCommand, USAGE } from '../admin/commands.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { configuredMailer } from '../lib/mail.js';
import { ACQUISITIONS_VERBS } from '../modules/acquisitions/acquisitions.desk.js';
import { NETWORK_VERBS } from '../modules/network/network.desk.js';
import { describeProviderKey } from '../modules/links/links.service.js';

const VERBS: Record<string, string[]> = {
  comments: ['list', 'approve', 'reject', 'general', 'suggestions'],
  institution: ['show', 'code', 'activity', 'oidc', 'provider', 'provider-key'],
  circ: ['checkout', 'checkin', 'expire', 'request'],
  jobs: ['list'],
  serials: ['receive', 'article'],
  requests: ['list', 'status', 'ficha'],
  acquisitions: [...ACQUISITIONS_VERBS],
  network: [...NETWORK_VERBS],
};

/**
 * Staff commands: `npm run comments -- list | approve <id> | reject <id>` (moderation) and
 * `npm run institution -- show | code <n> | activity <n> on|off` (the institution's sign-in
 * behaviours and features).
 * Asks the running server over its local admin socket when one runs (the embedded database
 * belongs to it then); otherwise opens the configured database itself.
 */
async function main(): Promise<void> {
  const [group = '', verb, ...args] = process.argv.slice(2);
  if (!verb || !VERBS[group]?.includes(verb)) {
    process.stderr.write(`${USAGE}\n`);
    process.exit(1);
  }
  const request = { command: `${group}.${verb}`, args };
  const config = loadConfig();
  // The provider's key comes from this process's PROVIDER_SECRET (the server's configuration), not from the database.
  if (request.command === 'institution.provider-key') {
    process.stdout.write(`${describeProviderKey(config.providerSecret, args[0] ?? '')}\n`);
    return;
  }
  // A long command (npm run network -- harvest) reports how it gets on, a line at a time.
  const onProgress = (progress: Record<string, number | string>) => {
    if (typeof progress.line === 'string') process.stderr.write(`${printable(progress.line)}\n`);
  };
  const answer = config.adminSocket ? await callAdmin(config.adminSocket, request, onProgress) : undefined;
  if (answer) {
    if (!answer.ok) throw new Error(answer.error);
    process.stdout.write(`${answer.output}\n`);
    return;
  }
  const database = await openDatabase(config.database);
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
