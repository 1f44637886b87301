import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_ENDPOINTS, API_INFO } from './api-catalogue';
import { endpoint, requireAny } from './endpoint';
import { listEnvelope, ZListQuery, ZLooseIdParams } from './http';
import { buildOpenApiDocument, openApiPath } from './openapi';
import { V1_API_INFO, V1_ENDPOINTS } from './public-api.endpoints';

const DOCS = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'docs');
const COMMITTED = path.join(DOCS, 'openapi.json');
const COMMITTED_V1 = path.join(DOCS, 'openapi-v1.json');

describe('the OpenAPI document', () => {
  it('is committed as generated from the endpoint contracts (run `npm run openapi` after changing one)', () => {
    const committed: unknown = JSON.parse(readFileSync(COMMITTED, 'utf8'));
    expect(committed).toEqual(buildOpenApiDocument(API_ENDPOINTS, API_INFO));
  });

  it('commits the public API v1 document as generated: only v1 operations, each with its API-key scope', () => {
    const committed: unknown = JSON.parse(readFileSync(COMMITTED_V1, 'utf8'));
    const generated = buildOpenApiDocument(V1_ENDPOINTS, V1_API_INFO) as { paths: Record<string, Record<string, Record<string, unknown>>> };
    expect(committed).toEqual(generated);
    const operations = Object.entries(generated.paths).flatMap(([address, methods]) =>
      Object.values(methods).map((operation) => ({ address, operation })),
    );
    expect(operations.length).toBe(V1_ENDPOINTS.length);
    for (const { address, operation } of operations) {
      expect(address.startsWith('/api/v1/')).toBe(true);
      expect(operation.security).toEqual([{ apiKey: [] }]);
      expect(typeof operation['x-api-scope']).toBe('string');
    }
  });

  it('gives every operation its parameters, body, answers, security and permissions', () => {
    const sample = endpoint({
      method: 'PUT',
      path: 'things/:id',
      tag: 'things',
      summary: 'Edit a thing',
      access: requireAny('manage-roles'),
      params: ZLooseIdParams,
      query: ZListQuery.pick({ keyword: true }),
      body: z.object({ title: z.string() }),
      response: listEnvelope(z.object({ title: z.string() })),
    });
    const document = buildOpenApiDocument([sample], API_INFO) as { paths: Record<string, Record<string, Record<string, unknown>>> };
    const operation = document.paths['/api/things/{id}']?.put;
    expect(operation).toMatchObject({
      tags: ['things'],
      'x-permissions': ['manage-roles'],
      security: [{ bearer: [] }],
      parameters: [
        { name: 'id', in: 'path', required: true },
        { name: 'keyword', in: 'query', required: false },
      ],
      requestBody: { content: { 'application/json': { schema: { properties: { title: { type: 'string' } } } } } },
    });
    expect(Object.keys(operation?.responses as object).toSorted()).toEqual(['200', '401', '403', '422', '429']);
  });

  it('refuses two contracts for one method and path', () => {
    const first = endpoint({
      method: 'GET',
      path: 'same',
      tag: 't',
      summary: 'a',
      access: requireAny('view-roles'),
      response: z.object({}),
    });
    expect(() => buildOpenApiDocument([first, { ...first, summary: 'b' }], API_INFO)).toThrow(/Two endpoints declare GET same/);
  });

  it('writes path parameters the OpenAPI way', () => {
    expect(openApiPath('access-control/roles/:id')).toBe('/api/access-control/roles/{id}');
  });
});
