import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';

const lines: Array<{ level: number; msg: string; [key: string]: unknown }> = [];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    env: { LOG_LEVEL: 'info' },
    logStream: { write: (line) => void lines.push(JSON.parse(line) as (typeof lines)[number]) },
  });
});
afterAll(async () => {
  await t.close();
});

const INFO = 30;
const WARN = 40;

describe('the request log', () => {
  it('writes no line per request at info level, and one summary line for the minute', async () => {
    lines.length = 0;
    for (let index = 0; index < 20; index += 1) await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: '/api/access-control/roles' });
    expect(lines.filter((line) => line.level >= INFO)).toEqual([]);
    // The minute's summary, forced rather than waited for.
    await t.app.close();
    const summaries = lines.filter((line) => line.msg === 'requests in the last minute');
    expect(summaries).toHaveLength(1);
    expect(summaries[0]).toMatchObject({ level: INFO, requests: 21, clientErrors: 1, serverErrors: 0 });
  });
});

describe('the request log at debug level', () => {
  it('has one line per request, without its query string', async () => {
    const debugLines: Array<{ level: number; msg: string; url?: string }> = [];
    const debug = await createTestApp({
      env: { LOG_LEVEL: 'debug' },
      logStream: { write: (line) => void debugLines.push(JSON.parse(line) as (typeof debugLines)[number]) },
    });
    try {
      await debug.app.inject({ method: 'GET', url: '/api/health?token=secret' });
      const requestLines = debugLines.filter((line) => line.msg === 'request');
      expect(requestLines).toHaveLength(1);
      expect(requestLines[0]?.url).toBe('/api/health');
      expect(JSON.stringify(debugLines)).not.toContain('secret');
      expect(debugLines.some((line) => line.level >= WARN)).toBe(false);
    } finally {
      await debug.close();
    }
  });
});
