import { emprestimoHistoricoSchema, emprestimoPendenteSchema, errorSchema, historicoQuerySchema, renovacaoBodySchema, renovacaoSchema } from '@estante/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { patronOf } from '../../plugins/auth.js';
import { currentPerson } from '../auth/auth.service.js';
import { loanHistory, pendingLoans, renewableLoans, renewLoans } from './loans.service.js';

const common = { tags: ['Empréstimos'], security: [{ bearer: [] }] };
const failures = { 400: errorSchema, 401: errorSchema, 403: errorSchema };

/** Loans (spec §7 "Loans"): the patron's open loans, renewing them, and the history. */
export const loansRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/emprestimo/titulos-pendentes',
    {
      config: { access: 'private' },
      schema: {
        ...common,
        summary: "The patron's open loans: due dates, overdue, renewals used and the limit",
        querystring: z.object({ showDetails: z.string().max(10).optional() }),
        response: { 200: z.array(emprestimoPendenteSchema), ...failures },
      },
    },
    (request) => pendingLoans(db, patronOf(request)),
  );
  app.get(
    '/pessoas/renovar',
    {
      config: { access: 'private' },
      schema: { ...common, summary: 'The loans that can be renewed now (not overdue, under the limit, nobody waiting)', response: { 200: z.array(emprestimoPendenteSchema), ...failures } },
    },
    (request) => renewableLoans(db, patronOf(request)),
  );
  app.post(
    '/api/emprestimo/renovacao',
    {
      config: { access: 'private' },
      schema: { ...common, summary: 'Renew one or several loans; each with its outcome, and a receipt', body: renovacaoBodySchema, response: { 200: renovacaoSchema, ...failures } },
    },
    async (request) => {
      const codPessoa = patronOf(request);
      const person = await currentPerson(db, codPessoa);
      return renewLoans(db, codPessoa, request.body.emprestimos, request.language, person.user.nome_pessoa);
    },
  );
  app.get(
    '/api/emprestimo/historico',
    {
      config: { access: 'private' },
      schema: { ...common, summary: 'Returned loans of a period (multa=S: only those fined)', querystring: historicoQuerySchema, response: { 200: z.array(emprestimoHistoricoSchema), ...failures } },
    },
    (request) => loanHistory(db, patronOf(request), request.query.dataIni, request.query.dataFim, request.query.multa === 'S'),
  );
};
