import { timingSafeEqual } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Db } from '../../db/client.js';
import { errors } from '../../lib/errors.js';
import { getOrCreateSecret } from './auth.queries.js';

/** Who a verified token speaks for. */
export type Principal = { kind: 'public'; clientId: string } | { kind: 'patron'; codPessoa: number; clientId: string };

export interface TokenService {
  /** Issues the anonymous access token of the client_credentials grant. */
  clientCredentials(clientId: string | undefined, clientSecret: string | undefined): Promise<{ token: string; expiresIn: number }>;
  /** The principal of a valid token; null for an expired, forged or malformed one. */
  verify(token: string): Promise<Principal | null>;
}

const ISSUER = 'estante';
const ALGORITHM = 'HS256';

/** Creates the token service: HS256 JWTs signed with the configured or stored secret. */
export async function createTokenService(
  db: Db,
  options: { jwtSecret: string | undefined; accessTokenTtl: number; publicClient: { id: string; secret: string } },
): Promise<TokenService> {
  const key = new TextEncoder().encode(options.jwtSecret ?? (await getOrCreateSecret(db, 'jwt')));
  return {
    async clientCredentials(clientId, clientSecret) {
      if (clientId !== options.publicClient.id || !sameSecret(clientSecret ?? '', options.publicClient.secret)) {
        throw errors.invalidClient();
      }
      const token = await new SignJWT({ typ: 'public', cid: clientId })
        .setProtectedHeader({ alg: ALGORITHM })
        .setIssuer(ISSUER)
        .setSubject(`client:${clientId}`)
        .setIssuedAt()
        .setExpirationTime(`${options.accessTokenTtl}s`)
        .sign(key);
      return { token, expiresIn: options.accessTokenTtl };
    },
    async verify(token) {
      try {
        // Only HS256 is accepted: "alg: none" and algorithm-confusion tokens fail here.
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: [ALGORITHM] });
        const clientId = typeof payload.cid === 'string' ? payload.cid : '';
        if (payload.typ === 'public' && clientId) return { kind: 'public', clientId };
        const match = /^pessoa:(\d+)$/.exec(payload.sub ?? '');
        if (payload.typ === 'patron' && match) return { kind: 'patron', codPessoa: Number(match[1]), clientId };
        return null;
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return null;
        throw error;
      }
    },
  };
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
