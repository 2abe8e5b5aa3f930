import { afastamentoSchema, debitosSchema, errorSchema, gruBodySchema, nadaConstaParamsSchema, nadaConstaSchema, nadaConstaVerificaSchema, tokenEmprestimoSchema } from '@estante/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Mailer } from '../../lib/mail.js';
import { patronOf } from '../../plugins/auth.js';
import { checkNoDebts, declarationPdf, issueNoDebts, loanToken, mailDeclaration, myDeviations, newLoanToken, paymentSlip, pendingDebts } from './account.service.js';

const common = { security: [{ bearer: [] }] };
const failures = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 422: errorSchema };
const pdfResponse = { 200: z.any().describe('application/pdf'), ...failures };
const access = { config: { access: 'private' as const } };

/** The patron's account (spec §7): debts and their payment slip, deviations, the no-debts declaration, the loan token. */
export const accountRoutes: FastifyPluginAsyncZod<{ db: Db; mailer: Mailer }> = async (app, { db, mailer }) => {
  app.get(
    '/api/emprestimo/debitos-pendentes',
    { ...access, schema: { ...common, tags: ['Empréstimos'], summary: 'Open debts: fine, expected return, discount, service, paid, balance, total', response: { 200: debitosSchema, ...failures } } },
    (request) => pendingDebts(db, patronOf(request)),
  );
  app.post(
    '/unidade-informacao/gru',
    { ...access, schema: { ...common, tags: ['Empréstimos'], summary: 'A payment slip (PDF) for the chosen open debts, or all', body: gruBodySchema, response: pdfResponse } },
    async (request, reply) => {
      const { pdf, filename } = await paymentSlip(db, patronOf(request), request.body.debitos, request.language);
      return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${filename}"`).send(Buffer.from(pdf));
    },
  );
  app.get(
    '/pessoas/afastamentos',
    { ...access, schema: { ...common, tags: ['Pessoas'], summary: "The patron's deviations with their reason", response: { 200: z.array(afastamentoSchema), ...failures } } },
    (request) => myDeviations(db, patronOf(request)),
  );
  app.get(
    '/unidade-informacao/nada-consta/verifica',
    { ...access, schema: { ...common, tags: ['Nada consta'], summary: 'Whether the no-debts declaration can be issued, and why not', response: { 200: nadaConstaVerificaSchema, ...failures } } },
    (request) => checkNoDebts(db, patronOf(request), request.language),
  );
  app.post(
    '/unidade-informacao/nada-consta',
    { ...access, schema: { ...common, tags: ['Nada consta'], summary: 'Issue the no-debts declaration (ends the link with the libraries)', response: { 200: nadaConstaSchema, ...failures } } },
    (request) => issueNoDebts(db, patronOf(request), request.language),
  );
  app.get(
    '/unidade-informacao/nada-consta/:codigo/pdf',
    { ...access, schema: { ...common, tags: ['Nada consta'], summary: 'The declaration as a PDF with its verification code', params: nadaConstaParamsSchema, response: pdfResponse } },
    async (request, reply) => {
      const { pdf, filename } = await declarationPdf(db, patronOf(request), request.params.codigo, request.language);
      return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${filename}"`).send(Buffer.from(pdf));
    },
  );
  app.post(
    '/nada-consta/send-mail',
    {
      ...access,
      schema: { ...common, tags: ['Nada consta'], summary: "E-mail the declaration (PDF) to the patron's address", response: { 200: z.object({ enviado: z.literal(true), email: z.string() }), ...failures, 502: errorSchema } },
    },
    (request) => mailDeclaration(db, mailer, patronOf(request), request.language),
  );
  app.get(
    '/api/emprestimo/token',
    { ...access, schema: { ...common, tags: ['Empréstimos'], summary: 'The live loan token for self-service, or null', response: { 200: tokenEmprestimoSchema, ...failures } } },
    (request) => loanToken(db, patronOf(request)),
  );
  app.post(
    '/api/emprestimo/token',
    { ...access, schema: { ...common, tags: ['Empréstimos'], summary: 'A new loan token (six digits, ten minutes)', response: { 200: tokenEmprestimoSchema, ...failures } } },
    (request) => newLoanToken(db, patronOf(request)),
  );
};
