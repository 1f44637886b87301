import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpSink {
  url: string;
  messages: CapturedMail[];
  /** Resolves once `count` messages have arrived (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<CapturedMail[]>;
  close(): Promise<void>;
}

export interface SmtpSinkOptions {
  /**
   * Also write each message to this folder as an .eml file, for readers in other processes (the
   * browser tests' workers cannot share the global setup's memory). The folder is emptied first.
   */
  mailDir?: string;
}

/** A real SMTP server on loopback that keeps what it receives, for the API tests, the browser tests and benchmarks. */
export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const { mailDir } = options;
  if (mailDir) {
    rmSync(mailDir, { recursive: true, force: true });
    mkdirSync(mailDir, { recursive: true });
  }
  const messages: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        messages.push(mail);
        if (mailDir) {
          const to = mail.to.join(',');
          const name = `${Date.now()}-${String(messages.length).padStart(4, '0')}-${to.replace(/[^A-Za-z0-9@.+-]/g, '_')}.eml`;
          writeFileSync(path.join(mailDir, name), `X-Envelope-To: ${to}\r\n${mail.raw}`);
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitFor(count, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} messages, got ${messages.length}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return messages;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A message body with quoted-printable soft breaks and escapes undone, so links read whole. */
export function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
}

/** The messages a sink wrote to `mailDir`, oldest first. */
export function readMailDir(mailDir: string): ReceivedMail[] {
  let files: string[];
  try {
    files = readdirSync(mailDir)
      .filter((file) => file.endsWith('.eml'))
      .toSorted();
  } catch {
    return [];
  }
  return files
    .map((file) => readFileSync(path.join(mailDir, file), 'utf8'))
    .map((raw) => ({
      to: /^X-Envelope-To: (.*)$/m.exec(raw)?.[1]?.trim() ?? '',
      subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '',
      text: decodeQuotedPrintable(raw),
    }));
}

/** Waits for the newest message to `to` whose subject contains `subject` (delivery is a background job). */
export async function waitForMailIn(mailDir: string, to: string, subject: string, timeoutMs = 30_000): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = readMailDir(mailDir).findLast((mail) => mail.to.toLowerCase() === to.toLowerCase() && mail.subject.includes(subject));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no e-mail to ${to} about "${subject}" within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
