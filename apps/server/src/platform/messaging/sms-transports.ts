import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { SmsTransport } from './transports';

/**
 * SMS provider adapters implement SmsTransport (transports.ts): `sendSms(to, text)` resolves once
 * the provider accepted the message and throws when it did not, so the outbox retries it. No
 * commercial provider ships; these loopback transports deliver inside the machine, for tests and
 * for trying the SMS channel without an account.
 */

/** Keeps every message in memory (API tests read `sent`). */
export function createLoopbackSmsTransport(): SmsTransport & { sent: Array<{ to: string; text: string; at: Date }> } {
  const sent: Array<{ to: string; text: string; at: Date }> = [];
  return {
    sent,
    async sendSms(to, text) {
      sent.push({ to, text, at: new Date() });
    },
  };
}

/** Writes each message as a JSON file in `dir` (SMS_LOOPBACK_DIR): the SMS counterpart of the test mail sink. */
export function createDirectorySmsTransport(dir: string): SmsTransport {
  mkdirSync(dir, { recursive: true });
  let counter = 0;
  return {
    async sendSms(to, text) {
      counter += 1;
      const name = `${Date.now()}-${process.pid}-${counter}.json`;
      writeFileSync(path.join(dir, name), JSON.stringify({ to, text, at: new Date().toISOString() }));
    },
  };
}
