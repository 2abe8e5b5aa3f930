import { errorSchema, recordIdParamsSchema, solicitacaoBodySchema, solicitacaoInicialSchema, solicitacaoSchema, solicitacoesQuerySchema } from '@estante/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { patronOf } from '../../plugins/auth.js';
import { myRequests, requestLoan, requestStart } from './loan-requests.service.js';

const common = { tags: ['Solicitações de empréstimo'], security: [{ bearer: [] }] };
const failures = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 422: errorSchema };

/** Loan requests (spec §7): where a copy can come from, asking for it, the patron's requests by status. */
export const loanRequestsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/solicitacao-emprestimo/:id/informacoes-iniciais',
    {
      config: { access: 'either' },
      schema: { ...common, summary: 'Libraries with copies on the shelf, receiving libraries, the title’s parts', params: recordIdParamsSchema, response: { 200: solicitacaoInicialSchema, ...failures } },
    },
    (request) => requestStart(db, request.params.id, request.principal?.kind === 'patron' ? request.principal.codPessoa : null),
  );
  app.post(
    '/solicitacao-emprestimo/:id',
    {
      config: { access: 'private' },
      schema: { ...common, summary: 'Ask for a copy to be sent to a library, home or elsewhere', params: recordIdParamsSchema, body: solicitacaoBodySchema, response: { 200: z.object({ cod_solicitacao: z.number().int() }), ...failures } },
    },
    (request) => requestLoan(db, patronOf(request), request.params.id, request.body),
  );
  app.get(
    '/api/solicitacao-emprestimo',
    {
      config: { access: 'private' },
      schema: { ...common, summary: "The patron's loan requests of a period, by status (todas: all)", querystring: solicitacoesQuerySchema, response: { 200: z.array(solicitacaoSchema), ...failures } },
    },
    (request) => myRequests(db, patronOf(request), request.query.dataIni, request.query.dataFim, request.query.status),
  );
};
