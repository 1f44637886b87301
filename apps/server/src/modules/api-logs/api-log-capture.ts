import type { FastifyInstance, FastifyRequest } from 'fastify';
import { codeKeyOf } from '../../platform/auth/api-keys';
import { bearerToken } from '../../platform/auth/authenticate';
import { redactResponseBody } from './api-log-redaction';
import type { ApiLogWriter } from './api-log.port';
import { createRefusedCallBudget, type RefusedCallBudget } from './refused-call-budget';

/** The answer of each public API call, kept from onSend until onResponse writes the entry. */
const answers = new WeakMap<FastifyRequest, string>();

const isPublicApi = (request: FastifyRequest) => request.routeOptions.config.access?.kind === 'api-key';

/**
 * A call refused with 401 for a key that names no holder: who it claimed to be, never the secret.
 * The code key of a well-formed key is public (it is printed next to the key on the screen).
 */
function refusedCallerName(request: FastifyRequest): string {
  const key = bearerToken(request);
  if (!key) return 'No API key';
  const codeKey = codeKeyOf(key);
  return codeKey ? `Unknown API key ${codeKey}` : 'Malformed API key';
}

const isRefusedForKey = (request: FastifyRequest, status: number) => isPublicApi(request) && !request.apiCaller && status === 401;

/**
 * Writes one API-log entry per public API call, refused ones included (a bad scope, a rate limit,
 * a validation error), in the segment of the key that made it. The entry is queued once the answer
 * has been sent, so logging never delays a caller; the body is redacted there too. A call refused
 * (401) for a key that names no holder (missing, malformed or unknown) is logged with no segment and
 * no key, within a per-address and global budget (refused-call-budget.ts), so a flood of such calls
 * cannot grow the table without bound.
 */
export function registerApiLogCapture(
  app: FastifyInstance,
  writer: ApiLogWriter,
  refusedBudget: RefusedCallBudget = createRefusedCallBudget(),
): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (isPublicApi(request) && (request.apiCaller || isRefusedForKey(request, reply.statusCode))) {
      if (typeof payload === 'string') answers.set(request, payload);
      else if (Buffer.isBuffer(payload)) answers.set(request, payload.toString('utf8'));
    }
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    const caller = request.apiCaller;
    if (isRefusedForKey(request, reply.statusCode)) {
      const budget = refusedBudget.take(request.ip);
      if (!budget.isLogged) return;
      writer.record({
        dataSegmentId: null,
        kind: 'api',
        method: request.method,
        endpoint: request.url.split('?')[0] ?? request.url,
        status: reply.statusCode,
        actorName: refusedCallerName(request),
        sessionId: request.id,
        durationMs: Math.round(reply.elapsedTime),
        responseBody: redactResponseBody(answers.get(request)),
        error: budget.skipped > 0 ? `${budget.skipped} more such refused calls were not logged (budget per address and minute)` : null,
      });
      return;
    }
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
