import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { PREWARM_WORDS } from './modules/search/search.config.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'expected true or false' }).transform((v) => v === 'true' || v === '1' || v === 'yes');

const int = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, { error: `expected a whole number from ${min} to ${max}` })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, { error: `expected a whole number from ${min} to ${max}` })
        .max(max, { error: `expected a whole number from ${min} to ${max}` }),
    );

const url = z.string().regex(/^https?:\/\/[^\s]+$/, { error: 'expected an http:// or https:// URL' });

/** Every environment variable the API reads; README.md's configuration table mirrors this. */
const envSchema = z.object({
  PORT: int(0, 65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, { error: 'expected a postgres:// or postgresql:// URL' })
    .optional(),
  /** Read replicas of DATABASE_URL (PostgreSQL streaming replicas), comma-separated. */
  DATABASE_REPLICA_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/[^\s,]+(\s*,\s*postgres(ql)?:\/\/[^\s,]+)*$/, {
      error: 'expected one or more postgres:// or postgresql:// URLs separated by commas',
    })
    .optional(),
  DATA_DIR: z.string().min(1).default(path.join(repoRoot, 'data')),
  API_BASE_PATH: z
    .string()
    .regex(/^\/[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/, { error: 'expected a path such as /svc (no trailing slash)' })
    .default('/svc'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  JWT_SECRET: z.string().min(32, { error: 'expected at least 32 characters' }).optional(),
  ACCESS_TOKEN_TTL: int(30, 86400).default(900),
  REFRESH_TOKEN_TTL: int(300, 31_536_000).default(1_209_600),
  SIGNIN_MAX_FAILURES: int(2, 100).default(5),
  SIGNIN_LOCK_SECONDS: int(10, 86_400).default(900),
  PUBLIC_CLIENT_ID: z.string().min(1).default('estante-web'),
  PUBLIC_CLIENT_SECRET: z.string().min(1).default('estante-public'),
  SEED_DEMO: bool.default(true),
  DEMO_TITLES: int(0, 10_000_000).default(2000),
  WEB_DIST: z.string().min(1).default(path.join(repoRoot, 'packages/web/dist')),
  SEARCH_CACHE_MB: int(1, 65536).default(256),
  SEARCH_PREWARM_WORDS: int(0, 100_000).default(PREWARM_WORDS),
  /** Keep the search snapshot on disk (DATA_DIR/search) so a restart loads it instead of reading it again. */
  SEARCH_SNAPSHOTS: bool.default(true),
  /** On PostgreSQL, a full read of a catalogue of this many titles or more runs in a process of its own (decision 0066). */
  SEARCH_APART_FROM_TITLES: int(1, 2_000_000_000).default(100_000),
  /** API processes sharing the port (PostgreSQL only); default: one per core, at most 4. */
  API_WORKERS: int(1, 64).optional(),
  /** The key of the local mail sink's page (`/dev/correio?chave=`); made once and kept in the sink's folder when unset. */
  DEV_MAIL_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,128}$/)
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, { error: 'expected smtp://[user:password@]host[:port] or smtps://…' })
    .optional(),
  MAIL_FROM: z.string().min(3).default('Estante <nao-responda@estante.local>'),
  PUBLIC_URL: url.optional(),
  /**
   * The proxies whose X-Forwarded-For/-Proto/-Host are believed (issue 58, decision 0062):
   * addresses or CIDR ranges, comma-separated, or proxy-addr's names loopback, linklocal,
   * uniquelocal. Unset: none — a header says nothing about the client, whoever sends it.
   */
  TRUST_PROXY: z
    .string()
    .refine((value) => value.split(',').every((entry) => trustedProxy(entry.trim())), {
      error: 'expected the addresses or CIDR ranges of the proxies, comma-separated (e.g. 127.0.0.1,10.0.0.0/8), or loopback',
    })
    .optional(),
  /** The sign-language (Libras) widget's script; empty switches the accessibility bar's Libras button off. */
  LIBRAS_WIDGET_URL: z.union([z.literal(''), url]).default('https://vlibras.gov.br/app/vlibras-plugin.js'),
  RECAPTCHA_SITE_KEY: z.string().min(1).optional(),
  RECAPTCHA_SECRET: z.string().min(1).optional(),
  RECAPTCHA_VERIFY_URL: url.default('https://www.google.com/recaptcha/api/siteverify'),
  OIDC_ISSUER: url.optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_USERNAME_CLAIM: z.string().min(1).default('preferred_username'),
  SAML_ENTRY_POINT: url.optional(),
  SAML_IDP_CERT: z.string().min(1).optional(),
  SAML_ISSUER: z.string().min(1).default('estante'),
  SAML_USERNAME_ATTRIBUTE: z.string().min(1).optional(),
  /** The master secret of the providers' hand-over tokens (decision 0023); each provider's key is derived from it. */
  PROVIDER_SECRET: z.string().min(32, { error: 'expected at least 32 characters' }).optional(),
  /** The bearer token a Prometheus scrape of /metrics must bring (decision 0059); unset: none asked. */
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{16,256}$/, { error: 'expected 16 to 256 printable characters without spaces' })
    .optional(),
});

/** The validated configuration the process runs with. */
export interface Config {
  port: number;
  host: string;
  /** `replicas`: PostgreSQL streaming replicas for reads that tolerate a little lag (decision 0038). */
  database: { kind: 'postgres'; url: string; replicas: string[] } | { kind: 'pglite'; dataDir: string | null; templates: string[] };
  apiBasePath: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  jwtSecret: string | undefined;
  accessTokenTtl: number;
  /** Refresh-token lifetime (seconds); each use rotates it. */
  refreshTokenTtl: number;
  /** Failed sign-ins per username at one address before a 429 for signInLockSeconds; the captcha and lock steps beyond it are SIGN_IN_STEPS (auth.service.ts). */
  signInMaxFailures: number;
  signInLockSeconds: number;
  publicClient: { id: string; secret: string };
  seedDemo: boolean;
  demoTitles: number;
  webDist: string;
  /** Memory for the search index's cached word and phrase matches (decision 0007). */
  searchCacheMb: number;
  /** Frequent words whose matches a large catalogue's search index reads ahead (0: none). */
  searchPrewarmWords: number;
  searchApartFromTitles: number;
  /** Where search snapshots are kept across restarts (search.persist.ts); null: never kept. */
  searchSnapshotDir: string | null;
  /**
   * How many API processes share the port (node:cluster), searching in the one index the
   * primary holds (decision 0040); 1: one process serves and searches. On PostgreSQL one per
   * core less the primary's (1–4) unless API_WORKERS says — so one process on 2 cores
   * (decision 0041); the embedded database lives in one process, so 1 there.
   */
  apiWorkers: number;
  /**
   * The local admin channel of staff commands (admin/channel.ts), `DATA_DIR/admin.sock`, for
   * the embedded database only: a PostgreSQL server takes the commands' own connections.
   */
  adminSocket: string | null;
  /** Where e-mail goes; null: the local mail sink (main.ts starts it, writing DATA_DIR/mail). */
  smtpUrl: string | null;
  mailFrom: string;
  /** The local mail sink's folder, used when no SMTP_URL is set. */
  mailDir: string;
  /** DEV_MAIL_KEY: the key of the sink's page, when set. */
  devMailKey: string | null;
  /**
   * The site's address as browsers reach it, no trailing slash (SSO callbacks, the links the
   * server writes); by default taken from each request. It may end in a path (`https://host/biblioteca`)
   * when a proxy serves the site there and strips it (decision 0062).
   */
  publicUrl: string | null;
  /** PUBLIC_URL's path, no trailing slash: `/biblioteca`, or '' at the root (the web app's base, plugins/web.ts). */
  publicPath: string;
  /** TRUST_PROXY: the proxies whose X-Forwarded-* headers are believed (Fastify's trustProxy); empty: none. */
  trustProxy: string[];
  /** The Libras (sign-language) widget's script (VLibras by default); null when switched off. */
  librasWidgetUrl: string | null;
  /** Google reCAPTCHA instead of the self-hosted ALTCHA (activity 1120), when both keys are set. */
  recaptcha: { siteKey: string; secret: string; verifyUrl: string } | null;
  /** OpenID Connect sign-in (`/oidc/*`), when the issuer and client are set. */
  oidc: { issuer: string; clientId: string; clientSecret: string | null; usernameClaim: string } | null;
  /** SAML 2 sign-in (`/saml/*`), when the IdP's entry point and signing certificate are set. */
  saml: { entryPoint: string; idpCert: string; issuer: string; usernameAttribute: string | null } | null;
  /**
   * The master secret of the providers' signed hand-over tokens (decision 0023): each provider's
   * HS256 key is HMAC-SHA256(secret, provider key). Null: signed providers count as not configured.
   */
  providerSecret: string | null;
  /** METRICS_TOKEN: what `Authorization: Bearer …` a scrape of /metrics must carry; null: none (the proxy refuses /metrics from outside). */
  metricsToken: string | null;
}

/** A configuration value the process cannot start with; the message is one line. */
export class ConfigError extends Error {}

function apiWorkers(asked: number | undefined, postgres: boolean): number {
  if (!postgres) {
    if (asked !== undefined && asked > 1)
      throw new ConfigError(`Invalid configuration: API_WORKERS=${asked}: the embedded database runs in one process; set DATABASE_URL for more`);
    return 1;
  }
  // The primary's search thread keeps a core busy under load (decision 0041): the workers get the rest.
  return asked ?? Math.max(1, Math.min(availableParallelism() - 1, 4));
}

/**
 * Reads and validates the configuration from `env`. Empty values count as unset.
 * Throws ConfigError naming the first bad variable, its problem and the value given.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.keys(envSchema.shape).flatMap((key) => (env[key] ? [[key, env[key]]] : [])));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const key = String(issue.path[0]);
    throw new ConfigError(`Invalid configuration: ${key}=${JSON.stringify(env[key])}: ${issue.message}`);
  }
  const e = parsed.data;
  if (e.DATABASE_REPLICA_URL && !e.DATABASE_URL)
    throw new ConfigError('Invalid configuration: DATABASE_REPLICA_URL needs DATABASE_URL (replicas of a PostgreSQL server; the embedded database has none)');
  return {
    port: e.PORT,
    host: e.HOST,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, replicas: e.DATABASE_REPLICA_URL?.split(',').map((u) => u.trim()) ?? [] }
      : { kind: 'pglite', dataDir: path.resolve(e.DATA_DIR, 'pglite'), templates: ['empty'] },
    apiBasePath: e.API_BASE_PATH,
    logLevel: e.LOG_LEVEL,
    jwtSecret: e.JWT_SECRET,
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    refreshTokenTtl: e.REFRESH_TOKEN_TTL,
    signInMaxFailures: e.SIGNIN_MAX_FAILURES,
    signInLockSeconds: e.SIGNIN_LOCK_SECONDS,
    publicClient: { id: e.PUBLIC_CLIENT_ID, secret: e.PUBLIC_CLIENT_SECRET },
    seedDemo: e.SEED_DEMO,
    demoTitles: e.DEMO_TITLES,
    webDist: path.resolve(e.WEB_DIST),
    searchCacheMb: e.SEARCH_CACHE_MB,
    searchPrewarmWords: e.SEARCH_PREWARM_WORDS,
    searchApartFromTitles: e.SEARCH_APART_FROM_TITLES,
    searchSnapshotDir: e.SEARCH_SNAPSHOTS ? path.resolve(e.DATA_DIR, 'search') : null,
    apiWorkers: apiWorkers(e.API_WORKERS, Boolean(e.DATABASE_URL)),
    adminSocket: e.DATABASE_URL ? null : path.resolve(e.DATA_DIR, 'admin.sock'),
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    mailDir: path.resolve(e.DATA_DIR, 'mail'),
    devMailKey: e.DEV_MAIL_KEY ?? null,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, '') ?? null,
    publicPath: e.PUBLIC_URL ? publicPathOf(e.PUBLIC_URL) : '',
    trustProxy: e.TRUST_PROXY?.split(',').map((entry) => entry.trim()) ?? [],
    librasWidgetUrl: e.LIBRAS_WIDGET_URL || null,
    recaptcha: both('RECAPTCHA_SITE_KEY', 'RECAPTCHA_SECRET', e.RECAPTCHA_SITE_KEY, e.RECAPTCHA_SECRET)
      ? { siteKey: e.RECAPTCHA_SITE_KEY!, secret: e.RECAPTCHA_SECRET!, verifyUrl: e.RECAPTCHA_VERIFY_URL }
      : null,
    oidc: both('OIDC_ISSUER', 'OIDC_CLIENT_ID', e.OIDC_ISSUER, e.OIDC_CLIENT_ID)
      ? { issuer: e.OIDC_ISSUER!, clientId: e.OIDC_CLIENT_ID!, clientSecret: e.OIDC_CLIENT_SECRET ?? null, usernameClaim: e.OIDC_USERNAME_CLAIM }
      : null,
    saml: both('SAML_ENTRY_POINT', 'SAML_IDP_CERT', e.SAML_ENTRY_POINT, e.SAML_IDP_CERT)
      ? { entryPoint: e.SAML_ENTRY_POINT!, idpCert: readPem(e.SAML_IDP_CERT!), issuer: e.SAML_ISSUER, usernameAttribute: e.SAML_USERNAME_ATTRIBUTE ?? null }
      : null,
    providerSecret: e.PROVIDER_SECRET ?? null,
    metricsToken: e.METRICS_TOKEN ?? null,
  };
}

/** PUBLIC_URL's path without its trailing slash; plain characters only, as it goes into the page's HTML. */
function publicPathOf(value: string): string {
  const pathname = new URL(value).pathname.replace(/\/+$/, '');
  if (!/^(\/[A-Za-z0-9._~-]+)*$/.test(pathname))
    throw new ConfigError(`Invalid configuration: PUBLIC_URL=${JSON.stringify(value)}: expected a path of letters, digits and . _ ~ - (such as /biblioteca)`);
  return pathname;
}

/** One TRUST_PROXY entry: an IP address, a CIDR range, or one of proxy-addr's named ranges. */
function trustedProxy(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

/** Settings that only work together: both set, or neither (a ConfigError names the missing one). */
function both(nameA: string, nameB: string, a: string | undefined, b: string | undefined): boolean {
  if (!a !== !b) throw new ConfigError(`Invalid configuration: ${a ? nameB : nameA} is required when ${a ? nameA : nameB} is set`);
  return Boolean(a);
}

/** A PEM certificate given inline or as a file path. */
function readPem(value: string): string {
  if (value.includes('-----BEGIN')) return value.replace(/\\n/g, '\n');
  try {
    return readFileSync(value, 'utf8');
  } catch {
    throw new ConfigError(`Invalid configuration: SAML_IDP_CERT=${JSON.stringify(value)}: expected a PEM certificate or the path of one`);
  }
}
