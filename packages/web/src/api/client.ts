import { type TokenResponse } from '@estante/contracts/auth';
import {
  type ApiError,
  type Endpoint,
  type EndpointInput,
  type EndpointOutput,
  endpointUrl,
  LANGUAGE_HEADER,
  type TakesNoInput,
} from '@estante/contracts/kernel';
import { languageCode } from '../i18n';
import { usePublicCredentials } from '../stores/public-credentials';
import { clearSessions, patronToken, sessionStoreInUse, usePersistentAuth, useSessionAuth } from '../stores/session';
import { readRuntimeConfig } from './config';

/** A failed call: the server's `{ status, message, key }`, or status 0 when it was unreachable. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly key?: string,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

const config = readRuntimeConfig();
let renewing: Promise<string> | null = null;

/**
 * The anonymous token of the client_credentials grant. Concurrent callers share one request,
 * so a burst of 401s causes exactly one renewal (spec §4 "Token renewal").
 */
function publicCredentials(force = false): Promise<string> {
  const kept = usePublicCredentials.getState().token;
  if (kept && !force) return Promise.resolve(kept);
  renewing ??= (async () => {
    try {
      const body = new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: config.publicClient.id,
        client_secret: config.publicClient.secret,
      });
      const token = await send<TokenResponse>('POST', '/oauth/token', { body, token: null });
      usePublicCredentials.setState({ token: token.access_token });
      return token.access_token;
    } finally {
      renewing = null;
    }
  })();
  return renewing;
}

interface SendOptions {
  body?: unknown;
  token: string | null;
  signal?: AbortSignal;
}

/** A 401 that a new token can cure: the token was missing, expired or not valid (spec §4 renewal). */
const tokenRefused = (error: unknown): error is ApiRequestError =>
  error instanceof ApiRequestError && error.status === 401 && (error.key === 'TokenInvalido' || error.key === 'TokenAusente');

async function send<T>(method: string, path: string, { body, token, signal }: SendOptions): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', [LANGUAGE_HEADER]: String(languageCode()) };
  if (token) headers.authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body instanceof URLSearchParams) payload = body;
  else if (body instanceof Blob) {
    // A file sent as it is (the cataloguing screen's MARC upload): its bytes, not JSON.
    headers['content-type'] = 'application/octet-stream';
    payload = body;
  } else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  let response: Response;
  try {
    response = await fetch(`${config.apiBase}${path}`, { method, headers, body: payload, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiRequestError(0, 'unreachable');
  }
  const data = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) {
    const error = (data ?? {}) as Partial<ApiError>;
    throw new ApiRequestError(response.status, error.message ?? response.statusText, error.key);
  }
  return data as T;
}

/**
 * Calls a public API path with the anonymous token. A 401 (expired token) renews the public
 * credentials once and retries.
 */
async function apiGet<T>(path: string, signal?: AbortSignal): Promise<T> {
  const token = await publicCredentials();
  try {
    return await send<T>('GET', path, { token, signal });
  } catch (error) {
    if (!tokenRefused(error)) throw error;
    return send<T>('GET', path, { token: await publicTokenAfter(token), signal });
  }
}

/**
 * The public token to retry with after `refused` was refused: the one stored now when another
 * call has renewed it meanwhile (its 401 arrived after that renewal ended), else a new one.
 */
function publicTokenAfter(refused: string): Promise<string> {
  const current = usePublicCredentials.getState().token;
  return current && current !== refused ? Promise.resolve(current) : publicCredentials(true);
}

/** Fetches the public credentials up front (the loading screen waits for them). */
export function loadPublicCredentials(): Promise<string> {
  return publicCredentials();
}

let renewingPatron: Promise<string> | null = null;

const expiryListeners = new Set<() => void>();

/**
 * Listens for the end of the patron's session: the token could not be renewed (spec §4, §8 "session
 * expired, log in again — warning, then logout"). The listener runs before both stores are
 * cleared; answers the function that stops listening.
 */
export function onSessionExpired(listener: () => void): () => void {
  expiryListeners.add(listener);
  return () => expiryListeners.delete(listener);
}

/**
 * Renews the patron's access token with the refresh token (spec §4 "Token renewal"): one
 * request however many calls failed at once, the new pair stored back in the store that held
 * the login. Fails (and clears both stores) when the refresh token is refused.
 */
function renewPatron(): Promise<string> {
  renewingPatron ??= (async () => {
    try {
      const store = sessionStoreInUse();
      const refresh = store.getState().refresh;
      if (!refresh) throw new ApiRequestError(401, 'no refresh token', 'SessaoExpirada');
      const body = new URLSearchParams({
        grant_type: 'refresh_token',
        client_id: config.publicClient.id,
        client_secret: config.publicClient.secret,
        refresh_token: refresh,
      });
      const pair = await send<TokenResponse>('POST', '/oauth/token', { body, token: null });
      store.setState({ token: pair.access_token, refresh: pair.refresh_token ?? null });
      return pair.access_token;
    } catch (error) {
      // The warning first, then the logout (spec §4): whoever listens tells the patron why.
      for (const listener of expiryListeners) listener();
      clearSessions();
      throw error instanceof ApiRequestError && error.status !== 401 ? error : new ApiRequestError(401, 'session expired', 'SessaoExpirada');
    } finally {
      renewingPatron = null;
    }
  })();
  return renewingPatron;
}

/**
 * Calls an API path as the signed-in patron when there is one (else anonymously). On a 401 the
 * token is renewed once — the patron's with the refresh token, the public one with new public
 * credentials — and the call retried; calls failing together wait for that one renewal.
 */
async function apiCall<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const patron = patronToken();
  if (!patron) {
    const token = await publicCredentials();
    try {
      return await send<T>(method, path, { body, token, signal });
    } catch (error) {
      if (!tokenRefused(error)) throw error;
      return send<T>(method, path, { body, token: await publicTokenAfter(token), signal });
    }
  }
  try {
    return await send<T>(method, path, { body, token: patron, signal });
  } catch (error) {
    if (!tokenRefused(error)) throw error;
    // A call whose 401 arrives after another call's renewal has ended retries with that token,
    // not with a second renewal: calls failing together cause one renewal, however they finish.
    const current = patronToken();
    return send<T>(method, path, { body, token: current && current !== patron ? current : await renewPatron(), signal });
  }
}

/** The arguments of `api`: the input may be left out when the endpoint takes none. */
type ApiArgs<E extends Endpoint> =
  TakesNoInput<E> extends true ? [input?: EndpointInput<E>, signal?: AbortSignal] : [input: EndpointInput<E>, signal?: AbortSignal];

/**
 * Calls an endpoint declared in contracts: the path filled from `params`, the query string from
 * `query`, `body` sent as JSON, and the answer typed as the declaration says. A public endpoint
 * goes with the anonymous token; the others as the signed-in patron when there is one.
 */
export function api<E extends Endpoint>(endpoint: E, ...[input, signal]: ApiArgs<E>): Promise<EndpointOutput<E>> {
  const path = endpointUrl(endpoint, input);
  const body = (input as { body?: unknown } | undefined)?.body;
  if (endpoint.access === 'public' && endpoint.method === 'GET') return apiGet<EndpointOutput<E>>(path, signal);
  return apiCall<EndpointOutput<E>>(endpoint.method, path, body, signal);
}

/**
 * Calls a public or either endpoint with the anonymous token even when a patron is signed in:
 * for catalogue reads that are the same for everyone (searches, their options, campuses and
 * libraries), so a patron's expired token never holds up a search.
 */
export function apiAnonymous<E extends Endpoint & { access: 'public' | 'either'; method: 'GET' }>(
  endpoint: E,
  ...[input, signal]: ApiArgs<E>
): Promise<EndpointOutput<E>> {
  return apiGet<EndpointOutput<E>>(endpointUrl(endpoint, input), signal);
}

/** Logout: revokes the refresh token on the server (best effort), then clears both stores. */
export async function signOut(): Promise<void> {
  const refresh = useSessionAuth.getState().refresh ?? usePersistentAuth.getState().refresh;
  clearSessions();
  if (refresh) await revokeRefresh(refresh);
}

/** The password grant: a patron's access token, or the server's error (401, 430, …). */
export async function passwordGrant(username: string, password: string, captcha: string | null): Promise<TokenResponse> {
  const body = new URLSearchParams({
    grant_type: 'password',
    client_id: config.publicClient.id,
    client_secret: config.publicClient.secret,
    username,
    password,
  });
  if (captcha) body.set('recaptcha_token', captcha);
  return send<TokenResponse>('POST', '/oauth/token', { body, token: null });
}

/** A call of an endpoint with an explicit token (during sign-in, before the token is stored). */
export function apiWithToken<E extends Endpoint>(endpoint: E, token: string, input?: EndpointInput<E>): Promise<EndpointOutput<E>> {
  return send<EndpointOutput<E>>(endpoint.method, endpointUrl(endpoint, input), { token, body: (input as { body?: unknown } | undefined)?.body });
}

/** Revokes a refresh token (logout, or a registration left for another); failures are ignored. */
export async function revokeRefresh(refresh: string): Promise<void> {
  await send('POST', '/oauth/revoke', { body: new URLSearchParams({ token: refresh }), token: null }).catch(() => undefined);
}

/**
 * POSTs as the patron or anonymously and takes the answer as a file: its bytes and the file
 * name from Content-Disposition. Errors come as ApiRequestError, as everywhere.
 */
export async function apiDownload(path: string, body?: unknown, renewed = false): Promise<{ blob: Blob; filename: string; headers: Headers }> {
  const patron = patronToken();
  const token = patron ?? (await publicCredentials(renewed));
  let response: Response;
  try {
    // Without a body, a GET (a document to fetch); with one, a POST (a document to make).
    response = await fetch(`${config.apiBase}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        [LANGUAGE_HEADER]: String(languageCode()),
        authorization: `Bearer ${token}`,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiRequestError(0, 'unreachable');
  }
  if (response.status === 401 && !renewed) {
    if (patron) await renewPatron();
    return apiDownload(path, body, true);
  }
  if (!response.ok) {
    const error = ((await response.json().catch(() => null)) ?? {}) as Partial<ApiError>;
    throw new ApiRequestError(response.status, error.message ?? response.statusText, error.key);
  }
  const filename = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'cesta';
  return { blob: await response.blob(), filename, headers: response.headers };
}

/** Fetches a document (apiDownload) and hands it to the browser as a download; answers its file name. */
export async function downloadFile(path: string, body?: unknown): Promise<string> {
  return (await download(path, body)).filename;
}

/** downloadFile, answering also the answer's headers (what the server says beside the file: an export's import options). */
export async function download(path: string, body?: unknown): Promise<{ filename: string; headers: Headers }> {
  const { blob, filename, headers } = await apiDownload(path, body);
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return { filename, headers };
}

/** 5xx answers whose message the patron should read (spec §8: the library e-mail error). */
const TOLD_5XX = new Set(['ErroEmailBiblioteca', 'ErroEnvioEmail', 'ErroEmailSolicitante', 'AgendadorParado']);

/** The server's message for a refusal the patron can act on (4xx, a failed library e-mail), else `fallback` (other 5xx, unreachable, a bug). */
export function messageOf(error: unknown, fallback: string): string {
  if (!(error instanceof ApiRequestError) || error.status === 0) return fallback;
  return error.status < 500 || (error.key !== undefined && TOLD_5XX.has(error.key)) ? error.message : fallback;
}

/**
 * The absolute address of an open call a browser or another program fetches by itself (the
 * "follow this search" feed a feed reader subscribes to): no token goes with it.
 */
export function openAddress<E extends Endpoint & { access: 'open'; method: 'GET' }>(endpoint: E, input: { query?: URLSearchParams } = {}): string {
  return new URL(`${config.apiBase}${endpointUrl(endpoint, input)}`, window.location.origin).href;
}
