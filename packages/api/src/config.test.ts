import { describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

/** The cores the machine reports (node:os availableParallelism), as a test sets them. */
const machine = vi.hoisted(() => ({ cores: 2 }));
vi.mock('node:os', async (original) => ({ ...(await original<typeof import('node:os')>()), availableParallelism: () => machine.cores }));

describe('loadConfig', () => {
  it('uses the documented defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.apiBasePath).toBe('/svc');
    expect(config.database.kind).toBe('pglite');
    expect(config.seedDemo).toBe(true);
    expect(config.demoTitles).toBe(2000);
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db' }).database).toEqual({ kind: 'postgres', url: 'postgres://u@h:5432/db', replicas: [] });
  });

  it('runs one API worker per core less the primary searching process, 1 to 4, on PostgreSQL; one process on PGlite', () => {
    const workers = (cores: number, env: Record<string, string> = {}) => {
      machine.cores = cores;
      return loadConfig({ DATABASE_URL: 'postgres://u@h/db', ...env }).apiWorkers;
    };
    // Two cores: one process serves and searches (decision 0041).
    expect([1, 2, 3, 4, 5, 16].map((cores) => workers(cores))).toEqual([1, 1, 2, 3, 4, 4]);
    expect(workers(2, { API_WORKERS: '3' })).toBe(3);
    machine.cores = 8;
    expect(loadConfig({}).apiWorkers).toBe(1);
  });

  it('reads replicas from DATABASE_REPLICA_URL, one or more, only beside DATABASE_URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', DATABASE_REPLICA_URL: 'postgres://u@r1/db, postgresql://u@r2:5433/db' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@h/db',
      replicas: ['postgres://u@r1/db', 'postgresql://u@r2:5433/db'],
    });
    expect(() => loadConfig({ DATABASE_REPLICA_URL: 'postgres://u@r1/db' })).toThrow(/DATABASE_REPLICA_URL needs DATABASE_URL/);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u@h/db', DATABASE_REPLICA_URL: 'mysql://r1/db' })).toThrow(
      /DATABASE_REPLICA_URL="mysql:\/\/r1\/db": expected one or more postgres:\/\/ or postgresql:\/\/ URLs/,
    );
  });

  it.each([
    ['PORT', 'abc', /PORT="abc": expected a whole number from 0 to 65535/],
    ['PORT', '70000', /PORT="70000"/],
    ['DATABASE_URL', 'mysql://x', /DATABASE_URL="mysql:\/\/x": expected a postgres:\/\//],
    ['API_BASE_PATH', 'svc/', /API_BASE_PATH="svc\/"/],
    ['SEED_DEMO', 'maybe', /SEED_DEMO="maybe": expected true or false/],
    ['JWT_SECRET', 'short', /JWT_SECRET="short": expected at least 32 characters/],
    ['LOG_LEVEL', 'loud', /LOG_LEVEL="loud"/],
  ])('refuses %s=%s with a one-line message naming it', (key, value, message) => {
    const attempt = () => loadConfig({ [key]: value });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(message);
    try {
      attempt();
    } catch (error) {
      expect((error as Error).message).not.toContain('\n');
    }
  });

  it('takes the sign-in settings that work in pairs only together', () => {
    expect(() => loadConfig({ RECAPTCHA_SITE_KEY: 'site' })).toThrow('RECAPTCHA_SECRET is required when RECAPTCHA_SITE_KEY is set');
    expect(() => loadConfig({ OIDC_CLIENT_ID: 'estante' })).toThrow('OIDC_ISSUER is required when OIDC_CLIENT_ID is set');
    expect(() => loadConfig({ SAML_ENTRY_POINT: 'https://idp.example/sso', SAML_IDP_CERT: '/nonexistent.pem' })).toThrow(
      /SAML_IDP_CERT="\/nonexistent.pem": expected a PEM certificate/,
    );
    expect(() => loadConfig({ OIDC_ISSUER: 'idp.example', OIDC_CLIENT_ID: 'x' })).toThrow(/OIDC_ISSUER="idp.example": expected an http/);
    const config = loadConfig({ OIDC_ISSUER: 'https://idp.example', OIDC_CLIENT_ID: 'estante', PUBLIC_URL: 'https://catalogo.example/' });
    expect(config.oidc).toEqual({ issuer: 'https://idp.example', clientId: 'estante', clientSecret: null, usernameClaim: 'preferred_username' });
    expect(config.publicUrl).toBe('https://catalogo.example');
    expect(config.saml).toBeNull();
    expect(config.recaptcha).toBeNull();
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(8080);
  });
});
