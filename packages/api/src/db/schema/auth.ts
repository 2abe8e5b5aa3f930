import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { people } from './people.js';

/**
 * Refresh tokens: opaque to the client, stored here only as a SHA-256 hash. Each use replaces
 * the token by a new one of the same family (rotation); presenting a token already used means
 * it was stolen or replayed, and revokes the whole family. Logout revokes the family too.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    familyId: uuid('family_id').notNull(),
    codPessoa: integer('cod_pessoa')
      .notNull()
      .references(() => people.codPessoa, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    /** The login the session was signed in with; every access token of the family reports it (GET /pessoas). */
    login: text('login'),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the token was exchanged for the next one of its family. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId), check('refresh_tokens_expiry', sql`${t.expiresAt} > ${t.createdAt}`)],
);

/**
 * Counters per key in a window, so repeated attempts answer 429 for a cooling period; every API
 * process sees the same counts. Keys: failed sign-ins (`u:<username>`, `ip:<address>`), recovery
 * code requests (`r:<username>`), basket e-mails (`mail:<address>`, `mail-ip:<address>`).
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [check('sign_in_failures_positive', sql`${t.failures} > 0`)],
);

/** A person's previous password hashes, so a new password cannot repeat the last n (spec §5). */
export const passwordHistory = pgTable(
  'password_history',
  {
    id: serial('id').primaryKey(),
    codPessoa: integer('cod_pessoa')
      .notNull()
      .references(() => people.codPessoa, { onDelete: 'cascade' }),
    passwordHash: text('password_hash').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_history_pessoa_idx').on(t.codPessoa, t.changedAt)],
);

/**
 * Password recovery codes sent by e-mail: stored hashed, short-lived, a few tries each; a new
 * request replaces the previous code; used once.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    codPessoa: integer('cod_pessoa')
      .primaryKey()
      .references(() => people.codPessoa, { onDelete: 'cascade' }),
    login: text('login').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
  },
  (t) => [check('password_resets_attempts', sql`${t.attempts} >= 0`)],
);

/**
 * Solved captchas (ALTCHA proof-of-work), by challenge signature, until the challenge expires:
 * a solution signs in or asks for a recovery code once, never twice.
 */
export const captchaUses = pgTable('captcha_uses', {
  signature: text('signature').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * External sign-ins in progress (OIDC and SAML). `handle` is what the browser keeps (the OIDC
 * nonce of spec §7, or the SAML ticket) and trades once, at `/oidc/validar` or `/saml/validar`,
 * for tokens; the row holds what the identity provider's answer proved (a person or an error).
 */
export const ssoSignIns = pgTable(
  'sso_sign_ins',
  {
    handle: text('handle').primaryKey(),
    kind: text('kind').notNull(),
    /** OIDC: the `state` sent to the provider; SAML: the AuthnRequest ID the response must answer. */
    state: text('state').unique(),
    codeVerifier: text('code_verifier'),
    oidcNonce: text('oidc_nonce'),
    redirect: text('redirect'),
    codPessoa: integer('cod_pessoa').references(() => people.codPessoa, { onDelete: 'cascade' }),
    errorKey: text('error_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    check('sso_sign_ins_kind', sql`${t.kind} in ('oidc', 'saml', 'saml-request')`),
    check('sso_sign_ins_outcome', sql`not (${t.codPessoa} is not null and ${t.errorKey} is not null)`),
  ],
);
