import { type Endpoint, type EndpointInput, type EndpointOutput, endpointUrl } from '@estante/contracts/kernel';
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

/** What a call answered: its status and its JSON body (the endpoint's answer, or the error shape). */
export interface CallResult<T> {
  status: number;
  body: T;
}

/**
 * One call of the API as a client makes it, built from the endpoint's declaration like the web's
 * `api()` (its method, its path with `params` filled, its `query`; no hand-typed paths), `as` a
 * token (a patron's, a staff member's, the anonymous one) or nobody, `language` the x-idioma code.
 * The body is the endpoint's answer on success, the error shape otherwise.
 */
export async function call<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  input: EndpointInput<E>,
  as: string | null,
  language = '1',
): Promise<CallResult<EndpointOutput<E> & Partial<ErrorShape>>> {
  const { body } = input as { body?: unknown };
  const headers: Record<string, string> = { 'x-idioma': language };
  if (as) headers.authorization = `Bearer ${as}`;
  const response = await app.inject({
    method: endpoint.method,
    url: `/svc${endpointUrl(endpoint, input as { params?: unknown; query?: unknown })}`,
    headers,
    ...(body === undefined ? {} : { payload: body as object }),
  });
  const json = response.headers['content-type']?.toString().includes('json') && response.body ? (response.json() as unknown) : null;
  return { status: response.statusCode, body: json as EndpointOutput<E> & Partial<ErrorShape> };
}

/** The error shape every refusal has (`{ status, key, message }`). */
type ErrorShape = { status: number; key: string; message: string };
