import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createTestDatabase, type TestDatabase } from './database.js';

/** A test app over a fresh database. */
export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  close(): Promise<void>;
}

/** Builds the app as main.ts does, over a fresh test database, without the web app. */
export async function createTestApp(env: Record<string, string> = {}, deps: { mailSinkDir?: string } = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConfig({ SEED_DEMO: 'false', WEB_DIST: '/nonexistent', ...env });
  const app = await buildApp({ config, database, ...deps });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.dispose();
    },
  };
}

/** An anonymous (client_credentials) access token from the app's token endpoint. */
export async function publicToken(app: FastifyInstance): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/svc/oauth/token',
    payload: 'grant_type=client_credentials&client_id=estante-web&client_secret=estante-public',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  if (response.statusCode !== 200) throw new Error(`token request failed: ${response.statusCode} ${response.body}`);
  return response.json<{ access_token: string }>().access_token;
}

/** A patron's access token from the password grant. */
export async function patronToken(app: FastifyInstance, username: string, password: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/svc/oauth/token',
    payload: { grant_type: 'password', client_id: 'estante-web', client_secret: 'estante-public', username, password },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return response.json<{ access_token: string }>().access_token;
}
