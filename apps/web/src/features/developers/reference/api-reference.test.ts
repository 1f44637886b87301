import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '@sanad/contracts/openapi';
import { PUBLIC_API_ENDPOINTS, V1_API_INFO, V1_ENDPOINTS } from '@sanad/contracts/public-api.endpoints';
import { describeType, referenceOperations } from './api-reference';

describe('the API reference read from the v1 OpenAPI document', () => {
  const operations = referenceOperations(buildOpenApiDocument(V1_ENDPOINTS, V1_API_INFO));

  it('lists every v1 operation once, with its scope', () => {
    expect(operations).toHaveLength(Object.keys(PUBLIC_API_ENDPOINTS).length);
    for (const definition of V1_ENDPOINTS) {
      const path = `/api/${definition.path}`.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      const operation = operations.find((item) => item.method === definition.method && item.path === path);
      expect(operation?.summary).toBe(definition.summary);
      expect(operation?.scope).toBe(definition.access.kind === 'api-key' ? definition.access.scope : null);
    }
  });

  it('shows a list’s query fields, a create’s body fields with what is required, and the answers', () => {
    const list = operations.find((item) => item.method === 'GET' && item.path === '/api/v1/alerts');
    expect(list?.fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'cursor', where: 'query', required: false }),
        expect.objectContaining({ name: 'limit', where: 'query', type: 'integer' }),
      ]),
    );
    expect(list?.answerFields.map((field) => field.name)).toEqual(expect.arrayContaining(['_id', 'type', 'status']));
    const link = operations.find((item) => item.method === 'POST' && item.path === '/api/v1/onboarding-links');
    expect(link?.fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'firstName', where: 'body', required: true }),
        expect.objectContaining({ name: 'channel', where: 'body', type: 'one of: email, sms', required: true }),
      ]),
    );
    expect(link?.responses.map((response) => response.status)).toEqual(['200', '401', '403', '422', '429']);
    const upload = operations.find((item) => item.method === 'POST' && item.path === '/api/v1/customers/{id}/documents');
    expect(upload?.scope).toBe('documents:write');
    expect(upload?.fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'id', where: 'path', required: true }),
        expect.objectContaining({ name: 'content', where: 'body', required: true }),
      ]),
    );
    const download = operations.find((item) => item.path === '/api/v1/customers/{id}/documents/{documentId}');
    expect(download?.scope).toBe('documents:read');
    const company = operations.find((item) => item.method === 'POST' && item.path === '/api/v1/companies');
    expect(company?.fields).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'companyInfo', where: 'body', required: true })]),
    );
    const one = operations.find((item) => item.path === '/api/v1/alerts/{id}');
    expect(one?.fields).toEqual([expect.objectContaining({ name: 'id', where: 'path', required: true })]);
  });

  it('words JSON Schema types plainly and survives a document it does not know', () => {
    expect(describeType({ type: 'array', items: { type: 'string', format: 'email' } })).toBe('array of string (email)');
    expect(describeType({ anyOf: [{ type: 'string' }, { type: 'null' }] })).toBe('string or null');
    expect(describeType(undefined)).toBe('any');
    expect(referenceOperations(null)).toEqual([]);
    expect(referenceOperations({ paths: { '/x': 'nonsense' } })).toEqual([]);
  });
});
