import { z } from 'zod';

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
    user: z.object({ login: z.string(), cod_pessoa: z.number().int(), nome_pessoa: z.string(), email: z.string().nullable(), cod_categoria: z.string() }),
    authPermissions: z.array(z.object({ cod_modulo: z.number().int(), cod_atividade: z.number().int() })),
    bloqueio: z.boolean(),
  })
  .meta({ id: 'Pessoa' });
export type Pessoa = z.infer<typeof pessoaSchema>;
