import { staffEndpoints } from '@estante/contracts/staff';
import { STAFF_ROLES, type StaffRole } from '@estante/contracts/kernel';
import { AppError } from '../../lib/errors.js';
import { staffCommands } from '../../lib/staff-commands.js';
import { personOfLogin, staffMembers } from './staff.queries.js';
import { grant, revoke } from './staff.service.js';

/** `<login> <role[,role…]>` as typed: the person and the roles, or a refusal naming what is wrong. */
async function personAndRoles(args: string[], db: Parameters<typeof personOfLogin>[0]) {
  const [login = '', list = ''] = args;
  const roles = list.split(',').filter(Boolean);
  if (!login || roles.length === 0) throw new Error(`a login and one or more roles (${STAFF_ROLES.join(', ')}) are needed\n${staffCommands.usage('staff')}`);
  const unknown = roles.filter((role) => !(STAFF_ROLES as readonly string[]).includes(role));
  if (unknown.length) throw new Error(`unknown role ${unknown.join(', ')}: the roles are ${STAFF_ROLES.join(', ')}`);
  const person = await personOfLogin(db, login.trim().toLowerCase());
  if (!person) throw new Error(`no active login ${login}`);
  return { person, roles: roles as StaffRole[] };
}

const describe = (nome: string, roles: readonly StaffRole[]) => (roles.length ? `${nome}: ${roles.join(', ')}` : `${nome}: no staff role (a patron only)`);

staffCommands.define({
  group: 'staff',
  verb: 'list',
  screen: 'reads',
  summary: 'the staff members and their roles',
  run: async (_args, { db }) => {
    const rows = await staffMembers(db);
    if (rows.length === 0) return 'no staff members yet: npm run staff -- staff grant <login> <role[,role…]>';
    return rows.map((r) => `#${r.cod_pessoa}  ${r.nome} (${r.logins.join(', ') || 'no login'}): ${r.papeis.join(', ')}`).join('\n');
  },
});

staffCommands.define({
  group: 'staff',
  verb: 'grant',
  screen: staffEndpoints.grant,
  args: '<login> <role[,role…]>',
  summary: `make the person behind a login staff with these roles (kept with those\nthey hold): ${STAFF_ROLES.join(', ')}`,
  run: async (args, { db, actor }) => {
    const { person, roles } = await personAndRoles(args, db);
    const member = await grant(db, args[0]!, roles, actor);
    return describe(person.nome, member.papeis);
  },
});

staffCommands.define({
  group: 'staff',
  verb: 'revoke',
  screen: staffEndpoints.revoke,
  args: '<login> <role[,role…]>',
  summary: 'take roles from a staff member (the staff calls refuse them at once)',
  run: async (args, { db, actor }) => {
    const { person, roles } = await personAndRoles(args, db);
    const member = await revoke(db, person.cod_pessoa, roles, actor).catch((error: unknown) => {
      // A person with no role to take: nothing changes, as before.
      if (error instanceof AppError && error.key === 'NaoEhEquipe') return null;
      throw error;
    });
    return describe(person.nome, member?.papeis ?? []);
  },
});
