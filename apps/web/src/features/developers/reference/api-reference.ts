/**
 * Reads the public API's OpenAPI document into what the reference page shows: one entry per
 * operation, with its scope, its parameters and body fields in plain types, and its answers.
 * Only the shapes the contracts produce are handled; anything else reads as its JSON type.
 */

type Schema = Record<string, unknown>;

export interface ReferenceField {
  name: string;
  where: 'path' | 'query' | 'body';
  type: string;
  required: boolean;
  description: string;
}

export interface ReferenceOperation {
  id: string;
  method: string;
  path: string;
  summary: string;
  scope: string | null;
  fields: ReferenceField[];
  responses: Array<{ status: string; description: string }>;
  /** The answer's data fields (the envelope's `data`, or the rows of a list), for a quick read. */
  answerFields: ReferenceField[];
}

const isObject = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A JSON Schema in a few words: `string (email)`, `one of: person, organisation`, `array of string`. */
export function describeType(schema: unknown): string {
  if (!isObject(schema)) return 'any';
  if (Array.isArray(schema.enum)) return `one of: ${schema.enum.map(String).join(', ')}`;
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const alternatives = (schema.anyOf ?? schema.oneOf) as unknown;
  if (Array.isArray(alternatives)) {
    const described = [...new Set(alternatives.map(describeType))];
    return described.join(' or ');
  }
  const type = schema.type;
  if (Array.isArray(type)) return type.join(' or ');
  if (type === 'array') return `array of ${describeType(schema.items)}`;
  if (type === 'string') {
    if (typeof schema.format === 'string') return `string (${schema.format})`;
    if (typeof schema.pattern === 'string') return 'string (pattern)';
    return 'string';
  }
  if (typeof type === 'string') return type;
  if (isObject(schema.properties)) return 'object';
  return 'any';
}

function fieldsOf(schema: unknown, where: ReferenceField['where']): ReferenceField[] {
  if (!isObject(schema) || !isObject(schema.properties)) return [];
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  return Object.entries(schema.properties).map(([name, property]) => ({
    name,
    where,
    type: describeType(property),
    required: required.has(name),
    description: isObject(property) && typeof property.description === 'string' ? property.description : '',
  }));
}

/** The fields of the answer's `data`: an object's own, or those of a list's rows. */
function answerFieldsOf(schema: unknown): ReferenceField[] {
  if (!isObject(schema) || !isObject(schema.properties)) return [];
  const data = schema.properties.data;
  if (isObject(data) && data.type === 'array') return fieldsOf(data.items, 'body');
  if (isObject(data)) return fieldsOf(data, 'body');
  return fieldsOf(schema, 'body');
}

const METHOD_ORDER = ['get', 'post', 'put', 'delete'];

export function referenceOperations(document: unknown): ReferenceOperation[] {
  if (!isObject(document) || !isObject(document.paths)) return [];
  const operations: ReferenceOperation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    if (!isObject(methods)) continue;
    const sorted = Object.entries(methods).toSorted(([a], [b]) => METHOD_ORDER.indexOf(a) - METHOD_ORDER.indexOf(b));
    for (const [method, operation] of sorted) {
      if (!isObject(operation)) continue;
      const parameters = Array.isArray(operation.parameters) ? operation.parameters.filter(isObject) : [];
      const parameterFields = parameters.map<ReferenceField>((parameter) => ({
        name: String(parameter.name),
        where: parameter.in === 'path' ? 'path' : 'query',
        type: describeType(parameter.schema),
        required: parameter.required === true,
        description: typeof parameter.description === 'string' ? parameter.description : '',
      }));
      const body = isObject(operation.requestBody) && isObject(operation.requestBody.content) ? operation.requestBody.content : {};
      const json = isObject(body['application/json']) ? body['application/json'].schema : undefined;
      const responses = isObject(operation.responses) ? operation.responses : {};
      const success =
        isObject(responses['200']) && isObject(responses['200'].content) ? responses['200'].content['application/json'] : undefined;
      operations.push({
        id: typeof operation.operationId === 'string' ? operation.operationId : `${method}_${path}`,
        method: method.toUpperCase(),
        path,
        summary: typeof operation.summary === 'string' ? operation.summary : '',
        scope: typeof operation['x-api-scope'] === 'string' ? operation['x-api-scope'] : null,
        fields: [...parameterFields, ...fieldsOf(json, 'body')],
        responses: Object.entries(responses).map(([status, answer]) => ({
          status,
          description: isObject(answer) && typeof answer.description === 'string' ? answer.description : '',
        })),
        answerFields: answerFieldsOf(isObject(success) ? success.schema : undefined),
      });
    }
  }
  return operations;
}
