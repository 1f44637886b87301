import { spawnSync } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { NODE_VERIFY_SNIPPET, PYTHON_VERIFY_SNIPPET } from './developer-guide';

// A message signed as the Standard Webhooks specification says (the server signs the same way).
const secret = `whsec_${randomBytes(32).toString('base64')}`;
const id = 'msg_2b7c0f1e9d3a4c5b8e6f7a8b9c0d1e2f';
const timestamp = String(Math.floor(Date.now() / 1000));
const body = '{"type":"customer.created","timestamp":"2026-11-27T10:00:00.000Z","data":{"customerId":"c-1"}}';
const signature = `v1,${createHmac('sha256', Buffer.from(secret.slice(6), 'base64'))
  .update(`${id}.${timestamp}.${body}`)
  .digest('base64')}`;
const headers = { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,AAAA ${signature}` };

const folder = mkdtempSync(path.join(tmpdir(), 'sanad-guide-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const runPython = (payload: string) =>
  spawnSync(
    'python3',
    [
      '-c',
      `${PYTHON_VERIFY_SNIPPET}\nimport json, sys\nprint(verify_sanad_webhook(sys.argv[1], json.loads(sys.argv[2]), sys.argv[3].encode()))`,
      secret,
      JSON.stringify(headers),
      payload,
    ],
    {
      encoding: 'utf8',
    },
  );

describe('the webhook verification code of the Developer Tools guide', () => {
  it('verifies in Node.js, and refuses a changed body or another secret', async () => {
    const file = path.join(folder, 'verify.mjs');
    writeFileSync(file, NODE_VERIFY_SNIPPET);
    const { verifySanadWebhook } = (await import(pathToFileURL(file).href)) as {
      verifySanadWebhook: (secret: string, headers: Record<string, string>, body: string) => boolean;
    };
    expect(verifySanadWebhook(secret, headers, body)).toBe(true);
    expect(verifySanadWebhook(secret, headers, body.replace('c-1', 'c-2'))).toBe(false);
    expect(verifySanadWebhook(`whsec_${randomBytes(32).toString('base64')}`, headers, body)).toBe(false);
    expect(verifySanadWebhook(secret, { ...headers, 'webhook-timestamp': String(Number(timestamp) - 600) }, body)).toBe(false);
  });

  const python = spawnSync('python3', ['--version']).status === 0;
  it.skipIf(!python)(
    'verifies in Python, and refuses a changed body',
    () => {
      const good = runPython(body);
      expect(good.stderr).toBe('');
      expect(good.stdout.trim()).toBe('True');
      expect(runPython(body.replace('c-1', 'c-2')).stdout.trim()).toBe('False');
      // Two Python start-ups: seconds on a loaded machine.
    },
    30_000,
  );
});
