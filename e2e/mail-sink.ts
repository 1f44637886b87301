import path from 'node:path';
import { readMailDir, waitForMailIn, type ReceivedMail } from '@sanad/test-support/smtp-sink';
import { ROOT } from './environment';

export type { ReceivedMail };

/** Where the global setup's SMTP sink writes every message it receives, one .eml file each. */
export const MAIL_DIR = path.join(ROOT, 'test-results', 'mail');

export const readMails = (): ReceivedMail[] => readMailDir(MAIL_DIR);

/** Waits for the newest message to `to` whose subject contains `subject` (delivery is a background job). */
export const waitForMail = (to: string, subject: string, timeoutMs?: number): Promise<ReceivedMail> =>
  waitForMailIn(MAIL_DIR, to, subject, timeoutMs);
