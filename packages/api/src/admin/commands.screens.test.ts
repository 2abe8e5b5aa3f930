import { needsPatron, staffRolesOf } from '@estante/contracts/kernel';
import { describe, expect, it } from 'vitest';
import { loadStaffCommands, staffCommands } from '../lib/staff-commands.js';

/**
 * Nothing a staff command changes is out of the staff area's reach (issue 54): every command a
 * person may type under `npm run staff` names the staff call that does the same through the same
 * service — a write (not a GET) declared for staff roles — or says it only reads. The hidden
 * ones are what other command lines ask the server (`npm run import`, `npm run generate`).
 */
describe('the staff commands and their screens', () => {
  it('name, for every command that changes data, the staff call that does the same', async () => {
    await loadStaffCommands();
    const typed = staffCommands.all.filter((c) => !c.hidden);
    expect(typed.length).toBeGreaterThan(30);
    const missing = typed.filter((c) => c.screen === undefined).map((c) => `${c.group} ${c.verb}`);
    expect(missing).toEqual([]);
    for (const command of typed) {
      if (command.screen === 'reads' || command.screen === undefined) continue;
      const call = `${command.group} ${command.verb} → ${command.screen.method} ${command.screen.path}`;
      expect(command.screen.method, call).not.toBe('GET');
      expect(staffRolesOf(command.screen.access)?.length ?? 0, call).toBeGreaterThan(0);
      expect(needsPatron(command.screen.access), call).toBe(true);
    }
    // A command that only reads has no write to match: the local provider key, the lists.
    expect(typed.filter((c) => c.screen === 'reads').map((c) => `${c.group} ${c.verb}`)).toEqual(
      expect.arrayContaining(['acquisitions list', 'comments list', 'jobs list', 'network list', 'staff list', 'institution provider-key']),
    );
  });
});
