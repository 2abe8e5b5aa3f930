import { linksEndpoints as calls } from '@estante/contracts/links';
import { settingsEndpoints } from '@estante/contracts/parameters';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { staffActor } from '../../lib/audit.js';
import { route } from '../../lib/route.js';
import { signInPair, type TokenService } from '../auth/auth.service.js';
import {
  accountRedirect,
  appLayersAddress,
  chooseAccountBase,
  configureProvider,
  externalAccess,
  grupoaAccess,
  paperPosting,
  providerList,
  providerSettings,
  redeemHandover,
  redirectCode,
  standardAccess,
  tradeRedirectCode,
} from './links.service.js';

/** What the doors out need of the configuration: the providers' secret, the site's address, the session's lifetime. */
export type LinksConfig = Pick<Config, 'providerSecret' | 'publicUrl' | 'refreshTokenTtl'>;

/** Spec §7 Links and the People calls that leave the catalogue (decision 0023). */
export const linksRoutes: FastifyPluginAsync<{ db: Db; config: LinksConfig; tokens: TokenService }> = async (app, { db, config, tokens }) => {
  const secret = config.providerSecret;
  const origin = (request: FastifyRequest) => config.publicUrl ?? `${request.protocol}://${request.host}`;
  const patronOrNull = (request: FastifyRequest) => request.patron?.codPessoa ?? null;

  route(app, calls.providers, (request) => providerList(db, secret, patronOrNull(request), request.language));
  // The administration's settings of the providers (issue 54).
  route(app, settingsEndpoints.providers, () => providerSettings(db, secret));
  route(app, settingsEndpoints.provider, (request) => configureProvider(db, secret, request.params.recurso, request.body.entrada, staffActor(request)));
  route(app, calls.externalAccess, (request) =>
    externalAccess(db, secret, request.patron.codPessoa, request.params.recurso, request.body.base, request.language),
  );
  route(app, calls.target, (request) => standardAccess(db, secret, request.patron.codPessoa, request.params.id, request.language));
  route(app, calls.grupoa, (request) => grupoaAccess(db, secret, request.patron.codPessoa, request.body.sessionid, request.language));
  route(app, calls.validate, (request) => redeemHandover(db, secret, request.body.token));
  route(app, calls.redirectToken, (request) => redirectCode(db, request.patron.codPessoa, request.query.destino));
  route(app, calls.redirectTrade, async (request) => {
    const { codPessoa, destino } = await tradeRedirectCode(db, request.body.token);
    return { ...(await signInPair(db, tokens, codPessoa, request.principal!.clientId, config.refreshTokenTtl)), destino };
  });
  route(app, calls.accountRedirect, (request) => accountRedirect(db, secret, request.patron.codPessoa, request.language));
  route(app, calls.accountBase, (request) => chooseAccountBase(db, secret, request.patron.codPessoa, request.body.base, request.language));
  route(app, calls.paperPosting, (request) => paperPosting(db, secret, request.patron.codPessoa, request.language));
  route(app, calls.appLayers, (request) => appLayersAddress(db, request.patron.codPessoa, origin(request)));
};
