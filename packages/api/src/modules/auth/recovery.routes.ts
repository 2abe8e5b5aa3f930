import { recoveryEndpoints } from '@estante/contracts/auth';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { Config } from '../../config.js';
import type { Mailer } from '../../lib/mail.js';
import { messages } from './auth.messages.js';
import { route } from '../../lib/route.js';
import type { Captcha } from './captcha.js';
import { changePassword, checkRecoveryCode, finishRecovery, startRecovery } from './recovery.service.js';
import { passwordCheckEnded, reservePasswordCheck } from './auth.service.js';

/** Password recovery by e-mailed code (spec §4, §7 People) and password change. */
export const recoveryRoutes: FastifyPluginAsync<{
  db: Db;
  mailer: Mailer;
  captcha: Captcha;
  session: Pick<Config, 'signInMaxFailures' | 'signInLockSeconds'>;
}> = async (app, { db, mailer, captcha, session }) => {
  const limits = { maxFailures: session.signInMaxFailures, lockSeconds: session.signInLockSeconds };
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
    // Each check of the current password is counted before it is made, and given back unless it was wrong.
    const { codPessoa } = request.patron;
    await reservePasswordCheck(db, codPessoa, limits);
    try {
      await changePassword(db, codPessoa, request.patron.login, request.body.senhaAtual, request.body.senhaNova);
    } catch (error) {
      const wrong = error instanceof AppError && error.key === 'SenhaAtualIncorreta';
      if (!wrong) await passwordCheckEnded(db, codPessoa, limits, false);
      throw error;
    }
    await passwordCheckEnded(db, codPessoa, limits, true);
    return { key: 'SenhaAlteradaSucesso' as const, message: messages.t('SenhaAlteradaSucesso', request.language) };
  });
};
