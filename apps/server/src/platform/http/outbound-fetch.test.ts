import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboundFetch } from './outbound-fetch';

let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/moved') {
      response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    } else if (request.url === '/large') {
      response.writeHead(200).end('x'.repeat(4096));
    } else {
      let received = '';
      request.on('data', (chunk: Buffer) => {
        received += chunk.toString();
      });
      request.on('end', () => {
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ method: request.method, type: request.headers['content-type'] ?? null, received }));
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const options = { timeoutMs: 5000, maxResponseBytes: 1024 };

describe('outbound fetch', () => {
  it('refuses loopback and private addresses unless loopback is allowed', async () => {
    const guarded = createOutboundFetch({ ...options, allowLoopback: false });
    await expect(guarded(`${origin}/`)).rejects.toThrow(/not allowed/);
    await expect(guarded(`http://localhost:${new URL(origin).port}/`)).rejects.toThrow(/not allowed/);
    await expect(guarded('http://10.0.0.1/')).rejects.toThrow(/not allowed/);
  });

  it('allows only loopback when told to, still refusing other private addresses', async () => {
    const local = createOutboundFetch({ ...options, allowLoopback: true });
    const response = await local(`${origin}/`, { method: 'POST', body: new URLSearchParams({ grant_type: 'authorization_code' }) });
    expect(await response.json()).toEqual({
      method: 'POST',
      type: 'application/x-www-form-urlencoded;charset=UTF-8',
      received: 'grant_type=authorization_code',
    });
    await expect(local('http://192.168.1.1/')).rejects.toThrow(/not allowed/);
  });

  it('hands a redirect back instead of following it', async () => {
    const response = await createOutboundFetch({ ...options, allowLoopback: true })(`${origin}/moved`);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('http://169.254.169.254/latest/meta-data/');
  });

  it('stops reading a response larger than the limit', async () => {
    await expect(createOutboundFetch({ ...options, allowLoopback: true })(`${origin}/large`)).rejects.toThrow(/exceeds 1024 bytes/);
  });
});
