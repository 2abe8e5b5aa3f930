import swagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { authEndpoints } from '@estante/contracts/auth';
import { type Endpoint, operationId } from '@estante/contracts/kernel';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { operationDescription, parameterDescription } from './docs.descriptions.js';
import { EXAMPLES, type Example } from './docs.examples.js';
import { FILE_TYPES, fileContent, PROTOCOL_ANSWERS, UNKNOWN_FILE_TYPE } from './docs.files.js';

/** What a response means, for those whose schema does not say (@fastify/swagger's "Default Response"). */
const STATUS_DESCRIPTIONS: Record<string, string> = {
  '200': 'Success',
  '201': 'Created',
  '204': 'Done; nothing to answer',
  '303': 'Redirect to the address in Location',
  '400': 'Invalid input',
  '401': 'No valid token (at the token endpoint: wrong credentials)',
  '403': 'The token may not make this call',
  '404': 'Not found',
  '409': 'Conflicts with the current state',
  '422': 'Refused by a rule of the library',
  '429': 'Too many requests',
  '430': 'Access blocked',
  '500': 'Unexpected error',
  '502': 'A service the call depends on failed',
  '503': 'The database cannot be reached; retry after Retry-After seconds',
};

const SCHEMA_REF = '#/components/schemas/';

type Json = Record<string, unknown>;

/**
 * A schema without the document keywords zod writes at its top: `$schema` (2020-12 is already
 * the document's dialect) and `$id` (a bare `#/components/…` fragment, which 2020-12 forbids).
 */
function withoutIds(schema: unknown): unknown {
  if (!schema || typeof schema !== 'object') return schema;
  const { $schema: _schema, $id: _id, ...rest } = schema as Json;
  return rest;
}

/**
 * The success answer of a call that is not (only) JSON, as @fastify/swagger reads a response:
 * a file with its media types, a redirect with its Location; undefined for plain JSON.
 */
function nonJsonAnswer(endpoint: Endpoint, json: unknown): Json | undefined {
  const types = FILE_TYPES.get(endpoint);
  if (endpoint.answer === 'redirect') {
    return { description: STATUS_DESCRIPTIONS['303'], type: 'null', headers: { Location: { type: 'string' } } };
  }
  if (endpoint.answer === 'file') return { description: endpoint.summary, content: fileContent(types ?? [UNKNOWN_FILE_TYPE]) };
  if (!types || !json) return undefined;
  return { description: endpoint.summary, content: { 'application/json': { schema: withoutIds(json) }, ...fileContent(types) } };
}

/**
 * An open interface's answers as its protocol gives them (PROTOCOL_ANSWERS): no 400, and its
 * faults in the same XML as its success.
 */
function protocolAnswers(endpoint: Endpoint, response: Json): Json {
  const protocol = PROTOCOL_ANSWERS.get(endpoint);
  if (!protocol) return response;
  const { '400': _badInput, ...rest } = response;
  const content = fileContent(FILE_TYPES.get(endpoint) ?? [UNKNOWN_FILE_TYPE]);
  for (const [status, description] of Object.entries(protocol.faults)) {
    rest[status] = { description, content, ...(status === '503' ? { headers: { 'Retry-After': { type: 'integer' } } } : {}) };
  }
  return rest;
}

/**
 * The zod transform (contracts schemas to JSON Schema 2020-12), then the success answer of a
 * call that sends a file or redirects, which route() leaves out of the schema Fastify checks,
 * an open interface's XML faults, and the description of what the call answers and who may call.
 */
const transform: SwaggerTransform = (input) => {
  const result = jsonSchemaTransform(input);
  const endpoint = input.route.config?.endpoint;
  if (!endpoint || result.schema.hide) return result;
  const status = String(endpoint.status ?? 200);
  const response = { ...(result.schema.response as Json | undefined) };
  const description = operationDescription(endpoint, response[status], FILE_TYPES.get(endpoint));
  const answer = nonJsonAnswer(endpoint, response[status]);
  if (answer) response[status] = answer;
  return { ...result, schema: { ...result.schema, description, response: protocolAnswers(endpoint, response) } };
};

interface Parameter {
  name: string;
  in: string;
  description?: string;
  example?: unknown;
}
interface Operation {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, Json> };
  responses?: Record<string, Json & { content?: Record<string, Json> }>;
}

const EXAMPLES_BY_ID: ReadonlyMap<string, Example> = new Map([...EXAMPLES].map(([endpoint, example]) => [operationId(endpoint), example]));

/**
 * The words an operation's generated parts lack: each parameter's description (its schema's
 * `.describe()` first, else docs.descriptions.ts), responses described by their status, and
 * the examples of docs.examples.ts on the request body, the query and the JSON answer.
 */
function describeOperation(path: string, operation: Operation): void {
  for (const parameter of operation.parameters ?? []) {
    parameter.description ??= parameterDescription(parameter.name, parameter.in, path);
  }
  for (const [status, response] of Object.entries(operation.responses ?? {})) {
    if (response.description === 'Default Response') response.description = STATUS_DESCRIPTIONS[status] ?? response.description;
  }
  const example = operation.operationId ? EXAMPLES_BY_ID.get(operation.operationId) : undefined;
  if (!example) return;
  for (const parameter of operation.parameters ?? []) {
    const value = example.query?.[parameter.name];
    if (value !== undefined) parameter.example = value;
  }
  if (example.body !== undefined) for (const media of Object.values(operation.requestBody?.content ?? {})) media.example = example.body;
  const json = Object.entries(operation.responses ?? {}).find(([status]) => status.startsWith('2'))?.[1].content?.['application/json'];
  if (json && example.response !== undefined) json.example = example.response;
}

/** `{ anyOf: [x] }` is x (a union with an unrepresentable member, `z.any()`, loses that member). */
function simplify(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(simplify);
  if (!value || typeof value !== 'object') return value;
  const object = value as Json;
  if (Object.keys(object).length === 1 && Array.isArray(object.anyOf) && object.anyOf.length === 1) return simplify(object.anyOf[0]);
  return Object.fromEntries(Object.entries(object).map(([key, child]) => [key, simplify(child)]));
}

/** The component schemas the document refers to, directly or through other components. */
function referencedSchemas(document: Json, schemas: Json): Set<string> {
  const used = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== 'object') return;
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string' && child.startsWith(SCHEMA_REF)) {
        const name = child.slice(SCHEMA_REF.length);
        if (!used.has(name)) {
          used.add(name);
          visit(schemas[name]);
        }
      } else visit(child);
    }
  };
  visit({ ...document, components: { ...(document.components as Json), schemas: {} } });
  return used;
}

/**
 * The zod components (every schema with a meta id, as input and as output), then tidying:
 * responses described by their status, one-member unions unwrapped, unused components left out.
 */
const transformObject: SwaggerTransformObject = (input) => {
  const document = simplify(jsonSchemaTransformObject(input)) as Json;
  for (const [path, operations] of Object.entries((document.paths ?? {}) as Record<string, Record<string, Operation>>)) {
    for (const operation of Object.values(operations)) describeOperation(path, operation);
  }
  const components = document.components as Json;
  const schemas = (components.schemas ?? {}) as Json;
  const used = referencedSchemas(document, schemas);
  components.schemas = Object.fromEntries(
    Object.entries(schemas)
      .filter(([name]) => used.has(name))
      .map(([name, schema]) => [name, withoutIds(schema)]),
  );
  return document;
};

/**
 * The OpenAPI 3.1 description (decision 0029), generated from the contracts schemas each route
 * declares, at `<base>/docs/json`, with a browsable page at `<base>/docs`.
 */
export const docsPlugin = fp<{ basePath: string }>(async (app, { basePath }) => {
  await app.register(swagger, {
    openapi: {
      // 3.1: its schemas are JSON Schema 2020-12, what zod writes (3.0's dialect has no `null`, `const`, tuples…).
      openapi: '3.1.0',
      info: {
        title: 'Estante API',
        // The token's address as the server serves it: below the API's base path.
        description: `Library catalogue and patron portal. Calls take an \`Authorization: Bearer\` token from \`${authEndpoints.token.method} ${basePath}${authEndpoints.token.path}\` (client_credentials for public calls) and the language code in the \`x-idioma\` header (1 pt, 3 es, 5 en).`,
        version: '0.1.0',
      },
      servers: [{ url: '/' }],
      // No token unless an operation asks for one (the open calls: token grant, health, feeds, OAI-PMH, SRU…).
      security: [{}],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform,
    transformObject,
  });
  await app.register(swaggerUi, { routePrefix: `${basePath}/docs` });
});
