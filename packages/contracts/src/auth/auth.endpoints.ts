import { z } from 'zod';
import {
  captchaChallengeSchema,
  duplicadasQuerySchema,
  duplicadasSchema,
  oidcAuthorizeSchema,
  oidcValidarSchema,
  pessoaOpcaoSchema,
  pessoaSchema,
  revokeRequestSchema,
  samlLoginSchema,
  samlValidarSchema,
  ssoStartQuerySchema,
  ssoTokenSchema,
  tokenRequestSchema,
  tokenResponseSchema,
  trocaLoginSchema,
} from './auth.js';
import { endpoint } from '../endpoint.js';
import { EXTERNAL_RESOURCES, urlAcessoSchema } from '../links/links.js';
import {
  passwordRulesSchema,
  recuperacaoCodigoSchema,
  recuperacaoInicioSchema,
  recuperacaoQuerySchema,
  recuperacaoSenhaSchema,
  recuperacaoUserParamsSchema,
  senhaAlteradaSchema,
  trocaSenhaSchema,
} from './passwords.js';

/** The OAuth endpoints take form posts as well as JSON. */
const FORM_OR_JSON = ['application/x-www-form-urlencoded', 'application/json'] as const;

/** Signing in and out, and the person choosers of spec §2/§4 (spec §7 "Auth", "People"). */
export const authEndpoints = {
  captchaChallenge: endpoint({
    method: 'GET',
    path: '/captcha/desafio',
    access: 'public',
    tag: 'Auth',
    summary: 'A proof-of-work challenge (ALTCHA) for the sign-in and recovery captcha (activity 1120)',
    response: captchaChallengeSchema,
  }),
  token: endpoint({
    method: 'POST',
    path: '/oauth/token',
    access: 'open',
    tag: 'Auth',
    summary: 'Issue an access token (client_credentials, password or refresh_token grant)',
    description:
      'OAuth 2.0 token endpoint (RFC 6749), as a form post or JSON. `client_credentials` gives the anonymous token the public calls take; ' +
      '`password` signs a patron in (`username`, `password`, and `recaptcha_token` when the captcha is on) and answers a `refresh_token` too; ' +
      '`refresh_token` rotates it. Wrong credentials are 401; too many attempts 429; a blocked access 430.',
    consumes: FORM_OR_JSON,
    body: tokenRequestSchema,
    response: tokenResponseSchema,
    errors: [401, 429, 430, 503],
  }),
  revoke: endpoint({
    method: 'POST',
    path: '/oauth/revoke',
    access: 'open',
    tag: 'Auth',
    summary: 'Revoke a refresh token (logout); unknown tokens are ignored',
    consumes: FORM_OR_JSON,
    body: revokeRequestSchema,
    response: z.object({}),
  }),
  duplicates: endpoint({
    method: 'GET',
    path: '/pessoas/duplicadas',
    access: 'public',
    tag: 'Pessoas',
    summary: 'Institution 571, step one: the registrations behind a username (for the required chooser)',
    query: duplicadasQuerySchema,
    response: duplicadasSchema,
    errors: [404],
  }),
  registrations: endpoint({
    method: 'GET',
    path: '/pessoas/login',
    access: 'private',
    tag: 'Pessoas',
    summary: 'The signed-in person’s registrations (login-origin chooser after sign-in)',
    response: z.array(pessoaOpcaoSchema),
  }),
  switchRegistration: endpoint({
    method: 'PUT',
    path: '/pessoas/troca-login',
    access: 'private',
    tag: 'Pessoas',
    summary: 'Continue as another of the person’s registrations (spec §7 "switch person"): answers a new token pair',
    description:
      'With `recurso`, an external resource key of spec §9, the answer also carries the access address of that resource generated for the registration switched to (`acesso`): the resource the patron signed in to open (decision 0022). A resource not configured (404) or denied to the registration’s category (403) refuses the switch.',
    body: trocaLoginSchema.extend({ recurso: z.enum(EXTERNAL_RESOURCES).optional() }),
    response: tokenResponseSchema.extend({ acesso: urlAcessoSchema.nullable() }),
    errors: [404, 422, 430],
  }),
  me: endpoint({ method: 'GET', path: '/pessoas', access: 'private', tag: 'Pessoas', summary: 'The signed-in patron', response: pessoaSchema }),
};

/** Password recovery by e-mailed code (spec §4, §7 People) and password change. */
export const recoveryEndpoints = {
  start: endpoint({
    method: 'GET',
    path: '/pessoas/:user/recuperar-senha',
    access: 'public',
    tag: 'Pessoas',
    summary: 'Step 1: e-mail a code; answers the masked address, first name, code length and expiry',
    params: recuperacaoUserParamsSchema,
    query: recuperacaoQuerySchema,
    response: recuperacaoInicioSchema,
    errors: [422, 429, 502, 503],
  }),
  checkCode: endpoint({
    method: 'POST',
    path: '/pessoas/:user/recuperar-senha',
    access: 'public',
    tag: 'Pessoas',
    summary: 'Step 2: check the code; answers the password rules',
    params: recuperacaoUserParamsSchema,
    body: recuperacaoCodigoSchema,
    response: passwordRulesSchema,
    errors: [422, 429],
  }),
  finish: endpoint({
    method: 'PUT',
    path: '/pessoas/:user/recuperar-senha',
    access: 'public',
    tag: 'Pessoas',
    summary: 'Step 3: set the new password (the code again)',
    params: recuperacaoUserParamsSchema,
    body: recuperacaoSenhaSchema,
    response: senhaAlteradaSchema,
    errors: [422, 429],
  }),
  changePassword: endpoint({
    method: 'PUT',
    path: '/pessoas/meu-pergamum/senha',
    access: 'private',
    tag: 'Pessoas',
    summary: 'Change the signed-in patron’s password (ends every session)',
    body: trocaSenhaSchema,
    response: senhaAlteradaSchema,
    errors: [422, 429],
  }),
};

/** OIDC and SAML sign-in (spec §7 Auth): start, the provider's answer, and the trade for tokens. */
export const ssoEndpoints = {
  oidcAuthorize: endpoint({
    method: 'GET',
    path: '/oidc/authorize',
    access: 'public',
    tag: 'Auth',
    summary: 'Start an OIDC sign-in: the provider link and the nonce to keep',
    query: ssoStartQuerySchema,
    response: oidcAuthorizeSchema,
    errors: [404, 422, 430],
  }),
  oidcCallback: endpoint({
    method: 'GET',
    path: '/oidc/callback',
    access: 'open',
    tag: 'Auth',
    summary: 'Where the OIDC provider sends the browser back (code or error); redirects to /oauth-response',
    query: z
      .object({ code: z.string().max(2000).optional(), state: z.string().max(200).optional(), error: z.string().max(200).optional() })
      .catchall(z.string().max(2000)),
    response: z.null(),
    status: 303,
    answer: 'redirect',
  }),
  oidcValidate: endpoint({
    method: 'POST',
    path: '/oidc/validar',
    access: 'public',
    tag: 'Auth',
    summary: 'Trade the OIDC nonce, once, for the patron’s tokens',
    body: oidcValidarSchema,
    response: ssoTokenSchema,
    errors: [404, 422, 430],
  }),
  samlLogin: endpoint({
    method: 'GET',
    path: '/saml/login',
    access: 'public',
    tag: 'Auth',
    summary: 'Start a SAML sign-in: the identity provider link',
    query: ssoStartQuerySchema,
    response: samlLoginSchema,
    errors: [404, 422, 430],
  }),
  samlAcs: endpoint({
    method: 'POST',
    path: '/saml/acs',
    access: 'open',
    tag: 'Auth',
    summary: 'Assertion consumer service: the IdP’s signed response (HTTP-POST binding); redirects to /saml-response',
    consumes: ['application/x-www-form-urlencoded'],
    body: z.object({ SAMLResponse: z.string().min(1).max(500_000), RelayState: z.string().min(1).max(100) }),
    response: z.null(),
    status: 303,
    answer: 'redirect',
  }),
  samlValidate: endpoint({
    method: 'POST',
    path: '/saml/validar',
    access: 'public',
    tag: 'Auth',
    summary: 'Trade the SAML ticket, once, for the patron’s tokens',
    body: samlValidarSchema,
    response: ssoTokenSchema,
    errors: [404, 422, 430],
  }),
};
