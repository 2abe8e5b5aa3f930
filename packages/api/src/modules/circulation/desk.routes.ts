import { deskEndpoints } from '@estante/contracts/circulation';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Mailer } from '../../lib/mail.js';
import { staffActor } from '../../lib/audit.js';
import { route } from '../../lib/route.js';
import { changeStandingAtDesk, checkIn, checkOut, deskPatron, emailReceipt, holdsShelf, readAtDesk, renewAtDesk, settleDebt } from './desk.service.js';

/** The staff member behind a desk call, as the staff audit names them. */

/** The circulation desk (role `circulacao`, checked from the declarations): what `npm run staff -- circ` does, and the desk screen's reads. */
export const deskRoutes: FastifyPluginAsync<{ db: Db; mailer: Mailer }> = async (app, { db, mailer }) => {
  route(app, deskEndpoints.read, (request) => readAtDesk(db, request.query.codigo, request.language));
  route(app, deskEndpoints.patron, (request) => deskPatron(db, request.params.codPessoa, request.language));
  route(app, deskEndpoints.checkOut, (request) => {
    const { tombo, cod_pessoa: codPessoa, login, motivo } = request.body;
    return checkOut(db, { tombo, person: codPessoa !== undefined ? { codPessoa } : { login: login! }, reason: motivo, actor: staffActor(request) });
  });
  route(app, deskEndpoints.checkIn, (request) =>
    checkIn(db, mailer, { tombo: request.body.tombo, library: request.body.biblioteca, actor: staffActor(request) }),
  );
  route(app, deskEndpoints.renew, (request) => renewAtDesk(db, request.body.cod_emprestimo, request.language, staffActor(request)));
  route(app, deskEndpoints.receipt, (request) => emailReceipt(db, mailer, request.params.codPessoa, request.body.idioma, staffActor(request)));
  route(app, deskEndpoints.settleDebt, (request) =>
    settleDebt(db, request.params.codDebito, request.body.forma, request.body.motivo, staffActor(request), request.language),
  );
  route(app, deskEndpoints.standing, (request) =>
    changeStandingAtDesk(db, request.params.codPessoa, request.body.bloquear, request.body.motivo, staffActor(request), request.language),
  );
  route(app, deskEndpoints.holdsShelf, () => holdsShelf(db));
};
