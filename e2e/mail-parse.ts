/** Just enough MIME to read what Sanad sends: headers, multipart/alternative, 7bit, quoted-printable, base64. */
export interface ParsedMail {
  subject: string;
  text: string;
}

function splitMessage(raw: string): { headers: Map<string, string>; body: string } {
  const normalised = raw.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end < 0 ? normalised : normalised.slice(0, end);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: end < 0 ? '' : normalised.slice(end + 2) };
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** The plain-text body (the text/plain part of a multipart message) and the subject. */
export function parseMail(raw: string): ParsedMail {
  const { headers, body } = splitMessage(raw);
  const subject = headers.get('subject') ?? '';
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!boundary) return { subject, text: decodeBody(headers, body) };
  for (const part of body.split(`--${boundary}`)) {
    const parsed = splitMessage(part.replace(/^\n/, ''));
    if ((parsed.headers.get('content-type') ?? '').startsWith('text/plain')) return { subject, text: decodeBody(parsed.headers, parsed.body) };
  }
  return { subject, text: '' };
}
