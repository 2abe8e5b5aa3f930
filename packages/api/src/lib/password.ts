import { pbkdf2 as pbkdf2Callback, randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import bcrypt from 'bcryptjs';

const pbkdf2 = promisify(pbkdf2Callback);
const scrypt = promisify(scryptCallback) as (password: string, salt: Buffer, keylen: number, options: { N: number; r: number; p: number }) => Promise<Buffer>;
/**
 * OWASP's scrypt parameters (Password Storage Cheat Sheet): N=2^14, r=8 with p=5 costs as much
 * work as N=2^17, p=1 in 16 MB instead of 128 MB a hash (about 0.12 s on the 2-core machine).
 * Hashes made with weaker parameters are replaced at the next successful sign-in (needsRehash).
 */
const PARAMS = { N: 16384, r: 8, p: 5 };
const KEY_LENGTH = 32;

/** Hashes a password with scrypt: `scrypt$N$r$p$salt$hash`, salt and hash in base64. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, KEY_LENGTH, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), hash.toString('base64')].join('$');
}

/**
 * The forms of stored hash a sign-in verifies: ours (scrypt), and those another library system
 * may hand over on a patron import (decision 0055) — bcrypt (`$2a$`, `$2b$`, `$2y$`, as PHP,
 * Ruby, Java and OpenBSD write it) and PBKDF2 as Django writes it
 * (`pbkdf2_sha256$<iterations>$<salt>$<base64 hash>`, or `pbkdf2_sha1`). Argon2 is not among
 * them: Node 20's crypto has no argon2, and a native module would be a build step.
 */
export type PasswordHashForm = 'scrypt' | 'bcrypt' | 'pbkdf2_sha256' | 'pbkdf2_sha1';

const BCRYPT = /^\$2[aby]\$(0[4-9]|[12]\d|3[01])\$[./A-Za-z0-9]{53}$/;
const PBKDF2 = /^(pbkdf2_sha256|pbkdf2_sha1)\$(\d{1,8})\$([^$]{1,128})\$([A-Za-z0-9+/]{16,172}={0,2})$/;
const SCRYPT = /^scrypt\$\d{1,7}\$\d{1,2}\$\d{1,2}\$[A-Za-z0-9+/]+={0,2}\$[A-Za-z0-9+/]+={0,2}$/;
/** More PBKDF2 rounds than any system writes (Django 5 writes 870,000–1,000,000) would be a sign-in's denial of service. */
const PBKDF2_MAX_ITERATIONS = 10_000_000;

/** Which form a stored hash is in, or undefined when it is none this server can verify. */
export function passwordHashForm(stored: string): PasswordHashForm | undefined {
  if (BCRYPT.test(stored)) return 'bcrypt';
  const pbkdf2Parts = PBKDF2.exec(stored);
  if (pbkdf2Parts) {
    const iterations = Number(pbkdf2Parts[2]);
    return iterations >= 1 && iterations <= PBKDF2_MAX_ITERATIONS ? (pbkdf2Parts[1] as PasswordHashForm) : undefined;
  }
  if (SCRYPT.test(stored)) return 'scrypt';
  return undefined;
}

/** True when `password` matches `stored` (a hashPassword result, or an imported bcrypt or PBKDF2 hash); false for any malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const form = passwordHashForm(stored);
  if (form === 'bcrypt') return bcrypt.compare(password, stored);
  if (form === 'pbkdf2_sha256' || form === 'pbkdf2_sha1') {
    const [, iterations, salt, hash] = stored.split('$') as [string, string, string, string];
    const expected = Buffer.from(hash, 'base64');
    const actual = await pbkdf2(password, salt, Number(iterations), expected.length, form === 'pbkdf2_sha256' ? 'sha256' : 'sha1');
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  }
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, { N: Number(n), r: Number(r), p: Number(p) });
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** True when `stored` was made with other parameters than today's, or is an imported form: rehash it once the password is known to be right. */
export function needsRehash(stored: string): boolean {
  const [scheme, n, r, p] = stored.split('$');
  return scheme !== 'scrypt' || Number(n) !== PARAMS.N || Number(r) !== PARAMS.r || Number(p) !== PARAMS.p;
}
