import { beforeAll, describe, expect, it } from 'vitest';
import { API_ENDPOINTS } from '@sanad/contracts/api-catalogue';
import { fillPath } from '@sanad/contracts/endpoint';
import { makeDataSegment } from './test-support/factories';
import { bearer, useTestApp } from './test-support/test-app';

const t = useTestApp();

/**
 * What a GET may still write, and why: the audit trail records who read or exported personal data,
 * the API log records every call to the public API (refused ones included, DV-04), and rate
 * counters count requests. Nothing else: no seeding on first read, no bookkeeping.
 */
const RECORDING_TABLES = new Set(['audit_log', 'audit_heads', 'api_logs', 'rate_counters']);

/** GETs the protocol makes writes: the spec's session extension, and the identity provider's redirects. */
const WRITING_GETS = new Map<string, string>([
  ['users/sessionUpdate', 'extends the session (a GET in the spec)'],
  ['users/oidc/:providerId/authorize', 'stores the sign-in state it sends the browser off with'],
  ['users/oidc/:providerId/callback', 'completes the sign-in it started'],
]);

const SAMPLE_ID = '6f1c5a2e-0000-4000-8000-000000000001';

async function writeCounts(): Promise<Map<string, number>> {
  const { rows } = await t.context.db.query<{ tbl: string; n: number }>('select tbl, n from test_write_counts');
  return new Map(rows.map((row) => [row.tbl, Number(row.n)]));
}

beforeAll(async () => {
  // Every table counts the statements that change it, for this test only.
  const { rows } = await t.context.db.query<{ table_name: string }>(
    "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'",
  );
  await t.context.db.exec(`
    create table test_write_counts (tbl text primary key, n bigint not null);
    create function test_count_write() returns trigger language plpgsql as $$
    begin
      insert into test_write_counts (tbl, n) values (tg_table_name, 1) on conflict (tbl) do update set n = test_write_counts.n + 1;
      return null;
    end $$;
    ${rows.map((row) => `create trigger test_count_write after insert or update or delete on ${row.table_name} for each statement execute function test_count_write();`).join('\n')}
  `);
});

describe('GET requests', () => {
  it('change nothing but the audit trail, the API log and rate counters', async () => {
    // The admin's segment, and one with nothing seeded (a segment the risk module has not set up
    // reads as the defaults; no read seeds it).
    const segments = [t.adminSegmentId, await makeDataSegment(t.context.db)];
    const offenders: string[] = [];
    for (const [definition, segmentId] of API_ENDPOINTS.filter((candidate) => candidate.method === 'GET').flatMap((candidate) =>
      segments.map((segment) => [candidate, segment] as const),
    )) {
      if (WRITING_GETS.has(definition.path)) continue;
      const params = Object.fromEntries([...definition.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => [match[1], SAMPLE_ID]));
      const before = await writeCounts();
      await t.app.inject({
        method: 'GET',
        url: `/api/${fillPath(definition.path, params)}?dataSegmentId=${segmentId}`,
        headers: bearer(t.adminToken),
      });
      const after = await writeCounts();
      const written = [...after]
        .filter(([table, count]) => count !== (before.get(table) ?? 0) && !RECORDING_TABLES.has(table))
        .map(([table]) => table);
      if (written.length > 0) offenders.push(`GET ${definition.path} (segment ${segmentId}) wrote ${written.join(', ')}`);
    }
    expect(offenders).toEqual([]);
  });
});
