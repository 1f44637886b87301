import http from 'node:http';
import https from 'node:https';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';

export interface OutboundFetchOptions {
  /** Let calls reach 127.0.0.1 and ::1 (a provider on the same machine, tests); every other private address stays refused. */
  allowLoopback: boolean;
  timeoutMs: number;
  maxResponseBytes: number;
}

export interface OutboundRequestInit {
  method?: string;
  headers?: Record<string, string> | Headers;
  body?: string | URLSearchParams | Uint8Array | null;
  signal?: AbortSignal | null;
}

export type OutboundFetch = (url: string, init?: OutboundRequestInit) => Promise<Response>;

// Single addresses, not ranges: the library cannot match an IPv4 address against an IPv6 range.
const LOOPBACK = ['127.0.0.1', '::1'];
// A Response may not carry a body for these statuses.
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

function bodyBytes(body: OutboundRequestInit['body']): Buffer | null {
  if (body === undefined || body === null) return null;
  if (typeof body === 'string') return Buffer.from(body);
  if (body instanceof URLSearchParams) return Buffer.from(body.toString());
  return Buffer.from(body);
}

function headerRecord(headers: OutboundRequestInit['headers'], body: Buffer | null, isForm: boolean): Record<string, string> {
  const result: Record<string, string> = {};
  new Headers(headers ?? {}).forEach((value, key) => {
    result[key] = value;
  });
  if (isForm && !result['content-type']) result['content-type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
  if (body) result['content-length'] = String(body.length);
  return result;
}

/**
 * A fetch for calls to outside services (identity providers, later webhooks), on node:http with
 * request-filtering-agent: a host resolving to a private, loopback, link-local or meta address is
 * refused at connection time, so a DNS answer cannot point the server at its own network.
 * Redirects are returned as they are, never followed; bodies are capped.
 */
export function createOutboundFetch(options: OutboundFetchOptions): OutboundFetch {
  const filter = { allowIPAddressList: options.allowLoopback ? LOOPBACK : [], keepAlive: true };
  const agents = { http: new RequestFilteringHttpAgent(filter), https: new RequestFilteringHttpsAgent(filter) };

  return (url, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      const target = new URL(url);
      if (target.protocol !== 'https:' && target.protocol !== 'http:') {
        reject(new TypeError(`unsupported protocol ${target.protocol}`));
        return;
      }
      const isHttps = target.protocol === 'https:';
      const body = bodyBytes(init.body);
      const request = (isHttps ? https : http).request(target, {
        method: init.method ?? 'GET',
        headers: headerRecord(init.headers, body, init.body instanceof URLSearchParams),
        agent: isHttps ? agents.https : agents.http,
        timeout: options.timeoutMs,
        ...(init.signal ? { signal: init.signal } : {}),
      });
      request.on('timeout', () => request.destroy(new Error(`request to ${target.origin} timed out`)));
      request.on('error', reject);
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxResponseBytes) {
            response.destroy(new Error(`response from ${target.origin} exceeds ${options.maxResponseBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        response.on('error', reject);
        response.on('end', () => {
          const headers = new Headers();
          for (const [key, value] of Object.entries(response.headers)) {
            for (const item of [value ?? []].flat()) headers.append(key, item);
          }
          const status = response.statusCode ?? 502;
          resolve(new Response(NULL_BODY_STATUSES.has(status) ? null : Buffer.concat(chunks), { status, headers }));
        });
      });
      request.end(body ?? undefined);
    });
}
