import SwaggerParser from '@apidevtools/swagger-parser';
import { accountEndpoints } from '@estante/contracts/account';
import { basketEndpoints } from '@estante/contracts/basket';
import { operationId } from '@estante/contracts/kernel';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { UNKNOWN_FILE_TYPE } from './docs.files.js';

interface Operation {
  operationId?: string;
  responses: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }>;
}
interface Document {
  openapi: string;
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
});
