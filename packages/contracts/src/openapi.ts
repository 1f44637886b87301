import { z } from 'zod';
import { ZErrorEnvelope } from './http';
import { isJsonResponse, isMultipartBody, type EndpointDefinition } from './endpoint';

type JsonSchema = Record<string, unknown>;

export interface OpenApiInfo {
  title: string;
  version: string;
  description: string;
}

function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  // Refinements and transforms have no JSON Schema form; the document shows the shape around them.
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

function parametersOf(schema: z.ZodType | undefined, location: 'path' | 'query'): JsonSchema[] {
  if (!schema) return [];
  const object = toJsonSchema(schema, 'input');
  const properties = (object.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((object.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: location,
      required: location === 'path' || required.has(name),
      ...(typeof description === 'string' ? { description } : {}),
      schema: rest,
    };
  });
}

function requestBodyOf(definition: EndpointDefinition): JsonSchema | undefined {
  const { body } = definition;
  if (!body) return undefined;
  if (isMultipartBody(body)) {
    const fields = toJsonSchema(body.fields, 'input');
    const properties = { ...(fields.properties as Record<string, unknown>), [body.fileField]: { type: 'string', format: 'binary' } };
    const required = [...((fields.required ?? []) as string[]), body.fileField];
    return { required: true, content: { 'multipart/form-data': { schema: { type: 'object', properties, required } } } };
  }
  return { required: true, content: { 'application/json': { schema: toJsonSchema(body, 'input') } } };
}

function successOf(definition: EndpointDefinition): [string, JsonSchema] {
  const { response } = definition;
  if (isJsonResponse(response)) {
    return ['200', { description: 'Success', content: { 'application/json': { schema: toJsonSchema(response, 'output') } } }];
  }
  if (response.kind === 'file') {
    const content = Object.fromEntries(response.contentTypes.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]));
    return ['200', { description: 'The file', content }];
  }
  return ['302', { description: 'Redirect', headers: { location: { schema: { type: 'string' } } } }];
}

const failure = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

function securityOf(definition: EndpointDefinition): JsonSchema[] {
  switch (definition.access.kind) {
    case 'public':
      return [];
    case 'permission-or-link':
      return [{ bearer: [] }, { onboardingLink: [] }];
    case 'api-key':
      return [{ apiKey: [] }];
    default:
      return [{ bearer: [] }];
  }
}

function operationOf(definition: EndpointDefinition): JsonSchema {
  const [status, success] = successOf(definition);
  const responses: Record<string, unknown> = { [status]: success };
  const hasInput = Boolean(definition.params ?? definition.query ?? definition.body);
  if (hasInput) responses['422'] = failure('A field is invalid; `errors` names each field');
  if (definition.access.kind !== 'public') {
    responses['401'] = failure('Not signed in, or the session has ended');
    if (definition.access.kind === 'api-key') responses['403'] = failure('The API key lacks the scope');
    else if (definition.access.kind !== 'authenticated') responses['403'] = failure('The role lacks the permission');
  }
  responses['429'] = failure('Too many requests');
  const permissions =
    definition.access.kind === 'permission' || definition.access.kind === 'permission-or-link' ? definition.access.anyOf : [];
  const parameters = [...parametersOf(definition.params, 'path'), ...parametersOf(definition.query, 'query')];
  const requestBody = requestBodyOf(definition);
  return {
    tags: [definition.tag],
    summary: definition.summary,
    operationId: `${definition.method.toLowerCase()}_${definition.path.replace(/[^A-Za-z0-9]+/g, '_').replace(/_+$/, '')}`,
    ...(permissions.length > 0 ? { 'x-permissions': [...permissions] } : {}),
    ...(definition.access.kind === 'api-key' ? { 'x-api-scope': definition.access.scope } : {}),
    security: securityOf(definition),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
  };
}

/** `access-control/roles/:id` → `/api/access-control/roles/{id}`. */
export function openApiPath(path: string): string {
  return `/api/${path}`.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/**
 * The OpenAPI 3.1 document of a set of endpoints, generated from their contracts alone. Paths and
 * methods are sorted, so the document changes only when an endpoint does.
 */
export function buildOpenApiDocument(endpoints: readonly EndpointDefinition[], info: OpenApiInfo): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const sorted = endpoints.toSorted((a, b) => (a.path === b.path ? a.method.localeCompare(b.method) : a.path.localeCompare(b.path)));
  for (const definition of sorted) {
    const operations = (paths[openApiPath(definition.path)] ??= {});
    const method = definition.method.toLowerCase();
    if (operations[method]) throw new Error(`Two endpoints declare ${definition.method} ${definition.path}`);
    operations[method] = operationOf(definition);
  }
  return {
    openapi: '3.1.0',
    info,
    servers: [{ url: '/' }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        onboardingLink: { type: 'apiKey', in: 'header', name: 'x-onboarding-token' },
        apiKey: { type: 'http', scheme: 'bearer', bearerFormat: 'Sanad API key (snd_…)' },
      },
      schemas: { Error: toJsonSchema(ZErrorEnvelope, 'output') },
    },
    paths,
  };
}
