import type { FastifyInstance, FastifyRequest } from 'fastify';
import { redactResponseBody } from './api-log-redaction';
import type { ApiLogWriter } from './api-log.port';

/** The answer of each public API call, kept from onSend until onResponse writes the entry. */
const answers = new WeakMap<FastifyRequest, string>();

const isPublicApi = (request: FastifyRequest) => request.routeOptions.config.access?.kind === 'api-key';

/**
 * Writes one API-log entry per public API call, refused ones included (a bad scope, a rate limit,
 * a validation error), in the segment of the key that made it. The entry is queued once the answer
 * has been sent, so logging never delays a caller; the body is redacted there too. A call whose key
 * names no holder (missing, malformed or unknown) has no segment to be logged in and is not.
 */
export function registerApiLogCapture(app: FastifyInstance, writer: ApiLogWriter): void {
  app.addHook('onSend', async (request, _reply, payload) => {
    if (isPublicApi(request) && request.apiCaller) {
      if (typeof payload === 'string') answers.set(request, payload);
      else if (Buffer.isBuffer(payload)) answers.set(request, payload.toString('utf8'));
    }
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    const caller = request.apiCaller;
    if (!isPublicApi(request) || !caller) return;
    writer.record({
      dataSegmentId: caller.dataSegmentId,
      kind: 'api',
      method: request.method,
      // The path only: a query string can carry search terms nobody asked to keep.
      endpoint: request.url.split('?')[0] ?? request.url,
      status: reply.statusCode,
      applicationAccessId: caller.applicationAccessId,
      apiKeyId: caller.keyId,
      actorName: caller.title,
      sessionId: request.id,
      durationMs: Math.round(reply.elapsedTime),
      responseBody: redactResponseBody(answers.get(request)),
    });
  });
}
