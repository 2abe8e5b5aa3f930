import { accountEndpoints } from '@estante/contracts/account';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Mailer } from '../../lib/mail.js';
import { acceptMultipartForms } from '../../lib/multipart.js';
import { route } from '../../lib/route.js';
import {
  checkNoDebts,
  declarationPdf,
  issueNoDebts,
  loanToken,
  mailDeclaration,
  myDeviations,
  newLoanToken,
  paymentSlip,
  pendingDebts,
} from './account.service.js';

/** Sends a PDF the service made as a download. */
const sendPdf = (reply: FastifyReply, { pdf, filename }: { pdf: Uint8Array; filename: string }) =>
  reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${filename}"`).send(Buffer.from(pdf));

/** The patron's account (spec §7): debts and their payment slip, deviations, the no-debts declaration, the loan token. */
export const accountRoutes: FastifyPluginAsync<{ db: Db; mailer: Mailer }> = async (app, { db, mailer }) => {
  route(app, accountEndpoints.debts, (request) => pendingDebts(db, request.patron.codPessoa));
  route(app, accountEndpoints.paymentSlip, async (request, reply) =>
    sendPdf(reply, await paymentSlip(db, request.patron.codPessoa, request.body, request.language)),
  );
  route(app, accountEndpoints.deviations, (request) => myDeviations(db, request.patron.codPessoa));
  route(app, accountEndpoints.noDebtsCheck, (request) => checkNoDebts(db, request.patron.codPessoa, request.language));
  route(app, accountEndpoints.issueNoDebts, (request) => issueNoDebts(db, request.patron.codPessoa, request.language));
  route(app, accountEndpoints.declarationPdf, async (request, reply) =>
    sendPdf(reply, await declarationPdf(db, request.patron.codPessoa, request.params.codigo, request.language)),
  );
  // The spec sends this call as a multipart form: the form parser in a scope of its own reaches no other route.
  await app.register(async (scope) => {
    acceptMultipartForms(scope);
    route(scope, accountEndpoints.mailDeclaration, (request) => mailDeclaration(db, mailer, request.patron.codPessoa, request.body?.codigo, request.language));
  });
  route(app, accountEndpoints.loanToken, (request) => loanToken(db, request.patron.codPessoa));
  route(app, accountEndpoints.newLoanToken, (request) => newLoanToken(db, request.patron.codPessoa));
};
