import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * What a resumption token carries (stateless, decision 0024): the list asked (verb, format, set,
 * from / until as given), the keyset position of the last item sent (its exact datestamp to the
 * microsecond and its number), how many items came before the next part (cursor), and the list's
 * size as counted at its first part.
 */
const stateSchema = z.strictObject({
  v: z.literal(1),
  verb: z.enum(['ListIdentifiers', 'ListRecords']),
  p: z.string().min(1).max(100),
  s: z.string().min(1).max(200).optional(),
  f: z.string().max(20).optional(),
  u: z.string().max(20).optional(),
  a: z.tuple([z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/), z.number().int().min(0).max(2_147_483_647)]),
  c: z.number().int().min(0).max(2_147_483_647),
  n: z.number().int().min(0).max(2_147_483_647).nullable(),
});
export type TokenState = z.infer<typeof stateSchema>;

/** The MAC's length in base64url characters (132 bits of HMAC-SHA256). */
const MAC_LENGTH = 22;
const MAX_TOKEN_LENGTH = 2_000;

function mac(key: Buffer, body: string): string {
  return createHmac('sha256', key).update(body).digest('base64url').slice(0, MAC_LENGTH);
}

/** A token for `state`: its JSON in base64url, a dot, and an HMAC of it under the server's key. */
export function writeToken(key: Buffer, state: TokenState): string {
  const body = Buffer.from(JSON.stringify(state), 'utf8').toString('base64url');
  return `${body}.${mac(key, body)}`;
}

/** The state in a token, or null when it is malformed, altered or not one of ours. */
export function readToken(key: Buffer, token: string): TokenState | null {
  if (token.length > MAX_TOKEN_LENGTH) return null;
  const match = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/.exec(token);
  if (!match || match[2]!.length !== MAC_LENGTH) return null;
  if (!timingSafeEqual(Buffer.from(match[2]!), Buffer.from(mac(key, match[1]!)))) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(match[1]!, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const result = stateSchema.safeParse(parsed);
  return result.success ? result.data : null;
}
