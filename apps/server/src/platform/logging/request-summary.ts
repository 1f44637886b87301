import type { FastifyInstance } from 'fastify';

export interface RequestSummary {
  requests: number;
  /** Answers with a 4xx status: the caller's mistakes, not the server's. */
  clientErrors: number;
  /** Answers with a 5xx status. */
  serverErrors: number;
  rateLimited: number;
  p50Ms: number;
  p95Ms: number;
  slowestMs: number;
}

function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0;
}

/**
 * Requests are logged one by one at debug level only; at info level the server writes one line
 * per minute with what happened in it (nothing when nothing did), so a busy log stays readable.
 * Errors are still logged at their own level when they happen (platform/http/error-handler.ts).
 */
export function registerRequestSummary(app: FastifyInstance, options: { intervalMs?: number } = {}): { flush(): RequestSummary | null } {
  let times: number[] = [];
  let clientErrors = 0;
  let serverErrors = 0;
  let rateLimited = 0;

  app.addHook('onResponse', async (request, reply) => {
    const elapsed = reply.elapsedTime;
    request.log.debug(
      { method: request.method, url: request.url.split('?')[0], statusCode: reply.statusCode, ms: Math.round(elapsed) },
      'request',
    );
    times.push(elapsed);
    if (reply.statusCode === 429) rateLimited += 1;
    if (reply.statusCode >= 500) serverErrors += 1;
    else if (reply.statusCode >= 400) clientErrors += 1;
  });

  function flush(): RequestSummary | null {
    if (times.length === 0) return null;
    const sorted = times.toSorted((a, b) => a - b);
    const summary: RequestSummary = {
      requests: sorted.length,
      clientErrors,
      serverErrors,
      rateLimited,
      p50Ms: Math.round(percentile(sorted, 0.5)),
      p95Ms: Math.round(percentile(sorted, 0.95)),
      slowestMs: Math.round(sorted.at(-1) ?? 0),
    };
    times = [];
    clientErrors = 0;
    serverErrors = 0;
    rateLimited = 0;
    app.log.info(summary, 'requests in the last minute');
    return summary;
  }

  const timer = setInterval(flush, options.intervalMs ?? 60_000);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    flush();
  });
  return { flush };
}
