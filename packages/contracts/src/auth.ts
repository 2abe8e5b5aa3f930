import { z } from 'zod';

/**
 * `POST /oauth/token`. The client_credentials grant (anonymous public access) is served now;
 * the password and refresh_token grants arrive with sign-in.
 */
export const tokenRequestSchema = z.object({
  grant_type: z.string().min(1).max(64).describe('client_credentials | password | refresh_token'),
  client_id: z.string().max(200).optional(),
  client_secret: z.string().max(500).optional(),
  scope: z.string().max(500).optional(),
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
