import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { ROOT } from './environment';

/** Where the sink writes each message it receives, one JSON file per message, for tests to read. */
export const MAIL_DIR = path.join(ROOT, 'test-results', 'mail');

export interface StoredMail {
  to: string[];
  from: string;
  receivedAt: number;
  raw: string;
}

/**
 * A loopback SMTP server for the browser tests: the app sends its e-mails (one-time codes,
 * invitations) here through SMTP_URL, and the tests read them from MAIL_DIR. It lives in the
 * Playwright runner process and does not keep that process alive.
 */
export async function startMailSink(): Promise<{ url: string }> {
  rmSync(MAIL_DIR, { recursive: true, force: true });
  mkdirSync(MAIL_DIR, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        count += 1;
        const mail: StoredMail = {
          to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          receivedAt: Date.now(),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        writeFileSync(path.join(MAIL_DIR, `${String(count).padStart(5, '0')}.json`), JSON.stringify(mail));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.server.unref();
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}` };
}
