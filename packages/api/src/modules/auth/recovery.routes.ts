import {
  errorSchema,
  passwordRulesSchema,
  recuperacaoCodigoSchema,
  recuperacaoInicioSchema,
  recuperacaoQuerySchema,
  recuperacaoSenhaSchema,
  recuperacaoUserParamsSchema,
  senhaAlteradaSchema,
  trocaSenhaSchema,
} from '@estante/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import type { Mailer } from '../../lib/mail.js';
import { translate } from '../../lib/messages.js';
import { patronOf } from '../../plugins/auth.js';
import type { Captcha } from './captcha.js';
import { changePassword, checkRecoveryCode, finishRecovery, startRecovery } from './recovery.service.js';

const common = { tags: ['Pessoas'], security: [{ bearer: [] }] };
const failures = { 400: errorSchema, 401: errorSchema, 422: errorSchema, 429: errorSchema };

/** Password recovery by e-mailed code (spec §4, §7 People) and password change. */
export const recoveryRoutes: FastifyPluginAsyncZod<{ db: Db; mailer: Mailer; captcha: Captcha }> = async (app, { db, mailer, captcha }) => {
  app.get(
    '/pessoas/:user/recuperar-senha',
    {
      config: { access: 'public' },
      schema: {
        ...common,
        summary: 'Step 1: e-mail a code; answers the masked address, first name, code length and expiry',
        params: recuperacaoUserParamsSchema,
        querystring: recuperacaoQuerySchema,
        response: { 200: recuperacaoInicioSchema, ...failures, 502: errorSchema, 503: errorSchema },
      },
    },
    async (request) => {
      await captcha.require(request.query.recaptcha_token);
      return startRecovery(db, mailer, request.params.user, request.language);
    },
  );
  app.post(
    '/pessoas/:user/recuperar-senha',
    {
      config: { access: 'public' },
      schema: { ...common, summary: 'Step 2: check the code; answers the password rules', params: recuperacaoUserParamsSchema, body: recuperacaoCodigoSchema, response: { 200: passwordRulesSchema, ...failures } },
    },
    (request) => checkRecoveryCode(db, request.params.user, request.body.code),
  );
  app.put(
    '/pessoas/:user/recuperar-senha',
    {
      config: { access: 'public' },
      schema: { ...common, summary: 'Step 3: set the new password (the code again)', params: recuperacaoUserParamsSchema, body: recuperacaoSenhaSchema, response: { 200: senhaAlteradaSchema, ...failures } },
    },
    async (request) => {
      await finishRecovery(db, request.params.user, request.body.code, request.body.password);
      return { key: 'SenhaAlteradaSucesso' as const, message: translate('SenhaAlteradaSucesso', request.language) };
    },
  );
  app.put(
    '/pessoas/meu-pergamum/senha',
    {
      config: { access: 'private' },
      schema: { ...common, summary: 'Change the signed-in patron’s password (ends every session)', body: trocaSenhaSchema, response: { 200: senhaAlteradaSchema, ...failures, 403: errorSchema } },
    },
    async (request) => {
      await changePassword(db, patronOf(request), request.body.senhaAtual, request.body.senhaNova);
      return { key: 'SenhaAlteradaSucesso' as const, message: translate('SenhaAlteradaSucesso', request.language) };
    },
  );
};
