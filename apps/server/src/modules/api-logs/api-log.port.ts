import type { Database, Queryable } from '../../platform/db/database';
import { redactResponseBody, redactUrl } from './api-log-redaction';
import { insertApiLogs, type NewApiLog } from './api-log.repository';

/**
 * How other modules write API-log entries. Calls to the public API go through a writer that batches
 * inserts off the request path (the answer is already sent); webhook attempts, made by a job, are
 * written at once.
 */

export type { NewApiLog };

export interface ApiLogWriter {
  /** Queues one entry; it is inserted with whatever else is queued, after the current insert. */
  record(entry: NewApiLog): void;
  /** Resolves once every queued entry is written (tests, shutdown). */
  drain(): Promise<void>;
}

const BATCH = 500;

export function createApiLogWriter(db: Database, onError: (error: unknown, lost: number) => void): ApiLogWriter {
  let queue: NewApiLog[] = [];
  let flushing: Promise<void> | null = null;
  const flush = (): Promise<void> => {
    flushing ??= (async () => {
      while (queue.length > 0) {
        const batch = queue.slice(0, BATCH);
        queue = queue.slice(BATCH);
        try {
          await insertApiLogs(db, batch);
        } catch (error) {
          onError(error, batch.length);
        }
      }
    })().finally(() => {
      flushing = null;
      // An entry queued while the last insert was finishing would otherwise wait for the next call.
      if (queue.length > 0) void flush();
    });
    return flushing;
  };
  return {
    record(entry) {
      queue.push(entry);
      void flush();
    },
    async drain() {
      for (;;) {
        const current = flushing ?? (queue.length > 0 ? flush() : null);
        if (!current) return;
        await current;
      }
    },
  };
}

export interface WebhookAttemptLog {
  dataSegmentId: string;
  webhookId: string;
  webhookTitle: string;
  endpointUrl: string;
  messageId: string;
  responseStatus: number | null;
  responseBody: string | null;
  error: string | null;
  durationMs: number | null;
}

/** One webhook delivery attempt as an API-log entry: the URL without its query values, the answer redacted. */
export async function recordWebhookAttempt(db: Queryable, attempt: WebhookAttemptLog): Promise<void> {
  await insertApiLogs(db, [
    {
      dataSegmentId: attempt.dataSegmentId,
      kind: 'webhook',
      method: 'POST',
      endpoint: redactUrl(attempt.endpointUrl),
      status: attempt.responseStatus,
      webhookId: attempt.webhookId,
      actorName: attempt.webhookTitle,
      sessionId: attempt.messageId,
      durationMs: attempt.durationMs,
      responseBody: redactResponseBody(attempt.responseBody),
      error: attempt.error,
    },
  ]);
}
