import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import codelistSchema from '../../schema/codelist-schema.json' with { type: 'json' };
import componentsSchema from '../../schema/components.json' with { type: 'json' };
import entitySchema from '../../schema/entity-record.json' with { type: 'json' };
import personSchema from '../../schema/person-record.json' with { type: 'json' };
import relationshipSchema from '../../schema/relationship-record.json' with { type: 'json' };
import statementSchema from '../../schema/statement.json' with { type: 'json' };

export interface BodsValidationError {
  /** JSON Pointer into the package, e.g. `/3/recordDetails/interests/0/share/exact`. */
  path: string;
  message: string;
}

export interface BodsValidation {
  valid: boolean;
  errors: BodsValidationError[];
}

// ajv-formats is CommonJS with a default export; under ESM interop it may arrive wrapped once.
type AddFormats = (ajv: Ajv2020) => Ajv2020;
const addFormats = ((addFormatsModule as unknown as { default?: AddFormats }).default ?? addFormatsModule) as unknown as AddFormats;

let compiled: ValidateFunction | undefined;

/** Compiled once, on first use: the six schema files of BODS 0.4 shipped in ../../schema. */
function statementValidator(): ValidateFunction {
  if (compiled) return compiled;
  // The schema carries annotation keywords of its own (codelist, openCodelist, propertyOrder,
  // version) which are not validation keywords: declared so strict mode accepts them.
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  for (const schema of [componentsSchema, entitySchema, personSchema, relationshipSchema, codelistSchema]) ajv.addSchema(rebase(schema));
  compiled = ajv.compile(rebase(statementSchema));
  return compiled;
}

/**
 * The schema names its files `urn:statement`, `urn:components`, …: URNs without a namespace, which
 * ajv's URI library refuses to resolve. The same names are moved under one invented base URL, in
 * memory only (the files stay as published), so the references between the files resolve.
 */
function rebase<T>(schema: T): T {
  return JSON.parse(JSON.stringify(schema), (key, value: unknown) =>
    (key === '$id' || key === '$ref') && typeof value === 'string' ? value.replace(/^urn:([a-z-]+)/, 'https://bods.invalid/$1') : value,
  ) as T;
}

/**
 * Validates a BODS package (an array of statements) against the BODS 0.4 JSON schema (draft
 * 2020-12). Errors name where in the package the problem is, in the schema's own words.
 */
export function validateBods(statements: unknown): BodsValidation {
  const validate = statementValidator();
  if (validate(statements)) return { valid: true, errors: [] };
  return { valid: false, errors: (validate.errors ?? []).filter(isUseful).map(describeError) };
}

/** `if`/`then` and `anyOf` wrappers only repeat the error beneath them. */
function isUseful(error: ErrorObject): boolean {
  return error.keyword !== 'if' && error.keyword !== 'anyOf';
}

function describeError(error: ErrorObject): BodsValidationError {
  const path = error.instancePath || '/';
  const allowed = error.keyword === 'enum' ? ` (one of ${(error.params as { allowedValues: unknown[] }).allowedValues.join(', ')})` : '';
  return { path, message: `${path} ${error.message ?? 'is not valid'}${allowed}` };
}
