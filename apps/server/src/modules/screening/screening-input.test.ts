import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { EndpointDefinition } from '@sanad/contracts/endpoint';
import { SCREENING_ENDPOINTS } from '@sanad/contracts/screening.endpoints';
import { bearer, useTestApp } from '../../test-support/test-app';

const t = useTestApp();

/** Values that once reached the database or a lookup and answered 500: control bytes, unpaired surrogates, inherited names, impossible dates. */
const HOSTILE_TEXT = [
  '\u0000',
  'Ali\u0000Khan',
  '\uD800',
  'x\uDC00',
  '__proto__',
  'constructor',
  'toString',
  '0000-01-01',
  '2024-02-30',
  '9999-99-99',
];
const HOSTILE_VALUES: unknown[] = [...HOSTILE_TEXT, null, 12, ['a'], { $ne: 1 }, 'x'.repeat(5000)];
/** The same texts as raw query-string bytes (a lone surrogate cannot be URL-encoded from a JS string). */
const HOSTILE_QUERY = ['%00', 'Ali%00Khan', '%ED%A0%80', '%C0%AF', '__proto__', 'constructor', 'toString', '0000-01-01', '%E0%A4%A'];

const keysOf = (schema: unknown): string[] => (schema instanceof z.ZodObject ? Object.keys(schema.shape) : []);
const SAMPLE_ID = '6f1c5a2e-0000-4000-8000-000000000001';

function url(definition: EndpointDefinition, id = SAMPLE_ID, query = ''): string {
  const path = definition.path.replace(':id', id).replace(':page', 'category');
  return `/api/${path}${query ? `?${query}` : ''}`;
}

/** Every request a hostile client could make of one endpoint: each field (and the path id) given each hostile value. */
function attacks(definition: EndpointDefinition): Array<{ label: string; url: string; payload?: unknown }> {
  const list: Array<{ label: string; url: string; payload?: unknown }> = [];
  for (const field of keysOf(definition.query)) {
    for (const value of HOSTILE_QUERY) list.push({ label: `${field}=${value}`, url: url(definition, SAMPLE_ID, `${field}=${value}`) });
  }
  if (definition.path.includes(':id')) {
    for (const value of HOSTILE_QUERY) list.push({ label: `id ${value}`, url: url(definition, value) });
  }
  if (definition.method !== 'GET') {
    const base = { name: 'Valid Name' };
    for (const field of keysOf(definition.body)) {
      for (const value of HOSTILE_VALUES)
        list.push({
          label: `body.${field}=${JSON.stringify(value).slice(0, 20)}`,
          url: url(definition),
          payload: { ...base, [field]: value },
        });
    }
    list.push({ label: 'aliases with a NUL', url: url(definition), payload: { ...base, aliases: ['A\u0000B'] } });
  }
  return list;
}

describe('hostile input to the screening API', () => {
  it('is answered 4xx, never 500, on every screening endpoint', async () => {
    const failures: string[] = [];
    for (const definition of Object.values(SCREENING_ENDPOINTS)) {
      for (const attack of attacks(definition)) {
        const response = await t.app.inject({
          method: definition.method,
          url: attack.url,
          headers: bearer(t.adminToken),
          ...(attack.payload === undefined ? {} : { payload: attack.payload as Record<string, unknown> }),
        });
        if (response.statusCode >= 500) failures.push(`${definition.method} ${definition.path} ${attack.label}: ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses a NUL byte or an unpaired surrogate in a name with the field named', async () => {
    for (const name of ['Ali\u0000Khan', 'Ali \uD800 Khan']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/screening-data/sanad-list',
        payload: { name },
        headers: bearer(t.adminToken),
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ errors: { name: ['Remove the control or invalid characters from this field'] } });
    }
  });

  it('refuses sorting by an inherited property name', async () => {
    for (const sortBy of ['__proto__', 'constructor', 'toString']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/screening-data/sanad-list?sortBy=${sortBy}`,
        headers: bearer(t.adminToken),
      });
      expect({ sortBy, status: response.statusCode }).toEqual({ sortBy, status: 422 });
    }
  });
});
