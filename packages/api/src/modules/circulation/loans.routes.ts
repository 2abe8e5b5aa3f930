import { loansEndpoints } from '@estante/contracts/circulation';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.js';
import { route } from '../../lib/route.js';
import { currentPerson } from '../auth/auth.service.js';
import { loanHistory, pendingLoans, renewableLoans, renewLoans } from './loans.service.js';

/** Loans (spec §7 "Loans"): the patron's open loans, renewing them, and the history. */
export const loansRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  route(app, loansEndpoints.pending, (request) => pendingLoans(db, request.patron.codPessoa));
  route(app, loansEndpoints.renewable, (request) => renewableLoans(db, request.patron.codPessoa));
  route(app, loansEndpoints.renew, async (request) => {
    const codPessoa = request.patron.codPessoa;
    const person = await currentPerson(db, codPessoa);
    return renewLoans(db, codPessoa, request.body.emprestimos, request.language, person.user.nome_pessoa);
  });
  route(app, loansEndpoints.history, (request) =>
    loanHistory(db, request.patron.codPessoa, request.query.dataIni, request.query.dataFim, request.query.multa === 'S'),
  );
};
