import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, queryRows } from '../../db/client.js';
import { errors } from './auth.messages.js';
import { isActivityEnabled } from '../parameters/parameters.service.js';
import { getOrCreateSecret } from './auth.queries.js';

/** Activity 1120: a captcha on sign-in and on password recovery (spec §6). */
export const CAPTCHA_ACTIVITY = 1120;

/**
 * The proof of work a browser does: PBKDF2-SHA-256 at 200 rounds per try, the answer hidden
 * among 2,000–5,000 tries — about half a second on a phone, and each further sign-in attempt a
 * robot makes costs it as much again.
 */
const ALGORITHM = 'PBKDF2/SHA-256';
const COST = 200;
const TRIES = { min: 2_000, max: 5_000 };
const VALIDITY_SECONDS = 600;

export interface RecaptchaSettings {
  secret: string;
  verifyUrl: string;
}

export interface Captcha {
  /** A new signed ALTCHA challenge (when reCAPTCHA is configured, the browser uses that instead). */
  challenge(): Promise<Challenge>;
  /**
   * Throws 400 when activity 1120 is on (or `always`: sign-in after too many wrong passwords)
   * and `token` is missing, invalid, expired or already used.
   */
  require(token: string | undefined, always?: boolean): Promise<void>;
}

const payloadSchema = z.object({
  challenge: z.object({
    parameters: z.object({
      algorithm: z.string().max(32),
      nonce: z.string().max(128),
      salt: z.string().max(128),
      cost: z.number().int().positive().max(1_000_000),
      keyLength: z.number().int().positive().max(64),
      keyPrefix: z.string().max(128),
      keySignature: z.string().max(256).optional(),
      expiresAt: z.number().optional(),
      data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
    }),
    signature: z.string().min(1).max(256),
  }),
  solution: z.object({ counter: z.number().int().min(0), derivedKey: z.string().max(256), time: z.number().optional() }),
});

/**
 * The captcha of spec §5/§8: a self-hosted ALTCHA proof of work by default (no third party sees
 * the patron), or Google reCAPTCHA when a secret is configured. The server decides; a client
 * that skips the widget gets 400 `captcha_missing`.
 */
export async function createCaptcha(db: Db, recaptcha: RecaptchaSettings | null): Promise<Captcha> {
  const secret = await getOrCreateSecret(db, 'captcha');
  return {
    challenge: () =>
      createChallenge({
        algorithm: ALGORITHM,
        cost: COST,
        counter: randomInt(TRIES.min, TRIES.max),
        deriveKey,
        expiresAt: new Date(Date.now() + VALIDITY_SECONDS * 1000),
        hmacSignatureSecret: secret,
      }),
    async require(token, always = false) {
      if (!always && !(await isActivityEnabled(db, CAPTCHA_ACTIVITY))) return;
      if (!token?.trim()) throw always ? errors.captchaRequired() : errors.captchaMissing();
      if (recaptcha) return verifyRecaptcha(recaptcha, token);
      const payload = decodePayload(token);
      if (!payload || payload.challenge.parameters.algorithm !== ALGORITHM) throw errors.captchaInvalid();
      const result = await verifySolution({ challenge: payload.challenge, solution: payload.solution, deriveKey, hmacSignatureSecret: secret });
      if (!result.verified) throw errors.captchaInvalid();
      // One sign-in per solved challenge: the first use claims its signature.
      const expires = payload.challenge.parameters.expiresAt ?? Math.floor(Date.now() / 1000) + VALIDITY_SECONDS;
      const claimed = await queryRows<{ signature: string }>(
        db,
        sql`insert into captcha_uses (signature, expires_at) values (${payload.challenge.signature}, to_timestamp(${expires}))
            on conflict do nothing returning signature`,
      );
      if (claimed.length === 0) throw errors.captchaInvalid();
      await db.execute(sql`delete from captcha_uses where expires_at < now() - interval '1 hour'`);
    },
  };
}

function decodePayload(token: string) {
  if (token.length > 4096) return null;
  try {
    const parsed = payloadSchema.safeParse(JSON.parse(Buffer.from(token, 'base64').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Google's siteverify (https://developers.google.com/recaptcha/docs/verify). */
async function verifyRecaptcha(settings: RecaptchaSettings, token: string): Promise<void> {
  if (token.length > 4096) throw errors.captchaInvalid();
  let body: unknown;
  try {
    const response = await fetch(settings.verifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret: settings.secret, response: token }),
      signal: AbortSignal.timeout(10_000),
    });
    body = await response.json();
  } catch {
    throw errors.captchaUnavailable();
  }
  const answer = z.object({ success: z.boolean() }).safeParse(body);
  if (!answer.success || !answer.data.success) throw errors.captchaInvalid();
}
