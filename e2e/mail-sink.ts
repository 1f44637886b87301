import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { parseMail } from './mail-parse';

export interface StoredMail {
  to: string[];
  subject: string;
  text: string;
  receivedAt: number;
}

/**
 * A real SMTP server on loopback for the browser tests. Each message it receives is written to
 * `<dir>/<n>.json`, where tests (in their worker processes) read it.
 */
export async function startMailSink(dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
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
        const { subject, text } = parseMail(Buffer.concat(chunks).toString('utf8'));
        const mail: StoredMail = { to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()), subject, text, receivedAt: Date.now() };
        writeFileSync(path.join(dir, `${String(count).padStart(5, '0')}.json`), JSON.stringify(mail, null, 2));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
