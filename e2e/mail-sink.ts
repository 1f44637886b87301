import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { ROOT } from './environment';

/** Where the sink writes every message it receives, one .eml file each. */
export const MAIL_DIR = path.join(ROOT, 'test-results', 'mail');

/**
 * A loopback SMTP server for the browser tests: it runs in the global-setup process and writes
 * each message to MAIL_DIR, where the test processes read it (they cannot share memory with it).
 */
export async function startMailSink(): Promise<{ url: string; close: () => Promise<void> }> {
  rmSync(MAIL_DIR, { recursive: true, force: true });
  mkdirSync(MAIL_DIR, { recursive: true });
  let sequence = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((recipient) => recipient.address).join(',');
        sequence += 1;
        const name = `${Date.now()}-${String(sequence).padStart(4, '0')}-${to.replace(/[^A-Za-z0-9@.+-]/g, '_')}.eml`;
        writeFileSync(path.join(MAIL_DIR, name), `X-Envelope-To: ${to}\r\n${Buffer.concat(chunks).toString('utf8')}`);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A message body with quoted-printable soft breaks and escapes undone, so links read whole. */
function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
}

function readMails(): ReceivedMail[] {
  let files: string[];
  try {
    files = readdirSync(MAIL_DIR)
      .filter((file) => file.endsWith('.eml'))
      .toSorted();
  } catch {
    return [];
  }
  return files
    .map((file) => readFileSync(path.join(MAIL_DIR, file), 'utf8'))
    .map((raw) => ({
      to: /^X-Envelope-To: (.*)$/m.exec(raw)?.[1]?.trim() ?? '',
      subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '',
      text: decodeQuotedPrintable(raw),
    }));
}

/** Waits for the newest message to `to` whose subject contains `subject` (delivery is a background job). */
export async function waitForMail(to: string, subject: string, timeoutMs = 30_000): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = readMails().findLast((mail) => mail.to.toLowerCase() === to.toLowerCase() && mail.subject.includes(subject));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no e-mail to ${to} about "${subject}" within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
