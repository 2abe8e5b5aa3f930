import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { errors as joseErrors, type JWTPayload, jwtVerify, SignJWT } from 'jose';
import { type Duplicadas, LOGIN_CHOICE_SEPARATOR, type PessoaOpcao } from '@estante/contracts/auth';
import type { Language } from '@estante/contracts/kernel';
import type { Db } from '../../db/client.js';
import { valueNamer } from '../catalog/value-names.js';
import type { Principal } from '../../plugins/auth.js';
import { rolesOfPerson } from '../staff/staff.service.js';
import { CATEGORY_INSTITUTION, institutionCode, TWO_STEP_INSTITUTION } from '../parameters/parameters.service.js';
import { errors } from './auth.messages.js';
import { hashPassword, needsRehash, verifyPassword } from '../../lib/password.js';
import {
  clearFailures,
  familyOf,
  sessionStanding,
  upgradePasswordHash,
  findLogin,
  findPerson,
  getOrCreateSecret,
  insertRefreshToken,
  releaseUse,
  reserveCounted,
  reserveUse,
  registrationsOf,
  revokeFamily,
  revokePerson,
  useRefreshToken,
} from './auth.queries.js';

/** Who a verified token speaks for. */
export type { Principal };

export interface TokenService {
  /** Issues the anonymous access token of the client_credentials grant. */
  clientCredentials(clientId: string | undefined, clientSecret: string | undefined): Promise<{ token: string; expiresIn: number }>;
  /**
   * Issues a patron's access token (after the password grant has checked the credentials); it
   * carries the login signed in with, when there is one (GET /pessoas reports it).
   */
  patron(codPessoa: number, clientId: string, login: string | null): Promise<{ token: string; expiresIn: number }>;
  /** The principal of a valid token; null for an expired, forged or malformed one. */
  verify(token: string): Promise<Principal | null>;
}

const ISSUER = 'estante';
const ALGORITHM = 'HS256';

/** Checked tokens remembered (each until it expires); the list starts again when full. */
const VERIFIED_TOKENS = 10_000;

/** Creates the token service: HS256 JWTs signed with the configured or stored secret. */
export async function createTokenService(
  db: Db,
  options: { jwtSecret: string | undefined; accessTokenTtl: number; publicClient: { id: string; secret: string } },
): Promise<TokenService> {
  // Imported once: given the raw bytes, jose imports the key again for every token it checks.
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(options.jwtSecret ?? (await getOrCreateSecret(db, 'jwt'))),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  // Tokens whose signature was checked, until they expire: a browser sends the same token with
  // every call, and each check decoded it and computed its HMAC again (2–3 % of an API worker).
  const valid = new Map<string, { payload: JWTPayload; expiresAt: number }>();
  const checked = async (token: string): Promise<JWTPayload> => {
    const known = valid.get(token);
    if (known && Date.now() < known.expiresAt) return known.payload;
    if (known) valid.delete(token);
    // Only HS256 is accepted: "alg: none" and algorithm-confusion tokens fail here.
    const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: [ALGORITHM] });
    if (typeof payload.exp === 'number') {
      if (valid.size >= VERIFIED_TOKENS) valid.clear();
      valid.set(token, { payload, expiresAt: payload.exp * 1000 });
    }
    return payload;
  };
  return {
    async clientCredentials(clientId, clientSecret) {
      if (clientId !== options.publicClient.id || !sameSecret(clientSecret ?? '', options.publicClient.secret)) {
        throw errors.invalidClient();
      }
      const token = await new SignJWT({ typ: 'public', cid: clientId })
        .setProtectedHeader({ alg: ALGORITHM })
        .setIssuer(ISSUER)
        .setSubject(`client:${clientId}`)
        // Unique per token: two issued in the same second (sign-in, then a renewal) never match.
        .setJti(randomUUID())
        .setIssuedAt()
        .setExpirationTime(`${options.accessTokenTtl}s`)
        .sign(key);
      return { token, expiresIn: options.accessTokenTtl };
    },
    async patron(codPessoa, clientId, login) {
      const token = await new SignJWT({ typ: 'patron', cid: clientId, ...(login ? { lgn: login } : {}) })
        .setProtectedHeader({ alg: ALGORITHM })
        .setIssuer(ISSUER)
        .setSubject(`pessoa:${codPessoa}`)
        // A renewal within the second of the sign-in must not give back the very token it replaces.
        .setJti(randomUUID())
        .setIssuedAt()
        .setExpirationTime(`${options.accessTokenTtl}s`)
        .sign(key);
      return { token, expiresIn: options.accessTokenTtl };
    },
    async verify(token) {
      try {
        const payload = await checked(token);
        const clientId = typeof payload.cid === 'string' ? payload.cid : '';
        if (payload.typ === 'public' && clientId) return { kind: 'public', clientId };
        const match = /^pessoa:(\d+)$/.exec(payload.sub ?? '');
        if (payload.typ === 'patron' && match) {
          // A patron blocked after signing in loses access at once (spec §6: treated as 430); a
          // session of a login deactivated since is no session (issue 52).
          const codPessoa = Number(match[1]);
          const login = typeof payload.lgn === 'string' ? payload.lgn : null;
          const standing = await sessionStanding(db, codPessoa, login);
          if (standing === null || !standing.loginActive) return null;
          if (standing.blocked) throw errors.accountBlocked();
          return { kind: 'patron', codPessoa, clientId, login };
        }
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

/** A hash to check against when the login does not exist, so both answers take as long. */
let decoy: Promise<string> | undefined;

/**
 * The username of the password grant, split at the last LOGIN_CHOICE_SEPARATOR into the login
 * and the registration chosen for it (a person code, or institution 87's category code).
 */
export function splitUsername(username: string | undefined): { login: string; choice: string | null } {
  const value = (username ?? '').trim();
  const at = value.lastIndexOf(LOGIN_CHOICE_SEPARATOR);
  if (at === -1) return { login: value.toLowerCase(), choice: null };
  return { login: value.slice(0, at).trim().toLowerCase(), choice: value.slice(at + 1).trim() };
}

/**
 * The password grant's check (spec §5, §8): blank username or password → 400 credential_missing;
 * unknown login, inactive login or wrong password → 401 (the message names the institution's
 * login label); a choice that is not one of the login's registrations → the same 401; a blocked
 * person → 430 ACESSO_BLOQUEADO, only once the password is right.
 */
export async function checkPassword(
  db: Db,
  username: string | undefined,
  password: string | undefined,
  loginLabel: string,
): Promise<{ codPessoa: number; login: string }> {
  const { login, choice } = splitUsername(username);
  if (!login || !password || choice === '') throw errors.credentialMissing();
  const row = await findLogin(db, login);
  const hash = row?.ativo && row.password_hash ? row.password_hash : await (decoy ??= hashPassword('decoy-password'));
  const matches = await verifyPassword(password, hash);
  if (!row?.ativo || !row.password_hash || !matches) throw errors.invalidGrant(loginLabel);
  if (needsRehash(row.password_hash)) await upgradePasswordHash(db, row.login, row.password_hash, await hashPassword(password));
  const person = choice === null ? { cod_pessoa: row.cod_pessoa, bloqueio: row.bloqueio } : await chosenRegistration(db, row.cod_pessoa, choice);
  if (!person) throw errors.invalidGrant(loginLabel);
  if (person.bloqueio) throw errors.accountBlocked();
  return { codPessoa: person.cod_pessoa, login: row.login };
}

/** The registration a login's holder chose: by category at institution 87, by person code elsewhere. */
async function chosenRegistration(db: Db, codPessoa: number, choice: string) {
  const registrations = await registrationsOf(db, codPessoa);
  if ((await institutionCode(db)) === CATEGORY_INSTITUTION) return registrations.find((r) => r.cod_categoria.toLowerCase() === choice.toLowerCase());
  return registrations.find((r) => String(r.cod_pessoa) === choice);
}

/** The person options of the choosers: each the name and what the registration is (its category in `language`, issue 55). */
async function options(db: Db, registrations: { cod_pessoa: number; nome_pessoa: string; cod_categoria: string; categoria: string }[], language: Language) {
  const named = await valueNamer(db, language, ['categoria']);
  return registrations.map((r): PessoaOpcao => ({
    codigo: r.cod_pessoa,
    nome: `${r.nome_pessoa} — ${named('categoria', r.categoria)}`,
    base: r.cod_categoria,
  }));
}

/**
 * `GET /pessoas/duplicadas` (institution 571 only, step one of its sign-in): the registrations
 * behind a username. A username with one registration and an unknown one answer alike.
 */
export async function duplicatesOf(db: Db, username: string, language: Language = 'pt'): Promise<Duplicadas> {
  if ((await institutionCode(db)) !== TWO_STEP_INSTITUTION) throw errors.duplicatesUnavailable();
  const row = await findLogin(db, splitUsername(username).login);
  const registrations = row?.ativo ? await registrationsOf(db, row.cod_pessoa) : [];
  if (registrations.length < 2) return { result: false, pessoas: [] };
  return { result: true, pessoas: await options(db, registrations, language) };
}

/** `GET /pessoas/login`: the signed-in person's registrations, for the login-origin chooser. */
export async function loginOptions(db: Db, codPessoa: number, language: Language = 'pt'): Promise<PessoaOpcao[]> {
  return options(db, await registrationsOf(db, codPessoa), language);
}

/** `PUT /pessoas/troca-login`: the registration to continue as, if it is one of the person's and not blocked. */
export async function switchRegistration(db: Db, codPessoa: number, codigo: number, base: string): Promise<number> {
  const chosen = (await registrationsOf(db, codPessoa)).find((r) => r.cod_pessoa === codigo && r.cod_categoria === base);
  if (!chosen) throw errors.personNotLinked();
  if (chosen.bloqueio) throw errors.accountBlocked();
  return chosen.cod_pessoa;
}

/**
 * `GET /pessoas`: the signed-in patron. `login` is the one the session was signed in with (the
 * token carries it); without one (single sign-on, an older token), the person's first login.
 */
export async function currentPerson(db: Db, codPessoa: number, login: string | null = null) {
  const person = await findPerson(db, codPessoa);
  if (!person) throw errors.tokenInvalid();
  return {
    user: {
      login: login ?? person.login ?? String(person.cod_pessoa),
      cod_pessoa: person.cod_pessoa,
      nome_pessoa: person.nome_pessoa,
      email: person.email,
      cod_categoria: person.cod_categoria,
      professor: person.professor === true,
      validade: person.validade,
    },
    authPermissions: person.permissions,
    bloqueio: person.bloqueio,
    papeis: await rolesOfPerson(db, codPessoa),
  };
}

const hash = (token: string) => createHash('sha256').update(token).digest('base64url');

/** A new refresh token (256 random bits), stored hashed with the session's login, in `familyId` or a new family. */
export async function newRefreshToken(
  db: Db,
  codPessoa: number,
  clientId: string,
  ttlSeconds: number,
  login: string | null,
  familyId: string = randomUUID(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await insertRefreshToken(db, { familyId, codPessoa, clientId, login, tokenHash: hash(token), ttlSeconds });
  return token;
}

/**
 * A signed-in patron's token pair: a new access token and a refresh token of a new family, both
 * carrying the login signed in with (null for a single sign-on).
 */
export async function signInPair(db: Db, tokens: TokenService, codPessoa: number, clientId: string, refreshTtl: number, login: string | null = null) {
  const { token, expiresIn } = await tokens.patron(codPessoa, clientId, login);
  const refresh = await newRefreshToken(db, codPessoa, clientId, refreshTtl, login);
  return { access_token: token, token_type: 'bearer' as const, expires_in: expiresIn, refresh_token: refresh };
}

/**
 * The refresh_token grant: a live token is used up and replaced by the next of its family
 * (rotation). A token that was already used is a replay — of a stolen token, or by its thief —
 * so its whole family is revoked and both holders must sign in again. Unknown, expired,
 * revoked or another client's tokens: 401, nothing said about which.
 */
export async function rotateRefreshToken(
  db: Db,
  token: string | undefined,
  clientId: string,
  ttlSeconds: number,
): Promise<{ codPessoa: number; login: string | null; refresh: string }> {
  if (!token || token.length > 200) throw errors.refreshInvalid();
  const found = await useRefreshToken(db, hash(token));
  if (found.state === 'reused') await revokeFamily(db, found.family_id);
  if (found.state !== 'live') throw errors.refreshInvalid();
  if (found.client_id !== clientId) {
    await revokeFamily(db, found.family_id);
    throw errors.refreshInvalid();
  }
  // A blocked patron's session ends: no renewal (spec §6, 430); a deactivated login's ends too.
  const standing = await sessionStanding(db, found.cod_pessoa, found.login);
  if (!standing?.loginActive) {
    await revokeFamily(db, found.family_id);
    throw errors.refreshInvalid();
  }
  if (standing.blocked) {
    await revokeFamily(db, found.family_id);
    throw errors.accountBlocked();
  }
  return {
    codPessoa: found.cod_pessoa,
    login: found.login,
    refresh: await newRefreshToken(db, found.cod_pessoa, clientId, ttlSeconds, found.login, found.family_id),
  };
}

/** Logout (RFC 7009 revocation): the refresh token's family is revoked; unknown tokens are ignored. */
export async function revokeRefreshToken(db: Db, token: string): Promise<void> {
  const family = await familyOf(db, hash(token));
  if (family) await revokeFamily(db, family);
}

/** Password change: every session of the person ends, and every session signed in with the login (any registration). */
export async function revokeAllSessions(db: Db, codPessoa: number, login: string | null = null): Promise<void> {
  await revokePerson(db, codPessoa, login);
}

export interface SignInLimits {
  maxFailures: number;
  lockSeconds: number;
}

const keysOf = (username: string | undefined, address: string) => ({ user: `u:${splitUsername(username).login}`, ip: `ip:${address}` });

const minutesUntil = (until: Date) => Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000));

/**
 * Counts one use of each key in a window of `windowSeconds`, as one request: 429 when any key
 * already reached its limit (and cools down for the window). Each use is reserved atomically,
 * so parallel requests never pass a limit; a refused request gives back the uses it reserved.
 * For requests that cost the library something whether they succeed or not: recovery codes,
 * basket e-mails, general comments and suggestions.
 */
export async function throttle(db: Db, entries: { key: string; limit: number }[], windowSeconds: number): Promise<void> {
  const reserved: { key: string; limit: number }[] = [];
  for (const entry of entries) {
    const until = await reserveUse(db, entry.key, entry.limit, windowSeconds, windowSeconds);
    if (until) {
      for (const done of reserved) await releaseUse(db, done.key, done.limit);
      throw errors.tooManyAttempts(minutesUntil(until));
    }
    reserved.push(entry);
  }
}

/**
 * How wrong passwords step up (spec §8, issue 52), with `maxFailures` (5 by default):
 * - one username from one address: `maxFailures` wrong → that pair waits `lockSeconds` (429);
 *   the same patron elsewhere, and everyone else at that address, still sign in;
 * - one username from anywhere: after `maxFailures` wrong, every further attempt needs the
 *   captcha (a robot pays a proof of work a guess, a person ticks a box); 4× as many → 429;
 * - one address (a campus behind NAT): after 10× wrong, the captcha for everyone there; 40× → 429.
 */
export const SIGN_IN_STEPS = { usernameLock: 4, addressCaptcha: 10, addressLock: 40 } as const;

/** The keys a sign-in counts against: the username at the address, the username, and the address. */
function signInKeys(username: string | undefined, address: string, limits: SignInLimits) {
  const keys = keysOf(username, address);
  const login = splitUsername(username).login;
  const max = limits.maxFailures;
  return [
    ...(login
      ? [
          { key: `ua:${login}@${address}`, limit: max, captchaAfter: Number.POSITIVE_INFINITY },
          { key: keys.user, limit: max * SIGN_IN_STEPS.usernameLock, captchaAfter: max },
        ]
      : []),
    { key: keys.ip, limit: max * SIGN_IN_STEPS.addressLock, captchaAfter: max * SIGN_IN_STEPS.addressCaptcha },
  ];
}

/**
 * Reserves a sign-in attempt before the password is checked (spec §8): each attempt counts as a
 * failure until it proves otherwise, so forty guesses sent at once are forty counted attempts —
 * the ones past a limit are refused (429) without their password being looked at. Answers
 * whether this attempt must come with a solved captcha (the username or the address has had
 * too many wrong passwords), whatever activity 1120 says.
 */
export async function reserveSignIn(db: Db, username: string | undefined, address: string, limits: SignInLimits): Promise<{ captcha: boolean }> {
  const keys = signInKeys(username, address, limits);
  const reserved: typeof keys = [];
  let captcha = false;
  for (const entry of keys) {
    const use = await reserveCounted(db, entry.key, entry.limit, limits.lockSeconds, limits.lockSeconds);
    if (use.lockedUntil) {
      for (const done of reserved) await releaseUse(db, done.key, done.limit);
      throw errors.tooManyAttempts(minutesUntil(use.lockedUntil));
    }
    // The failures before this attempt reached the step.
    if (use.count - 1 >= entry.captchaAfter) captcha = true;
    reserved.push(entry);
  }
  return { captcha };
}

/**
 * The key a password change's check of the current password counts against: the person, so a
 * session (a refresh token lives two weeks) is no unthrottled oracle around the sign-in lock
 * (issue 52). As strict as a username's sign-in: `maxFailures` wrong guesses lock it for `lockSeconds`.
 */
const passwordCheckKey = (codPessoa: number) => `pw:${codPessoa}`;

/** Reserves a check of the current password before it is made (429 once the person's wrong guesses reached the limit). */
export async function reservePasswordCheck(db: Db, codPessoa: number, limits: SignInLimits): Promise<void> {
  await throttle(db, [{ key: passwordCheckKey(codPessoa), limit: limits.maxFailures }], limits.lockSeconds);
}

/** The current password was right (or never looked at): the reserved check does not count, and earlier wrong ones are forgotten when it was right. */
export async function passwordCheckEnded(db: Db, codPessoa: number, limits: SignInLimits, right: boolean): Promise<void> {
  if (right) await clearFailures(db, passwordCheckKey(codPessoa));
  else await releaseUse(db, passwordCheckKey(codPessoa), limits.maxFailures);
}

/** The attempt ended without a wrong password (no captcha, a blocked account): it does not count. */
export async function releaseSignIn(db: Db, username: string | undefined, address: string, limits: SignInLimits): Promise<void> {
  for (const entry of signInKeys(username, address, limits)) await releaseUse(db, entry.key, entry.limit);
}

/** A successful sign-in forgets the username's failures (at that address and anywhere); the address gets its attempt back. */
export async function signInSucceeded(db: Db, username: string, address: string, limits: SignInLimits): Promise<void> {
  const [pair, user, ip] = signInKeys(username, address, limits);
  await clearFailures(db, pair!.key);
  await clearFailures(db, user!.key);
  await releaseUse(db, ip!.key, ip!.limit);
}
