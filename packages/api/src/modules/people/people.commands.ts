import { deskEndpoints } from '@estante/contracts/circulation';
import { hasControlCharacters, staffCommands } from '../../lib/staff-commands.js';
import { changeStanding } from './people.service.js';

/** `<login> "<reason>"` as typed: refused without a reason (the audit keeps why), or with a control character in it. */
function loginAndReason(args: string[]): { login: string; reason: string } {
  const [login = '', ...words] = args;
  const reason = words.join(' ').trim();
  if (!login.trim() || !reason) throw new Error(`a login and a reason are needed\n${staffCommands.usage('people')}`);
  if (reason.length > 500) throw new Error('the reason is longer than 500 characters');
  if (hasControlCharacters(reason)) throw new Error('the reason has a control character');
  return { login: login.trim().toLowerCase(), reason };
}

for (const blocked of [true, false]) {
  staffCommands.define({
    group: 'people',
    verb: blocked ? 'block' : 'unblock',
    screen: deskEndpoints.standing,
    args: '<login> "<reason>"',
    summary: blocked
      ? 'block the patron behind a login: every session loses access at once (430),\nno loan, hold or renewal; the reason and who blocked are kept in the audit'
      : 'lift a block; the reason and who lifted it are kept in the audit',
    run: async (args, { db, actor }) => {
      const { login, reason } = loginAndReason(args);
      const done = await changeStanding(db, login, blocked, reason, actor);
      if (!done) throw new Error(`no login ${login}`);
      if (!done.changed) return `${done.nome} (#${done.codPessoa}) was already ${blocked ? 'blocked' : 'not blocked'}: nothing changed`;
      return `${done.nome} (#${done.codPessoa}) ${blocked ? 'blocked' : 'unblocked'}: ${reason}`;
    },
  });
}
