import { afterEach, describe, expect, it, vi } from 'vitest';
import { UsageError } from './cli-errors';
import { main, resolveCommand } from './main';
import { parseReadArguments } from './read-command';

afterEach(() => {
  vi.restoreAllMocks();
});

function captureOutput(): { stdout: string[]; stderr: string[] } {
  const output = { stdout: [] as string[], stderr: [] as string[] };
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    output.stdout.push(String(chunk));
    return true;
  });
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    output.stderr.push(String(chunk));
    return true;
  });
  return output;
}

describe('read command arguments', () => {
  it('takes the image path and the caller options', () => {
    const { path, options } = parseReadArguments([
      'card.jpg',
      '--card-type',
      'PKR CNIC 1 FRONT',
      '--card-side',
      'front',
      '--card-types',
      'PKR CNIC, PKR NICOP',
      '--now',
      '2026-03-01',
      '--near-expiry-days',
      '45',
    ]);
    expect(path).toBe('card.jpg');
    expect(options).toEqual({
      cardType: 'PKR CNIC 1 FRONT',
      cardSide: 'FRONT',
      cardTypeList: ['PKR CNIC', 'PKR NICOP'],
      now: new Date('2026-03-01T12:00:00Z'),
      nearExpiryDays: 45,
    });
  });

  it('refuses a missing path, unknown options and malformed values', () => {
    expect(() => parseReadArguments([])).toThrow(UsageError);
    expect(() => parseReadArguments(['a.jpg', '--colour', 'red'])).toThrow('unknown option --colour');
    expect(() => parseReadArguments(['a.jpg', '--now', 'yesterday'])).toThrow('--now expects YYYY-MM-DD');
    expect(() => parseReadArguments(['a.jpg', '--near-expiry-days', '-3'])).toThrow(UsageError);
  });
});

describe('sanad-idv dispatcher', () => {
  it('loads the read command', async () => {
    expect(typeof (await resolveCommand('read'))).toBe('function');
  });

  it('loads the face and liveness commands', async () => {
    expect(typeof (await resolveCommand('face'))).toBe('function');
    expect(typeof (await resolveCommand('liveness'))).toBe('function');
  });

  it('prints one JSON error and exits 2 for an unknown command', async () => {
    const output = captureOutput();
    expect(await main(['scan'])).toBe(2);
    expect(JSON.parse(output.stderr[0] ?? '{}')).toEqual({ error: 'unknown command: scan' });
    expect(output.stdout).toEqual([]);
  });

  it('prints usage for --help', async () => {
    const output = captureOutput();
    expect(await main(['--help'])).toBe(0);
    expect(output.stdout.join('')).toContain('read <image>');
  });

  it('exits 1 with a JSON error when the image cannot be opened', async () => {
    const output = captureOutput();
    expect(await main(['read', '/nonexistent/card.jpg'])).toBe(1);
    expect(JSON.parse(output.stderr[0] ?? '{}').error).toContain('ENOENT');
  });
});
