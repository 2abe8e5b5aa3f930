import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { STAFF_ROLES } from '@estante/contracts/kernel';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, patronToken, publicToken, type TestApp } from '../test/app.js';
import {
  createCopies,
  createInstitution,
  createLibraries,
  createLoan,
  createPatron,
  createTitles,
  enableActivities,
  grantStaffRoles,
} from '../test/factories.js';
import { queryRows } from './db/client.js';
import { startMailSink } from './lib/mail.js';

/**
 * Every operation of the OpenAPI document, fed hostile input (fast-check, fixed seed): numbers
 * past what a column holds or a double can, NUL and escape characters, lone UTF-16 surrogates,
 * empty, oversized and deeply nested lists, wrong types and content types, malformed Basic
 * credentials. Whatever comes in, the answer is never a 5xx, and a refusal (4xx)
 * changes nothing in the database.
 */
const SEED = 20261124;
const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS) || 25;
/**
 * Tables a refused call may legitimately write: sign-in failure counts, used captcha answers,
 * and the wrong guesses counted against a password-recovery code. And the mail log: its row for
 * an earlier call's message is written beside that send, never in a caller's transaction
 * (lib/mail-log.ts), so it may land while a later call is being checked.
 */
const BOOKKEEPING = new Set(['sign_in_failures', 'captcha_uses', 'password_resets', 'mail_log']);

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
}
interface Operation {
  method: string;
  path: string;
  security: boolean;
  /** A staff call (`x-estante-access: { staff: [...] }`): made with the staff member's token, who holds every role. */
  staff: boolean;
  params: { name: string; in: 'path' | 'query'; schema: JsonSchema }[];
  body: JsonSchema | null;
}

let t: TestApp;
let sink: Awaited<ReturnType<typeof startMailSink>>;
const mailDir = mkdtempSync(path.join(tmpdir(), 'estante-fuzz-mail-'));
let tokens: { patron: string; staff: string; anonymous: string };
let operations: Operation[] = [];
let tables: string[] = [];

beforeAll(async () => {
  sink = await startMailSink(mailDir);
  t = await createTestApp({ SMTP_URL: sink.url });
  const db = t.database.db;
  await createInstitution(db);
  await enableActivities(db, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]).catch(() => undefined);
  const [central] = await createLibraries(db, ['Biblioteca Central']);
  const id = await createTitles(db, [
    { id: 'f1', title: 'Vidas secas', author: 'Ramos, Graciliano', year: 1938 },
    { id: 'f2', title: 'Sagarana', author: 'Rosa, João Guimarães', year: 1946 },
  ]);
  await createCopies(db, [
    { codAcervo: id.f1!, codBiblioteca: central!.codBiblioteca, tombo: 'F1' },
    { codAcervo: id.f2!, codBiblioteca: central!.codBiblioteca, tombo: 'F2' },
  ]);
  const ana = await createPatron(db, { login: 'ana', nome: 'Ana Souza', password: 'senha-ana-1', email: 'ana@example.org' });
  await createLoan(db, { tombo: 'F2', codPessoa: ana.codPessoa, dueInDays: 3 });
  await createPatron(db, { login: 'fernanda', nome: 'Fernanda Rocha', password: 'senha-fer-1' });
  await grantStaffRoles(db, 'fernanda', STAFF_ROLES);
  tokens = {
    patron: await patronToken(t.app, 'ana', 'senha-ana-1'),
    staff: await patronToken(t.app, 'fernanda', 'senha-fer-1'),
    anonymous: await publicToken(t.app),
  };
  // Ready as main.ts serves it, its search index loaded: /health/ready answers 503 until then, by design.
  for (let i = 0; i < 200 && (await t.app.inject({ method: 'GET', url: '/health/ready' })).statusCode !== 200; i++)
    await new Promise((r) => setTimeout(r, 100));
  operations = openApiOperations(t.app.swagger() as unknown as OpenApi);
  tables = (
    await queryRows<{ name: string }>(
      db,
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    )
  )
    .map((r) => r.name)
    .filter((n) => !BOOKKEEPING.has(n) && !n.startsWith('__drizzle'));
  // Every committed row write to those tables leaves a row in fuzz_writes, in its own
  // transaction (a write rolled back leaves none): what a refused call must not add to. The
  // `insert into` below is the trigger's own body, instrumentation rather than test data: it stays raw.
  await t.database.executeSql(`
    create table fuzz_writes (id bigserial primary key);
    create function fuzz_write() returns trigger language plpgsql as $$ begin insert into fuzz_writes default values; return null; end $$;
    ${tables.map((table) => `create trigger fuzz_write after insert or update or delete on "${table}" for each row execute function fuzz_write();`).join('\n')}
  `);
});
afterAll(async () => {
  await t.close();
  await sink.close();
  rmSync(mailDir, { recursive: true, force: true });
});

interface OpenApi {
  paths: Record<
    string,
    Record<
      string,
      {
        security?: unknown[];
        'x-estante-access'?: unknown;
        parameters?: { name: string; in: string; schema?: JsonSchema }[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
  components?: { schemas?: Record<string, JsonSchema> };
}

function openApiOperations(doc: OpenApi): Operation[] {
  const resolve = (schema: JsonSchema | undefined): JsonSchema | null => {
    if (!schema) return null;
    if (schema.$ref) return resolve(doc.components?.schemas?.[schema.$ref.split('/').at(-1)!]);
    return schema;
  };
  return Object.entries(doc.paths).flatMap(([route, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path: route,
      security: Boolean(op.security?.length),
      staff: typeof op['x-estante-access'] === 'object',
      params: (op.parameters ?? [])
        .filter((p) => p.in === 'path' || p.in === 'query')
        .map((p) => ({ name: p.name, in: p.in as 'path' | 'query', schema: resolve(p.schema) ?? {} })),
      body: resolve(op.requestBody?.content?.['application/json']?.schema),
    })),
  );
}

const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u001b[2J\u001b[31mALERTA',
  '%00',
  '%E0%A4%A',
  '\ud800',
  'x'.repeat(5000),
  "'; drop table titles; --",
  '2147483648',
  '9007199254740993',
  '-1',
  '0',
  '1e309',
  '2026-02-30',
  '1,2,,3',
  '<script>alert(1)</script>',
  'ção ñ 日本',
];
const HOSTILE_NUMBERS = [0, 1, -1, 2, 2_147_483_647, 2_147_483_648, -2_147_483_649, 9_007_199_254_740_991, 1.5, 1e308];
const hostileScalar = fc.oneof(
  fc.constantFrom<unknown>(...HOSTILE_STRINGS),
  fc.constantFrom<unknown>(...HOSTILE_NUMBERS),
  fc.constantFrom<unknown>(null, true, false),
);
const hostileAny: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileScalar },
  { weight: 1, arbitrary: fc.constant([]) },
  { weight: 1, arbitrary: fc.constant({}) },
  { weight: 1, arbitrary: fc.array(hostileScalar, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.constant(Array.from({ length: 1000 }, (_, i) => i + 1)) },
);

/** Values that pass most schemas: numbers of records that exist, plausible words, dates, e-mails. */
const PLAUSIBLE_STRINGS = [
  '1',
  '2',
  'ana',
  'Vidas secas',
  '2026-01-31',
  '2026-12-31',
  'T:1',
  'ana@example.org',
  'senha-ana-1',
  'F1',
  'todos',
  'password',
  'estante-web',
  'estante-public',
];

/**
 * A value for a JSON schema. Each leaf is mostly plausible (so that a call gets past its other
 * fields and reaches the code behind them) and sometimes hostile: an edge number, a control
 * character, a wrong type, an empty or oversized list.
 */
function valueFor(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const variants = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  if (variants.length > 0 && depth < 4) return fc.oneof(...variants.map((v) => valueFor(v, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const plausible = (): fc.Arbitrary<unknown> => {
    if (schema.enum?.length) return fc.constantFrom(...schema.enum);
    if (schema.const !== undefined) return fc.constant(schema.const);
    switch (type) {
      case 'integer':
        return fc.integer({ min: 1, max: 3 });
      case 'number':
        return fc.constantFrom(1, 2.5);
      case 'boolean':
        return fc.boolean();
      case 'string':
        return fc.constantFrom(...PLAUSIBLE_STRINGS);
      case 'array':
        return depth > 4 ? fc.constant([]) : fc.array(valueFor(schema.items ?? {}, depth + 1), { minLength: 1, maxLength: 3 });
      case 'object':
        if (depth > 4 || !schema.properties) return fc.constant({});
        return fc.record(Object.fromEntries(Object.entries(schema.properties).map(([key, s]) => [key, valueFor(s, depth + 1)])));
      default:
        return fc.constantFrom<unknown>(...PLAUSIBLE_STRINGS, 1);
    }
  };
  const hostile = (): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'integer':
      case 'number':
        return fc.oneof(fc.constantFrom(...HOSTILE_NUMBERS), hostileAny);
      case 'string':
        return fc.oneof(fc.constantFrom(...HOSTILE_STRINGS), fc.string({ maxLength: 20 }), hostileAny);
      default:
        return hostileAny;
    }
  };
  // Objects: keep them, and let their leaves turn hostile; sometimes drop optional-looking keys.
  if (type === 'object' && schema.properties && depth <= 4) {
    const entries = Object.entries(schema.properties).map(([key, s]) => [key, valueFor(s, depth + 1)] as const);
    return fc.oneof(
      { weight: 8, arbitrary: fc.record(Object.fromEntries(entries)) },
      { weight: 2, arbitrary: fc.record(Object.fromEntries(entries), { requiredKeys: [] }) },
      { weight: 1, arbitrary: hostileAny },
    );
  }
  return fc.oneof({ weight: 6, arbitrary: plausible() }, { weight: 1, arbitrary: hostile() });
}

/** A value a field of this name and schema would plausibly take: the base a mutation starts from. */
const BY_NAME: [RegExp, unknown][] = [
  [/^grant_type$/, 'password'],
  [/^client_id$/, 'estante-web'],
  [/^client_secret$/, 'estante-public'],
  [/^(username|usuario|login|user)$/, 'ana'],
  [/password|senha/i, 'senha-ana-1'],
  [/e-?mail/i, 'ana@example.org'],
  [/^data|Ini$|Fim$/, '2026-01-31'],
];
function baseValue(schema: JsonSchema, key = '', depth = 0): unknown {
  const variants = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  if (variants.length > 0) return baseValue(variants.find((v) => v.type !== 'null') ?? variants[0]!, key, depth + 1);
  if (schema.enum?.length) return schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  if (type === 'object') return depth > 4 ? {} : Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, baseValue(v, k, depth + 1)]));
  if (type === 'array') return [baseValue(schema.items ?? {}, key, depth + 1)];
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return true;
  return BY_NAME.find(([pattern]) => pattern.test(key))?.[1] ?? 'Vidas secas';
}

/** A list nested `depth` deep: `[[[…]]]`. */
function deeplyNested(depth: number): unknown {
  let value: unknown = [];
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

/** The same value with the leaf at `at` (a path of keys) replaced. */
function replaced(value: unknown, at: (string | number)[], by: unknown): unknown {
  if (at.length === 0) return by;
  const [head, ...rest] = at;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head!] = replaced(copy[head!], rest, by);
  return copy;
}

/** Every leaf of a value, with its path and the hostile values that suit its kind. */
function leaves(value: unknown, at: (string | number)[] = []): { at: (string | number)[]; hostile: unknown[] }[] {
  if (Array.isArray(value)) return [{ at, hostile: [[], Array.from({ length: 1000 }, (_, i) => i + 1)] }, ...value.flatMap((v, i) => leaves(v, [...at, i]))];
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => leaves(v, [...at, k]));
  if (typeof value === 'number') return [{ at, hostile: [2_147_483_648, 9_007_199_254_740_991, -1, 0, 1.5, 1e308, -1e308, 'a\u0000', deeplyNested(50)] }];
  if (typeof value === 'string')
    return [{ at, hostile: ['a\u0000b', '\u001b[2J', '', 'x'.repeat(5000), '2147483648', 7, '\ud800', 'a\udc00b', deeplyNested(50)] }];
  return [{ at, hostile: [null, 'a\u0000b'] }];
}

interface Call {
  url: string;
  body: unknown;
  language: string;
  basic: boolean;
}

/** A path segment, percent-encoded; a lone surrogate goes as the invalid UTF-8 it would be. */
function encodePath(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

function callFor(op: Operation): fc.Arbitrary<Call> {
  const pathParams = op.params.filter((p) => p.in === 'path');
  const queryParams = op.params.filter((p) => p.in === 'query');
  const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
  return fc
    .record({
      path: fc.tuple(...pathParams.map((p) => valueFor(p.schema))),
      // Most query parameters are optional: each is sent one time in four.
      query: fc.tuple(...queryParams.map((p) => fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: valueFor(p.schema) }))),
      body: op.body ? valueFor(op.body) : fc.constant(undefined),
      language: fc.constantFrom('1', '3', '5'),
      basic: fc.boolean(),
    })
    .map(({ path: values, query, body, language, basic }) => {
      let url = op.path;
      pathParams.forEach((p, i) => (url = url.replace(`{${p.name}}`, encodePath(text(values[i])))));
      const search = new URLSearchParams();
      queryParams.forEach((p, i) => query[i] !== undefined && search.append(p.name, text(query[i])));
      return { url: search.size ? `${url}?${search}` : url, body, language, basic };
    });
}

/** The last committed write to any table but bookkeeping (fuzz_writes): what a refused call must leave alone. */
async function fingerprint(): Promise<string> {
  const rows = await queryRows<{ last: string }>(t.database.db, sql`select coalesce(max(id), 0)::text as last from fuzz_writes`);
  return rows[0]!.last;
}

describe('hostile input on every operation (issue 17)', () => {
  it('sees a committed write and not a rolled-back one (the check below is not blind)', async () => {
    const before = await fingerprint();
    await t.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`update titles set title = title`);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await fingerprint()).toBe(before);
    await t.database.db.execute(sql`update titles set title = title`);
    expect(await fingerprint()).not.toBe(before);
  });

  it('never answers 5xx, and a refused call changes nothing', async () => {
    expect(operations.length).toBeGreaterThan(100);
    const failures: string[] = [];
    const seen: Record<string, number[]> = {};
    for (const [n, op] of operations.entries()) {
      const token = op.staff ? tokens.staff : tokens.patron;
      await fc.assert(
        fc.asyncProperty(callFor(op), async (call) => {
          const before = await fingerprint();
          const headers: Record<string, string> = { 'x-idioma': call.language };
          // The token endpoint also gets client credentials as HTTP Basic, sometimes badly encoded.
          if (op.path.endsWith('/oauth/token') && call.basic) headers.authorization = `Basic ${Buffer.from('%E0%A4%A:%zz').toString('base64')}`;
          else if (op.security) headers.authorization = `Bearer ${call.basic ? tokens.anonymous : token}`;
          const response = await t.app.inject({
            method: op.method as 'GET',
            url: call.url,
            headers,
            ...(call.body === undefined || op.method === 'GET'
              ? {}
              : { payload: JSON.stringify(call.body), headers: { ...headers, 'content-type': 'application/json' } }),
          });
          if (process.env.FUZZ_REPORT) (seen[`${op.method} ${op.path}`] ??= []).push(response.statusCode);
          const where = `${op.method} ${call.url.slice(0, 200)} ${JSON.stringify(call.body)?.slice(0, 200) ?? ''}`;
          if (response.statusCode >= 500) failures.push(`${response.statusCode} ${where}: ${response.body.slice(0, 200)}`);
          else if (response.statusCode >= 400 && (await fingerprint()) !== before) failures.push(`${response.statusCode} changed the database: ${where}`);
        }),
        { seed: SEED + n, numRuns: RUNS_PER_OPERATION },
      );
    }
    // Then every leaf of a plausible input, one at a time, turned hostile.
    for (const op of operations) {
      const headers: Record<string, string> = { authorization: `Bearer ${op.staff ? tokens.staff : tokens.patron}`, 'content-type': 'application/json' };
      const pathValues = Object.fromEntries(op.params.filter((p) => p.in === 'path').map((p) => [p.name, baseValue(p.schema, p.name)]));
      const queryValues = Object.fromEntries(op.params.filter((p) => p.in === 'query').map((p) => [p.name, baseValue(p.schema, p.name)]));
      const input = { path: pathValues, query: queryValues, body: op.body ? baseValue(op.body) : undefined };
      for (const leaf of leaves(input)) {
        if (leaf.at[0] === 'body' && input.body === undefined) continue;
        for (const bad of leaf.hostile) {
          const mutated = replaced(input, leaf.at, bad) as typeof input;
          const text = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
          let url = op.path;
          for (const [name, v] of Object.entries(mutated.path)) url = url.replace(`{${name}}`, encodePath(text(v)));
          const search = new URLSearchParams(Object.entries(mutated.query).map(([k, v]): [string, string] => [k, text(v)]));
          if (search.size) url += `?${search}`;
          const before = await fingerprint();
          const response = await t.app.inject({
            method: op.method as 'GET',
            url,
            headers,
            ...(mutated.body === undefined || op.method === 'GET' ? {} : { payload: JSON.stringify(mutated.body) }),
          });
          const where = `${op.method} ${url.slice(0, 200)} ${JSON.stringify(mutated.body)?.slice(0, 200) ?? ''}`;
          if (response.statusCode >= 500) failures.push(`${response.statusCode} ${where}: ${response.body.slice(0, 200)}`);
          else if (response.statusCode >= 400 && (await fingerprint()) !== before) failures.push(`${response.statusCode} changed the database: ${where}`);
        }
      }
    }
    // Then every operation with a body, its plausible body sent the wrong ways: as another content
    // type, as JSON nested ten thousand deep, with a number no double holds, and cut short.
    for (const op of operations.filter((o) => o.body && o.method !== 'GET')) {
      const json = JSON.stringify(baseValue(op.body!));
      const payloads: [string, string][] = [
        ['text/plain', json],
        ['application/x-www-form-urlencoded', 'a=1&b=%00'],
        ['multipart/form-data; boundary=x', `--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--`],
        ['application/xml', '<a>1</a>'],
        ['application/json', `${'['.repeat(10_000)}${']'.repeat(10_000)}`],
        ['application/json', `{"a":${'{"a":'.repeat(5_000)}1${'}'.repeat(5_001)}`],
        ['application/json', json.replace(/(:\s*)(-?\d+(?:\.\d+)?)/, '$11e400')],
        ['application/json', json.slice(0, Math.max(1, json.length - 2))],
        ['application/json', '"\\ud800"'],
      ];
      let url = op.path;
      for (const p of op.params.filter((x) => x.in === 'path')) url = url.replace(`{${p.name}}`, encodePath(String(baseValue(p.schema, p.name))));
      for (const [type, payload] of payloads) {
        const before = await fingerprint();
        const response = await t.app.inject({
          method: op.method as 'POST',
          url,
          headers: { authorization: `Bearer ${op.staff ? tokens.staff : tokens.patron}`, 'content-type': type },
          payload,
        });
        const where = `${op.method} ${url} as ${type}: ${payload.slice(0, 80)}`;
        if (response.statusCode >= 500) failures.push(`${response.statusCode} ${where}: ${response.body.slice(0, 200)}`);
        else if (response.statusCode >= 400 && (await fingerprint()) !== before) failures.push(`${response.statusCode} changed the database: ${where}`);
      }
    }
    if (process.env.FUZZ_REPORT) for (const [op, statuses] of Object.entries(seen)) console.log(op, [...new Set(statuses)].sort().join(' '));
    expect(failures).toEqual([]);
  }, 600_000);
});
