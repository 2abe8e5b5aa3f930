import SwaggerParser from '@apidevtools/swagger-parser';
import { accountEndpoints } from '@estante/contracts/account';
import { basketEndpoints } from '@estante/contracts/basket';
import { type Endpoint, operationId } from '@estante/contracts/kernel';
import { oaiEndpoint, oaiFormEndpoint } from '@estante/contracts/oai';
import { sruEndpoint } from '@estante/contracts/sru';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { EXAMPLES } from './docs.examples.js';
import { UNKNOWN_FILE_TYPE } from './docs.files.js';

interface Media {
  schema?: Record<string, unknown>;
  example?: unknown;
}
interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  parameters?: { name: string; in: string; description?: string; example?: unknown }[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media> }>;
}
interface Document {
  openapi: string;
  info: { description: string };
  paths: Record<string, Record<string, Operation>>;
}

let t: TestApp;
let body: string;
let document: Document;
beforeAll(async () => {
  t = await createTestApp();
  const response = await t.app.inject({ method: 'GET', url: '/svc/docs/json' });
  expect(response.statusCode).toBe(200);
  body = response.body;
  document = JSON.parse(body) as Document;
});
afterAll(() => t.close());

const operations = () => Object.values(document.paths).flatMap((item) => Object.values(item));
/** The document's path of an API call (below the base path, `{name}` for `:name`). */
const documented = (path: string) => `/svc${path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}')}`;

describe('GET /svc/docs/json (the OpenAPI document)', () => {
  it('is a valid OpenAPI 3.1 document for swagger-parser', async () => {
    expect(document.openapi).toBe('3.1.0');
    // A copy of its own: validate() dereferences the object it is given.
    await expect(SwaggerParser.validate(JSON.parse(body))).resolves.toBeTruthy();
  });

  it("has no error under redocly's recommended rules", async () => {
    const problems = await lintFromString({
      source: body,
      absoluteRef: 'openapi.json',
      config: await createConfig({ extends: ['recommended'] }),
    });
    const errors = problems.filter((problem) => problem.severity === 'error');
    expect(errors.map((problem) => `${problem.ruleId} ${problem.location[0]?.pointer}: ${problem.message}`)).toEqual([]);
  });

  it('names every operation once, from its method and path', () => {
    const ids = operations().map((operation) => operation.operationId);
    expect(ids.length).toBeGreaterThan(100);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(document.paths[documented(accountEndpoints.declarationPdf.path)]?.get?.operationId).toBe('getUnidadeInformacaoNadaConstaByCodigoPdf');
    expect(operationId(accountEndpoints.declarationPdf)).toBe('getUnidadeInformacaoNadaConstaByCodigoPdf');
  });

  it('describes a file by its media type, its errors still as JSON', () => {
    const { responses } = document.paths[documented(accountEndpoints.declarationPdf.path)]!.get!;
    expect(responses['200']?.content).toEqual({ 'application/pdf': { schema: { type: 'string', format: 'binary' } } });
    expect(Object.keys(responses['404']?.content ?? {})).toEqual(['application/json']);
    const exported = document.paths[documented(basketEndpoints.export.path)]!.post!.responses['200']?.content ?? {};
    expect(Object.keys(exported)).toEqual(expect.arrayContaining(['application/json', 'application/x-research-info-systems', 'application/marc', 'text/csv']));
  });

  it('knows the media types of every file answer', () => {
    const unknown = operations().filter((operation) => Object.values(operation.responses).some((response) => response.content?.[UNKNOWN_FILE_TYPE]));
    expect(unknown.map((operation) => operation.operationId)).toEqual([]);
  });

  it('describes every operation: a summary, and a description of what it answers and who may call', () => {
    const missing = operations().filter(
      (operation) => !operation.summary?.trim() || !operation.description?.trim() || operation.description === operation.summary,
    );
    expect(missing.map((operation) => operation.operationId)).toEqual([]);
    const token = document.paths['/svc/oauth/token']!.post!;
    expect(token.description).toContain('`TokenResponse`');
    expect(token.description).toContain('No token needed.');
    const fileAnswer = document.paths[documented(accountEndpoints.declarationPdf.path)]!.get!.description!;
    expect(fileAnswer).toContain('application/pdf');
  });

  it('describes every path and query parameter', () => {
    const missing = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).flatMap(([method, operation]) =>
        (operation.parameters ?? [])
          .filter((parameter) => !parameter.description?.trim())
          .map((parameter) => `${method} ${path} ${parameter.in} ${parameter.name}`),
      ),
    );
    expect(missing).toEqual([]);
  });

  it('shows examples of the main calls that fit their declared schemas', () => {
    expect(EXAMPLES.size).toBeGreaterThanOrEqual(4);
    for (const [endpoint, example] of EXAMPLES) {
      const operation = document.paths[documented(endpoint.path)]![endpoint.method.toLowerCase()]!;
      if (example.body !== undefined) {
        expect(endpoint.body!.safeParse(example.body).error, operation.operationId).toBeUndefined();
        for (const media of Object.values(operation.requestBody!.content)) expect(media.example).toEqual(example.body);
      }
      if (example.query) {
        expect(endpoint.query!.safeParse(example.query).error, operation.operationId).toBeUndefined();
        const shown = Object.fromEntries((operation.parameters ?? []).filter((p) => p.example !== undefined).map((p) => [p.name, p.example]));
        expect(shown).toEqual(example.query);
      }
      if (example.response !== undefined) {
        expect(endpoint.response.safeParse(example.response).error, operation.operationId).toBeUndefined();
        expect(operation.responses[String(endpoint.status ?? 200)]?.content?.['application/json']?.example).toEqual(example.response);
      }
    }
  });

  it('documents OAI-PMH and SRU as they answer: bad input in a 200 XML document, never a JSON 400; SRU faults in XML', async () => {
    const documentedOf = (endpoint: Endpoint) => document.paths[endpoint.path]![endpoint.method.toLowerCase()]!;
    for (const endpoint of [oaiEndpoint, oaiFormEndpoint, sruEndpoint]) {
      const { responses } = documentedOf(endpoint);
      expect(responses['400'], endpoint.path).toBeUndefined();
      expect(Object.keys(responses['200']?.content ?? {}), endpoint.path).toContain('text/xml');
    }
    const sru = documentedOf(sruEndpoint).responses;
    for (const status of ['500', '503']) expect(Object.keys(sru[status]?.content ?? {})).toEqual(['application/sru+xml', 'text/xml']);
    // What the server really answers to input the API would call invalid.
    for (const url of ['/oai?verb=Nonsense&verb=Twice', '/sru?operation=searchRetrieve&query=a%00b&maximumRecords=-1']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/xml/);
    }
  });

  it("names in info.description only addresses the server serves, the token's with its /svc base", async () => {
    const named = [...document.info.description.matchAll(/`(GET|POST|PUT|DELETE) (\/[^`\s]*)`/g)].map(
      (match) => [match[1] as 'GET' | 'POST' | 'PUT' | 'DELETE', match[2]!] as const,
    );
    expect(named).toContainEqual(['POST', '/svc/oauth/token']);
    for (const [method, path] of named) {
      expect(document.paths[path]?.[method.toLowerCase()], `${method} ${path}`).toBeDefined();
      const response = await t.app.inject({ method, url: path });
      expect(response.statusCode, `${method} ${path}`).not.toBe(404);
    }
  });
});
