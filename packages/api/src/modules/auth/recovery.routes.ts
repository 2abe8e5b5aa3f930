import { recoveryEndpoints } from '@estante/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Mailer } from '../../lib/mail.js';
import { messages } from './auth.messages.js';
import { route } from '../../lib/route.js';
import type { Captcha } from './captcha.js';
import { changePassword, checkRecoveryCode, finishRecovery, startRecovery } from './recovery.service.js';

/** Password recovery by e-mailed code (spec §4, §7 People) and password change. */
export const recoveryRoutes: FastifyPluginAsync<{ db: Db; mailer: Mailer; captcha: Captcha }> = async (app, { db, mailer, captcha }) => {
  route(app, recoveryEndpoints.start, async (request) => {
    await captcha.require(request.query.recaptcha_token);
    return startRecovery(db, mailer, request.params.user, request.language);
  });
  route(app, recoveryEndpoints.checkCode, (request) => checkRecoveryCode(db, request.params.user, request.body.code));
  route(app, recoveryEndpoints.finish, async (request) => {
    await finishRecovery(db, request.params.user, request.body.code, request.body.password);
    return { key: 'SenhaAlteradaSucesso' as const, message: messages.t('SenhaAlteradaSucesso', request.language) };
  });
  route(app, recoveryEndpoints.changePassword, async (request) => {
    await changePassword(db, request.patron.codPessoa, request.patron.login, request.body.senhaAtual, request.body.senhaNova);
    return { key: 'SenhaAlteradaSucesso' as const, message: messages.t('SenhaAlteradaSucesso', request.language) };
  });
};
