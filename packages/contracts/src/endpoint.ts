import type { z } from 'zod';

/**
 * The staff's roles (issue 51): a staff member is a person with one or more of them, kept in
 * `staff_roles` and granted with `npm run staff -- staff grant <login> <role>`.
 * `circulacao` lends and takes back copies and moves loan requests on; `atendimento` answers the
 * patrons' requests and reference questions; `aquisicao` takes suggestions through to orders;
 * `catalogacao` catalogues titles and copies; `moderacao` publishes or rejects comments;
 * `administracao` runs the institution's settings and grants the other roles.
 */
export const STAFF_ROLES = ['circulacao', 'atendimento', 'aquisicao', 'catalogacao', 'moderacao', 'administracao'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * Who may call an endpoint (spec §7): `public` takes the anonymous token (a patron's is accepted
 * too), `private` a patron's, `either` both (the patron's preferred), `open` no token at all (the
 * token endpoint, health, the SSO callbacks), and `{ staff: [roles] }` a patron's token whose
 * person holds at least one of the roles. The API's auth plugin enforces it before the handler
 * runs; the OpenAPI document names it (`x-estante-access`).
 */
export type Access = 'public' | 'private' | 'either' | 'open' | { readonly staff: readonly [StaffRole, ...StaffRole[]] };

/** The roles a staff endpoint asks for (one of them is enough), or null for any other access. */
export function staffRolesOf(access: Access): readonly StaffRole[] | null {
  return typeof access === 'object' ? access.staff : null;
}

/** Whether a patron's token is needed (private and staff calls): the anonymous one is refused with 403. */
export function needsPatron(access: Access): boolean {
  return access === 'private' || typeof access === 'object';
}

/** How the success answer travels: JSON checked against `response`, a file's bytes, or a redirect. */
export type AnswerKind = 'json' | 'file' | 'redirect';

/**
 * Error statuses an endpoint may answer besides those its access and input imply (400, 401, 403);
 * 401 for an open endpoint that checks credentials of its own (the token grant).
 */
export type ErrorStatus = 401 | 404 | 409 | 422 | 429 | 430 | 500 | 502 | 503;

/**
 * One call of the API, declared once: the API registers its route from it (schemas, access, the
 * error statuses in the OpenAPI document) and the web calls it through `api(endpoint, input)` with
 * the input and answer types this declaration implies (decision 0016).
 */
export interface Endpoint {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Below the API base path, Fastify style: `/acervo/:id/referencia`. */
  readonly path: string;
  readonly access: Access;
  /** The OpenAPI group (the spec §7 heading the call belongs to). */
  readonly tag: string;
  readonly summary: string;
  /** More for the OpenAPI document, when the summary is not enough. */
  readonly description?: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** The success answer's body; `z.null()` for 204, anything for a file or a redirect (not checked). */
  readonly response: z.ZodType;
  /** 200 unless said (201 created, 204 nothing to say, 303 redirect). */
  readonly status?: 200 | 201 | 202 | 204 | 303;
  readonly answer?: AnswerKind;
  /** Body media types besides JSON (the OAuth endpoints also take form posts). */
  readonly consumes?: readonly string[];
  readonly errors?: readonly ErrorStatus[];
  /**
   * What the call answers while the database cannot be reached: the error shape with status 503
   * and Retry-After (every call, by default), or its own response schema with status 503 (`/health`).
   */
  readonly unavailable?: 'error' | 'own-response';
}

/**
 * The OpenAPI operationId of an endpoint, derived from its method and path in camelCase, a
 * `:name` read as `By<Name>`: `GET /acervo/:id/referencia` → `getAcervoByIdReferencia`. Unique
 * while method and path are, unless two paths differ only in punctuation (the docs test checks);
 * it changes only when the address does (decision 0029).
 */
export function operationId(declaration: Pick<Endpoint, 'method' | 'path'>): string {
  const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
  const words = declaration.path
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = segment.startsWith(':');
      const parts = segment.split(/[^A-Za-z0-9]+/).filter(Boolean);
      return param ? ['By', ...parts] : parts;
    });
  return declaration.method.toLowerCase() + words.map(capitalize).join('');
}

/** Declares an endpoint, keeping its literal types (the web's input and answer types come from them). */
export function endpoint<const E extends Endpoint>(declaration: E): E {
  return declaration;
}

/** The query may also come written already (the search state's codec writes URLSearchParams). */
type Input<K, S extends z.ZodType> = K extends 'query' ? z.input<S> | URLSearchParams : z.input<S>;
type Part<E, K extends 'params' | 'query' | 'body'> = E extends { readonly [P in K]: infer S extends z.ZodType }
  ? { [P in K]: Input<K, S> }
  : { [P in K]?: never };

/** What a caller sends: `params` for the path's `:names`, `query`, `body`, each as its schema takes it. */
export type EndpointInput<E extends Endpoint> = Part<E, 'params'> & Part<E, 'query'> & Part<E, 'body'>;

/** What a caller gets back from a JSON endpoint. */
export type EndpointOutput<E extends Endpoint> = z.output<E['response']>;

/** True when the endpoint takes no params, query nor body (the caller may leave the input out). */
export type TakesNoInput<E extends Endpoint> = E extends { params: z.ZodType } | { query: z.ZodType } | { body: z.ZodType } ? false : true;

/**
 * The address of a call below the base path: `:names` filled from `params` (encoded), the query
 * string from `query` (undefined and null left out, arrays as repeated keys; URLSearchParams as they are).
 */
export function endpointUrl(declaration: Pick<Endpoint, 'path'>, input: { params?: unknown; query?: unknown } = {}): string {
  const params = (input.params ?? {}) as Record<string, unknown>;
  const path = declaration.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`${declaration.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  const entries = input.query instanceof URLSearchParams ? [...input.query] : Object.entries((input.query ?? {}) as Record<string, unknown>);
  for (const [key, value] of entries) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}
