import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_ENDPOINTS } from '@sanad/contracts/api-catalogue';
import { isMultipartBody, type EndpointDefinition } from '@sanad/contracts/endpoint';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, useTestApp } from './test-support/test-app';

/**
 * Generated hostile requests against every list and write endpoint of the API catalogue, as the
 * first administrator (who passes every permission check, so the input reaches validation, the
 * services and the database): each field of the path, query and body is given values drawn from
 * what clients get wrong or attackers try — control bytes, lone surrogates, inherited property
 * names, impossible dates, numbers where text belongs, nested objects, very long text — mixed with
 * plausible values, so some requests pass validation and reach deeper code. The property: no
 * request is answered with a 5xx. Replay a failure with API_FUZZ_SEED=<seed printed in the failure>.
 */
const SEED = Number(process.env.API_FUZZ_SEED ?? 20_261_127);
const CASES_PER_ENDPOINT = Number(process.env.API_FUZZ_CASES ?? 12);

/** mulberry32: a small seeded generator, so a run can be replayed exactly. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const t = useTestApp({ env: { RATE_LIMIT_PER_MINUTE: '1000000' } });

/** Ending the session under test would only test the sign-in again. */
const SKIPPED = new Set(['POST users/logout']);

const HOSTILE_TEXT = [
  '',
  ' ',
  '\u0000',
  'Ali\u0000Khan',
  '\uD800',
  'x\uDC00y',
  '\u202Eevil',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  '0000-01-01',
  '2024-02-30',
  '9999-99-99',
  '1969-12-31T23:59:60Z',
  "'; drop table users; --",
  '%00',
  '../../etc/passwd',
  '=cmd|"/C calc"!A0',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '6f1c5a2e-0000-4000-8000-000000000001',
  'NaN',
  '-1',
  '1e309',
  'x'.repeat(10_000),
];
const HOSTILE_NUMBERS = [0, -1, -5, 1.5, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1e308];

type Random = () => number;
const pick = <T>(random: Random, values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;

/** Text of random UTF-16 code units: any of them may be a control character or half a surrogate pair. */
function randomText(random: Random): string {
  const length = Math.floor(random() * 24);
  let text = '';
  for (let index = 0; index < length; index += 1) {
    const band = random();
    const code =
      band < 0.5 ? 0x20 + Math.floor(random() * 0x5f) : band < 0.7 ? Math.floor(random() * 0x20) : Math.floor(random() * 0x10000);
    text += String.fromCharCode(code);
  }
  return text;
}

/** A value that fits the field's likely meaning, so validation passes now and then. */
function plausible(random: Random, key: string): unknown {
  const name = key.toLowerCase();
  if (name.endsWith('segmentid') || name === 'segment') return t.adminSegmentId;
  if (name.endsWith('ids')) return [pick(random, [t.adminSegmentId, '6f1c5a2e-0000-4000-8000-000000000001'])];
  if (name.endsWith('id')) return pick(random, ['6f1c5a2e-0000-4000-8000-000000000001', t.adminSegmentId]);
  if (name === 'page') return pick(random, [1, 2, '1']);
  if (name === 'perpage') return pick(random, [10, 25, 1000]);
  if (name.includes('date') || name === 'from' || name === 'to' || name === 'dob') return pick(random, ['2026-01-31', '1990-06-15']);
  if (name.includes('email')) return pick(random, ['someone@example.com', 'a@b']);
  if (name === 'sortby') return pick(random, ['createdAt', 'name', 'status']);
  if (name === 'sortorder' || name === 'order') return pick(random, ['asc', 'desc', 'ASC']);
  if (name.startsWith('is') || name.startsWith('has')) return pick(random, [true, false, 'true']);
  return pick(random, ['Amina Rahman', 'Test Bank', 'active', '12', 'محمد علی']);
}

function hostileValue(random: Random, key: string, depth = 0): unknown {
  const roll = random();
  if (roll < 0.3) return plausible(random, key);
  if (roll < 0.55) return pick(random, HOSTILE_TEXT);
  if (roll < 0.7) return randomText(random);
  if (roll < 0.78) return pick(random, HOSTILE_NUMBERS);
  if (roll < 0.82) return pick(random, [null, true, false]);
  if (depth > 1) return pick(random, HOSTILE_TEXT);
  if (roll < 0.91) return Array.from({ length: Math.floor(random() * 3) }, () => hostileValue(random, key, depth + 1));
  return JSON.parse(`{"__proto__": {"polluted": true}, "$ne": ${JSON.stringify(hostileValue(random, key, depth + 1) ?? null)}}`);
}

/** The field names of an object schema, looking through refinements, pipes, defaults and optionals. */
function fieldsOf(schema: unknown): string[] {
  let current = schema;
  for (let guard = 0; guard < 10 && current instanceof z.ZodType; guard += 1) {
    if (current instanceof z.ZodObject) return Object.keys(current.shape);
    const def = current.def as { in?: unknown; innerType?: unknown; schema?: unknown };
    current = def.in ?? def.innerType ?? def.schema;
  }
  return [];
}

function bodySchema(definition: EndpointDefinition): unknown {
  return isMultipartBody(definition.body) ? definition.body.fields : definition.body;
}

function generated(random: Random, fields: readonly string[]): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const field of fields) if (random() < 0.85) result[field] = hostileValue(random, field);
  if (random() < 0.15) result[pick(random, ['__proto__', 'constructor', 'unexpectedField'])] = pick(random, HOSTILE_TEXT);
  return result;
}

function queryString(values: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (Array.isArray(value)) for (const item of value) search.append(key, String(item));
    else search.set(key, typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value));
  }
  return search.toString();
}

/** A path segment as a client could send it; text with a lone surrogate has no UTF-8 form, so it goes as the raw bytes of one. */
function pathSegment(value: unknown): string {
  try {
    return encodeURIComponent(String(value));
  } catch {
    return '%ED%A0%80';
  }
}

function pathOf(random: Random, definition: EndpointDefinition): string {
  return definition.path.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    pathSegment(random() < 0.5 ? plausible(random, name) : pick(random, HOSTILE_TEXT.filter(Boolean))),
  );
}

/** Lists (GETs that take a query) and every write: the endpoints that take input worth attacking. */
const TARGETS = API_ENDPOINTS.filter((definition) => !SKIPPED.has(`${definition.method} ${definition.path}`)).filter(
  (definition) => definition.method !== 'GET' || fieldsOf(definition.query).length > 0 || definition.path.includes(':'),
);

describe('generated hostile input to every list and write endpoint', () => {
  it('covers the catalogue', () => {
    expect(TARGETS.length).toBeGreaterThan(60);
    // The generator sees through the schemas: most targets have fields to attack.
    const withFields = TARGETS.filter((definition) => fieldsOf(definition.query).length + fieldsOf(bodySchema(definition)).length > 0);
    expect(withFields.length).toBeGreaterThan(TARGETS.length / 2);
  });

  it('is never answered with a 5xx', { timeout: 600_000 }, async () => {
    const random = seededRandom(SEED);
    let token = t.adminToken;
    const failures: string[] = [];
    for (const definition of TARGETS) {
      for (let index = 0; index < CASES_PER_ENDPOINT; index += 1) {
        const query = generated(random, fieldsOf(definition.query));
        const payload =
          definition.method === 'GET'
            ? undefined
            : random() < 0.1
              ? pick(random, [[], 'text', 42])
              : generated(random, fieldsOf(bodySchema(definition)));
        const search = queryString(query);
        const url = `/api/${pathOf(random, definition)}${search ? `?${search}` : ''}`;
        const response = await t.app.inject({
          method: definition.method,
          url,
          headers: bearer(token),
          ...(payload === undefined
            ? {}
            : { payload: JSON.stringify(payload), headers: { ...bearer(token), 'content-type': 'application/json' } }),
        });
        if (response.statusCode >= 500) {
          failures.push(
            `${definition.method} ${url.slice(0, 200)} ${JSON.stringify(payload)?.slice(0, 300)} → ${response.statusCode} ${response.body.slice(0, 200)}`,
          );
        }
        // A generated request may end or alter the administrator's session; sign in again and go on.
        if (response.statusCode === 401) token = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
      }
    }
    expect(failures, `replay with API_FUZZ_SEED=${SEED}`).toEqual([]);
  });
});
