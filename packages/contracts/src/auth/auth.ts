import { z } from 'zod';
import { SITE_PATH } from '../common.js';
import { STAFF_ROLES } from '../endpoint.js';
import { recordId } from '../record-id.js';

/**
 * `POST /oauth/token`: client_credentials (anonymous public access), password (a patron's
 * username and password; answers a refresh token too) and refresh_token (rotates it).
 */
export const tokenRequestSchema = z.object({
  grant_type: z.string().min(1).max(64).describe('client_credentials | password | refresh_token'),
  client_id: z.string().max(200).optional(),
  client_secret: z.string().max(500).optional(),
  scope: z.string().max(500).optional(),
  username: z.string().max(200).optional(),
  password: z.string().max(500).optional(),
  refresh_token: z.string().max(200).optional(),
  /** The captcha's answer when activity 1120 is on: an ALTCHA payload (base64) or a reCAPTCHA token. */
  recaptcha_token: z.string().max(5000).optional(),
});

/** `POST /oauth/revoke` (RFC 7009): logout revokes the refresh token's whole family. */
export const revokeRequestSchema = z.object({
  token: z.string().min(1).max(200),
  token_type_hint: z.string().max(50).optional(),
  client_id: z.string().max(200).optional(),
  client_secret: z.string().max(500).optional(),
});
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

export const tokenResponseSchema = z
  .object({
    access_token: z.string(),
    token_type: z.literal('bearer'),
    expires_in: z.number().int().describe('Seconds until the access token expires'),
    refresh_token: z.string().optional(),
  })
  .meta({ id: 'TokenResponse' });
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** `GET /pessoas`: the signed-in patron (spec §3 "User"), their permissions and the block flag. */
export const pessoaSchema = z
  .object({
    user: z.object({
      login: z.string(),
      cod_pessoa: z.number().int(),
      nome_pessoa: z.string(),
      email: z.string().nullable(),
      cod_categoria: z.string(),
      professor: z.boolean().describe('a professor: offered the separate acquisition-suggestion link'),
      validade: z.string().nullable().describe('the registration’s last day (YYYY-MM-DD); null when it has none (spec §8 notices)'),
    }),
    authPermissions: z.array(z.object({ cod_modulo: z.number().int(), cod_atividade: z.number().int() })),
    bloqueio: z.boolean(),
    papeis: z.array(z.enum(STAFF_ROLES)).describe('the staff roles the person holds (none for a patron): the staff area shows what they open'),
  })
  .meta({ id: 'Pessoa' });
export type Pessoa = z.infer<typeof pessoaSchema>;

/**
 * Between a username and the chosen registration in the password grant ("for some institutions
 * the username carries a separator plus the chosen person or category code", spec §7): the
 * person code (institution 571's chooser) or the category code (institution 87's selector).
 */
export const LOGIN_CHOICE_SEPARATOR = '|';

/** A person option of the choosers (spec §3): codigo and nome; `base` names the registration's category. */
export const pessoaOpcaoSchema = z.object({ codigo: z.number().int(), nome: z.string(), base: z.string() }).meta({ id: 'PessoaOpcao' });
export type PessoaOpcao = z.infer<typeof pessoaOpcaoSchema>;

/** `GET /pessoas/duplicadas?usuario=` (institution 571, step one of its two-step sign-in). */
export const duplicadasQuerySchema = z.object({ usuario: z.string().trim().min(1, { error: 'username required' }).max(200) });
export const duplicadasSchema = z.object({
  result: z.boolean().describe('true when the username has several registrations'),
  pessoas: z.array(pessoaOpcaoSchema),
});
export type Duplicadas = z.infer<typeof duplicadasSchema>;

/** `PUT /pessoas/troca-login`: the login-origin chooser after sign-in; answers a new token pair. */
export const trocaLoginSchema = z.object({ codigo: recordId, base: z.string().min(1).max(20) });

/** Institution 87's category options (spec §3), code and description key. */
export const LOGIN_CATEGORIES_87 = ['01', '19', '03', '06', '07', '21', '09', '05', '12', 'Intercamb', 'MembroComun', '08', '04', '10'] as const;

/** `GET /captcha/desafio`: an ALTCHA challenge (signed by the server, solved by the browser). */
export const captchaChallengeSchema = z
  .object({
    parameters: z.object({
      algorithm: z.string(),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      keySignature: z.string().optional(),
      expiresAt: z.number().optional(),
    }),
    signature: z.string().optional(),
  })
  .meta({ id: 'CaptchaChallenge' });
export type CaptchaChallenge = z.infer<typeof captchaChallengeSchema>;

/** `GET /oidc/authorize?login=&redirect=` and `GET /saml/login?redirect=`. */
export const ssoStartQuerySchema = z.object({
  login: z.string().trim().max(200).optional(),
  redirect: z.string().max(500).regex(SITE_PATH, { error: 'expected a path of this site' }).optional(),
});
export const oidcAuthorizeSchema = z.object({ nonce: z.string(), link: z.string() });
export const samlLoginSchema = z.object({ link: z.string() });
/** `POST /oidc/validar {nonce}` and `POST /saml/validar {saml}`: trade the handle for tokens once. */
export const oidcValidarSchema = z.object({ nonce: z.string().min(1).max(100) });
export const samlValidarSchema = z.object({ saml: z.string().min(1).max(100) });
export const ssoTokenSchema = tokenResponseSchema.extend({ redirect: z.string().nullable() });
