import { operationsEndpoints } from '@estante/contracts/jobs';
import { deskEndpoints, loanRequestQueueEndpoints } from '@estante/contracts/circulation';
import { AppError } from '../../lib/errors.js';
import { staffCommands } from '../../lib/staff-commands.js';
import { checkIn, checkOut, expireHolds } from './desk.service.js';
import { advanceRequest } from './loan-requests.service.js';

const usage = () => staffCommands.usage('circ');

staffCommands.define({
  group: 'circ',
  verb: 'checkout',
  screen: deskEndpoints.checkOut,
  args: '<tombo> <login> [reason…]',
  summary: "lend a copy (by accession number) at the desk; a reason lends\ndespite the desk's overridable refusals (recorded)",
  run: async (args, { db, actor }) => {
    const [tombo, login, ...why] = args;
    if (!tombo || !login) throw new Error(`an accession number and a login are needed\n${usage()}`);
    const loan = await checkOut(db, { tombo, person: { login }, reason: why.join(' ') || undefined, actor });
    const overridden = loan.liberado.length > 0 ? ` (despite ${loan.liberado.join(', ')})` : '';
    return `${tombo} lent to ${loan.nome} until ${loan.devolucao} (loan ${loan.cod_emprestimo})${overridden}`;
  },
});

staffCommands.define({
  group: 'circ',
  verb: 'checkin',
  screen: deskEndpoints.checkIn,
  args: '<tombo>',
  summary: 'take a copy back: fines a late return, releases the next hold',
  run: async (args, { db, mailer, actor }) => {
    const [tombo] = args;
    if (!tombo) throw new Error(`an accession number is needed\n${usage()}`);
    const done = await checkIn(db, mailer, { tombo, actor });
    const fine = done.multa ? `; fine R$ ${done.multa}` : '';
    const next = done.reserva ? `; kept for hold ${done.reserva.cod_reserva} until ${done.reserva.prazo}` : '; back on the shelf';
    return `${tombo} returned${fine}${next}`;
  },
});

staffCommands.define({
  group: 'circ',
  verb: 'expire',
  screen: operationsEndpoints.runNow,
  summary: 'expire holds not picked up by their deadline (the server\nalso does it daily: npm run staff -- jobs list)',
  run: async (_args, { db }) => `${await expireHolds(db)} hold(s) expired`,
});

staffCommands.define({
  group: 'circ',
  verb: 'request',
  screen: loanRequestQueueEndpoints.move,
  args: '<n> <status>',
  summary: 'move loan request n on: em_transito, disponivel, retirada,\natendida, or cancelada',
  run: async (args, { db, actor }) => {
    const [number = '', status = ''] = args;
    if (!/^\d{1,9}$/.test(number)) throw new Error(`a loan request number and a status are needed\n${usage()}`);
    const moved = await advanceRequest(db, Number(number), status, actor).catch((error: unknown) => {
      throw error instanceof AppError ? new Error(error.text('en')) : error;
    });
    return `loan request ${moved.cod_solicitacao} is now ${moved.situacao}`;
  },
});
